// Runtime: the timers phase, as Node's Environment::RunTimers runs processTimers.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"

namespace loopscope {

double Runtime::libuvNow()
{
    // Node's getLibuvNow() refreshes the loop's clock before reading it.
    uv_update_time(&m_loop);
    return double(uv_now(&m_loop)) - m_timerBase;
}

void Runtime::scheduleTimer(double ms)
{
    uvRequire(uv_timer_start(m_timerHandle.get(), &Runtime::onTimerHandle, std::uint64_t(ms), 0), "uv_timer_start");
    m_timerHandle.ref();
}

// Node runs the nextTicks and microtasks of one timer right before the next timer
// (runNextTicks), and those of the last one only after RunTimers has re-armed the
// libuv timer, when its callback scope closes: the callback stays open until then.
void Runtime::runTimer(const Job& job)
{
    const std::int64_t start = m_rec.now();
    beginCallback(start, job.label, CallbackKind::Timer);
    m_pendingTimer = { true, start, job.label };
    runJob(job);
}

void Runtime::runNextTicks()
{
    finishTimerCallback();
}

void Runtime::finishTimerCallback()
{
    if (!m_pendingTimer.open)
        return;
    m_pendingTimer.open = false;
    endCallback(m_pendingTimer.start, m_pendingTimer.label, CallbackKind::Timer);
}

void Runtime::onTimerHandle(uv_timer_t* handle)
{
    UvHandle<uv_timer_t>::ownerOf<Runtime>(handle)->processTimers();
}

void Runtime::processTimers()
{
    if (m_aborted || cancelled())
        return;
    const std::int64_t phaseStart = m_rec.now();
    beginIteration(phaseStart);
    m_live.phase.store(std::uint8_t(Phase::Timers), std::memory_order_relaxed);
    fromLoop([&] {
        boundary(phaseStart, true);
        const double nextExpiry = m_timers.processTimers(libuvNow());
        if (nextExpiry != 0) {
            // Against the loop's cached time, not a fresh one: a timer due now runs again in this phase.
            const double duration = nextExpiry - (double(uv_now(&m_loop)) - m_timerBase);
            scheduleTimer(duration > 0 ? duration : 1);
        } else {
            m_timerHandle.unref();
        }
        finishTimerCallback();
    });
    m_pendingTimer.open = false;
    const std::int64_t phaseEnd = m_rec.now();
    m_rec.phase(Phase::Timers, true, phaseStart, phaseEnd, m_iteration);
    m_timersRecorded = true;
    sampleQueues(phaseEnd);
}

} // namespace loopscope
