#pragma once

#include "recording/loopstate.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loopscope {

struct Program;

// A loop that runs now, as the window's feed follows it: a run of LoopScope's own (Session) or a
// Node.js program with the probe inside (AttachedProgram). The feed reads it from the GUI thread;
// nothing here waits for the loop.
class LiveLoop
{
public:
    virtual ~LiveLoop() = default;

    // The recording it fills while readers look.
    virtual const Recording& recording() const = 0;
    // Where the loop is now (its phase, its running callback, its queues' depths), and whether it ended.
    virtual const LiveState& liveState() const = 0;
    // The monotonic time recording time counts from; 0 while it is not known yet.
    virtual std::int64_t originNs() const = 0;
    // Recording time now (held time left out); -1 while the loop has no clock yet.
    virtual std::int64_t clockNs() const = 0;
    // Held by the loop controls, and where.
    virtual bool paused() const = 0;
    virtual std::optional<StepPoint> heldAt() const = 0;
    // The latest copy of the queues' contents (takenAtNs -1: none, or not observable).
    virtual QueueSnapshot queueSnapshot() const = 0;
    // Thread-pool items queued or running now.
    virtual std::vector<PoolBoard::Item> poolWork() const = 0;
    // Records the recording could not keep.
    virtual std::uint64_t droppedEvents() const = 0;
    // What it cannot see (Unobserved flags).
    virtual std::uint8_t unobserved() const { return recording().info.unobserved; }
    // How the recording is kept within the memory budget: the oldest records let go (the rolling window)
    // rather than spilled; the bytes moved to the spill file so far, where it is, and why it could not be
    // written (empty if it could).
    virtual bool rollingWindow() const = 0;
    virtual std::uint64_t spilledBytes() const = 0;
    virtual std::string spillDirectory() const = 0;
    virtual std::string spillProblem() const = 0;

    // What only some loops have. The program it runs, for a run of LoopScope's own (a Node.js program's
    // source is its own, not a Program): null otherwise.
    virtual const Program* ownProgram() const { return nullptr; }
    // Whether the recording outgrew its memory budget and the run was ended for it.
    virtual bool memoryBudgetExceeded() const { return false; }
};

} // namespace loopscope
