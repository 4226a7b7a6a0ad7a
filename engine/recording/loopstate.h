#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loopscope {

// What the views show of a loop, whether the loop runs now (LoopControl publishes it) or a
// recording is replayed (Replay rebuilds it): the queues' contents and the places a step ends.

// One item in a modelled queue, for the queue panels.
struct QueueItem
{
    std::uint32_t label = 0; // string id in the recording
    std::uint8_t kind = 0; // microtasks: JobKind
    double dueInMs = 0; // timers: milliseconds until due (negative: overdue)
};

// A copy of the runtime's queues, taken on the loop thread at a phase boundary or a drain check
// point (at most every LoopControl::SnapshotIntervalNs), or rebuilt from a recording.
struct QueueSnapshot
{
    static constexpr std::size_t MaxItems = 200; // per queue; the counts say how many there really are
    std::int64_t takenAtNs = -1; // recording time; -1 before the first snapshot
    std::uint32_t iteration = 0;
    std::vector<QueueItem> timers, immediates, nextTicks, microtasks, closes;
    std::size_t timerCount = 0, immediateCount = 0, nextTickCount = 0, microtaskCount = 0, closeCount = 0;
};

// The places the loop may halt at.
enum class StepPoint : std::uint8_t {
    Phase, // a phase begins
    BeforeCallback, // a callback is about to run: the main module's is "paused before main"
    AfterCallback, // a callback's body, or one job of a drain, has run: what it queued is queued
};

// Where a step runs to: the next phase, the end of the next callback (a nextTick or a microtask
// job is one), or the first phase of the next iteration.
enum class StepMode : std::uint8_t { Phase, Callback, Iteration };

} // namespace loopscope
