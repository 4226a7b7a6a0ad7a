// Runtime: the timers phase, as Node's Environment::RunTimers runs processTimers.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"

#include <algorithm>
#include <cmath>

namespace loopscope {

double Runtime::libuvNow()
{
    // Node's getLibuvNow() refreshes the loop's clock before reading it.
    uv_update_time(&m_loop);
    return double(uv_now(&m_loop)) - m_timerBase;
}

// The user held the loop for `heldNs` at `at`: the program's clock has left it out already; the loop
// clock's base moves on by it in whole milliseconds (the rest carried to the next hold), so timers
// come due at the program time they would have, and the libuv timer is armed again for what was
// left of its wait (its deadline is in real time).
void Runtime::tookOutHeldTime(std::int64_t at, std::int64_t heldNs, std::uint32_t label)
{
    m_rec.followClock();
    m_rec.held(label, at, heldNs);
    m_heldCarryNs += heldNs;
    const std::int64_t wholeMs = m_heldCarryNs / 1'000'000;
    m_heldCarryNs -= wholeMs * 1'000'000;
    m_timerBase += double(wholeMs);
    const double expiry = m_timers.armedExpiry();
    if (uv_is_active(reinterpret_cast<const uv_handle_t*>(m_timerHandle.get())) && std::isfinite(expiry)) {
        const double wait = expiry - libuvNow();
        uvRequire(uv_timer_start(m_timerHandle.get(), &Runtime::onTimerHandle, std::uint64_t(std::max(wait, 0.0)), 0),
            "uv_timer_start");
    }
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
    if (m_aborted)
        return;
    // Cancelled since the last check point: end it here, as a check point would. Returning alone
    // would leave the libuv timer unarmed, and the loop could run dry before the posted abort came,
    // its recording never saying the run was aborted.
    if (cancelled()) {
        stopCancelled();
        return;
    }
    const std::int64_t phaseStart = m_rec.now();
    beginIteration(phaseStart);
    m_live.phase.store(std::uint8_t(Phase::Timers), std::memory_order_relaxed);
    // The time the phase runs its timers against is read before the place the loop may halt at, so
    // that place can say which timer runs first (the hold is taken out of the loop clock's base).
    m_timersNow = libuvNow();
    m_inTimers = true;
    fromLoop([&] {
        boundary(phaseStart, StepPoint::Phase);
        const double nextExpiry = m_timers.processTimers(m_timersNow);
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
    m_inTimers = false;
    const std::int64_t phaseEnd = m_rec.now();
    m_rec.phase(Phase::Timers, true, phaseStart, phaseEnd, m_iteration);
    m_timersRecorded = true;
    sampleQueues(phaseEnd);
}

} // namespace loopscope
