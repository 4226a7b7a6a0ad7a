#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace loopscope {

// Where a recording keeps what no longer fits its memory budget: an unlinked temporary file that
// encoded chunks of the event logs are appended to (EventLog::spill) and read back from a block at a
// time (readAt). It is made on the first append, so a run that stays within its budget never touches
// the disk, and it vanishes with the process. Appended to by one thread at a time.
class SpillFile
{
public:
    static constexpr std::uint64_t ReserveBytes = std::uint64_t(1) << 30;

    // `directory` empty: $TMPDIR, /var/tmp and /tmp, the first that is writable and not a tmpfs
    // (spilling into memory would defeat the budget); all of them tmpfs, the first writable.
    // It takes at most `maxBytes`, and leaves at least ReserveBytes free on its disk.
    explicit SpillFile(std::string directory = {}, std::uint64_t maxBytes = UINT64_MAX);
    ~SpillFile();
    SpillFile(const SpillFile&) = delete;
    SpillFile& operator=(const SpillFile&) = delete;

    // Appends `bytes` bytes and returns the offset they start at, or -1 (error() says why; the
    // file is then as it was).
    std::int64_t append(const void* data, std::size_t bytes);
    // Reads `size` bytes at `offset` of the file open as `descriptor` (a duplicate of descriptor(),
    // which outlives this object), from any thread; returns fewer when the file ends or fails.
    static std::size_t readAt(int descriptor, std::int64_t offset, void* into, std::size_t size);
    // The open file; -1 before the first append.
    int descriptor() const { return m_fd; }
    std::uint64_t size() const { return m_size; }
    // The directory the file was made in, once it was.
    const std::string& directory() const { return m_directory; }
    // Why the last append failed, as one line.
    const std::string& error() const { return m_error; }

private:
    bool open();

    std::string m_requested;
    std::uint64_t m_maxBytes;
    std::string m_directory;
    std::string m_error;
    int m_fd = -1;
    std::uint64_t m_size = 0;
};

} // namespace loopscope
