#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace loopscope {

// A whole file seen as bytes in memory without being read into it: the kernel pages it in as a
// reader goes and, once released, out again. A recording of a gigabyte is read front to back once,
// so reading it holds a few megabytes of it at a time, not all of it.
class MappedFile
{
public:
    MappedFile() = default;
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    // Maps the regular file at `path`; returns the problem ("cannot open: ...", "is a directory",
    // "not a regular file"), or an empty string.
    std::string open(const std::string& path);
    // Maps the first `size` bytes of the open file `fd` (which stays the caller's).
    std::string map(int fd, std::uint64_t size);

    std::string_view bytes() const { return { m_data, m_size }; }
    // The reader is done with the bytes before `offset`: their pages leave memory (reading them
    // again pages them back in from the file).
    void releaseBefore(std::size_t offset);

private:
    void unmap();

    const char* m_data = nullptr;
    std::size_t m_size = 0;
    std::size_t m_released = 0;
};

} // namespace loopscope
