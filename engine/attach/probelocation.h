#pragma once

#include <string>
#include <vector>

namespace loopscope::wire {

// The directories the probe (loopscope-probe.js and loopscope_probe.node) is looked for in, in order, for
// an executable in `executableDir`: an installation's lib/loopscope beside its bin (LOOPSCOPE_PROBE_RELATIVE_DIR,
// /usr/lib/loopscope for /usr/bin/loopscope), then the executable's own directory (a build tree).
std::vector<std::string> probeDirectories(const std::string& executableDir);

// The first of probeDirectories() that holds both of the probe's files, or empty when none does.
std::string findProbeDirectory(const std::string& executableDir);

} // namespace loopscope::wire
