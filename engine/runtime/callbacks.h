#pragma once

#include "recording/events.h"
#include "runtime/job.h"

#include <cstdint>

namespace loopscope {

class AbortSignals;
class Interpreter;
class PromiseWork;
class RunEnd;
class Stepping;
struct RuntimeContext;

// The drain rule: every callback the loop runs goes through here, and after its body the nextTick
// queue empties, then V8's microtask checkpoint runs the promise jobs, round again while ticks
// remain (processTicksAndRejections), before the callback is recorded. Runs the jobs the queues hold
// (runJob), whichever queue ran them. The templates are inline in
// invoke.h, which only the runtime's own files include.
class Callbacks
{
public:
    // Where a drain stands: before it (a callback's body has run) or among nextTicks, or inside V8's
    // microtask checkpoint. The next job's queue follows from it (drainPick).
    enum class DrainStage : std::uint8_t { Ticks, Microtasks };
    enum class DrainPick : std::uint8_t { Tick, Microtask, Done };

    Callbacks(RuntimeContext& context, Stepping& stepping, Interpreter& interpreter, PromiseWork& promiseWork,
        AbortSignals& signals, RunEnd& runEnd);
    Callbacks(const Callbacks&) = delete;
    Callbacks& operator=(const Callbacks&) = delete;

    // Every entry from libuv goes through here: runs `body`, and ends the run if it was aborted.
    template <typename F> void fromLoop(F&& body);
    template <typename F> void invoke(std::uint32_t label, CallbackKind kind, F&& body);
    // Runs a callback that began at `start` (a timestamp the caller already has); returns when it ended.
    template <typename F> std::int64_t invokeFrom(std::int64_t start, std::uint32_t label, CallbackKind kind, F&& body);
    // Runs a callback of Node's own JavaScript (readFile's steps, the ES module loader): it is no
    // place to halt at when stepping, though the jobs its drain runs are.
    template <typename F> void invokeInternal(std::uint32_t label, F&& body);
    void beginCallback(std::int64_t start, std::uint32_t label, CallbackKind kind);
    // Drains the queues after the callback, then records it; returns when it ended.
    std::int64_t endCallback(std::int64_t start, std::uint32_t label, CallbackKind kind);
    void drain();
    // Runs a job of the queues, whichever ran it (the drain, the check phase, a timer).
    void runJob(const Job& job);
    // The drain rule: the queue the drain's next job comes from. drain() runs by it; Stepping::nextUp()
    // announces by it.
    DrainPick drainPick() const;
    DrainStage drainStage() const { return m_drainStage; }
    // Ends what cancelled() interrupted: the Runtime abandons the work (cancelWork) or the whole run.
    void stopCancelled();

    // The callback whose body ran last (at an AfterCallback place), and the one about to run (at a
    // BeforeCallback place), for the views while the loop is held there.
    std::uint32_t ranLabel() const { return m_ranLabel; }
    CallbackKind ranKind() const { return m_ranKind; }
    std::uint32_t aboutLabel() const { return m_aboutLabel; }
    CallbackKind aboutKind() const { return m_aboutKind; }

private:
    // A thenable's then(resolve) ran, or a generator yielded: the reaction that resumes the function is queued. Out of
    // line and cold, so that runJob()'s dispatch saves no registers.
    [[gnu::cold, gnu::noinline]] void resumeOneReactionLater(const Job& job);
    std::int64_t drained(const Job& job, CallbackKind kind, std::int64_t start, std::uint32_t& sinceSample);

    RuntimeContext& m_ctx;
    Stepping& m_stepping;
    Interpreter& m_interpreter;
    PromiseWork& m_promiseWork;
    AbortSignals& m_signals;
    // Only to end a cancelled run: what that drops is every job's.
    RunEnd& m_runEnd;
    bool m_internalCallback = false; // the running callback is invokeInternal's
    DrainStage m_drainStage = DrainStage::Ticks;
    std::uint32_t m_ranLabel = 0;
    CallbackKind m_ranKind = CallbackKind::Main;
    std::uint32_t m_aboutLabel = 0;
    CallbackKind m_aboutKind = CallbackKind::Main;
};

} // namespace loopscope
