// Phases: the phase instrumentation (prepare, idle and check handles, the iteration's records) and
// the loop-delay monitor.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"
#include "runtime/immediates.h"
#include "runtime/timers.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace loopscope {

namespace {

constexpr std::int64_t SampleIntervalNs = 1'000'000;

} // namespace

Phases::Phases(
    RuntimeContext& context, Callbacks& callbacks, Stepping& stepping, Timers& timers, Immediates& immediates)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_stepping(stepping)
    , m_timers(timers)
    , m_immediates(immediates)
{ }

int Phases::initPrepare()
{
    return m_prepareHandle.init(uv_prepare_init, m_ctx.loop, this);
}

int Phases::initCheck()
{
    return m_checkHandle.init(uv_check_init, m_ctx.loop, this);
}

int Phases::initDelayMonitor()
{
    return m_delayTimer.init(uv_timer_init, m_ctx.loop, this);
}

void Phases::startHandles()
{
    // Node's own check handle is unreferenced too.
    uv_prepare_start(m_prepareHandle.get(), &Phases::onPrepareHandle);
    m_prepareHandle.unref();
    uv_check_start(m_checkHandle.get(), &Phases::onCheckHandle);
    m_checkHandle.unref();
}

void Phases::closePrepareAndCheck()
{
    m_prepareHandle.close();
    m_checkHandle.close();
}

void Phases::beginIteration(std::int64_t at)
{
    if (m_iterationOpen && !m_checkDone)
        return;
    if (m_iterationOpen)
        finishIteration();
    ++m_ctx.iteration;
    m_iterationOpen = true;
    m_checkDone = false;
    m_iterationStart = at;
    m_timersRecorded = false;
    m_immediates.forgetIdleSeen();
    m_closeStart = -1;
    m_ctx.live.iteration.store(m_ctx.iteration, std::memory_order_relaxed);
    if (__builtin_expect(m_ctx.rec.mustWaitForSpill(), 0) && !m_ctx.isWorker())
        waitForSpill(at);
}

// A storm records a gigabyte a second, a disk takes a few hundred megabytes: once the recording is
// over its resident limit by what the spill file (or a trace written as the run goes) has not taken
// yet, the loop waits at the start of an iteration, held like a pause (the program's time leaves the
// wait out and the recording says so), until the writer has caught up, the run is cancelled or the
// spill has failed.
void Phases::waitForSpill(std::int64_t at)
{
    ProgramClock& programClock = m_ctx.clock();
    programClock.hold();
    while (m_ctx.rec.mustWaitForSpill() && !m_ctx.cancelled()
        && !(m_ctx.options.budget && m_ctx.options.budget->exceeded()))
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    m_stepping.tookOutHeldTime(at, programClock.release(), m_ctx.labels.spillWait);
}

void Phases::finishIteration()
{
    if (!m_iterationOpen)
        return;
    if (m_checkDone && m_closeStart >= 0)
        m_ctx.rec.phase(Phase::Close, true, m_closeStart, m_closeEnd, m_ctx.iteration);
    else if (m_checkDone)
        m_ctx.rec.phase(Phase::Close, false, m_checkEnd, m_checkEnd, m_ctx.iteration);
    m_iterationOpen = false;
}

void Phases::onPrepareHandle(uv_prepare_t* handle)
{
    UvHandle<uv_prepare_t>::ownerOf<Phases>(handle)->onPrepare();
}

void Phases::onCheckHandle(uv_check_t* handle)
{
    UvHandle<uv_check_t>::ownerOf<Phases>(handle)->onCheck();
}

void Phases::onPrepare()
{
    const std::int64_t at = m_ctx.rec.now();
    beginIteration(at);
    m_ctx.live.phase.store(std::uint8_t(Phase::Prepare), std::memory_order_relaxed);
    m_callbacks.fromLoop([&] { m_stepping.boundary(at, StepPoint::Phase); });
    if (!m_timersRecorded)
        m_ctx.rec.phase(Phase::Timers, false, at, at, m_ctx.iteration);
    m_ctx.rec.phase(Phase::Pending, false, at, at, m_ctx.iteration);
    if (m_immediates.idleSeenAt() >= 0)
        m_ctx.rec.phase(Phase::Idle, true, m_immediates.idleSeenAt(), at, m_ctx.iteration);
    else
        m_ctx.rec.phase(Phase::Idle, false, at, at, m_ctx.iteration);
    notePollWait();
    m_stepping.sampleQueues(at);
    // The loop may sleep in poll now: leave the views a current copy of the queues.
    if (m_ctx.control && m_ctx.control->wantsSnapshot(at, SampleIntervalNs))
        m_stepping.publishSnapshot(at);
    m_pollStart = m_ctx.rec.now();
    m_ctx.rec.phase(Phase::Prepare, true, at, m_pollStart, m_ctx.iteration);
    m_ctx.live.phase.store(std::uint8_t(Phase::Poll), std::memory_order_relaxed);
}

// How long poll will wait, and why, as libuv will compute it now.
void Phases::notePollWait()
{
    m_pollTimeout = uv_backend_timeout(&m_ctx.loop);
    // A wait of 0 with no immediate is a timer come due (the program's runs in the next timers phase).
    const PollReason reason
        = pollReasonOf(m_immediates.idleActive(), false, m_pollTimeout == 0 || !m_timers.queue().empty());
    m_ctx.live.pollTimeoutMs.store(m_pollTimeout, std::memory_order_relaxed);
    m_ctx.live.pollReason.store(std::uint8_t(reason), std::memory_order_relaxed);
}

void Phases::onCheck()
{
    const std::int64_t at = m_ctx.rec.now();
    m_ctx.rec.phase(Phase::Poll, true, m_pollStart, at, m_ctx.iteration, m_pollTimeout);
    m_ctx.live.phase.store(std::uint8_t(Phase::Check), std::memory_order_relaxed);
    std::int64_t lastEnd = -1;
    if (!m_ctx.aborted && m_ctx.cancelled())
        m_callbacks.stopCancelled(); // as in the timers phase: end what was cancelled here, and say so
    if (!m_ctx.aborted && !m_ctx.cancelled()) {
        m_callbacks.fromLoop([&] {
            m_stepping.boundary(at, StepPoint::Phase);
            lastEnd = m_immediates.process(at);
        });
    }
    // When immediates ran, the phase ends with the last of them.
    m_checkEnd = lastEnd >= 0 ? lastEnd : m_ctx.rec.now();
    m_ctx.rec.phase(Phase::Check, true, at, m_checkEnd, m_ctx.iteration);
    m_checkDone = true;
    m_ctx.live.phase.store(std::uint8_t(Phase::Close), std::memory_order_relaxed);
    m_stepping.sampleQueues(m_checkEnd);
}

void Phases::setDelayMonitor(bool on, int resolutionMs)
{
    m_ctx.loopThread.check();
    if (!m_delayTimer.open())
        return;
    if (!on) {
        uv_timer_stop(m_delayTimer.get());
        m_ctx.live.delayResolutionMs.store(0, std::memory_order_relaxed);
        return;
    }
    // Like Node's ELDHistogram: an unreferenced native timer; its histogram records the time
    // between two of its callbacks, so an idle loop shows the resolution itself. What users mean
    // by loop delay is how much later than that the check ran.
    m_delayPrevNs = 0;
    m_delayResolutionMs = resolutionMs < 1 ? 1 : resolutionMs;
    m_ctx.live.delayResolutionMs.store(m_delayResolutionMs, std::memory_order_relaxed);
    const auto every = std::uint64_t(m_delayResolutionMs);
    uvRequire(uv_timer_start(m_delayTimer.get(), &Phases::onDelayTimer, every, every), "uv_timer_start");
    m_delayTimer.unref();
}

void Phases::onDelayTimer(uv_timer_t* handle)
{
    auto* self = UvHandle<uv_timer_t>::ownerOf<Phases>(handle);
    const std::int64_t now = self->m_ctx.rec.now();
    // Event-loop utilization as Node's performance.eventLoopUtilization() computes it:
    // the share of the window the loop did not spend idle in the poller.
    const std::uint64_t idle = uv_metrics_idle_time(&self->m_ctx.loop);
    if (self->m_delayPrevNs > 0) {
        const double window = double(now - self->m_delayPrevNs);
        const double idleShare = double(idle - self->m_delayPrevIdleNs) / window;
        const double utilization = std::clamp(1.0 - idleShare, 0.0, 1.0);
        const double histogramMs = window / 1e6;
        const double delayMs = std::max(0.0, histogramMs - self->m_delayResolutionMs);
        self->m_ctx.rec.latency(now, delayMs, -1, utilization, histogramMs);
    }
    self->m_ctx.live.delayCheckNs.store(now, std::memory_order_relaxed);
    self->m_delayPrevNs = now;
    self->m_delayPrevIdleNs = idle;
}

} // namespace loopscope
