#include "attach/probelocation.h"

#include "attach/attachrun.h"

#include <filesystem>

namespace loopscope::wire {

std::vector<std::string> probeDirectories(const std::string& executableDir)
{
    const std::filesystem::path installed
        = (std::filesystem::path(executableDir) / LOOPSCOPE_PROBE_RELATIVE_DIR).lexically_normal();
    std::string installedDir = installed.string();
    if (installedDir.size() > 1 && installedDir.back() == '/')
        installedDir.pop_back();
    return { installedDir, executableDir };
}

std::string findProbeDirectory(const std::string& executableDir)
{
    for (const std::string& directory : probeDirectories(executableDir)) {
        if (missingProbeFile(directory).empty())
            return directory;
    }
    return {};
}

} // namespace loopscope::wire
