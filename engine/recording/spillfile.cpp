#include "recording/spillfile.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

namespace loopscope {

namespace {

bool onTmpfs(const std::string& directory)
{
    struct statfs info
    { };
    return statfs(directory.c_str(), &info) == 0 && info.f_type == TMPFS_MAGIC;
}

// An open, already unlinked file in `directory`, or -1 with errno set.
int makeUnlinkedFile(const std::string& directory)
{
#ifdef O_TMPFILE
    const int unnamed = ::open(directory.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (unnamed >= 0 || (errno != EOPNOTSUPP && errno != EISDIR))
        return unnamed;
#endif
    // File systems without O_TMPFILE: a named file, unlinked at once.
    std::string path = directory + "/loopscope-spill-XXXXXX";
    const int fd = mkostemp(path.data(), O_CLOEXEC);
    if (fd >= 0)
        unlink(path.c_str());
    return fd;
}

} // namespace

SpillFile::SpillFile(std::string directory, std::uint64_t maxBytes)
    : m_requested(std::move(directory))
    , m_maxBytes(maxBytes)
{ }

SpillFile::~SpillFile()
{
    // Chunks mapped from the file keep it alive after this: the mappings own their pages.
    if (m_fd >= 0)
        ::close(m_fd);
}

bool SpillFile::open()
{
    std::vector<std::string> candidates;
    if (!m_requested.empty()) {
        candidates.push_back(m_requested);
    } else {
        if (const char* tmpdir = std::getenv("TMPDIR"); tmpdir && *tmpdir)
            candidates.emplace_back(tmpdir);
        candidates.emplace_back("/var/tmp");
        candidates.emplace_back("/tmp");
    }
    int firstErrno = 0;
    std::string fallback;
    for (const std::string& directory : candidates) {
        if (access(directory.c_str(), W_OK) != 0) {
            if (!firstErrno)
                firstErrno = errno;
            continue;
        }
        if (onTmpfs(directory) && m_requested.empty()) {
            if (fallback.empty())
                fallback = directory;
            continue;
        }
        m_fd = makeUnlinkedFile(directory);
        if (m_fd >= 0) {
            m_directory = directory;
            return true;
        }
        if (!firstErrno)
            firstErrno = errno;
    }
    if (!fallback.empty()) {
        m_fd = makeUnlinkedFile(fallback);
        if (m_fd >= 0) {
            m_directory = fallback;
            return true;
        }
        firstErrno = errno;
    }
    const std::string where = m_requested.empty() ? std::string("$TMPDIR, /var/tmp or /tmp") : m_requested;
    m_error = "cannot make a temporary file in " + where + ": " + std::strerror(firstErrno ? firstErrno : ENOENT);
    return false;
}

std::int64_t SpillFile::append(const void* data, std::size_t bytes)
{
    if (m_fd < 0 && !open())
        return -1;
    if (m_size + bytes > m_maxBytes) {
        m_error = "the temporary file in " + m_directory + " reached its limit of " + std::to_string(m_maxBytes >> 20)
            + " MB";
        return -1;
    }
    struct statvfs disk
    { };
    if (fstatvfs(m_fd, &disk) == 0 && std::uint64_t(disk.f_bavail) * disk.f_frsize < bytes + ReserveBytes) {
        m_error = "the disk holding " + m_directory + " is nearly full (less than " + std::to_string(ReserveBytes >> 30)
            + " GB would be left)";
        return -1;
    }
    const auto* from = static_cast<const char*>(data);
    std::size_t written = 0;
    while (written < bytes) {
        const ssize_t n = pwrite(m_fd, from + written, bytes - written, off_t(m_size + written));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            m_error = std::string("cannot write the temporary file in ") + m_directory + ": "
                + std::strerror(n < 0 ? errno : ENOSPC);
            // What was written of this piece is left past size(): the next append overwrites it.
            return -1;
        }
        written += std::size_t(n);
    }
    const std::int64_t offset = std::int64_t(m_size);
    m_size += bytes;
    return offset;
}

std::size_t SpillFile::readAt(int descriptor, std::int64_t offset, void* into, std::size_t size)
{
    std::size_t read = 0;
    while (read < size) {
        const ssize_t n = pread(descriptor, static_cast<char*>(into) + read, size - read, off_t(offset) + off_t(read));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        read += std::size_t(n);
    }
    return read;
}

} // namespace loopscope
