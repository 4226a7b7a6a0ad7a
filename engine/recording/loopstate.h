#pragma once

#include "recording/events.h"

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

// Why the callback named by NextUp runs next: the rule of the runtime's decision, in the words
// the views give it.
enum class NextRule : std::uint8_t {
    Unknown, // no decision taken here (a snapshot between boundaries, or a recording)
    ThisCallback, // held before a callback: it is the one that runs
    ModuleAfterLoad, // an ES module's body, once the loader's read of the file calls back in poll
    TicksFirst, // after a callback's body (CommonJS, or any callback but a module's): nextTicks first
    TicksDrainCompletely, // the nextTick queue drains completely, new ticks included
    PromisesAfterTicks, // the nextTicks are done: promise jobs run until none are left
    PromisesInModuleJob, // an ES module's body is a promise job: its promise jobs run before its nextTicks
    PromisesUntilEmpty, // V8's microtask checkpoint runs until the queue is empty; nextTicks wait
    TicksAfterPromises, // processTicksAndRejections: ticks queued by promise jobs run, then jobs again
    TimersInOrder, // the timers phase runs every timer due, in Node's order, draining between them
    ImmediatesInCheck, // the check phase runs the immediates queued before it began, in order
    CheckBeforeTimers, // the loop is past timers: check (immediates) comes before the next timers phase
    TimerDue, // the next iteration's timers phase runs a timer that is due already
    TimerAfterWait, // nothing else is queued: poll waits until the timer comes due
    TimerOrImmediate, // a main module's race: the timer if 1 ms has passed on the loop clock, else the immediate
    ImmediateUnlessTimer, // the next iteration's check runs the immediate, unless the timer comes due before it
    CloseCallbacks, // the close phase runs the callbacks of closed handles
    WaitsForIo, // nothing is queued: the loop waits for I/O in flight
    Nothing, // nothing is queued or in flight: the loop ends (or waits, if it serves)
    Recorded, // a recording replayed: the callback it shows ran next (the decision was not recorded)
};

// What runs next where the loop is held, as the runtime decides it at that place (Stepping::nextUp).
struct NextUp
{
    NextRule rule = NextRule::Unknown;
    CallbackKind kind = CallbackKind::Main;
    std::uint32_t label = 0; // string id; meaningful when `rule` names a callback
    // I/O in flight may call back first (poll comes before the place named).
    bool ioMayComeFirst = false;
    // TimerOrImmediate, ImmediateUnlessTimer: the other contender.
    std::uint32_t otherLabel = 0;
    CallbackKind otherKind = CallbackKind::Main;
    // Whether `label` and `kind` name a callback (false: the loop waits or ends).
    bool namesCallback() const
    {
        return rule != NextRule::Unknown && rule != NextRule::WaitsForIo && rule != NextRule::Nothing;
    }
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
    // Where the loop is held: what runs next and why (the runtime's own decision).
    NextUp next;
    // Held after a callback's body: the callback (or drained job) whose body ran.
    bool ranValid = false;
    std::uint32_t ranLabel = 0;
    CallbackKind ranKind = CallbackKind::Main;
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
