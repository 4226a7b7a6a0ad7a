#pragma once

struct CommandLine;

// The command-line actions that need no window; each returns the process exit code.
namespace headless {

int listScenarios();
int emitJs(const CommandLine& options);
int run(const CommandLine& options);
// --repeat N: runs the program N times, prints the first run's output and, on stderr, how often each
// output came.
int repeat(const CommandLine& options);
// --calibrate-node: measures this machine's Node.js and keeps the figures in the settings.
int calibrateNode(const CommandLine& options);
int reopenRecording(const CommandLine& options);
// --attach SCRIPT: runs a Node.js program with the probe and writes what its loop did; returns the
// program's exit status (2 when it could not be started), or, when LoopScope stopped it, 128 + the
// signal LoopScope got or 3 for --timeout-ms.
int attach(const CommandLine& options);

} // namespace headless
