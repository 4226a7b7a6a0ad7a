#include "loopprobe.h"

#include "channel.h"
#include "outputwatch.h"

#include "recording/monotonicclock.h"

#include <algorithm>
#include <cstddef>

namespace loopscope::probe {

namespace {

// Moves `handle`'s node to the tail of the loop's list `head` (both two pointers, next then prev, in
// every libuv Node ships: `void* [2]` before 1.45, `struct uv__queue` since): started handles go to the
// head, so a handle moved to the tail runs after those started before it.
void moveToTail(void* head, void* node)
{
    auto** h = static_cast<void**>(head);
    auto** n = static_cast<void**>(node);
    auto** next = static_cast<void**>(n[0]);
    auto** prev = static_cast<void**>(n[1]);
    prev[0] = next;
    next[1] = prev;
    auto** last = static_cast<void**>(h[1]);
    n[0] = h;
    n[1] = last;
    last[0] = n;
    h[1] = n;
}

// Reads a double the loop thread may be writing (the events buffer): a torn read is impossible for an
// aligned double, a stale one gives a Now frame a few milliseconds old.
double peek(const double* at)
{
    double value;
    __atomic_load(at, &value, __ATOMIC_RELAXED);
    return value;
}

// The loop's earliest timer, the top of its heap (a node inside a uv_timer_t); null when none is running.
const uv_timer_t* earliestTimer(const uv_loop_t* loop)
{
    if (loop->timer_heap.min == nullptr)
        return nullptr;
    return reinterpret_cast<const uv_timer_t*>(
        static_cast<const char*>(loop->timer_heap.min) - offsetof(uv_timer_t, heap_node));
}

} // namespace

LoopProbe::LoopProbe(Channel& channel, std::uint16_t thread)
    : m_channel(channel)
    , m_thread(thread)
{ }

LoopProbe::~LoopProbe() = default;

void LoopProbe::start(uv_loop_t* loop, int delayMs)
{
    m_loop = loop;
    m_drainedNs = m_channel.now();
    uv_prepare_init(loop, &m_prepare);
    uv_check_init(loop, &m_checkFirst);
    uv_check_init(loop, &m_checkLast);
    for (uv_handle_t* handle : { reinterpret_cast<uv_handle_t*>(&m_prepare),
             reinterpret_cast<uv_handle_t*>(&m_checkFirst), reinterpret_cast<uv_handle_t*>(&m_checkLast) }) {
        handle->data = this;
        uv_unref(handle); // the probe never keeps a program alive
    }
    uv_prepare_start(&m_prepare, [](uv_prepare_t* h) { static_cast<LoopProbe*>(h->data)->pollBegins(); });
    uv_check_start(&m_checkLast, [](uv_check_t* h) { static_cast<LoopProbe*>(h->data)->checkEnds(); });
    moveToTail(&loop->check_handles, &m_checkLast.queue);
    uv_check_start(&m_checkFirst, [](uv_check_t* h) { static_cast<LoopProbe*>(h->data)->pollEnds(); });
    uv_timer_init(loop, &m_timersMarker);
    m_timersMarker.data = this;
    uv_unref(reinterpret_cast<uv_handle_t*>(&m_timersMarker));
    // The libuv that runs the loop, not the one the probe was built against.
    m_timersAfterClose = uv_version() >= (1u << 16 | 45u << 8);
    m_open = 4;
    if (delayMs > 0)
        startDelayMonitor(delayMs);
}

void LoopProbe::close(std::function<void()> closed)
{
    finish();
    m_closed = std::move(closed);
    m_closing = true;
    if (m_open == 0) {
        m_closed();
        return;
    }
    // A close marker still in the loop's closing list is closed already: its callback is one more to wait
    // for (the probe must outlive it), and it marks nothing then.
    if (m_closeMarking)
        ++m_open;
    for (uv_handle_t* handle :
        { reinterpret_cast<uv_handle_t*>(&m_prepare), reinterpret_cast<uv_handle_t*>(&m_checkFirst),
            reinterpret_cast<uv_handle_t*>(&m_checkLast), reinterpret_cast<uv_handle_t*>(&m_timersMarker) })
        uv_close(handle, handleClosed);
    if (m_delayMonitor)
        uv_close(reinterpret_cast<uv_handle_t*>(&m_delayTimer), handleClosed);
}

void LoopProbe::handleClosed(uv_handle_t* handle)
{
    auto* probe = static_cast<LoopProbe*>(handle->data);
    if (--probe->m_open == 0) {
        // Last: `closed` may delete the probe, so it runs from here, not from the probe.
        const std::function<void()> then = std::move(probe->m_closed);
        then();
    }
}

void LoopProbe::finish()
{
    const std::int64_t at = m_channel.now();
    drainEvents(at);
    while (!m_calls.empty())
        end(at, 1);
}

double* LoopProbe::events()
{
    m_events[0] = 1;
    return m_events.get();
}

void LoopProbe::calibrate(double jsMs, std::int64_t atNs)
{
    m_eventsOffsetNs.store(atNs - std::int64_t(jsMs * 1e6), std::memory_order_relaxed);
}

void LoopProbe::drainEvents(std::int64_t untilNs)
{
    // Marking the phases only, as a storm of immediates does a million times a second: nothing written, no
    // run counted, no callback open, and none was published open. Every marker comes here first.
    if (m_events[0] <= 1.0 && m_events[RunSlots + 2] <= 0 && m_calls.empty()
        && m_openDepth.load(std::memory_order_relaxed) == 0) {
        m_events[0] = 1;
        m_drainedNs = std::max(m_drainedNs, untilNs);
        return;
    }
    const auto used = std::size_t(std::clamp(m_events[0], 1.0, double(RunQueuedSlot)));
    const std::int64_t latestNs = std::max(m_drainedNs, untilNs);
    const std::int64_t offsetNs = m_eventsOffsetNs.load(std::memory_order_relaxed);
    const auto timeOf = [&](double ms) { return std::clamp(std::int64_t(ms * 1e6) + offsetNs, m_drainedNs, latestNs); };
    for (std::size_t i = 1; i + 1 < used; i += 2) {
        const double name = m_events[i];
        if (name >= QueuedBase) {
            if (i + 3 < used)
                queued(name, timeOf(m_events[i + 1]), m_events[i + 2], m_events[i + 3]);
            i += 2;
        } else if (name > 0)
            m_calls.push_back({ timeOf(m_events[i + 1]), std::uint32_t(name) });
        else
            end(timeOf(m_events[i + 1]), name < 0 ? std::uint32_t(-name) : 1);
    }
    m_events[0] = 1;
    // A run of promise jobs still being counted ends here, at the marker: the next one starts anew.
    double& counted = m_events[RunSlots + 2];
    if (counted > 0) {
        m_calls.push_back({ timeOf(m_events[RunSlots + 1]), std::uint32_t(m_events[RunSlots]) });
        end(latestNs, std::uint32_t(counted));
        counted = 0;
        double& queued = m_events[RunQueuedSlot];
        if (queued > 0)
            this->queued(QueuedBase + m_events[RunSlots], latestNs, queued, 0);
        queued = 0;
    }
    m_drainedNs = latestNs;
    // Marking the phases only, no callback ends: one begun when the hooks went off is over.
    while (!m_everyCallback && !m_calls.empty())
        end(latestNs, 1);
    const Call open = m_calls.empty() ? Call { 0, 0 } : m_calls.back();
    m_openName.store(open.name, std::memory_order_relaxed);
    m_openStartNs.store(open.startNs, std::memory_order_relaxed);
    m_openDepth.store(std::uint32_t(m_calls.size()), std::memory_order_release);
}

void LoopProbe::end(std::int64_t atNs, std::uint32_t count)
{
    if (m_calls.empty())
        return;
    const Call call = m_calls.back();
    m_calls.pop_back();
    Record r;
    r.type = RecordType::Callback;
    r.sub = std::uint8_t(m_channel.kindOf(call.name));
    r.thread = m_thread;
    r.label = call.name;
    r.startNs = call.startNs;
    const std::int64_t durNs = std::max<std::int64_t>(0, atNs - call.startNs);
    // A counted run is timed as a whole: its mean is known (busy / count), its longest call is not (LongestUnknown).
    count = std::max<std::uint32_t>(count, 1);
    r.span = { durNs, durNs, count > 1 ? LongestUnknown : durNs, count, m_iteration };
    push(r);
}

void LoopProbe::queued(double code, std::int64_t atNs, double count, double delayMs)
{
    const bool left = code >= LeftBase;
    const auto label = std::uint32_t(code - (left ? LeftBase : QueuedBase));
    if (!m_channel.named(label))
        return;
    const CallbackKind kind = m_channel.kindOf(label);
    Record r;
    r.type = RecordType::Queued;
    r.sub = std::uint8_t(kind) | (left ? LeftFlag : 0);
    // A promise's reaction is a PromiseReactionJob; a queueMicrotask callback is a job of its own kind.
    if (kind == CallbackKind::Microtask && m_promiseLabel == 0)
        m_promiseLabel = m_channel.name("PROMISE");
    if (kind == CallbackKind::Microtask && label == m_promiseLabel)
        r.sub |= std::uint8_t(std::uint8_t(JobKind::PromiseReactionJob) << JobKindShift);
    r.thread = m_thread;
    r.label = label;
    r.startNs = atNs;
    r.span.count = std::uint32_t(std::clamp(count, 1.0, 4294967295.0));
    // A timer's delay is Node's own, coerced (1 ms below 1, past 2^31 - 1).
    setTimerDelayNs(r, kind == CallbackKind::Timer ? std::int64_t(std::clamp(delayMs, 0.0, 2147483647.0) * 1e6) : 0);
    r.span.iteration = m_iteration;
    push(r);
}

void LoopProbe::phase(Phase which, bool timed, std::int64_t startNs, std::int64_t endNs, std::int64_t timeoutMs)
{
    // Markers run between callbacks: output written from here on is not a callback's the probe knows of.
    if (m_thread == MainThread)
        OutputWatch::betweenCallbacks();
    Record r;
    r.type = RecordType::Phase;
    r.sub = std::uint8_t(which);
    r.thread = m_thread;
    setPhaseTimed(r, timed);
    r.startNs = startNs;
    r.span = { endNs - startNs, 0, 0, 1, m_iteration };
    setPollTimeoutMs(r, timeoutMs);
    push(r);
}

// How long poll will wait, and why, as libuv decides it right after the prepare handles (uv_run: the
// backend timeout): no wait while immediates are pending (Node's idle handle is active), callbacks are
// pending, handles are closing or nothing keeps the loop alive; else until the earliest timer, or for
// ever. uv_backend_timeout() would say 0 while fd registrations are pending, which poll itself does not.
void LoopProbe::notePollWait()
{
    const auto empty = [](const void* queue) { return static_cast<void* const*>(queue)[0] == queue; };
    m_pollReason = pollReasonOf(!empty(&m_loop->idle_handles),
        !empty(&m_loop->pending_queue) || m_loop->closing_handles || m_loop->stop_flag != 0
            || (m_loop->active_handles == 0 && m_loop->active_reqs.count == 0),
        m_loop->timer_heap.min != nullptr);
    if (m_pollReason == PollReason::TimerDue) {
        const uv_timer_t* earliest = earliestTimer(m_loop);
        m_pollTimeoutMs = earliest->timeout > m_loop->time ? std::int64_t(earliest->timeout - m_loop->time) : 0;
    } else {
        m_pollTimeoutMs = m_pollReason == PollReason::WaitingForIo ? -1 : 0;
    }
    m_nowPoll.store(std::uint32_t(m_pollTimeoutMs + 1) << 8 | std::uint32_t(m_pollReason), std::memory_order_relaxed);
}

void LoopProbe::pollBegins()
{
    if (m_thread == MainThread)
        OutputWatch::betweenCallbacks();
    const std::int64_t at = m_channel.now();
    drainEvents(at);
    notePollWait();
    // Pending, idle and prepare passed since the timers phase; the probe did not time them, and LoopScope
    // records them as passed when the poll record comes (wire::Ingest): nothing to send.
    m_pollStartNs = at;
    publishPhase(Phase::Poll, true, at);
}

void LoopProbe::pollEnds()
{
    const std::int64_t at = m_channel.now();
    drainEvents(at);
    if (m_pollStartNs >= 0) {
        // The timers phase the probe could not mark (the loop's first, or one libuv >= 1.45 ran at the
        // start of uv_run()) passed where poll begins, as pending, idle and prepare did (wire::Ingest).
        if (m_timersTimed != m_iteration)
            phase(Phase::Timers, false, m_pollStartNs, m_pollStartNs);
        phase(Phase::Poll, true, m_pollStartNs, at, m_pollTimeoutMs);
    }
    m_checkStartNs = at;
    publishPhase(Phase::Check, true, at);
}

void LoopProbe::checkEnds()
{
    const std::int64_t at = m_channel.now();
    drainEvents(at);
    if (m_checkStartNs >= 0)
        phase(Phase::Check, true, m_checkStartNs, at);
    // The close phase comes next, in this same uv_run() iteration: libuv runs the closing list right after
    // the check handles, whatever the mode, before it asks whether the loop is alive and before the next
    // poll computes its wait. The marker closed at the tail of that list is therefore closed before
    // anything looks at the list, and never keeps the loop alive, shortens a wait or adds an iteration.
    if (!m_closing && !m_closeMarking && m_loop->closing_handles == nullptr) {
        // Nothing to close: libuv's close phase, next, finds its list empty and runs nothing. It is timed
        // as that, with no marker, as are the timers it moves on to.
        phase(Phase::Close, true, at, at);
        timersBegin(at);
        return;
    }
    if (!m_closing && !m_closeMarking) {
        auto* marker = reinterpret_cast<uv_handle_t*>(&m_closeMarker);
        uv_idle_init(m_loop, &m_closeMarker); // never started: the loop's idle handles stay as they are
        m_closeMarker.data = this;
        uv_unref(marker);
        uv_close(marker, [](uv_handle_t* h) {
            auto* probe = static_cast<LoopProbe*>(h->data);
            probe->m_closeMarking = false;
            if (probe->m_closing)
                handleClosed(h);
            else
                probe->closeEnds();
        });
        m_closeMarking = true;
        // uv_close() made it the head of the list, which libuv runs from its head: it goes to the tail, so
        // that its callback runs after every close callback of the phase (and a handle closed by one of
        // them is the next iteration's, as it is without the probe).
        if (m_loop->closing_handles == marker && marker->next_closing) {
            uv_handle_t* last = marker->next_closing;
            m_loop->closing_handles = last;
            while (last->next_closing)
                last = last->next_closing;
            last->next_closing = marker;
            marker->next_closing = nullptr;
        }
        m_closeStartNs = at;
        publishPhase(Phase::Close, true, at);
        return;
    }
    phase(Phase::Close, false, at, at);
    ++m_iteration;
    publishPhase(Phase::Timers, false, at);
}

// The close marker's close callback, the last of the close phase: close ends, and the timers phase begins.
void LoopProbe::closeEnds()
{
    const std::int64_t at = m_channel.now();
    drainEvents(at);
    phase(Phase::Close, true, m_closeStartNs, at);
    timersBegin(at);
}

// The timers phase begins at `at`. libuv >= 1.45 updates its time and runs the due timers right after
// close; older ones do so at the start of the next iteration, having only asked whether the loop is alive.
// Where no timer can be due by then (a storm of immediates, a million iterations a second, has none), the
// phase runs nothing and is timed as that. Else the timers marker, due at the time just updated, runs after
// every timer due by then: libuv runs due timers by due time, then by the order they were started in, and
// node's one timer for all JavaScript timers was started before it. It is not last in one case: a timer due
// a millisecond later, when libuv's clock ticks over between this update and libuv's own right after (a
// few microseconds); that timer runs after the marker, its callbacks are recorded between timers and poll,
// in the phases passed untimed, and the timers phase looks that much shorter. Rare, and never wrong about
// what ran: it does not matter for the figures.
// The marker runs in that timers phase, so it never makes poll wait less nor adds an iteration; it is
// unreferenced, so it never keeps the loop alive. Where the loop is about to end (libuv < 1.45 runs no
// timers then), it is not started: it would run at the next uv_run(), if any, and time the wait between.
void LoopProbe::timersBegin(std::int64_t at)
{
    ++m_iteration;
    if (!m_timersAfterClose && (uv_loop_alive(m_loop) == 0 || m_loop->stop_flag != 0)) {
        publishPhase(Phase::Timers, false, at);
        return;
    }
    if (!timerMayBeDue()) {
        phase(Phase::Timers, true, at, at);
        m_timersTimed = m_iteration;
        publishPhase(Phase::Pending, false, at);
        return;
    }
    uv_update_time(m_loop);
    uv_timer_start(
        &m_timersMarker, [](uv_timer_t* h) { static_cast<LoopProbe*>(h->data)->timersEnd(); }, 0, 0);
    m_timersStartNs = at;
    publishPhase(Phase::Timers, true, at);
}

// libuv's time, when it next runs its timers, is CLOCK_MONOTONIC in whole milliseconds (its fast clock,
// the coarse one where that is precise to a millisecond, never ahead of it); the update comes microseconds
// after this, and a millisecond more covers that. Read from the system's clock, not the TSC the records'
// times come from: that one is calibrated once, and CLOCK_MONOTONIC is slewed by NTP while a program runs.
bool LoopProbe::timerMayBeDue() const
{
    const uv_timer_t* earliest = earliestTimer(m_loop);
    return earliest != nullptr && earliest->timeout <= std::uint64_t(MonotonicClock::systemNs() / 1000000) + 1;
}

void LoopProbe::timersEnd()
{
    const std::int64_t at = m_channel.now();
    drainEvents(at);
    if (m_timersStartNs >= 0) {
        phase(Phase::Timers, true, m_timersStartNs, at);
        m_timersTimed = m_iteration;
    }
    m_timersStartNs = -1;
    // Pending, idle and prepare are not timed: where the loop is, until poll begins, is said loosely.
    publishPhase(Phase::Pending, false, at);
}

void LoopProbe::publishPhase(Phase which, bool timed, std::int64_t sinceNs)
{
    m_nowIteration.store(m_iteration, std::memory_order_relaxed);
    m_nowPhaseStartNs.store(sinceNs, std::memory_order_relaxed);
    m_nowPhase.store(std::uint8_t(which) | (timed ? 0x80 : 0), std::memory_order_release);
}

wire::Now LoopProbe::whereNow() const
{
    wire::Now now;
    const std::uint8_t phase = m_nowPhase.load(std::memory_order_acquire);
    now.iteration = m_nowIteration.load(std::memory_order_relaxed);
    now.phase = Phase(phase & 0x7f);
    now.inPhase = (phase & 0x80) != 0;
    now.phaseStartNs = m_nowPhaseStartNs.load(std::memory_order_relaxed);
    const std::uint32_t poll = m_nowPoll.load(std::memory_order_relaxed);
    now.pollTimeoutMs = std::int64_t(poll >> 8) - 1;
    now.pollReason = PollReason(poll & 0xff);
    std::uint32_t depth = m_openDepth.load(std::memory_order_acquire);
    std::uint32_t name = m_openName.load(std::memory_order_relaxed);
    std::int64_t startNs = m_openStartNs.load(std::memory_order_relaxed);
    const std::int64_t offsetNs = m_eventsOffsetNs.load(std::memory_order_relaxed);
    const auto used = std::size_t(std::clamp(peek(&m_events[0]), 1.0, double(RunQueuedSlot)));
    for (std::size_t i = 1; i + 1 < used; i += 2) {
        const double named = peek(&m_events[i]);
        if (named >= QueuedBase) {
            i += 2; // jobs that joined a queue: no call
        } else if (named > 0) {
            ++depth;
            name = std::uint32_t(named);
            startNs = std::int64_t(peek(&m_events[i + 1]) * 1e6) + offsetNs;
        } else if (depth > 0) {
            --depth; // the outer call's start is not kept: its name and start stay those last seen
        }
    }
    // No callback open, but a run of ticks or promise jobs being counted: the loop is in that run.
    if (depth == 0 && peek(&m_events[RunSlots + 2]) > 0) {
        depth = 1;
        name = std::uint32_t(peek(&m_events[RunSlots]));
        startNs = std::int64_t(peek(&m_events[RunSlots + 1]) * 1e6) + offsetNs;
    }
    now.inCallback = depth > 0 && m_channel.named(name);
    if (now.inCallback) {
        now.callbackLabel = name;
        now.callbackKind = m_channel.kindOf(name);
        now.callbackStartNs = startNs;
        // A timer's callback outside a timers phase the probe marked (the loop's first, or one libuv >= 1.45
        // runs at the start of uv_run()) runs in an unmarked timers phase.
        if (!now.inPhase && now.callbackKind == CallbackKind::Timer) {
            now.phase = Phase::Timers;
            now.inPhase = true;
            now.phaseStartNs = startNs;
        }
    }
    return now;
}

// The delay monitor: an unreferenced timer every `resolutionMs` (it never keeps the program alive) whose
// lateness is the loop's delay, with the loop's utilization since the last check from libuv's idle-time
// metric (which Node turns on for performance.eventLoopUtilization()). Like Node's ELDHistogram it records
// the time between two of its checks, its first check only noting when it ran: its samples are the ones
// the program's own monitorEventLoopDelay would record.
void LoopProbe::startDelayMonitor(int resolutionMs)
{
    m_delayResolutionMs = resolutionMs;
    m_delayLastNs = -1;
    uv_timer_init(m_loop, &m_delayTimer);
    m_delayTimer.data = this;
    uv_unref(reinterpret_cast<uv_handle_t*>(&m_delayTimer));
    uv_timer_start(
        &m_delayTimer, [](uv_timer_t* h) { static_cast<LoopProbe*>(h->data)->delayCheck(); },
        std::uint64_t(resolutionMs), std::uint64_t(resolutionMs));
    m_delayMonitor = true;
    ++m_open;
}

void LoopProbe::delayCheck()
{
    const std::int64_t at = m_channel.now();
    const std::int64_t idleNs = std::int64_t(uv_metrics_idle_time(m_loop));
    if (m_delayLastNs < 0) {
        m_delayLastNs = at;
        m_idleLastNs = idleNs;
        return;
    }
    const double sinceMs = double(at - m_delayLastNs) / 1e6;
    Record r;
    r.type = RecordType::Latency;
    r.thread = m_thread;
    r.startNs = at;
    r.latency.histogramMs = sinceMs;
    r.latency.loopDelayMs = std::max(0.0, sinceMs - m_delayResolutionMs);
    r.latency.healthMs = -1;
    r.latency.utilization = at > m_delayLastNs
        ? std::clamp(1.0 - double(idleNs - m_idleLastNs) / double(at - m_delayLastNs), 0.0, 1.0)
        : -1;
    push(r);
    m_delayLastNs = at;
    m_idleLastNs = idleNs;
}

// On the loop thread: into the ring, or counted as dropped when it is full or the probe is off.
void LoopProbe::push(const Record& r)
{
    const std::uint64_t head = m_head.load(std::memory_order_relaxed);
    if (m_off.load(std::memory_order_relaxed) || !m_ring
        || head - m_tail.load(std::memory_order_acquire) == RingRecords) {
        m_dropped.fetch_add(1, std::memory_order_relaxed);
        return;
    }
    m_ring[head % RingRecords] = r;
    m_head.store(head + 1, std::memory_order_release);
}

void LoopProbe::takeRecords(std::vector<Record>& out)
{
    const std::uint64_t head = m_head.load(std::memory_order_acquire);
    std::uint64_t tail = m_tail.load(std::memory_order_relaxed);
    for (; tail < head; ++tail)
        out.push_back(m_ring[tail % RingRecords]);
    m_tail.store(tail, std::memory_order_release);
}

} // namespace loopscope::probe
