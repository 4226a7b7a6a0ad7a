#pragma once

#include "attach/ingest.h"
#include "recording/recording.h"

#include <string>
#include <vector>

namespace loopscope::wire {

// Where the probe is and what to run: `node --require <probeDir>/loopscope-probe.js script args...`.
struct AttachOptions
{
    std::string node = "node"; // looked up on PATH unless a path
    std::string probeDir; // holds loopscope-probe.js and loopscope_probe.node
    std::string script;
    std::vector<std::string> arguments;
};

// How the program ended and what the probe sent.
struct AttachResult
{
    bool started = false; // false: node could not be started (error says why)
    int exitCode = 0; // the program's, or 128 + the signal that ended it
    int signal = 0;
    bool probed = false; // the probe's stream came, whole (false: streamError says why)
    std::string error;
    std::string streamError;
    std::vector<std::string> unavailable; // what the probe said it cannot see
};

// Runs a Node.js program with the probe loaded, its standard input, output and error its own (the
// program prints, reads and exits as it would without LoopScope), and records what its main loop did
// into `into` until it exits. The probe's pipe reaches it as fd 3, named by LOOPSCOPE_PROBE_FD, which
// the probe moves elsewhere and deletes from the environment at once.
AttachResult attach(const AttachOptions& options, Recording& into);

} // namespace loopscope::wire
