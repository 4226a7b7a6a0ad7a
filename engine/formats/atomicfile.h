#pragma once

#include "formats/progressmeter.h"

#include <functional>
#include <iosfwd>
#include <string>

namespace loopscope {

// Runs `write` on a temporary file next to `path` and renames it over `path` only when `write` succeeded,
// so a failed or cancelled write leaves no partial file; a device such as /dev/stdout is written in place.
// On failure sets *error (when given) to "<path>: <reason>", the reason being CancelledMessage when
// `meter` was cancelled.
// Whether writeFileAtomically could write `path`, found by creating and removing its temporary file;
// on failure sets *error like writeFileAtomically.
bool checkWritable(const std::string& path, std::string* error);
bool writeFileAtomically(const std::string& path, std::string* error, const ProgressMeter& meter,
    const std::function<bool(std::ostream&)>& write);

} // namespace loopscope
