#pragma once

#include "loop/uvhandle.h"

#include <uv.h>

#include <cstdint>

namespace loopscope {

class Callbacks;
class Immediates;
class Stepping;
class Timers;
struct RuntimeContext;

// Phase instrumentation. libuv exposes no hook per phase; what we see is our own prepare, idle and
// check handles and every callback we run. Phases with nothing of ours in them are recorded as
// passed, not timed. The check handle also runs the immediates. And the loop-delay monitor.
class Phases
{
public:
    Phases(RuntimeContext& context, Callbacks& callbacks, Stepping& stepping, Timers& timers, Immediates& immediates);
    Phases(const Phases&) = delete;
    Phases& operator=(const Phases&) = delete;

    // Open the handles (start(), in the order libuv's handle queue has always had); libuv's result.
    int initPrepare();
    int initCheck();
    int initDelayMonitor();
    // Starts the prepare and check handles, unreferenced: instrumentation must not keep the loop alive.
    void startHandles();
    void closePrepareAndCheck();
    void closeDelayMonitor() { m_delayTimer.close(); }

    void beginIteration(std::int64_t at);
    void finishIteration();
    // The timers phase has recorded itself in this iteration.
    void timersRecorded() { m_timersRecorded = true; }
    // A close callback (a socket's) runs at `at`; the close phase ended at `end`.
    void closeCallbackAt(std::int64_t at)
    {
        if (m_checkDone && m_iterationOpen && m_closeStart < 0)
            m_closeStart = at;
    }
    void closePhaseEnded(std::int64_t end) { m_closeEnd = end; }
    // Starts or stops the loop-delay monitor (monitorEventLoopDelay: a timer every resolutionMs).
    void setDelayMonitor(bool on, int resolutionMs);

private:
    void onPrepare();
    void notePollWait();
    void onCheck();
    // Out of line and cold: the iteration's start is on every step's path.
    [[gnu::cold, gnu::noinline]] void waitForSpill(std::int64_t at);
    static void onPrepareHandle(uv_prepare_t* handle);
    static void onCheckHandle(uv_check_t* handle);
    static void onDelayTimer(uv_timer_t* handle);

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    Stepping& m_stepping;
    Timers& m_timers;
    Immediates& m_immediates;
    UvHandle<uv_prepare_t> m_prepareHandle;
    UvHandle<uv_check_t> m_checkHandle;
    UvHandle<uv_timer_t> m_delayTimer;

    // Iteration bookkeeping for the phase records.
    bool m_iterationOpen = false;
    std::int64_t m_iterationStart = 0;
    bool m_timersRecorded = false;
    std::int64_t m_pollStart = 0;
    std::int64_t m_pollTimeout = 0;
    std::int64_t m_closeStart = -1;
    std::int64_t m_closeEnd = 0;
    bool m_checkDone = false;
    std::int64_t m_checkEnd = 0;

    std::int64_t m_delayPrevNs = 0;
    int m_delayResolutionMs = 10;
    std::uint64_t m_delayPrevIdleNs = 0;
};

} // namespace loopscope
