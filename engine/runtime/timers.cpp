// Timers: setTimeout and setInterval, and the timers phase as Node's Environment::RunTimers runs processTimers.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"
#include "runtime/phases.h"

#include <algorithm>
#include <cmath>

namespace loopscope {

Timers::Timers(RuntimeContext& context, Callbacks& callbacks, Phases& phases, Stepping& stepping)
    : m_ctx(context)
    , m_loop(context.loop)
    , m_callbacks(callbacks)
    , m_phases(phases)
    , m_stepping(stepping)
{
    if (MemoryBudget* budget = m_ctx.options.budget)
        m_timers.setBudget(budget);
}

int Timers::init()
{
    return m_handle.init(uv_timer_init, m_loop, this);
}

void Timers::startClock()
{
    m_timerBase = double(uv_now(&m_loop));
}

// The user held the loop: the loop clock's base moves on by the whole milliseconds held, so timers
// come due at the program time they would have, and the libuv timer is armed again for what was
// left of its wait (its deadline is in real time).
void Timers::tookOutHeldTime(double wholeMs)
{
    m_timerBase += wholeMs;
    const double expiry = m_timers.armedExpiry();
    if (uv_is_active(reinterpret_cast<const uv_handle_t*>(m_handle.get())) && std::isfinite(expiry)) {
        const double wait = expiry - libuvNow();
        uvRequire(uv_timer_start(m_handle.get(), &Timers::onTimerHandle, std::uint64_t(std::max(wait, 0.0)), 0),
            "uv_timer_start");
    }
}

bool Timers::cancel(std::uint64_t handle)
{
    std::uint32_t label = 0;
    if (!m_timers.cancel(handle, label))
        return false;
    m_ctx.rec.left(label, CallbackKind::Timer);
    // Node's unenroll lets go of the libuv timer's reference with the last active timer; it stays armed.
    if (m_timers.active() == 0 && m_handle.open())
        m_handle.unref();
    return true;
}

void Timers::stop()
{
    if (m_handle.open())
        uv_timer_stop(m_handle.get());
    m_pendingTimer.open = false;
}

void Timers::timerQueued(const Job& job, double ms)
{
    m_ctx.rec.timerQueued(job.label, ms);
}

double Timers::libuvNow()
{
    // Node's getLibuvNow() refreshes the loop's clock before reading it.
    uv_update_time(&m_loop);
    return double(uv_now(&m_loop)) - m_timerBase;
}

void Timers::scheduleTimer(double ms)
{
    uvRequire(uv_timer_start(m_handle.get(), &Timers::onTimerHandle, std::uint64_t(ms), 0), "uv_timer_start");
    m_handle.ref();
}

// Node runs the nextTicks and microtasks of one timer right before the next timer
// (runNextTicks), and those of the last one only after RunTimers has re-armed the
// libuv timer, when its callback scope closes: the callback stays open until then.
void Timers::runTimer(const Job& job)
{
    const std::int64_t start = m_ctx.rec.now();
    m_callbacks.beginCallback(start, job.label, CallbackKind::Timer);
    m_pendingTimer = { true, start, job.label };
    m_callbacks.runJob(job);
    if (!m_ctx.aborted)
        RuntimeContext::spendOnce(m_ctx.timerReturned, m_ctx.options.costs.firstTimerReturnUs);
}

void Timers::runNextTicks()
{
    finishTimerCallback();
}

void Timers::finishTimerCallback()
{
    if (!m_pendingTimer.open)
        return;
    m_pendingTimer.open = false;
    m_callbacks.endCallback(m_pendingTimer.start, m_pendingTimer.label, CallbackKind::Timer);
}

void Timers::onTimerHandle(uv_timer_t* handle)
{
    UvHandle<uv_timer_t>::ownerOf<Timers>(handle)->processTimers();
}

void Timers::processTimers()
{
    if (m_ctx.aborted)
        return;
    // Cancelled since the last check point: end it here, as a check point would. Returning alone
    // would leave the libuv timer unarmed, and the loop could run dry before the posted abort came,
    // its recording never saying the run was aborted.
    if (m_ctx.cancelled()) {
        m_callbacks.stopCancelled();
        return;
    }
    const std::int64_t phaseStart = m_ctx.rec.now();
    m_phases.beginIteration(phaseStart);
    m_ctx.live.phase.store(std::uint8_t(Phase::Timers), std::memory_order_relaxed);
    // The time the phase runs its timers against is read before the place the loop may halt at, so
    // that place can say which timer runs first (the hold is taken out of the loop clock's base).
    m_timersNow = libuvNow();
    m_inTimers = true;
    m_callbacks.fromLoop([&] {
        m_stepping.boundary(phaseStart, StepPoint::Phase);
        const double nextExpiry = m_timers.processTimers(m_timersNow);
        if (nextExpiry != 0) {
            // Against the loop's cached time, not a fresh one: a timer due now runs again in this phase.
            const double duration = nextExpiry - (double(uv_now(&m_loop)) - m_timerBase);
            scheduleTimer(duration > 0 ? duration : 1);
        } else {
            m_handle.unref();
        }
        finishTimerCallback();
    });
    m_pendingTimer.open = false;
    m_inTimers = false;
    const std::int64_t phaseEnd = m_ctx.rec.now();
    m_ctx.rec.phase(Phase::Timers, true, phaseStart, phaseEnd, m_ctx.iteration);
    m_phases.timersRecorded();
    m_stepping.sampleQueues(phaseEnd);
}

} // namespace loopscope
