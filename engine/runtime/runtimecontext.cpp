// RuntimeContext: what every job of a runtime shares.
#include "runtime/runtimecontext.h"

namespace loopscope {

RuntimeContext::RuntimeContext(uv_loop_t& uvLoop, Recording& runRecording, LiveState& liveState,
    std::shared_ptr<const Program> runProgram, RuntimeOptions runOptions)
    : loop(uvLoop)
    , recording(runRecording)
    , live(liveState)
    , program(std::move(runProgram))
    , options(std::move(runOptions))
    , ownClock(options.clock ? nullptr : std::make_unique<ProgramClock>(monotonicNs()))
    , rec(options.log ? *options.log : recording.mainLog(), recording.strings,
          options.clock ? *options.clock : *ownClock, options.thread, !options.parent)
    , parent(options.parent)
    , control(options.control)
    , poolBoard(options.poolBoard)
{
    rec.setEnabled(options.record);
    if (MemoryBudget* budget = options.budget) {
        ticks.setBudget(budget);
        microtasks.setBudget(budget);
        promises.setBudget(budget);
    }
}

std::uint32_t RuntimeContext::internDynamic(const std::string& text)
{
    // The string table has one writer, the main loop thread; workers use a generic label.
    return isWorker() ? labels.workerError : recording.strings.intern(text);
}

void RuntimeContext::recordError(const std::string& text, std::uint32_t deliveredTo)
{
    rec.text(RecordType::Error, internDynamic(text), rec.now(), deliveredTo);
}

} // namespace loopscope
