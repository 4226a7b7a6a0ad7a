#include "formats/mappedfile.h"

#include <algorithm>
#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope {

namespace {

std::string describe(const char* what)
{
    return std::string(what) + ": " + std::generic_category().message(errno);
}

std::size_t pageSize()
{
    static const std::size_t size = std::size_t(sysconf(_SC_PAGESIZE));
    return size;
}

} // namespace

MappedFile::~MappedFile()
{
    unmap();
}

void MappedFile::unmap()
{
    if (m_data && m_size > 0)
        munmap(const_cast<char*>(m_data), m_size);
    m_data = nullptr;
    m_size = 0;
    m_released = 0;
}

std::string MappedFile::open(const std::string& path)
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below like any non-regular file.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return describe("cannot open");
    std::string problem;
    struct stat info
    { };
    if (::fstat(fd, &info) != 0)
        problem = describe("cannot read");
    else if (S_ISDIR(info.st_mode))
        problem = "is a directory";
    else if (!S_ISREG(info.st_mode))
        problem = "not a regular file"; // a device or pipe (/dev/zero, a FIFO) may never end
    else
        problem = map(fd, std::uint64_t(info.st_size));
    ::close(fd);
    return problem;
}

std::string MappedFile::map(int fd, std::uint64_t size)
{
    unmap();
    if (size == 0) {
        m_data = "";
        return {};
    }
    if (size > std::uint64_t(SIZE_MAX))
        return "file too large";
    void* memory = mmap(nullptr, std::size_t(size), PROT_READ, MAP_PRIVATE, fd, 0);
    if (memory == MAP_FAILED)
        return describe("cannot read");
    m_data = static_cast<const char*>(memory);
    m_size = std::size_t(size);
    // Read once, front to back: the kernel reads ahead further and drops what is behind sooner.
    madvise(memory, m_size, MADV_SEQUENTIAL);
    return {};
}

void MappedFile::releaseBefore(std::size_t offset)
{
    const std::size_t end = std::min(offset, m_size) / pageSize() * pageSize();
    if (end <= m_released)
        return;
    // The pages are the file's and unchanged: dropping them loses nothing.
    madvise(const_cast<char*>(m_data) + m_released, end - m_released, MADV_DONTNEED);
    m_released = end;
}

} // namespace loopscope
