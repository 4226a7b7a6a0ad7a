#pragma once

#include "formats/progress.h"

#include <string>

namespace loopscope {

class MappedFile;
class SpillFile;

// Inflates the gzip file `compressed` into `into` (an unlinked temporary file, not memory) and maps it
// as `inflated`; returns the problem, or an empty string. What inflates is looked at as it comes: a
// start that is not JSON is refused at once, and no recording may grow past 2 GB inflated (a few bytes
// can claim gigabytes). `progress` counts the compressed bytes read, and cancels.
std::string inflateToFile(MappedFile& compressed, SpillFile& into, MappedFile& inflated, const Progress& progress);

} // namespace loopscope
