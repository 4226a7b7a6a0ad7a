#include "recording/replay.h"

#include "recording/recording.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace loopscope {

namespace {

// Drained jobs (nextTicks, microtasks) run inside the callback whose drain ran them.
bool isDrainedJob(CallbackKind kind)
{
    return kind == CallbackKind::NextTick || kind == CallbackKind::Microtask;
}

// How many of `count` calls spread evenly over [startNs, endNs) have begun before `atNs`.
std::uint64_t callsBefore(std::int64_t atNs, std::int64_t startNs, std::int64_t endNs, std::uint32_t count)
{
    if (endNs <= startNs)
        return atNs > startNs ? count : 0;
    const double share = double(atNs - startNs) * double(count) / double(endNs - startNs);
    return std::uint64_t(std::clamp(std::ceil(share), 0.0, double(count)));
}

// Records arrive nearly in order of their start (a callback is written when it ends, after the
// jobs its drain ran); the few that do not are put in place, after those that begin with them.
template <typename T> void insertSorted(std::vector<T>& items, const T& item)
{
    const auto byStart = [](const T& a, const T& b) { return a.startNs < b.startNs; };
    if (items.empty() || !byStart(item, items.back())) {
        items.push_back(item);
        return;
    }
    items.insert(std::upper_bound(items.begin(), items.end(), item, byStart), item);
}

} // namespace

// The queues being rebuilt: the first-in-first-out ones as runs of jobs of one label, so a
// million queued nextTicks are one entry; the timers by when they are due.
struct Replay::Queues
{
    struct Jobs
    {
        std::uint32_t label;
        std::uint8_t job;
        std::uint64_t count;
    };
    std::deque<Jobs> fifo[3]; // nextTicks, microtasks, immediates
    std::vector<std::pair<std::int64_t, std::uint32_t>> timers; // due at, label
    std::uint64_t closes = 0;

    static int fifoOf(CallbackKind kind)
    {
        switch (kind) {
        case CallbackKind::NextTick:
            return 0;
        case CallbackKind::Microtask:
        case CallbackKind::Main: // an ES module's main module is a job of the microtask queue
            return 1;
        case CallbackKind::Immediate:
            return 2;
        default:
            return -1;
        }
    }

    void join(CallbackKind kind, std::uint32_t label, std::uint8_t job, std::uint64_t count, std::int64_t dueNs)
    {
        if (kind == CallbackKind::Timer) {
            for (std::uint64_t i = 0; i < count; ++i)
                timers.emplace_back(dueNs, label);
            return;
        }
        if (kind == CallbackKind::Close) {
            closes += count;
            return;
        }
        const int index = fifoOf(kind);
        if (index < 0)
            return;
        std::deque<Jobs>& queue = fifo[index];
        if (!queue.empty() && queue.back().label == label && queue.back().job == job)
            queue.back().count += count;
        else
            queue.push_back({ label, job, count });
    }

    // A callback took its job: the first one of its label (the front, unless the recording
    // left out an earlier job's call, as an abandoned run does).
    void take(CallbackKind kind, std::uint32_t label, std::uint64_t count)
    {
        if (kind == CallbackKind::Timer) {
            for (std::uint64_t i = 0; i < count; ++i) {
                auto due = timers.end();
                for (auto it = timers.begin(); it != timers.end(); ++it) {
                    if (it->second == label && (due == timers.end() || it->first < due->first))
                        due = it;
                }
                if (due == timers.end())
                    return;
                timers.erase(due);
            }
            return;
        }
        if (kind == CallbackKind::Close) {
            closes -= std::min(closes, count);
            return;
        }
        const int index = fifoOf(kind);
        if (index < 0)
            return;
        std::deque<Jobs>& queue = fifo[index];
        for (auto it = queue.begin(); it != queue.end() && count > 0;) {
            if (it->label != label) {
                ++it;
                continue;
            }
            const std::uint64_t taken = std::min(count, it->count);
            it->count -= taken;
            count -= taken;
            it = it->count == 0 ? queue.erase(it) : it + 1;
        }
    }

    std::uint64_t count(CallbackKind kind, std::uint32_t label) const
    {
        const int index = fifoOf(kind);
        std::uint64_t jobs = 0;
        if (index >= 0) {
            for (const Jobs& run : fifo[index])
                jobs += run.label == label ? run.count : 0;
        }
        return jobs;
    }

    void clear()
    {
        for (std::deque<Jobs>& queue : fifo)
            queue.clear();
        timers.clear();
    }
};

Replay::Replay(const Recording& recording)
    : m_recording(recording)
{
    update();
}

void Replay::update()
{
    m_seen.resize(m_recording.logs.size(), 0);
    for (std::size_t logIndex = 0; logIndex < m_recording.logs.size(); ++logIndex) {
        const EventLog& log = *m_recording.logs[logIndex];
        const std::size_t size = log.size();
        log.walk(m_seen[logIndex], size, [this](const Record& record) {
            take(record);
            return true;
        });
        m_seen[logIndex] = size;
    }
}

void Replay::take(const Record& r)
{
    const std::int64_t endNs
        = r.type == RecordType::Phase || r.type == RecordType::Callback || r.type == RecordType::Pool
        ? r.startNs + r.span.durNs
        : r.startNs;
    const std::int64_t queuedNs = r.type == RecordType::Pool ? r.startNs - r.span.busyNs : r.startNs;
    m_firstNs = m_any ? std::min(m_firstNs, queuedNs) : queuedNs;
    m_lastNs = m_any ? std::max(m_lastNs, endNs) : endNs;
    m_any = true;
    const Span span { r.startNs, endNs, r.label, r.sub, r.span.iteration, r.span.count, 0, r.thread };
    switch (r.type) {
    case RecordType::Phase:
        if (r.thread == MainThread) {
            Span phase = span;
            phase.extra = r.span.maxNs;
            phase.count = r.label; // timed or passed
            insertSorted(m_phases, phase);
            m_stopsStale = true;
        }
        break;
    case RecordType::Callback:
        if (r.thread == MainThread) {
            insertSorted(m_callbacks, span);
            const Change::What what = requeuedItself(r) ? Change::What::Chain : Change::What::Take;
            insertSorted(m_changes, Change { r.startNs, endNs, 0, r.label, r.span.count, r.sub, what });
            m_stopsStale = true;
        }
        break;
    case RecordType::Queued:
        if (r.thread == MainThread) {
            const bool cleared = callbackKindOf(r) == CallbackKind::Main;
            insertSorted(m_changes,
                Change { r.startNs, r.startNs, r.span.maxNs, r.label, r.span.count, r.sub,
                    cleared ? Change::What::Clear : Change::What::Join });
        }
        break;
    case RecordType::Pool: {
        Span item = span;
        item.extra = queuedNs;
        m_pool.push_back(item);
        break;
    }
    default:
        break;
    }
}

void Replay::apply(Queues& queues, const Change& change, std::int64_t atNs)
{
    const CallbackKind kind = CallbackKind(change.sub & CallbackKindMask);
    const auto job = std::uint8_t(change.sub >> JobKindShift & 0x03);
    switch (change.what) {
    case Change::What::Join:
        queues.join(kind, change.label, job, change.count, change.startNs + change.delayNs);
        break;
    case Change::What::Take:
        queues.take(kind, change.label, callsBefore(atNs, change.startNs, change.endNs, change.count));
        break;
    case Change::What::Chain: {
        const std::uint64_t began = callsBefore(atNs, change.startNs, change.endNs, change.count);
        // Each call takes the first job of its label (one queued before the chain, while there are
        // any, then the one its previous call queued) and queues its successor while it runs: the
        // jobs queued before the chain move to the back.
        const std::uint64_t before = std::min(began, queues.count(kind, change.label));
        queues.take(kind, change.label, before);
        queues.join(kind, change.label, job, before, 0);
        break;
    }
    case Change::What::Clear:
        queues.clear();
        break;
    }
}

ReplayState Replay::stateAt(std::int64_t atNs) const
{
    ReplayState state;
    state.atNs = atNs;

    // The phase: the last one begun by atNs (a passed phase has no width, so a timed one that
    // spans atNs is the one that begun last).
    auto phase = std::upper_bound(
        m_phases.begin(), m_phases.end(), atNs, [](std::int64_t t, const Span& span) { return t < span.startNs; });
    if (phase != m_phases.begin()) {
        const Span& last = *std::prev(phase);
        state.started = true;
        state.phase = Phase(last.sub % PhaseCount);
        state.iteration = last.iteration;
        state.inPhase = last.count != 0 && atNs < last.endNs;
        for (auto it = phase; it != m_phases.begin();) {
            --it;
            if (Phase(it->sub) == Phase::Poll) {
                state.pollTimeoutMs = it->extra;
                break;
            }
        }
    }

    // The callback running: of those begun before atNs and not ended by it, the last begun.
    auto callback = std::lower_bound(m_callbacks.begin(), m_callbacks.end(), atNs,
        [](const Span& span, std::int64_t t) { return span.startNs < t; });
    for (auto it = callback; it != m_callbacks.begin();) {
        --it;
        if (it->endNs > atNs) {
            state.started = true;
            state.inCallback = true;
            state.callbackKind = CallbackKind(it->sub & CallbackKindMask);
            state.callbackLabel = it->label;
            state.callbackStartNs = it->startNs;
            if (state.iteration == 0)
                state.iteration = it->iteration;
            break;
        }
    }

    // The queues: every change up to atNs; jobs that joined at atNs are in, callbacks that begin
    // at atNs have not taken theirs yet.
    Queues queues;
    for (const Change& change : m_changes) {
        if (change.startNs > atNs)
            break;
        if (change.startNs == atNs && change.what != Change::What::Join)
            continue;
        apply(queues, change, atNs);
    }
    QueueSnapshot& snapshot = state.queues;
    snapshot.takenAtNs = atNs;
    snapshot.iteration = state.iteration;
    std::vector<QueueItem>* lists[] = { &snapshot.nextTicks, &snapshot.microtasks, &snapshot.immediates };
    std::size_t* counts[] = { &snapshot.nextTickCount, &snapshot.microtaskCount, &snapshot.immediateCount };
    for (int q = 0; q < 3; ++q) {
        for (const Queues::Jobs& jobs : queues.fifo[q]) {
            *counts[q] += jobs.count;
            for (std::uint64_t i = 0; i < jobs.count && lists[q]->size() < QueueSnapshot::MaxItems; ++i)
                lists[q]->push_back({ jobs.label, jobs.job, 0 });
        }
    }
    std::sort(queues.timers.begin(), queues.timers.end());
    snapshot.timerCount = queues.timers.size();
    for (const auto& [dueNs, label] : queues.timers) {
        if (snapshot.timers.size() == QueueSnapshot::MaxItems)
            break;
        snapshot.timers.push_back({ label, 0, double(dueNs - atNs) / 1e6 });
    }
    snapshot.closeCount = queues.closes;

    // The thread pool: work queued by atNs that had not ended.
    for (std::size_t i = 0; i < m_pool.size(); ++i) {
        const Span& item = m_pool[i];
        if (item.extra > atNs || item.endNs <= atNs)
            continue;
        PoolBoard::Item board;
        board.id = i + 1;
        board.label = item.label;
        board.queuedAtNs = item.extra;
        board.startedAtNs = item.startNs <= atNs ? item.startNs : -1;
        board.worker = item.startNs <= atNs ? item.thread : 0;
        state.pool.push_back(board);
    }
    std::sort(state.pool.begin(), state.pool.end(),
        [](const PoolBoard::Item& a, const PoolBoard::Item& b) { return a.queuedAtNs < b.queuedAtNs; });
    return state;
}

void Replay::rebuildStops() const
{
    m_callbackStops.clear();
    m_phaseStops.clear();
    m_iterationStops.clear();
    for (std::size_t i = 0; i < m_callbacks.size(); ++i) {
        const Span& span = m_callbacks[i];
        if (span.sub & InternalFlag)
            continue;
        std::int64_t stop = span.endNs;
        // A callback's body ends where the first job of its drain begins.
        if (!isDrainedJob(CallbackKind(span.sub & CallbackKindMask))) {
            for (std::size_t j = i + 1; j < m_callbacks.size() && m_callbacks[j].startNs < span.endNs; ++j) {
                if (m_callbacks[j].startNs > span.startNs
                    && isDrainedJob(CallbackKind(m_callbacks[j].sub & CallbackKindMask))) {
                    stop = m_callbacks[j].startNs;
                    break;
                }
            }
        }
        m_callbackStops.push_back(stop);
    }
    std::uint32_t iteration = 0;
    for (const Span& phase : m_phases) {
        if (phase.count != 0)
            m_phaseStops.push_back(phase.startNs);
        if (phase.iteration != iteration) {
            iteration = phase.iteration;
            m_iterationStops.push_back(phase.startNs);
        }
    }
    for (auto* stops : { &m_callbackStops, &m_phaseStops, &m_iterationStops }) {
        std::sort(stops->begin(), stops->end());
        stops->erase(std::unique(stops->begin(), stops->end()), stops->end());
    }
    m_stopsStale = false;
}

std::int64_t Replay::step(std::int64_t fromNs, StepMode mode, bool forward) const
{
    if (m_stopsStale)
        rebuildStops();
    const std::vector<std::int64_t>& stops = mode == StepMode::Callback ? m_callbackStops
        : mode == StepMode::Phase                                       ? m_phaseStops
                                                                        : m_iterationStops;
    if (forward) {
        const auto next = std::upper_bound(stops.begin(), stops.end(), fromNs);
        return next == stops.end() ? fromNs : *next;
    }
    const auto next = std::lower_bound(stops.begin(), stops.end(), fromNs);
    return next == stops.begin() ? fromNs : *std::prev(next);
}

} // namespace loopscope
