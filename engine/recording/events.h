#pragma once

#include <cstdint>

namespace loopscope {

// The libuv phases, with libuv's own words.
enum class Phase : std::uint8_t { Timers, Pending, Idle, Prepare, Poll, Check, Close };
inline constexpr int PhaseCount = 7;

// What invoked a callback, as the trace's args.kind says it.
enum class CallbackKind : std::uint8_t { Timer, Immediate, NextTick, Microtask, Io, Close, Work, Main };

// The kind of a microtask job, as ECMA-262 names them.
enum class JobKind : std::uint8_t { Callback, PromiseReactionJob, PromiseResolveThenableJob };

// Why poll blocked for as long as it did.
enum class PollReason : std::uint8_t { ImmediatesPending, TimerDue, WaitingForIo, NoWait };

// The one rule for why poll waits as long as it does, whoever applies it (the runtime, the views from a
// replayed state, an attached program's probe): no wait while immediates are pending (Node's idle handle
// is active), nor when the loop has other work to do at once (`mustNotWait`: pending callbacks, closing
// handles, nothing left alive); else until a timer of the program's comes due, or, with none, for I/O
// (LoopScope's own timers, the delay monitor's, bound that wait without being the program's).
inline PollReason pollReasonOf(bool immediatesPending, bool mustNotWait, bool programTimer)
{
    if (immediatesPending)
        return PollReason::ImmediatesPending;
    if (mustNotWait)
        return PollReason::NoWait;
    return programTimer ? PollReason::TimerDue : PollReason::WaitingForIo;
}

enum class RecordType : std::uint8_t {
    Phase, // a phase of one iteration; sub = Phase; phaseTimed() says whether it was timed (false: passed,
           // not observable), pollTimeoutMs() how long a poll phase could wait
    Callback, // a callback or a run of identical callbacks; sub = CallbackKind
    Pool, // one thread-pool work item; thread = the pool worker that ran it
    Queues, // a sample of the queue depths
    Latency, // a loop-delay or health-probe sample
    Log, // one line of console output; label = its text, the rest in ConsoleFields
    Error, // an error delivered to the program; label = its message, the rest in ConsoleFields
    Held, // the user held the loop here (paused, stepping, slow motion); heldNs() = how long, which
          // the program's time leaves out, so the record has no width
    Queued, // callbacks joined a queue; sub = the CallbackKind that will run them and their JobKind as
            // a callback's sub holds them, label = their label, span.count = how many, timerDelayNs() =
            // the delay (timers); sub Main: every JavaScript queue was emptied (work abandoned); with
            // LeftFlag in sub: they left their queue without running (a timer or immediate cleared)
};

// A callback record's sub holds its CallbackKind in the low bits, and flags above them: Internal
// (bit 3): Node's own JavaScript ran it (readFile's steps, the module loader), no callback of the
// program's, so no step ends there; the JobKind of a microtask (bits 4-5); and Requeued (bit 7):
// each call of the record queued one callback of its own label and kind, which holds no Queued
// record of its own. Self-rescheduling chains (a nextTick storm, a setImmediate loop, an await
// loop) so cost no record per step.
inline constexpr std::uint8_t CallbackKindMask = 0x07;
inline constexpr std::uint8_t InternalFlag = 0x08;
inline constexpr std::uint8_t JobKindShift = 4;
inline constexpr std::uint8_t RequeuedFlag = 0x80;
// A Queued record's sub holds LeftFlag (bit 6) for callbacks that left their queue without running: a
// program's clearTimeout or clearImmediate (a LoopScope program's, or an attached program's).
inline constexpr std::uint8_t LeftFlag = 0x40;

// Thread ids in records: 0 is the main loop, pool workers are 1..N, worker loops start at WorkerThreadBase.
inline constexpr std::uint16_t MainThread = 0;
inline constexpr std::uint16_t WorkerThreadBase = 2000;

inline const char* phaseName(Phase phase)
{
    static const char* const names[] = { "timers", "pending", "idle", "prepare", "poll", "check", "close" };
    return names[static_cast<int>(phase)];
}

inline const char* callbackKindName(CallbackKind kind)
{
    static const char* const names[] = { "timer", "immediate", "nextTick", "microtask", "io", "close", "work", "main" };
    return names[static_cast<int>(kind)];
}

inline const char* jobKindName(JobKind kind)
{
    static const char* const names[] = { "queueMicrotask", "PromiseReactionJob", "PromiseResolveThenableJob" };
    return names[static_cast<int>(kind)];
}

// A callback run's maxNs when only the run as a whole was timed (an attached program's ticks or promise
// jobs counted in one drain): its mean is busyNs / count, its longest call is not known.
inline constexpr std::int64_t LongestUnknown = -1;

// What a span record (phase, callback run, pool work) carries.
struct SpanFields
{
    std::int64_t durNs; // wall time from the first start to the last end
    std::int64_t busyNs; // callbacks: summed duration of the run; pool: time queued before it started
    std::int64_t maxNs; // by type, read through its accessor below: longestCallNs(), pollTimeoutMs(),
                        // heldNs(), timerDelayNs()
    std::uint32_t count; // callbacks in this run (1 for a single call)
    std::uint32_t iteration; // loop iteration, from 1
};

// What a console line (Log) or an error (Error) carries.
struct ConsoleFields
{
    std::uint32_t steps; // the steps of the measured stretch the line closes (the program's `steps`: since the
                         // previous such line of its thread, or the start), 0: none
    std::uint32_t from; // the label of the callback that printed it, 0 (the empty string): not known
};

// What a queue-length sample carries.
struct QueueCounts
{
    std::uint32_t nextTick, microtask, immediate, timers, close, poolQueued, poolActive;
};

// The healthMs of a /health probe that got no 200 answer (refused, timed out, an error status): a failure,
// never a latency. Like every negative value it reads as "no response time" to whatever does not look for it.
inline constexpr double HealthProbeFailed = -2;

// What a latency sample carries.
//
// A sample stands for the interval before it: a loop-delay sample for the histogramMs since the
// monitor's previous check, a /health sample for the healthMs the request took.
struct LatencyFields
{
    double
        loopDelayMs; // how much later than expected the monitor's check ran (histogramMs - resolution); < 0 when none
    double healthMs; // < 0 when this sample has none; HealthProbeFailed when the probe failed
    double utilization; // event-loop utilization 0..1 since the previous sample; < 0 when none
    double histogramMs; // Node's raw monitorEventLoopDelay value: the time between two checks; < 0 when none
};

// One recorded event: plain data, written by the loop thread, read by consumers.
struct Record
{
    std::int64_t startNs = 0; // since the run started
    RecordType type = RecordType::Callback;
    std::uint8_t sub = 0;
    std::uint16_t thread = MainThread;
    std::uint32_t label = 0; // a string id of the run's StringTable

    union {
        SpanFields span;
        ConsoleFields console;
        QueueCounts queues;
        LatencyFields latency;
    };

    Record()
        : span {}
    { }
};

static_assert(sizeof(Record) == 48, "records are packed into fixed-size chunks");

inline CallbackKind callbackKindOf(const Record& r)
{
    return CallbackKind(r.sub & CallbackKindMask);
}
inline JobKind jobKindOf(const Record& r)
{
    return JobKind((r.sub >> JobKindShift) & 0x03);
}
inline bool requeuedItself(const Record& r)
{
    return (r.sub & RequeuedFlag) != 0;
}
inline bool leftWithoutRunning(const Record& r)
{
    return r.type == RecordType::Queued && (r.sub & LeftFlag) != 0;
}
inline bool isInternal(const Record& r)
{
    return (r.sub & InternalFlag) != 0;
}

// The fields whose meaning depends on the record's type, by their names: a span's maxNs and a phase's label
// mean something else for each, and no reader needs to know which.

// Whether a phase was timed, or passed where it could not be observed (its label: 1 timed, 0 passed).
inline bool phaseTimed(const Record& r)
{
    return r.type == RecordType::Phase && r.label != 0;
}
inline void setPhaseTimed(Record& r, bool timed)
{
    r.label = timed ? 1 : 0;
}
// How long a poll phase could wait, in ms: -1 for ever (nothing but I/O to wait for), 0 for not at all.
inline std::int64_t pollTimeoutMs(const Record& r)
{
    return r.type == RecordType::Phase ? r.span.maxNs : 0;
}
inline void setPollTimeoutMs(Record& r, std::int64_t ms)
{
    r.span.maxNs = ms;
}
// A callback run's longest single call (LongestUnknown: the run was timed as a whole).
inline std::int64_t longestCallNs(const Record& r)
{
    return r.span.maxNs;
}
inline void setLongestCallNs(Record& r, std::int64_t ns)
{
    r.span.maxNs = ns;
}
// How long the user held the loop at a Held record.
inline std::int64_t heldNs(const Record& r)
{
    return r.type == RecordType::Held ? r.span.maxNs : 0;
}
inline void setHeldNs(Record& r, std::int64_t ns)
{
    r.span.maxNs = ns;
}
// The delay of the timers a Queued record says joined their queue (0 for every other queue).
inline std::int64_t timerDelayNs(const Record& r)
{
    return r.type == RecordType::Queued ? r.span.maxNs : 0;
}
inline void setTimerDelayNs(Record& r, std::int64_t ns)
{
    r.span.maxNs = ns;
}

// The steps of the measured stretch a console line closes (0: it closes none).
inline std::uint32_t stepsMeasured(const Record& r)
{
    return r.type == RecordType::Log ? r.console.steps : 0;
}
// The label of the callback that printed a console line or was delivered an error; 0 when not known.
inline std::uint32_t printedBy(const Record& r)
{
    return r.type == RecordType::Log || r.type == RecordType::Error ? r.console.from : 0;
}

} // namespace loopscope
