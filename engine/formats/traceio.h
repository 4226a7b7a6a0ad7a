#pragma once

#include "formats/progress.h"
#include "recording/recording.h"

#include <iosfwd>
#include <string>
#include <string_view>

namespace loopscope {

// Bounds on a recording read from a file, well above what LoopScope writes: the main loop, the
// prober, up to 8 worker loops and up to 1024 pool workers. A worker loop costs an event log.
inline constexpr int MaxReadThreads = 2048;
inline constexpr int MaxReadWorkerLoops = 64;

// Writes a recording as a Chrome trace-event JSON object (opens in Perfetto and chrome://tracing).
bool writeTrace(const Recording& recording, std::ostream& out);
// Writes a recording to a file; on failure sets *error (when given) to a one-line message naming the file.
bool writeTrace(const Recording& recording, const std::string& path, std::string* error, const Progress& progress = {});

// Reads a LoopScope trace file into a freshly constructed recording; events of other tools are skipped.
// On failure sets *error to "<path>:<line>:<column>: <message>" and leaves `out` partially filled.
bool readTrace(const std::string& path, Recording& out, std::string* error, const Progress& progress = {});
// Reads a LoopScope trace from memory; errors read "<line>:<column>: <message>".
bool readTraceText(std::string_view json, Recording& out, std::string* error);

} // namespace loopscope
