// Runtime: phase instrumentation. libuv exposes no hook per phase; what we see is our
// own prepare, idle and check handles and every callback we run. Phases with nothing
// of ours in them are recorded as passed, not timed. Also the queue samples and
// snapshots, and the loop-delay monitor.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace loopscope {

namespace {

constexpr std::int64_t SampleIntervalNs = 1'000'000;

} // namespace

void Runtime::beginIteration(std::int64_t at)
{
    if (m_iterationOpen && !m_checkDone)
        return;
    if (m_iterationOpen)
        finishIteration();
    ++m_iteration;
    m_iterationOpen = true;
    m_checkDone = false;
    m_iterationStart = at;
    m_timersRecorded = false;
    m_idleSeenAt = -1;
    m_closeStart = -1;
    m_live.iteration.store(m_iteration, std::memory_order_relaxed);
    if (__builtin_expect(m_rec.mustWaitForSpill(), 0) && !m_options.parent)
        waitForSpill(at);
}

// A storm records a gigabyte a second, a disk takes a few hundred megabytes: once the recording is
// over its resident limit by what the spill file (or a trace written as the run goes) has not taken
// yet, the loop waits at the start of an iteration, held like a pause (the program's time leaves the
// wait out and the recording says so), until the writer has caught up, the run is cancelled or the
// spill has failed.
void Runtime::waitForSpill(std::int64_t at)
{
    ProgramClock& programClock = clock();
    programClock.hold();
    while (m_rec.mustWaitForSpill() && !cancelled() && !(m_options.budget && m_options.budget->exceeded()))
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    tookOutHeldTime(at, programClock.release(), m_labels.spillWait);
}

void Runtime::finishIteration()
{
    if (!m_iterationOpen)
        return;
    if (m_checkDone && m_closeStart >= 0)
        m_rec.phase(Phase::Close, true, m_closeStart, m_closeEnd, m_iteration);
    else if (m_checkDone)
        m_rec.phase(Phase::Close, false, m_checkEnd, m_checkEnd, m_iteration);
    m_iterationOpen = false;
}

void Runtime::onPrepareHandle(uv_prepare_t* handle)
{
    UvHandle<uv_prepare_t>::ownerOf<Runtime>(handle)->onPrepare();
}

void Runtime::onCheckHandle(uv_check_t* handle)
{
    UvHandle<uv_check_t>::ownerOf<Runtime>(handle)->onCheck();
}

void Runtime::onPrepare()
{
    const std::int64_t at = m_rec.now();
    beginIteration(at);
    m_live.phase.store(std::uint8_t(Phase::Prepare), std::memory_order_relaxed);
    fromLoop([&] { boundary(at, StepPoint::Phase); });
    if (!m_timersRecorded)
        m_rec.phase(Phase::Timers, false, at, at, m_iteration);
    m_rec.phase(Phase::Pending, false, at, at, m_iteration);
    if (m_idleSeenAt >= 0)
        m_rec.phase(Phase::Idle, true, m_idleSeenAt, at, m_iteration);
    else
        m_rec.phase(Phase::Idle, false, at, at, m_iteration);
    notePollWait();
    sampleQueues(at);
    // The loop may sleep in poll now: leave the views a current copy of the queues.
    if (m_control && m_control->wantsSnapshot(at, SampleIntervalNs))
        publishSnapshot(at);
    m_pollStart = m_rec.now();
    m_rec.phase(Phase::Prepare, true, at, m_pollStart, m_iteration);
    m_live.phase.store(std::uint8_t(Phase::Poll), std::memory_order_relaxed);
}

// How long poll will wait, and why, as libuv will compute it now.
void Runtime::notePollWait()
{
    m_pollTimeout = uv_backend_timeout(&m_loop);
    // A wait of 0 with no immediate is a timer come due (the program's runs in the next timers phase).
    const PollReason reason = pollReasonOf(m_idleActive, false, m_pollTimeout == 0 || !m_timers.empty());
    m_live.pollTimeoutMs.store(m_pollTimeout, std::memory_order_relaxed);
    m_live.pollReason.store(std::uint8_t(reason), std::memory_order_relaxed);
}

void Runtime::onCheck()
{
    const std::int64_t at = m_rec.now();
    m_rec.phase(Phase::Poll, true, m_pollStart, at, m_iteration, m_pollTimeout);
    m_live.phase.store(std::uint8_t(Phase::Check), std::memory_order_relaxed);
    std::int64_t lastEnd = -1;
    if (!m_aborted && cancelled())
        stopCancelled(); // as in the timers phase: end what was cancelled here, and say so
    if (!m_aborted && !cancelled()) {
        fromLoop([&] {
            boundary(at, StepPoint::Phase);
            lastEnd = processImmediates(at);
        });
    }
    // When immediates ran, the phase ends with the last of them.
    m_checkEnd = lastEnd >= 0 ? lastEnd : m_rec.now();
    m_rec.phase(Phase::Check, true, at, m_checkEnd, m_iteration);
    m_checkDone = true;
    m_live.phase.store(std::uint8_t(Phase::Close), std::memory_order_relaxed);
    sampleQueues(m_checkEnd);
}

void Runtime::sampleQueues(std::int64_t at, bool force)
{
    if (!force && at - m_lastSample < SampleIntervalNs)
        return;
    m_lastSample = at;
    m_live.nextTick.store(std::uint32_t(m_ticks.size()), std::memory_order_relaxed);
    m_live.microtask.store(std::uint32_t(m_microtasks.size()), std::memory_order_relaxed);
    m_live.immediate.store(std::uint32_t(m_immediates.size() + m_runningImmediates.size()), std::memory_order_relaxed);
    m_live.timers.store(m_timers.active(), std::memory_order_relaxed);
    m_live.requests.store(std::uint32_t(m_requests.size()), std::memory_order_relaxed);
    m_rec.queues(at, m_live);
}

void Runtime::publishSnapshot(std::int64_t at, std::optional<StepPoint> point)
{
    QueueSnapshot snapshot;
    snapshot.takenAtNs = at;
    snapshot.iteration = m_iteration;
    // The program's time at `at`, not the loop's cached time: while a callback blocks, the cached time
    // stands still, and the panels must show how late each timer already is. The program's clock
    // leaves every hold out exactly (the loop clock's base moves on by whole milliseconds only), so
    // held time never shows as lateness.
    const double now = double(at - m_loopZeroNs) / 1e6;
    m_timers.forEach([&](std::uint32_t label, double dueAtMs) {
        ++snapshot.timerCount;
        if (snapshot.timers.size() < QueueSnapshot::MaxItems)
            snapshot.timers.push_back({ label, 0, dueAtMs - now });
    });
    std::sort(snapshot.timers.begin(), snapshot.timers.end(),
        [](const QueueItem& a, const QueueItem& b) { return a.dueInMs < b.dueInMs; });
    auto copy = [](const JobQueue& queue, std::vector<QueueItem>& out, std::size_t& count) {
        count += queue.size();
        for (std::size_t i = 0; i < queue.size() && out.size() < QueueSnapshot::MaxItems; ++i)
            out.push_back({ queue.at(i).label, std::uint8_t(queue.at(i).jobKind), 0 });
    };
    copy(m_runningImmediates, snapshot.immediates, snapshot.immediateCount);
    copy(m_immediates, snapshot.immediates, snapshot.immediateCount);
    copy(m_ticks, snapshot.nextTicks, snapshot.nextTickCount);
    copy(m_microtasks, snapshot.microtasks, snapshot.microtaskCount);
    snapshot.closeCount = m_pendingCloses;
    for (std::size_t i = 0; i < m_pendingCloses && i < QueueSnapshot::MaxItems; ++i)
        snapshot.closes.push_back({ m_labels.socketClose, 0, 0 });
    if (point) {
        snapshot.next = nextUp(*point);
        snapshot.ranValid = *point == StepPoint::AfterCallback;
        snapshot.ranLabel = m_ranLabel;
        snapshot.ranKind = m_ranKind;
    }
    m_control->publish(std::move(snapshot));
}

void Runtime::setDelayMonitor(bool on, int resolutionMs)
{
    m_loopThread.check();
    if (!m_delayTimer.open())
        return;
    if (!on) {
        uv_timer_stop(m_delayTimer.get());
        m_live.delayResolutionMs.store(0, std::memory_order_relaxed);
        return;
    }
    // Like Node's ELDHistogram: an unreferenced native timer; its histogram records the time
    // between two of its callbacks, so an idle loop shows the resolution itself. What users mean
    // by loop delay is how much later than that the check ran.
    m_delayPrevNs = 0;
    m_delayResolutionMs = resolutionMs < 1 ? 1 : resolutionMs;
    m_live.delayResolutionMs.store(m_delayResolutionMs, std::memory_order_relaxed);
    const auto every = std::uint64_t(m_delayResolutionMs);
    uvRequire(uv_timer_start(m_delayTimer.get(), &Runtime::onDelayTimer, every, every), "uv_timer_start");
    m_delayTimer.unref();
}

void Runtime::onDelayTimer(uv_timer_t* handle)
{
    auto* self = UvHandle<uv_timer_t>::ownerOf<Runtime>(handle);
    const std::int64_t now = self->m_rec.now();
    // Event-loop utilization as Node's performance.eventLoopUtilization() computes it:
    // the share of the window the loop did not spend idle in the poller.
    const std::uint64_t idle = uv_metrics_idle_time(&self->m_loop);
    if (self->m_delayPrevNs > 0) {
        const double window = double(now - self->m_delayPrevNs);
        const double idleShare = double(idle - self->m_delayPrevIdleNs) / window;
        const double utilization = std::clamp(1.0 - idleShare, 0.0, 1.0);
        const double histogramMs = window / 1e6;
        const double delayMs = std::max(0.0, histogramMs - self->m_delayResolutionMs);
        self->m_rec.latency(now, delayMs, -1, utilization, histogramMs);
    }
    self->m_live.delayCheckNs.store(now, std::memory_order_relaxed);
    self->m_delayPrevNs = now;
    self->m_delayPrevIdleNs = idle;
}

} // namespace loopscope
