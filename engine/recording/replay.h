#pragma once

#include "recording/events.h"
#include "recording/loopstate.h"
#include "recording/poolboard.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loopscope {

class Recording;

// The main loop at one moment of a recording: what the circle, the queue panels, the thread-pool
// lanes and the console show at a replay's playhead.
struct ReplayState
{
    std::int64_t atNs = 0;
    std::uint32_t iteration = 0;
    bool started = false; // a phase or a callback has begun by atNs
    Phase phase = Phase::Timers; // the phase atNs lies in, or the last one begun
    bool inPhase = false; // a timed phase spans atNs
    std::int64_t pollTimeoutMs = 0; // of the last poll begun
    bool inCallback = false; // a callback runs at atNs (the innermost one is described)
    CallbackKind callbackKind = CallbackKind::Main;
    std::uint32_t callbackLabel = 0;
    std::int64_t callbackStartNs = 0;
    QueueSnapshot queues;
    std::vector<PoolBoard::Item> pool; // queued (startedAtNs -1) or running at atNs
};

// Rebuilds the main loop's state at any moment of a recording, and finds the places a step
// backwards or forwards ends, from the records alone: the phases, the callbacks, the jobs that
// joined the queues (Queued records and chains flagged RequeuedFlag) and the thread-pool work.
//
// It indexes the records where they are (a few bytes each, sorted by start) instead of copying
// them, and reads them back from the recording, which holds them encoded or spilled; the queues'
// contents are kept at checkpoints, so a moment is rebuilt from the one before it.
//
// At a moment t, what ended by t has happened and what begins at t has not: a callback that
// starts at t still waits in its queue, one that ends at t has run. Within a run of identical
// callbacks the calls are spread evenly over its span.
class Replay
{
public:
    explicit Replay(const Recording& recording);
    ~Replay();
    Replay(const Replay&) = delete;
    Replay& operator=(const Replay&) = delete;

    // Takes in the records added since the last call (a live recording grows).
    void update();
    ReplayState stateAt(std::int64_t atNs) const;
    // The next place a step of `mode` ends after `fromNs` (forward) or before it (backward), or
    // fromNs when there is none. Callback steps end after a callback's body, before the drain
    // that follows it, and after each drained job; phase steps where a timed phase begins;
    // iteration steps where an iteration's first phase begins.
    std::int64_t step(std::int64_t fromNs, StepMode mode, bool forward) const;
    std::int64_t firstNs() const { return m_firstNs; }
    std::int64_t lastNs() const { return m_lastNs; }

private:
    // A record of the recording: its log (the bits above IndexBits) and its index there.
    using Ref = std::uint64_t;
    static constexpr int IndexBits = 40;
    // A change of the queues' contents, as a record says it: jobs joining (a Queued record), a
    // callback taking its job (a callback record), a chain doing both per call, or every queue emptied.
    enum class What : std::uint8_t { Join, Take, Chain, Clear, Leave };
    struct Queues;
    struct Checkpoint;

    Record at(Ref ref) const;
    std::int64_t startOf(Ref ref) const { return at(ref).startNs; }
    std::int64_t queuedOf(Ref ref) const; // a pool item's
    void take(const Record& record, Ref ref);
    // Puts `ref` in place among `refs`, sorted by keyOf(ref).
    template <typename Key> void insertSorted(std::vector<Ref>& refs, Ref ref, Key keyOf);
    void rebuildStops() const;
    void rebuildCheckpoints() const;
    static What whatOf(const Record& change);
    static void apply(Queues& queues, const Record& change, std::int64_t atNs);
    // The phases' index of the first phase that begins after `atNs` (upper) or at or after it.
    std::size_t phaseAfter(std::int64_t atNs, bool upper) const;
    std::int64_t phaseStep(std::int64_t fromNs, StepMode mode, bool forward) const;

    const Recording& m_recording;
    std::vector<std::size_t> m_seen; // records taken in, per log
    // Main loop phases, callbacks and queue changes, and all pool work, each sorted by start.
    std::vector<Ref> m_phases, m_callbacks, m_changes, m_pool;
    std::int64_t m_firstNs = 0;
    std::int64_t m_lastNs = 0;
    std::int64_t m_longestPoolNs = 0; // of the pool's items, from queued to done
    bool m_any = false;
    mutable bool m_stopsStale = true;
    mutable std::vector<std::int64_t> m_callbackStops;
    mutable bool m_checkpointsStale = true;
    mutable std::vector<Checkpoint> m_checkpoints;
};

} // namespace loopscope
