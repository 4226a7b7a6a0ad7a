#include "outputwatch.h"

#include "elfsymbols.h"
#include "poolwatch.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <mutex>

#include <dlfcn.h>
#include <pthread.h>
#include <sys/uio.h>
#include <unistd.h>
#include <uv.h>

namespace loopscope::probe {

const std::vector<std::string_view> OutputWatch::Imports { "write", "writev" };

namespace {

using Write = ssize_t (*)(int, const void*, size_t);
using Writev = ssize_t (*)(int, const struct iovec*, int);
// What node's slots are resolved to (libc's), called by the hooks; set before the hooks go in.
std::atomic<Write> s_realWrite { nullptr };
std::atomic<Writev> s_realWritev { nullptr };
std::atomic<bool> s_counting { false };
pthread_t s_mainThread;
// Written by the main thread's JavaScript (an external ArrayBuffer over it), read on the main thread.
alignas(8) std::uint32_t s_writer[2] = { 0, 0 };
std::mutex s_mutex; // guards what follows
std::uint64_t s_counted[2] = { 0, 0 };
std::vector<wire::OutputMark>* s_marks = nullptr;

// Counts `length` bytes written to `fd` (1 or 2); `hashOf` hashes them when the write is marked.
template <typename Hash> void count(int fd, std::uint64_t length, Hash&& hashOf)
{
    const int saved = errno;
    const std::uint32_t label
        = pthread_equal(pthread_self(), s_mainThread) ? __atomic_load_n(&s_writer[0], __ATOMIC_RELAXED) : 0;
    const std::uint32_t hash = label != 0 ? hashOf() : 0;
    {
        std::lock_guard lock(s_mutex);
        std::uint64_t& counted = s_counted[fd - 1];
        if (label != 0 && s_marks->size() < OutputWatch::MaxMarks)
            s_marks->push_back({ std::uint8_t(fd), counted, length, label, hash });
        counted += length;
    }
    errno = saved;
}

ssize_t writeHook(int fd, const void* bytes, size_t size) noexcept
{
    const Write real = s_realWrite.load(std::memory_order_acquire);
    const ssize_t written = real(fd, bytes, size);
    if (written > 0 && (fd == 1 || fd == 2) && s_counting.load(std::memory_order_acquire)) {
        count(fd, std::uint64_t(written), [&] {
            return wire::outputHash(
                wire::OutputHashStart, static_cast<const unsigned char*>(bytes), std::size_t(written));
        });
    }
    return written;
}

ssize_t writevHook(int fd, const struct iovec* vectors, int vectorCount) noexcept
{
    const Writev real = s_realWritev.load(std::memory_order_acquire);
    const ssize_t written = real(fd, vectors, vectorCount);
    if (written > 0 && (fd == 1 || fd == 2) && s_counting.load(std::memory_order_acquire)) {
        count(fd, std::uint64_t(written), [&] {
            std::uint32_t hash = wire::OutputHashStart;
            std::size_t left = std::size_t(written);
            for (int i = 0; i < vectorCount && left > 0; ++i) {
                const std::size_t part = std::min(left, vectors[i].iov_len);
                hash = wire::outputHash(hash, static_cast<const unsigned char*>(vectors[i].iov_base), part);
                left -= part;
            }
            return hash;
        });
    }
    return written;
}

// The function `name` that node's slots are resolved to. Not what they hold (with lazy binding, the resolver's
// stub, which would write the slot over), nor, where node takes the function's address itself (Node 22 and
// later), what the global scope names: that is node's own PLT entry, which jumps through the slot to the
// hook; libc's, then.
void* realFunction(const char* name, const void* inNode)
{
    void* found = dlsym(RTLD_DEFAULT, name);
    Dl_info foundIn {};
    Dl_info nodeIn {};
    if (found && dladdr(found, &foundIn) != 0 && dladdr(inNode, &nodeIn) != 0
        && foundIn.dli_fbase == nodeIn.dli_fbase) {
        void* libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD);
        found = libc ? dlsym(libc, name) : nullptr;
        if (libc)
            dlclose(libc);
    }
    return found;
}

} // namespace

bool OutputWatch::start(const ElfSymbols& symbols)
{
    if (m_counting || !symbols.found())
        return false;
    const void* inNode = reinterpret_cast<const void*>(&uv_version);
    s_realWrite.store(reinterpret_cast<Write>(realFunction("write", inNode)), std::memory_order_release);
    s_realWritev.store(reinterpret_cast<Writev>(realFunction("writev", inNode)), std::memory_order_release);
    const std::vector<void**> writeSlots = symbols.importSlots("write");
    const std::vector<void**> writevSlots = symbols.importSlots("writev");
    // Both or neither: a write counted and a writev not would shift every count after it.
    if (!s_realWrite.load() || !s_realWritev.load() || writeSlots.empty() || writevSlots.empty())
        return false;
    s_mainThread = pthread_self();
    s_marks = new std::vector<wire::OutputMark>();
    s_counting.store(true, std::memory_order_release);
    m_counting = pointSlots(writeSlots, reinterpret_cast<void*>(&writeHook))
        && pointSlots(writevSlots, reinterpret_cast<void*>(&writevHook));
    if (!m_counting) {
        // Half in: both go back, and nothing is counted.
        pointSlots(writeSlots, reinterpret_cast<void*>(s_realWrite.load()));
        pointSlots(writevSlots, reinterpret_cast<void*>(s_realWritev.load()));
        s_counting.store(false, std::memory_order_release);
    }
    return m_counting;
}

std::uint32_t* OutputWatch::writer()
{
    return s_writer;
}

void OutputWatch::betweenCallbacks()
{
    __atomic_store_n(&s_writer[0], 0, __ATOMIC_RELAXED);
}

void OutputWatch::take(std::vector<wire::OutputMark>& out)
{
    if (!m_counting)
        return;
    std::lock_guard lock(s_mutex);
    out.insert(out.end(), s_marks->begin(), s_marks->end());
    s_marks->clear();
    for (std::uint8_t fd = 1; fd <= 2; ++fd) {
        if (!m_told || s_counted[fd - 1] != m_countedTold[fd - 1])
            out.push_back({ fd, s_counted[fd - 1], 0, 0, 0 });
        m_countedTold[fd - 1] = s_counted[fd - 1];
    }
    m_told = true;
}

} // namespace loopscope::probe
