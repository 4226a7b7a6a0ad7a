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
// At a moment t, what ended by t has happened and what begins at t has not: a callback that
// starts at t still waits in its queue, one that ends at t has run. Within a run of identical
// callbacks the calls are spread evenly over its span.
class Replay
{
public:
    explicit Replay(const Recording& recording);

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
    struct Span
    {
        std::int64_t startNs;
        std::int64_t endNs;
        std::uint32_t label;
        std::uint8_t sub;
        std::uint32_t iteration;
        std::uint32_t count;
        std::int64_t extra; // phases: the poll timeout; pool: when the item was queued
        std::uint16_t thread;
    };
    // A change of the queues' contents: jobs joining (a Queued record), a callback taking its job
    // (a callback record), a chain doing both per call, or every queue emptied.
    struct Change
    {
        enum class What : std::uint8_t { Join, Take, Chain, Clear };
        std::int64_t startNs;
        std::int64_t endNs; // runs: the calls are spread over [atNs, endNs)
        std::int64_t delayNs; // timers joining
        std::uint32_t label;
        std::uint32_t count;
        std::uint8_t sub; // CallbackKind and JobKind, as in a record
        What what;
    };
    struct Queues;

    void take(const Record& record);
    void rebuildStops() const;
    static void apply(Queues& queues, const Change& change, std::int64_t atNs);

    const Recording& m_recording;
    std::vector<std::size_t> m_seen; // records taken in, per log
    std::vector<Span> m_phases, m_callbacks, m_pool; // main loop phases and callbacks; all pool work
    std::vector<Change> m_changes;
    std::int64_t m_firstNs = 0;
    std::int64_t m_lastNs = 0;
    bool m_any = false;
    mutable bool m_stopsStale = true;
    mutable std::vector<std::int64_t> m_callbackStops, m_phaseStops, m_iterationStops;
};

} // namespace loopscope
