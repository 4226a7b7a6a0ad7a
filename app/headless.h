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
int reopenRecording(const CommandLine& options);

} // namespace headless
