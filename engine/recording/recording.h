#pragma once

#include "recording/blockprofiles.h"
#include "recording/eventlog.h"
#include "recording/stringtable.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace loopscope {

// What a recording cannot tell, because whatever recorded it could not see it (a probe inside a Node.js
// program marking the phases only sees neither the queues' contents nor, on some nodes, the thread pool):
// views say "not seen", never 0.
enum Unobserved : std::uint8_t {
    UnobservedQueues = 1, // the JavaScript queues' contents and depths (the close callbacks' included)
    UnobservedThreadPool = 2, // the pool's work, queued and running
    UnobservedPollWait = 4, // how long poll would wait, and why
    UnobservedCloses = 8, // the close callbacks waiting (a probe sees the other queues, not libuv's closing list)
    UnobservedConsole = 16, // the program's output: it wrote to its own terminal, never read by LoopScope
};
inline constexpr const char* UnobservedNames[] = { "queues", "threadPool", "pollWait", "closes", "console" };

// What a recording says about itself (the trace's otherData).
struct RecordingInfo
{
    std::string generator; // "LoopScope VERSION"
    std::string libuv; // uv_version_string()
    std::string program; // the program's name
    int threadpoolSize = 4;
    bool aborted = false;
    std::uint64_t droppedEvents = 0;
    std::uint64_t truncatedEvents = 0; // events a capped trace file left out (read back from "truncatedEvents")
    bool timersAfterClose = false; // libuv >= 1.45 runs timers after the close phase
    std::uint8_t unobserved = 0; // Unobserved flags
    // What performance.eventLoopUtilization() reads at the program's exit: when the loop started (Node's
    // loopStart milestone, after a CommonJS main module) and the time it spent idle in poll since
    // (uv_metrics_idle_time); -1 where not recorded.
    std::int64_t loopStartNs = -1;
    std::int64_t loopIdleNs = -1;
    // How an attached program ended: its exit status, or the signal that ended it (0: none); -1 and 0
    // while it runs, and for LoopScope's own runs.
    int exitStatus = -1;
    int exitSignal = 0;
    // A program of LoopScope's own that ended as a Node process ends on an error (an unhandled
    // rejection; exitStatus 1): what Node prints on stderr for it. Empty otherwise.
    std::string fatalError;
    // An attached program LoopScope stopped following before it ended by itself: why (on a signal
    // LoopScope got, at --timeout-ms, or as its window closed), and whether LoopScope ended it (the
    // default) or left it running (--detach).
    // Parent: a child process followed with the program (--follow-children) that still ran when LoopScope
    // stopped following the program.
    enum class StoppedBy : std::uint8_t { None, Signal, Timeout, Window, Parent };
    StoppedBy stoppedBy = StoppedBy::None;
    int stopSignal = 0; // StoppedBy::Signal: the signal LoopScope got
    int timeoutMs = 0; // StoppedBy::Timeout: --timeout-ms
    bool detached = false;
    // A process attached to as it ran (--attach-pid): LoopScope never ends it, it always detaches.
    bool attachedWhileRunning = false;
    // When the probe's stream ended while the program went on (it closed the probe's socket): the
    // recording ends there. -1: it did not.
    std::int64_t streamLostNs = -1;
    std::vector<std::pair<std::uint16_t, std::string>> threadNames; // record thread id -> display name
    // An attached program's process, as the system numbers it (0: not known, and for LoopScope's own runs);
    // for a child process followed with it (--follow-children), the process that started it, and when its
    // probe started on the clock of the program's recording (its own records count from there).
    int pid = 0;
    int parentPid = 0;
    std::int64_t startNs = 0;
};

// A whole recording: labels, and one event log per producing loop thread
// (logs[0] is the main loop; it also carries the thread-pool records). The others say what they are
// (EventLog::role(): a worker loop, the /health prober, the session's notes); where each lies differs
// between a live session, an attached program and a recording read back.
// Live runs fill it while readers look; loaded files fill it once.
class Recording
{
public:
    Recording() { logs.push_back(std::make_unique<EventLog>()); }

    EventLog& mainLog() { return *logs.front(); }
    const EventLog& mainLog() const { return *logs.front(); }

    // The bytes of records held in memory, and the log holding most of them (the one to spill first).
    std::size_t memoryBytes() const
    {
        std::size_t bytes = 0;
        for (const auto& log : logs)
            bytes += log->memoryBytes();
        return bytes;
    }
    EventLog& largestLog()
    {
        EventLog* largest = logs.front().get();
        for (const auto& log : logs) {
            if (log->memoryBytes() > largest->memoryBytes())
                largest = log.get();
        }
        return *largest;
    }
    // Past a memory budget, from one thread (not a producer's, unless it is the only one): moves the oldest
    // sealed chunks, the largest log's first, into `file` until at most `targetBytes` stay in memory or
    // nothing sealed is left; false when the file failed (its error() says why; the chunk stays).
    bool spillDownTo(SpillFile& file, std::size_t targetBytes)
    {
        while (memoryBytes() > targetBytes) {
            const long moved = largestLog().spill(file, 1);
            if (moved < 0)
                return false;
            if (moved == 0)
                break;
        }
        return true;
    }
    // A rolling window instead: lets go of the oldest sealed chunks the same way (their records counted
    // as dropped), as far as the live reader has read them.
    void letGoDownTo(std::size_t targetBytes)
    {
        while (memoryBytes() > targetBytes) {
            if (largestLog().dropOldest(1) == 0)
                break;
        }
    }

    RecordingInfo info;
    StringTable strings;
    std::vector<std::unique_ptr<EventLog>> logs;
    // The JavaScript stacks of the callbacks that blocked an attached program's loops (the probe samples
    // them); empty for LoopScope's own runs.
    BlockProfiles blockProfiles;
    // An attached program's child processes followed with it (--follow-children: forks, cluster workers,
    // node run by a shell), each a recording of its own, in the order they started; its info says which
    // process it is and its program is its command line. Filled while the program runs by the attaching
    // thread alone: readers look once the run has ended.
    std::vector<std::unique_ptr<Recording>> children;
};

} // namespace loopscope
