#pragma once

#include "attach/attachrun.h"

#include <string>

namespace loopscope::wire {

// The JavaScript LoopScope evaluates in a running program's inspector (with the console's command-line
// API, whose require() works in CommonJS and ES module programs alike) to load the probe from `probeDir`
// and connect it to LoopScope's socket `socketName`: true once the probe runs, else why it does not.
// A main-thread callback running past `blockThresholdMs` (> 0) has its stacks sampled.
std::string probeExpression(const std::string& probeDir, const std::string& socketName, int delayMonitorMs,
    bool everyCallback, int blockThresholdMs);

// The JavaScript that closes the inspector again (its session with it).
inline constexpr const char* InspectorCloseExpression = "require('inspector').close()";

// A string as a JavaScript string literal, in double quotes.
std::string javaScriptString(const std::string& text);

// Attaches to Node.js process `options.pid` as it runs, as `node inspect -p PID` reaches one: opens its
// inspector (SIGUSR1) on loopback, has `options.loadProbe` load the probe into it (which closes the
// inspector again), and records what the probe sends on a socket of LoopScope's (in the abstract
// namespace) into `into` until the process exits or LoopScope lets go of it (stopFd, the timeout): then
// the probe takes out every hook and handle it put in, and the program runs on. A process LoopScope
// cannot attach to (not there, another user's, not node, its inspector disabled or open already) is
// AttachResult::error, in one sentence, and is left untouched.
AttachResult attachToProcess(const AttachOptions& options, Recording& into);

} // namespace loopscope::wire
