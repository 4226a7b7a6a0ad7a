#pragma once

#include "loop/loopthread.h"
#include "loop/uvhandle.h"
#include "recording/recorder.h"

#include <atomic>
#include <memory>

namespace loopscope {

struct HttpRequest;

// Probes the built-in server's /health from a thread and loop of its own, as
// a shell loop of curl requests does: one request at a time, a new one every interval,
// each response time recorded as a latency sample. A probe that gets no 200 answer (refused,
// timed out, an error status) is recorded as a HealthProbeFailed sample, never as a latency.
class HealthProber
{
public:
    // `live`, when given, learns when each request is sent (healthSentNs), so views can show it waiting.
    HealthProber(EventLog& log, StringTable& strings, const ProgramClock& clock, LiveState* live = nullptr);
    ~HealthProber();
    HealthProber(const HealthProber&) = delete;
    HealthProber& operator=(const HealthProber&) = delete;

    void start(int port, int intervalMs, int timeoutMs = 5000);
    void stop();
    bool running() const { return m_thread.running(); }
    std::uint64_t probes() const { return m_probes.load(); }
    std::uint64_t failures() const { return m_failures.load(); }

private:
    void probe();

    Recorder m_rec;
    LiveState* m_live = nullptr;
    LoopThread m_thread;
    UvHandle<uv_timer_t> m_timer;
    int m_port = 0;
    int m_timeoutMs = 5000;
    bool m_inFlight = false;
    HttpRequest* m_current = nullptr;
    std::atomic<std::uint64_t> m_probes { 0 };
    std::atomic<std::uint64_t> m_failures { 0 };
};

} // namespace loopscope
