#include "formats/atomicfile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope {

namespace {

// Creates a file no one else writes, next to `path`; its name, or an empty string with errno set.
std::string createTemporary(const std::string& path)
{
    static std::atomic<unsigned> counter { 0 };
    for (int attempt = 0; attempt < 100; ++attempt) {
        std::string name = path + ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            ::close(fd);
            return name;
        }
        if (errno != EEXIST)
            break;
    }
    return {};
}

// A device or FIFO (/dev/stdout) cannot be replaced by a rename, so it is written in place.
bool isSpecialFile(const std::string& path)
{
    struct stat info;
    return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

bool writeAndClose(const std::string& name, const std::function<bool(std::ostream&)>& write)
{
    std::ofstream out(name, std::ios::binary | std::ios::trunc);
    if (!out || !write(out))
        return false;
    out.close();
    return bool(out);
}

} // namespace

bool checkWritable(const std::string& path, std::string* error)
{
    if (isSpecialFile(path))
        return true;
    struct stat info;
    const bool isDirectory = ::stat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
    const std::string probe = isDirectory ? std::string() : createTemporary(path);
    if (!probe.empty()) {
        std::remove(probe.c_str());
        return true;
    }
    if (error)
        *error = path + ": "
            + (isDirectory ? "is a directory" : "cannot open for writing: " + std::generic_category().message(errno));
    return false;
}

bool writeFileAtomically(const std::string& path, std::string* error, const ProgressMeter& meter,
    const std::function<bool(std::ostream&)>& write)
{
    auto failWith = [&](const std::string& reason) {
        if (error)
            *error = path + ": " + reason;
        return false;
    };
    const bool inPlace = isSpecialFile(path);
    const std::string target = inPlace ? path : createTemporary(path);
    if (target.empty())
        return failWith(std::string("cannot open for writing: ") + std::generic_category().message(errno));
    errno = 0;
    if (writeAndClose(target, write) && (inPlace || std::rename(target.c_str(), path.c_str()) == 0))
        return true;
    const int reason = errno;
    if (!inPlace)
        std::remove(target.c_str());
    if (meter.cancelled())
        return failWith(CancelledMessage);
    return failWith(std::string("write failed: ") + std::generic_category().message(reason));
}

} // namespace loopscope
