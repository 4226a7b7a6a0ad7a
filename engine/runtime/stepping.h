#pragma once

#include "loop/loopcontrol.h"
#include "runtime/runtimecontext.h"

#include <cstdint>
#include <optional>

namespace loopscope {

class Callbacks;
class Http;
class Immediates;
class ThreadPoolWork;
class Timers;
class Workers;
class Workloads;

// What the views see of the queues, and the places the user may hold the loop at: the queue samples
// and snapshots, what runs next from a place and why (the drain rule, then the phases as this
// runtime will take them), and the held time taken out of the program's. Reads every job's queues.
class Stepping
{
public:
    Stepping(RuntimeContext& context, const Callbacks& callbacks, Timers& timers, const Immediates& immediates,
        const Http& http, const ThreadPoolWork& poolWork, const Workers& workers, const Workloads& workloads);
    Stepping(const Stepping&) = delete;
    Stepping& operator=(const Stepping&) = delete;

    // A place the user may hold the loop at (LoopControl); held time is taken out of the program's.
    void boundary(std::int64_t at, StepPoint point)
    {
        LoopControl* control = m_control;
        if (!control)
            return;
        if (control->wantsSnapshot(at))
            publishSnapshot(at);
        if (control->engaged()) {
            publishSnapshot(at, point);
            if (const std::int64_t held = control->boundary(point, m_ctx.iteration, m_ctx.clock()))
                tookOutHeldTime(at, held, m_ctx.labels.held);
            m_ctx.checkCancelled();
        }
    }
    void tookOutHeldTime(std::int64_t at, std::int64_t heldNs, std::uint32_t label);
    // Publishes the queues; at a place the loop may halt, also what runs next from there (nextUp).
    void publishSnapshot(std::int64_t at, std::optional<StepPoint> point = std::nullopt);
    // Samples the queues into the live state and the recording, at most once a millisecond unless forced.
    void sampleQueues(std::int64_t at, bool force = false)
    {
        if (force || at - m_lastSample >= SampleIntervalNs)
            sampleNow(at);
    }
    // The program time (ns) at which the loop clock, less the timers' base, read 0 (start()).
    void setLoopZero(std::int64_t ns) { m_loopZeroNs = ns; }

private:
    static constexpr std::int64_t SampleIntervalNs = 1'000'000;

    void sampleNow(std::int64_t at);
    // What runs next from `point` and why: the drain rule, then the rest of the phase and the phases
    // after it, as this runtime will take them. For the views, while the loop is held.
    NextUp nextUp(StepPoint point) const;
    // nextUp() once the drain is done: the loop goes on from where it is.
    NextUp afterDrain(StepPoint point) const;
    NextUp nextIteration(bool beforeLoop, bool ioThisIteration) const;
    // Whether an I/O callback may come (thread-pool work, requests, workers, workloads in flight).
    bool ioInFlight() const;

    RuntimeContext& m_ctx;
    // The context's, kept here too: boundary() tests it on every callback's path.
    LoopControl* const m_control;
    const Callbacks& m_callbacks;
    Timers& m_timers;
    const Immediates& m_immediates;
    const Http& m_http;
    const ThreadPoolWork& m_poolWork;
    const Workers& m_workers;
    const Workloads& m_workloads;
    std::int64_t m_heldCarryNs = 0; // held time not yet taken out of the loop clock's whole milliseconds
    // Timers' due times in program time, so held time (which the program's clock leaves out exactly)
    // never shows as lateness.
    std::int64_t m_loopZeroNs = 0;
    std::int64_t m_lastSample = -1'000'000'000;
};

} // namespace loopscope
