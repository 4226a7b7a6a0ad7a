#pragma once

struct CommandLine;

// The command-line actions that need no window; each returns the process exit code.
namespace headless {

int listScenarios();
int emitJs(const CommandLine& options);
int run(const CommandLine& options);
int reopenRecording(const CommandLine& options);

} // namespace headless
