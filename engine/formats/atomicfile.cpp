#include "formats/atomicfile.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <ostream>
#include <streambuf>
#include <system_error>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope {

namespace {

std::string reason(int error)
{
    return std::generic_category().message(error);
}

// Creates a file no one else writes, next to `path`: its descriptor and name, or -1 with errno set.
int createTemporary(const std::string& path, std::string& name)
{
    static std::atomic<unsigned> counter { 0 };
    for (int attempt = 0; attempt < 100; ++attempt) {
        name = path + ".partial-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
        const int fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0)
            return fd;
        if (errno != EEXIST)
            break;
    }
    name.clear();
    return -1;
}

// What `path` is when it is not a regular file that a rename can replace; empty for a regular file or
// none yet.
std::string notAFile(const std::string& path)
{
    struct stat info;
    if (::stat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode))
        return {};
    if (S_ISDIR(info.st_mode))
        return "is a directory";
    if (S_ISFIFO(info.st_mode))
        return "is a FIFO, not a file (its reader would decide when the write ends)";
    return "is a device, not a file";
}

} // namespace

// The bytes written, in a buffer of its own, to the file's descriptor; the first failing write's errno
// is kept (an ofstream keeps only that something failed).
class AtomicFile::Buffer : public std::streambuf
{
public:
    explicit Buffer(int fd)
        : m_fd(fd)
        , m_bytes(BufferBytes)
    {
        setp(m_bytes.data(), m_bytes.data() + m_bytes.size());
    }

    int error() const { return m_error; }

protected:
    int_type overflow(int_type c) override
    {
        if (!drain())
            return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() ? 0 : -1; }

private:
    static constexpr std::size_t BufferBytes = 1 << 16;

    bool drain()
    {
        const char* from = pbase();
        while (m_error == 0 && from < pptr()) {
            const ssize_t written = ::write(m_fd, from, std::size_t(pptr() - from));
            if (written > 0)
                from += written;
            else if (written < 0 && errno != EINTR)
                m_error = errno;
            else if (written == 0)
                m_error = EIO;
        }
        setp(m_bytes.data(), m_bytes.data() + m_bytes.size());
        return m_error == 0;
    }

    int m_fd;
    int m_error = 0;
    std::vector<char> m_bytes;
};

bool checkWritable(const std::string& path, std::string* error)
{
    if (const std::string what = notAFile(path); !what.empty()) {
        if (error)
            *error = path + ": " + what;
        return false;
    }
    std::string probe;
    const int fd = createTemporary(path, probe);
    if (fd >= 0) {
        ::close(fd);
        std::remove(probe.c_str());
        return true;
    }
    if (error)
        *error = path + ": cannot open for writing: " + reason(errno);
    return false;
}

AtomicFile::AtomicFile(std::string path)
    : m_path(std::move(path))
{ }

AtomicFile::~AtomicFile()
{
    m_out.reset();
    m_buffer.reset();
    if (m_fd >= 0)
        ::close(m_fd);
    if (!m_temporary.empty())
        std::remove(m_temporary.c_str());
}

bool AtomicFile::open(std::string* error)
{
    if (const std::string what = notAFile(m_path); !what.empty()) {
        if (error)
            *error = m_path + ": " + what;
        return false;
    }
    m_fd = createTemporary(m_path, m_temporary);
    if (m_fd < 0) {
        if (error)
            *error = m_path + ": cannot open for writing: " + reason(errno);
        return false;
    }
    m_buffer = std::make_unique<Buffer>(m_fd);
    m_out = std::make_unique<std::ostream>(m_buffer.get());
    return true;
}

std::ostream& AtomicFile::stream()
{
    return *m_out;
}

std::string AtomicFile::failure() const
{
    return m_buffer && m_buffer->error() != 0 ? reason(m_buffer->error()) : std::string();
}

bool AtomicFile::commit(std::string* error)
{
    if (m_fd < 0)
        return false;
    const auto fail = [&](const std::string& what) {
        if (error)
            *error = m_path + ": " + what;
        return false;
    };
    m_out->flush();
    if (m_buffer->error() != 0)
        return fail("write failed: " + reason(m_buffer->error()));
    if (!*m_out)
        return fail("write failed");
    // On disk before it takes the old file's place: a crash right after leaves one or the other whole.
    if (::fsync(m_fd) != 0)
        return fail("write failed: " + reason(errno));
    const int fd = std::exchange(m_fd, -1);
    if (::close(fd) != 0)
        return fail("write failed: " + reason(errno));
    if (std::rename(m_temporary.c_str(), m_path.c_str()) != 0)
        return fail("cannot replace: " + reason(errno));
    m_temporary.clear();
    return true;
}

bool writeFileAtomically(const std::string& path, std::string* error, const ProgressMeter& meter,
    const std::function<bool(std::ostream&)>& write)
{
    AtomicFile file(path);
    if (!file.open(error))
        return false;
    if (write(file.stream()))
        return file.commit(error);
    if (error) {
        const std::string failure = file.failure();
        *error = path + ": "
            + (meter.cancelled()      ? std::string(CancelledMessage)
                    : failure.empty() ? std::string("write failed")
                                      : "write failed: " + failure);
    }
    return false;
}

bool writeFileAtomically(const std::string& path, std::string_view bytes, std::string* error)
{
    const ProgressMeter meter({}, 0, 1);
    return writeFileAtomically(path, error, meter, [bytes](std::ostream& out) {
        out.write(bytes.data(), std::streamsize(bytes.size()));
        return bool(out.flush());
    });
}

} // namespace loopscope
