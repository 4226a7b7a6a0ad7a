#pragma once

#include "recording/recording.h"

#include <string>

namespace loopscope {

// A human-readable, multi-line summary of a run or a loaded recording, ending with a newline.
std::string summarize(const Recording& recording);

} // namespace loopscope
