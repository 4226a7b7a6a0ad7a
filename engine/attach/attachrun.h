#pragma once

#include "attach/ingest.h"
#include "recording/recording.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace loopscope::wire {

// Where the probe is, what to run (`node --require <probeDir>/loopscope-probe.js nodeOptions... script
// args...`), and where its output goes.
struct AttachOptions
{
    std::string node = "node"; // looked up on PATH unless a path
    std::string probeDir; // holds loopscope-probe.js, loopscope-queues.js and loopscope_probe.node
    std::string script;
    std::vector<std::string> arguments;
    // Node's own options (--expose-gc, --stack-size=500), given before the script as the program's
    // process.execArgv, which the probe's --require is taken out of.
    std::vector<std::string> nodeOptions;
    // The program's standard output and error: its own (a terminal's: it prints, reads and is
    // interrupted as it would be without LoopScope), or recorded, a line a Log or Error record (the
    // window's console), its standard input then empty.
    enum class Output { Inherited, Recorded };
    Output output = Output::Inherited;
    // What a live reader follows, if any (Ingest::follow).
    LiveFollow* follow = nullptr;
    // > 0: the probe runs a loop-delay monitor of this resolution (an unreferenced timer).
    int delayMonitorMs = 0;
    // False: the probe starts marking the phases only (Control::MarkersOnly), true: every callback too.
    bool everyCallback = true;
    // A main-loop callback that runs longer than this has its JavaScript stacks sampled while it lasts
    // (the recording's blockProfiles); 0: never.
    int blockThresholdMs = DefaultBlockThresholdMs;
    static constexpr int DefaultBlockThresholdMs = 50;
    // The recording's memory budget and what happens past it, as for LoopScope's own runs (the default
    // budget, spilling to a temporary file).
    RecordingKeeping keeping;
    // Called on the attaching thread once node runs, with its process id and the socket Control bytes go
    // to (valid until attach() returns).
    std::function<void(int pid, int controlFd)> started;
    // Readable (a byte written to it, by a signal handler say): LoopScope stops following the program. It
    // ends it (SIGTERM, then SIGKILL StopGraceMs later, if it still runs) and records until it has, or,
    // with `detach`, lets go of it at once.
    int stopFd = -1;
    // > 0: the program is stopped as by stopFd this long after it started (--timeout-ms).
    int timeoutMs = 0;
    // The program's child node processes (forks, cluster workers, node run by a shell) are recorded too,
    // each as a process of its own (Recording::children; FollowedChildren). Their probe reaches them through
    // the environment: NODE_OPTIONS requires it and LOOPSCOPE_PROBE_CHILDREN names LoopScope's socket, both
    // left in the program's environment for its children to inherit. Without it, the program's children
    // start as they would without LoopScope.
    bool followChildren = false;
    // The program runs on when LoopScope stops following it or dies: the probe then goes quiet. Without
    // it, a probe whose socket hangs up ends the program as stopFd would (LoopScope was killed).
    bool detach = false;
    // > 0: LoopScope attaches to this Node.js process as it runs instead of starting one (attachToProcess);
    // `node`, `script`, `arguments`, `nodeOptions`, `output`, `followChildren` and `detach` do not apply, and
    // stopping always lets go of it, never ends it.
    int pid = 0;
    // For `pid`: loads the probe into the process through the inspector it opened on 127.0.0.1:`port`
    // (evaluating `expression`, probeExpression()'s), then closes that inspector again. Returns empty, or
    // why the probe does not run, in one sentence.
    std::function<std::string(int port, const std::string& expression)> loadProbe;
};

// How the program ended and what the probe sent.
struct AttachResult
{
    bool started = false; // false: node could not be started (error says why)
    int exitCode = 0; // the program's, or 128 + the signal that ended it
    int signal = 0; // the signal that ended it, or 0
    bool probed = false; // the probe's stream came, whole (false: streamError says why)
    std::string error;
    std::string streamError;
    std::vector<std::string> unavailable; // what the probe said it cannot see
    std::uint64_t spilledBytes = 0; // of the recording, in its spill file
    std::string spillProblem; // why it could not spill (its oldest records were let go instead), if it could not
    int pid = 0; // node's, once started
    // followChildren: the children's recordings, each describing itself, for the caller to make the
    // program's Recording::children once no reader looks; and those past FollowedChildren::MaxChildren,
    // which ran unrecorded.
    std::vector<std::unique_ptr<Recording>> children;
    std::size_t childrenRefused = 0;
    // How the following ended: the program ended by itself, or stopFd or the timeout stopped it.
    enum class Stop { None, Asked, TimedOut };
    Stop stop = Stop::None;
    bool detached = false; // stopped with AttachOptions::detach: the program still runs (no exit status)
    // AttachOptions::pid: the inspector LoopScope opened was closed again (false: it is still open, or was
    // never opened).
    bool inspectorClosed = false;
    // The recording's info as it was when attach() began, with what the stream said about the program
    // (Ingest::describe) and how it ended (exitStatus or exitSignal; a timeout, a detach, a lost stream),
    // for the caller to put in place once no reader looks at it. Why stopFd was written is the caller's
    // to say (stoppedBy).
    RecordingInfo described;
};

// The resolution of the probe's loop-delay monitor where LoopScope runs one (the window, a headless
// run): monitorEventLoopDelay's default.
inline constexpr int DelayMonitorResolutionMs = 10;

// What the probe does not see (yet): a recording of an attached program says so (RecordingInfo).
inline constexpr std::uint8_t ProbeUnobserved
    = UnobservedQueues | UnobservedThreadPool | UnobservedPollWait | UnobservedCloses;

// The probe's three files, as they lie in `probeDir`: the path of the first one missing, or empty.
std::string missingProbeFile(const std::string& probeDir);

// Runs a Node.js program with the probe loaded and records what its loops did into `into` until it
// exits, or is stopped (`into`'s info is left as it was: see AttachResult::described; with followChildren,
// its children's recordings are AttachResult::children). The probe's socket reaches it on
// a number above every descriptor the program inherits or opens first (1023 where the open-files limit
// allows), named by LOOPSCOPE_PROBE_FD, which the probe makes close-on-exec and deletes from the
// environment at once (and LOOPSCOPE_PROBE_DELAY_MS, LOOPSCOPE_PROBE_MODE with it).
// With AttachOptions::pid, attachToProcess(options, into).
AttachResult attach(const AttachOptions& options, Recording& into);

} // namespace loopscope::wire
