#pragma once

#include <string>

struct CommandLine;
namespace loopscope {
class Recording;
}

// What a run leaves behind, the same for a headless run and for the window: the files of --trace and
// --csv and the --summary on stderr. Failures are told on stderr, one line each.
namespace outputfiles {

// Finds an output that cannot be written before the run, not after it; false when one cannot.
bool checkWritable(const CommandLine& options);
// Writes --trace and --csv and prints --summary: `summary` when given (a run that kept only its summary,
// SessionOptions::summaryOnly), else one made from the recording. False when a file could not be written.
bool write(const CommandLine& options, const loopscope::Recording& recording, const std::string& summary = {});

} // namespace outputfiles
