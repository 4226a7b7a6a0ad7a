#include "formats/atomicfile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <system_error>
#include <utility>

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

AtomicFile::AtomicFile(std::string path)
    : m_path(std::move(path))
{ }

AtomicFile::~AtomicFile()
{
    if (m_out.is_open())
        m_out.close();
    if (!m_committed && !m_inPlace && !m_target.empty())
        std::remove(m_target.c_str());
}

bool AtomicFile::open(std::string* error)
{
    m_inPlace = isSpecialFile(m_path);
    m_target = m_inPlace ? m_path : createTemporary(m_path);
    if (!m_target.empty())
        m_out.open(m_target, std::ios::binary | std::ios::trunc);
    if (m_out.is_open())
        return true;
    if (error)
        *error = m_path + ": cannot open for writing: " + std::generic_category().message(errno);
    return false;
}

bool AtomicFile::commit(std::string* error)
{
    errno = 0;
    m_out.close();
    if (m_out && (m_inPlace || std::rename(m_target.c_str(), m_path.c_str()) == 0)) {
        m_committed = true;
        return true;
    }
    if (error)
        *error = m_path + ": write failed: " + std::generic_category().message(errno);
    return false;
}

bool writeFileAtomically(const std::string& path, std::string* error, const ProgressMeter& meter,
    const std::function<bool(std::ostream&)>& write)
{
    AtomicFile file(path);
    if (!file.open(error))
        return false;
    errno = 0;
    if (write(file.stream()))
        return file.commit(error);
    const int reason = errno;
    if (error) {
        *error = path + ": "
            + (meter.cancelled() ? std::string(CancelledMessage)
                                 : "write failed: " + std::generic_category().message(reason));
    }
    return false;
}

} // namespace loopscope
