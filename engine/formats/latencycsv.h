#pragma once

#include "formats/progress.h"
#include "recording/recording.h"

#include <iosfwd>
#include <string>

namespace loopscope {

// Writes one CSV row per latency sample: timeMs,loopDelayMs,healthMs (a cell is empty when the sample has none).
bool writeLatencyCsv(const Recording& recording, std::ostream& out);
// Writes the latency CSV to a file; on failure sets *error (when given) to a one-line message naming the file.
bool writeLatencyCsv(
    const Recording& recording, const std::string& path, std::string* error, const Progress& progress = {});

} // namespace loopscope
