#include "recording/replay.h"

#include "recording/recording.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>

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
    // Calls that found no job of their label to take, per queue: the jobs of that label that join before
    // the calls' run ends pay them first. An attached program's counted run of ticks or promise jobs is
    // spread evenly over its span here, and its jobs may join later than that puts their calls, which would
    // otherwise leave them queued for ever. A call whose job was never told (V8's job that resolves a
    // promise with a promise) is forgotten once its run has ended.
    struct Debt
    {
        std::uint32_t label;
        std::uint64_t count;
        std::int64_t untilNs;
    };
    std::vector<Debt> owed[3];

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

    void join(CallbackKind kind, std::uint32_t label, std::uint8_t job, std::uint64_t count, std::int64_t atNs,
        std::int64_t dueNs)
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
        count -= pay(owed[index], label, count, atNs);
        if (count == 0)
            return;
        std::deque<Jobs>& queue = fifo[index];
        if (!queue.empty() && queue.back().label == label && queue.back().job == job)
            queue.back().count += count;
        else
            queue.push_back({ label, job, count });
    }

    // A callback took its job: the first one of its label (the front, unless the recording
    // left out an earlier job's call, as an abandoned run does).
    void take(CallbackKind kind, std::uint32_t label, std::uint64_t count, std::int64_t untilNs)
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
        if (count > 0)
            owe(owed[index], label, count, untilNs);
    }

    static std::uint64_t pay(std::vector<Debt>& debts, std::uint32_t label, std::uint64_t count, std::int64_t atNs)
    {
        std::erase_if(debts, [atNs](const Debt& debt) { return debt.untilNs < atNs; });
        for (auto it = debts.begin(); it != debts.end(); ++it) {
            if (it->label != label)
                continue;
            const std::uint64_t paid = std::min(count, it->count);
            it->count -= paid;
            if (it->count == 0)
                debts.erase(it);
            return paid;
        }
        return 0;
    }

    static void owe(std::vector<Debt>& debts, std::uint32_t label, std::uint64_t count, std::int64_t untilNs)
    {
        for (Debt& debt : debts) {
            if (debt.label == label) {
                debt.count += count;
                debt.untilNs = std::max(debt.untilNs, untilNs);
                return;
            }
        }
        debts.push_back({ label, count, untilNs });
    }

    // A timer or an immediate begins: Node has drained the nextTicks and microtasks before it, so whatever
    // the replay still holds of them (or owes them) was not seen right.
    void drained()
    {
        for (int index : { 0, 1 }) {
            fifo[index].clear();
            owed[index].clear();
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

    // How many entries the queues hold (a run of jobs of one label is one).
    std::size_t entries() const { return fifo[0].size() + fifo[1].size() + fifo[2].size() + timers.size(); }

    void clear()
    {
        for (std::deque<Jobs>& queue : fifo)
            queue.clear();
        for (std::vector<Debt>& debts : owed)
            debts.clear();
        timers.clear();
    }
};

// The queues after every change before `change` (of the changes sorted by start), each applied
// whole: right for any moment after `maxEndNs`, when all of them had ended.
struct Replay::Checkpoint
{
    std::size_t change = 0;
    std::int64_t maxEndNs = 0;
    Queues queues;
};

Replay::Replay(const Recording& recording)
    : m_recording(recording)
{
    update();
}

Replay::~Replay() = default;

Record Replay::at(Ref ref) const
{
    return (*m_recording.logs[std::size_t(ref >> IndexBits)])[std::size_t(ref & ((Ref(1) << IndexBits) - 1))];
}

std::int64_t Replay::queuedOf(Ref ref) const
{
    const Record item = at(ref);
    return item.startNs - item.span.busyNs;
}

void Replay::update()
{
    m_seen.resize(m_recording.logs.size(), 0);
    for (std::size_t logIndex = 0; logIndex < m_recording.logs.size(); ++logIndex) {
        const EventLog& log = *m_recording.logs[logIndex];
        const std::size_t size = log.size();
        std::size_t index = std::max(m_seen[logIndex], log.firstKept());
        log.walk(index, size, [&](const Record& record) {
            take(record, Ref(logIndex) << IndexBits | Ref(index++));
            return true;
        });
        m_seen[logIndex] = size;
    }
}

// Records arrive nearly in order of their start (a callback is written when it ends, after the
// jobs its drain ran); the few that do not are put in place, after those that begin with them.
template <typename Key> void Replay::insertSorted(std::vector<Ref>& refs, Ref ref, Key keyOf)
{
    const std::int64_t key = keyOf(ref);
    if (refs.empty() || keyOf(refs.back()) <= key) {
        refs.push_back(ref);
        return;
    }
    const auto place = std::upper_bound(
        refs.begin(), refs.end(), key, [&keyOf](std::int64_t t, Ref other) { return t < keyOf(other); });
    refs.insert(place, ref);
}

void Replay::take(const Record& r, Ref ref)
{
    const bool span = r.type == RecordType::Phase || r.type == RecordType::Callback || r.type == RecordType::Pool;
    const std::int64_t endNs = span ? r.startNs + r.span.durNs : r.startNs;
    const std::int64_t queuedNs = r.type == RecordType::Pool ? r.startNs - r.span.busyNs : r.startNs;
    m_firstNs = m_any ? std::min(m_firstNs, queuedNs) : queuedNs;
    m_lastNs = m_any ? std::max(m_lastNs, endNs) : endNs;
    m_any = true;
    const bool mainLoop = r.thread == MainThread;
    const auto byStart = [this](Ref other) { return startOf(other); };
    switch (r.type) {
    case RecordType::Phase:
        if (mainLoop) {
            insertSorted(m_phases, ref, byStart);
            m_stopsStale = true;
        }
        break;
    case RecordType::Callback:
        if (mainLoop) {
            insertSorted(m_callbacks, ref, byStart);
            insertSorted(m_changes, ref, byStart);
            m_stopsStale = m_checkpointsStale = true;
        }
        break;
    case RecordType::Queued:
        if (mainLoop) {
            insertSorted(m_changes, ref, byStart);
            m_checkpointsStale = true;
        }
        break;
    case RecordType::Pool:
        insertSorted(m_pool, ref, [this](Ref item) { return queuedOf(item); });
        m_longestPoolNs = std::max(m_longestPoolNs, endNs - queuedNs);
        break;
    default:
        break;
    }
}

bool Replay::drains(const Record& change)
{
    const CallbackKind kind = callbackKindOf(change);
    return change.type == RecordType::Callback && !isInternal(change)
        && (kind == CallbackKind::Timer || kind == CallbackKind::Immediate);
}

Replay::What Replay::whatOf(const Record& change)
{
    if (change.type == RecordType::Callback)
        return requeuedItself(change) ? What::Chain : What::Take;
    if (leftWithoutRunning(change))
        return What::Leave;
    return callbackKindOf(change) == CallbackKind::Main ? What::Clear : What::Join;
}

void Replay::apply(Queues& queues, const Record& change, std::int64_t atNs)
{
    const CallbackKind kind = callbackKindOf(change);
    const auto job = std::uint8_t(jobKindOf(change));
    const std::int64_t endNs
        = change.type == RecordType::Callback ? change.startNs + change.span.durNs : change.startNs;
    switch (whatOf(change)) {
    case What::Join:
        queues.join(kind, change.label, job, change.span.count, change.startNs, change.startNs + timerDelayNs(change));
        break;
    case What::Take:
        if (drains(change))
            queues.drained();
        queues.take(kind, change.label, callsBefore(atNs, change.startNs, endNs, change.span.count), endNs);
        break;
    case What::Chain: {
        const std::uint64_t began = callsBefore(atNs, change.startNs, endNs, change.span.count);
        // Each call takes the first job of its label (one queued before the chain, while there are
        // any, then the one its previous call queued) and queues its successor while it runs: the
        // jobs queued before the chain move to the back.
        const std::uint64_t before = std::min(began, queues.count(kind, change.label));
        queues.take(kind, change.label, before, endNs);
        queues.join(kind, change.label, job, before, change.startNs, 0);
        break;
    }
    case What::Clear:
        queues.clear();
        break;
    case What::Leave:
        queues.take(kind, change.label, change.span.count, change.startNs);
        break;
    }
}

void Replay::rebuildCheckpoints() const
{
    // One checkpoint every few thousand changes, fewer where the queues are long (a thousand timers
    // waiting): the queues kept stay within a few bytes a change.
    constexpr std::size_t MinChangesBetween = 4096;
    m_checkpoints.clear();
    m_checkpoints.push_back({ 0, std::numeric_limits<std::int64_t>::min(), Queues() });
    Queues queues;
    std::int64_t maxEndNs = std::numeric_limits<std::int64_t>::min();
    std::size_t nextAt = MinChangesBetween;
    for (std::size_t i = 0; i < m_changes.size(); ++i) {
        const Record change = at(m_changes[i]);
        apply(queues, change, std::numeric_limits<std::int64_t>::max());
        const std::int64_t endNs
            = change.type == RecordType::Callback ? change.startNs + change.span.durNs : change.startNs;
        maxEndNs = std::max(maxEndNs, endNs);
        if (i + 1 >= nextAt) {
            m_checkpoints.push_back({ i + 1, maxEndNs, queues });
            nextAt = i + 1 + std::max(MinChangesBetween, 8 * queues.entries());
        }
    }
    m_checkpointsStale = false;
}

std::size_t Replay::phaseAfter(std::int64_t atNs, bool upper) const
{
    const auto phase = upper ? std::upper_bound(m_phases.begin(), m_phases.end(), atNs,
                           [this](std::int64_t t, Ref ref) { return t < startOf(ref); })
                             : std::lower_bound(m_phases.begin(), m_phases.end(), atNs,
                                 [this](Ref ref, std::int64_t t) { return startOf(ref) < t; });
    return std::size_t(phase - m_phases.begin());
}

ReplayState Replay::stateAt(std::int64_t atNs) const
{
    ReplayState state;
    state.atNs = atNs;

    // The phase: the last one begun by atNs (a passed phase has no width, so a timed one that
    // spans atNs is the one that begun last).
    const std::size_t phase = phaseAfter(atNs, true);
    if (phase > 0) {
        const Record last = at(m_phases[phase - 1]);
        state.started = true;
        state.phase = Phase(last.sub % PhaseCount);
        state.iteration = last.span.iteration;
        state.inPhase = phaseTimed(last) && atNs < last.startNs + last.span.durNs;
        for (std::size_t i = phase; i > 0; --i) {
            const Record poll = at(m_phases[i - 1]);
            if (Phase(poll.sub) == Phase::Poll) {
                state.pollTimeoutMs = pollTimeoutMs(poll);
                break;
            }
        }
    }

    // The callback running: of those begun before atNs and not ended by it, the last begun.
    auto callback = std::lower_bound(
        m_callbacks.begin(), m_callbacks.end(), atNs, [this](Ref ref, std::int64_t t) { return startOf(ref) < t; });
    for (auto it = callback; it != m_callbacks.begin();) {
        const Record r = at(*--it);
        if (r.startNs + r.span.durNs > atNs) {
            state.started = true;
            state.inCallback = true;
            state.callbackKind = callbackKindOf(r);
            state.callbackLabel = r.label;
            state.callbackStartNs = r.startNs;
            if (state.iteration == 0)
                state.iteration = r.span.iteration;
            break;
        }
    }

    // What runs next: the recording shows it, the first callback of the program's to begin at or
    // after atNs (Node's own, readFile's steps and the module loader, are no place a step ends).
    for (auto it = callback; it != m_callbacks.end(); ++it) {
        const Record r = at(*it);
        if (isInternal(r))
            continue;
        state.queues.next.rule = NextRule::Recorded;
        state.queues.next.kind = callbackKindOf(r);
        state.queues.next.label = r.label;
        break;
    }

    // The queues: every change up to atNs, from the last checkpoint whose changes had all ended
    // before it; jobs that joined at atNs are in, callbacks that begin at atNs have not taken theirs yet.
    if (m_checkpointsStale)
        rebuildCheckpoints();
    const auto checkpoint = std::prev(std::lower_bound(m_checkpoints.begin() + 1, m_checkpoints.end(), atNs,
        [](const Checkpoint& c, std::int64_t t) { return c.maxEndNs < t; }));
    Queues queues = checkpoint->queues;
    for (std::size_t i = checkpoint->change; i < m_changes.size(); ++i) {
        const Record change = at(m_changes[i]);
        if (change.startNs > atNs)
            break;
        if (change.startNs == atNs && whatOf(change) != What::Join && whatOf(change) != What::Leave) {
            // About to begin, a timer or an immediate has not taken its job, and the drains before it are over.
            if (drains(change))
                queues.drained();
            continue;
        }
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

    // The thread pool: work queued by atNs that had not ended; none queued longer ago than the
    // longest item took from queued to done.
    const auto queuedAfter = std::upper_bound(
        m_pool.begin(), m_pool.end(), atNs, [this](std::int64_t t, Ref ref) { return t < queuedOf(ref); });
    for (auto it = queuedAfter; it != m_pool.begin();) {
        const Record item = at(*--it);
        const std::int64_t queuedNs = item.startNs - item.span.busyNs;
        if (queuedNs < atNs - m_longestPoolNs)
            break;
        if (item.startNs + item.span.durNs <= atNs)
            continue;
        PoolBoard::Item board;
        board.id = std::size_t(it - m_pool.begin()) + 1;
        board.label = item.label;
        board.queuedAtNs = queuedNs;
        board.startedAtNs = item.startNs <= atNs ? item.startNs : -1;
        board.worker = item.startNs <= atNs ? item.thread : 0;
        state.pool.push_back(board);
    }
    std::sort(state.pool.begin(), state.pool.end(), [](const PoolBoard::Item& a, const PoolBoard::Item& b) {
        return a.queuedAtNs != b.queuedAtNs ? a.queuedAtNs < b.queuedAtNs : a.id < b.id;
    });
    return state;
}

void Replay::rebuildStops() const
{
    m_callbackStops.clear();
    for (std::size_t i = 0; i < m_callbacks.size(); ++i) {
        const Record span = at(m_callbacks[i]);
        if (isInternal(span))
            continue;
        const std::int64_t endNs = span.startNs + span.span.durNs;
        std::int64_t stop = endNs;
        // A callback's body ends where the first job of its drain begins.
        if (!isDrainedJob(callbackKindOf(span))) {
            for (std::size_t j = i + 1; j < m_callbacks.size(); ++j) {
                const Record next = at(m_callbacks[j]);
                if (next.startNs >= endNs)
                    break;
                if (next.startNs > span.startNs && isDrainedJob(callbackKindOf(next))) {
                    stop = next.startNs;
                    break;
                }
            }
        }
        m_callbackStops.push_back(stop);
    }
    std::sort(m_callbackStops.begin(), m_callbackStops.end());
    m_callbackStops.erase(std::unique(m_callbackStops.begin(), m_callbackStops.end()), m_callbackStops.end());
    m_stopsStale = false;
}

// Phase steps end where a timed phase begins, iteration steps where the first phase of an
// iteration begins: found among the phases next to fromNs, which are sorted by start.
std::int64_t Replay::phaseStep(std::int64_t fromNs, StepMode mode, bool forward) const
{
    const auto isStop = [this, mode](std::size_t i) {
        const Record phase = at(m_phases[i]);
        if (mode == StepMode::Phase)
            return phaseTimed(phase);
        return i == 0 || at(m_phases[i - 1]).span.iteration != phase.span.iteration;
    };
    if (forward) {
        for (std::size_t i = phaseAfter(fromNs, true); i < m_phases.size(); ++i) {
            if (isStop(i))
                return startOf(m_phases[i]);
        }
        return fromNs;
    }
    for (std::size_t i = phaseAfter(fromNs, false); i > 0; --i) {
        if (isStop(i - 1))
            return startOf(m_phases[i - 1]);
    }
    return fromNs;
}

std::int64_t Replay::step(std::int64_t fromNs, StepMode mode, bool forward) const
{
    if (mode != StepMode::Callback)
        return phaseStep(fromNs, mode, forward);
    if (m_stopsStale)
        rebuildStops();
    const std::vector<std::int64_t>& stops = m_callbackStops;
    if (forward) {
        const auto next = std::upper_bound(stops.begin(), stops.end(), fromNs);
        return next == stops.end() ? fromNs : *next;
    }
    const auto next = std::lower_bound(stops.begin(), stops.end(), fromNs);
    return next == stops.begin() ? fromNs : *std::prev(next);
}

} // namespace loopscope
