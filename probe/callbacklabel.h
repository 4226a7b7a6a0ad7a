#pragma once

#include <string>
#include <string_view>

namespace loopscope::probe {

// Where a JavaScript function was created: its name (empty for an anonymous one), the script it is in
// (a path, a file: URL for an ES module, "node:..." for Node's own) and its place there, 1-based as a
// stack trace says it.
struct FunctionPlace
{
    std::string name;
    std::string script;
    int line = 0;
    int column = 0;
};

// True for a function of the program's own (or of a package it uses): one in a script that has a name and
// is not Node's (node:...), whose line is known.
bool isProgramsOwn(const FunctionPlace& place);

// The label of a callback of resource type `type` (Timeout, Immediate, ...) that runs `function`, one of the
// program's own: "Timeout slowGreeting (/app/prog.js:3:10)", or for an anonymous function, where it was
// created: "Timeout (anonymous, created at /app/prog.js:9:14)".
std::string callbackLabel(std::string_view type, const FunctionPlace& function);

// True for a place in the probe's own scripts (loopscope-probe.js, loopscope-queues.js), whose time is not the
// program's.
bool isProbesOwn(const FunctionPlace& place);

// True for a place in a package the program uses (a script under node_modules), which a request made from
// it is named by only when the program's own frame is not in reach.
bool isPackages(const FunctionPlace& place);

// The label of a request of resource type `type` (FSREQCALLBACK, GETADDRINFOREQWRAP, ...) made at `caller`,
// the program's frame that made it: "FSREQCALLBACK (created in loadConfig at /app/prog.js:12:6)", or
// "FSREQCALLBACK (created at /app/prog.js:3:4)" from a script's top level or an anonymous function.
std::string requestLabel(std::string_view type, const FunctionPlace& caller);

// The label of a frame of a sampled JavaScript stack, as a stack trace writes it, at the place the frame
// runs: "slowRoute (/app/server.js:14:10)", "(anonymous) (/app/prog.js:9:14)", "hash (node:internal/...)".
std::string frameLabel(const FunctionPlace& frame);

} // namespace loopscope::probe
