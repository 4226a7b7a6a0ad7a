#include "net/healthprober.h"

#include "loop/uvcheck.h"

#include "net/httpserver.h"

namespace loopscope {

HealthProber::HealthProber(EventLog& log, StringTable& strings, const ProgramClock& clock, LiveState* live)
    : m_rec(log, strings, clock)
    , m_live(live)
{ }

HealthProber::~HealthProber()
{
    stop();
}

void HealthProber::start(int port, int intervalMs, int timeoutMs)
{
    if (m_thread.running() || port <= 0)
        return;
    m_port = port;
    m_timeoutMs = timeoutMs;
    LoopThread::Hooks hooks;
    hooks.setup = [this, intervalMs](uv_loop_t& loop) {
        uvRequire(m_timer.init(uv_timer_init, loop, this), "uv_timer_init");
        const std::uint64_t every = std::uint64_t(intervalMs < 1 ? 1 : intervalMs);
        uvRequire(
            uv_timer_start(
                m_timer.get(), [](uv_timer_t* timer) { UvHandle<uv_timer_t>::ownerOf<HealthProber>(timer)->probe(); },
                every, every),
            "uv_timer_start");
    };
    hooks.teardown = [this](uv_loop_t&) {
        m_timer.close();
        if (m_current)
            httpCancel(m_current);
    };
    // Out of file descriptors, no prober runs: the recording then has no /health samples, and the
    // views say so (never a latency of 0).
    (void)m_thread.start(std::move(hooks));
}

void HealthProber::stop()
{
    m_thread.stop();
    m_rec.flush();
    if (m_live)
        m_live->healthSentNs.store(-1, std::memory_order_relaxed);
}

void HealthProber::probe()
{
    if (m_inFlight)
        return;
    m_inFlight = true;
    const std::int64_t started = m_rec.now();
    if (m_live)
        m_live->healthSentNs.store(started, std::memory_order_relaxed);
    m_current = httpGet(
        m_thread.loop(), m_port, "/health", m_timeoutMs, [this, started](int status, const std::string& error) {
            m_inFlight = false;
            m_current = nullptr;
            if (m_live)
                m_live->healthSentNs.store(-1, std::memory_order_relaxed);
            if (error == "cancelled")
                return;
            const std::int64_t now = m_rec.now();
            ++m_probes;
            const bool answered = status == 200;
            if (!answered)
                ++m_failures;
            m_rec.latency(now, -1, answered ? double(now - started) / 1e6 : HealthProbeFailed);
            m_rec.flush();
        });
}

} // namespace loopscope
