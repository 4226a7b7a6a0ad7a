#include "channel.h"

#include "blocksampler.h"
#include "loopprobe.h"
#include "recording/recordcodec.h"
#include "recording/recording.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstddef>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace loopscope::probe {

namespace {

// libuv's threadpool.c statics and work functions (PoolWatch).
const std::vector<std::string_view> PoolSymbols { "wq", "mutex", "nthreads", "idle_threads", "threads",
    "run_slow_work_message", "slow_io_pending_wq", "exit_message", "uv__fs_work", "uv__getaddrinfo_work",
    "uv__getnameinfo_work", "uv__queue_work", "uv__random_work" };

Channel* s_channel = nullptr; // for the pool's clock

} // namespace

CallbackKind Channel::kindOfType(const std::string& type)
{
    if (type == "Timeout")
        return CallbackKind::Timer;
    if (type == "Immediate")
        return CallbackKind::Immediate;
    if (type == "TickObject")
        return CallbackKind::NextTick;
    if (type == "PROMISE" || type == "Microtask")
        return CallbackKind::Microtask;
    return CallbackKind::Io;
}

int Channel::connectTo(const std::string& name)
{
    const std::optional<wire::AbstractAddress> at = wire::abstractAddress(name);
    if (!at)
        return -1;
    const int connected = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (connected < 0)
        return -1;
    if (connect(connected, reinterpret_cast<const sockaddr*>(&at->address), at->length) != 0) {
        close(connected);
        return -1;
    }
    // The lowest free number was the program's next: the socket moves above the numbers it opens first, to
    // 1023 or the highest the open-files limit allows, and stays where it is only when none is free there.
    rlimit limit {};
    const rlim_t below = getrlimit(RLIMIT_NOFILE, &limit) == 0 ? limit.rlim_cur : 1024;
    const int above = int(std::min<rlim_t>(wire::ProbeFdFloor, below > 0 ? below - 1 : 0));
    const int moved = above > connected ? fcntl(connected, F_DUPFD_CLOEXEC, above) : -1;
    if (moved < 0)
        return connected;
    close(connected);
    return moved;
}

bool Channel::open(int fd, uv_loop_t* mainLoop, const std::string& node, const std::string& libuv)
{
    // The socket stays on the number LoopScope gave it, above the program's own descriptors (a copy would
    // take the lowest free number, one the program would have had), and is closed in any child the
    // program starts. A probe that does not start leaves it to the preload to close.
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0)
        return false;
    m_fd = fd;
    // Never blocked by the reader: a full socket is waited out by the sender, and given up at exit.
    fcntl(m_fd, F_SETFL, fcntl(m_fd, F_GETFL) | O_NONBLOCK);
    m_originNs = MonotonicClock::now();
    m_mainLoop = mainLoop;
    s_channel = this;

    // libuv's thread pool, through its statics in node's symbol table.
    std::string poolProblem;
    std::vector<std::string_view> imports = PoolWatch::Imports;
    imports.insert(imports.end(), OutputWatch::Imports.begin(), OutputWatch::Imports.end());
    m_symbols
        = std::make_unique<ElfSymbols>(PoolSymbols, imports, reinterpret_cast<const void*>(&uv_version), "uv_version");
    const bool poolWatched = m_pool.start(
        mainLoop, *m_symbols, [] { return s_channel->now(); }, [this](const std::string& text) { return name(text); },
        &poolProblem);

    // Who wrote the program's output, which LoopScope reads (not a program attached to as it ran: LoopScope
    // does not read its output).
    const bool outputCounted = m_unloadOnHangUp || m_output.start(*m_symbols);

    wire::Hello hello;
    hello.pid = std::uint64_t(getpid());
    // The JavaScript queues are seen labelling every callback, from the program's start (not what it had
    // queued before the probe came); libuv's closing list never.
    const bool queuesSeen = m_everyCallback.load(std::memory_order_relaxed) && !m_unloadOnHangUp;
    hello.unobserved = std::uint8_t(
        UnobservedCloses | (queuesSeen ? 0 : UnobservedQueues) | (poolWatched ? 0 : UnobservedThreadPool));
    const char* poolSize = std::getenv("UV_THREADPOOL_SIZE");
    hello.threadpoolSize = poolSize && std::atoi(poolSize) > 0 ? std::uint32_t(std::atoi(poolSize)) : 4;
    hello.node = node;
    hello.libuv = libuv;
    hello.originNs = std::uint64_t(m_originNs);
    std::vector<std::uint8_t> opening;
    {
        std::lock_guard lock(m_mutex);
        m_out.hello(hello);
        m_out.unavailable("the pending, idle and prepare phases' durations");
        if (!queuesSeen)
            m_out.unavailable(std::string(wire::QueuesUnavailable));
        if (!poolWatched)
            m_out.unavailable("the thread pool (" + poolProblem + ")");
        if (!outputCounted)
            m_out.unavailable("which callback wrote each line of the program's output");
        // In the opening, before the program writes a byte: LoopScope then waits for the marks of every line.
        std::vector<wire::OutputMark> counts;
        m_output.take(counts);
        for (const wire::OutputMark& count : counts)
            m_out.output(count);
        opening = m_out.take();
    }
    // The opening goes at once: a program killed a moment later still leaves a stream that opened.
    if (!write(opening)) {
        m_fd = -1;
        return false;
    }
    m_sender = std::thread([this] { send(); });
    return true;
}

std::uint32_t Channel::name(const std::string& text)
{
    return name(text, kindOfType(text));
}

std::uint32_t Channel::name(const std::string& text, CallbackKind kind)
{
    std::lock_guard names(m_namesMutex);
    // One text may name callbacks of two kinds (a function run by a timer and by an immediate): a number each.
    const auto [entry, added] = m_names.emplace(char(kind) + text, std::uint32_t(m_names.size()) + 1);
    if (added) {
        const std::uint32_t number = entry->second;
        if (number <= MaxNames) {
            m_kinds[number - 1].store(kind, std::memory_order_relaxed);
            m_kindCount.store(number, std::memory_order_release);
        }
        std::lock_guard lock(m_mutex);
        m_out.string(number, text);
    }
    return entry->second;
}

CallbackKind Channel::kindOf(std::uint32_t name) const
{
    return named(name) ? m_kinds[name - 1].load(std::memory_order_relaxed) : CallbackKind::Io;
}

void Channel::unavailable(const std::string& what)
{
    std::lock_guard lock(m_mutex);
    m_out.unavailable(what);
}

void Channel::add(LoopProbe* loop, const std::string& threadName)
{
    {
        std::lock_guard lock(m_mutex);
        m_out.thread(loop->thread(), threadName);
    }
    std::lock_guard loops(m_loopsMutex);
    // A worker that starts once LoopScope has gone records nothing either.
    if (m_off.load(std::memory_order_relaxed))
        loop->switchOff();
    m_loops.push_back(loop);
}

void Channel::remove(LoopProbe* loop)
{
    std::lock_guard loops(m_loopsMutex);
    const auto found = std::find(m_loops.begin(), m_loops.end(), loop);
    if (found == m_loops.end())
        return;
    loop->takeRecords(m_leftBehind);
    m_droppedByLoopsGone += loop->dropped();
    m_loops.erase(found);
}

void Channel::loopTimes(const wire::LoopTimes& times)
{
    std::lock_guard lock(m_mutex);
    m_out.loopTimes(times);
}

void Channel::exited(int code)
{
    std::lock_guard lock(m_mutex);
    m_out.exited(code);
}

void Channel::setSampler(BlockSampler* sampler)
{
    std::lock_guard loops(m_loopsMutex);
    m_sampler = sampler;
}

void Channel::stop()
{
    if (!m_sender.joinable())
        return;
    {
        std::lock_guard loops(m_loopsMutex);
        if (m_sampler)
            m_sampler->stop();
    }
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_giveUpAt.store(std::chrono::steady_clock::now() + FlushAtExitFor, std::memory_order_relaxed);
    m_wake.notify_one();
    m_sender.join();
    m_pool.stop();
    if (m_fd >= 0)
        close(m_fd);
}

// The sender thread: every SendEvery, the strings named and the records pushed since, encoded and written;
// at the end, what is left.
void Channel::send()
{
    std::vector<std::uint8_t> bytes;
    std::uint64_t droppedSent = 0;
    wire::Now nowSent;
    wire::PoolNow poolSent;
    wire::PoolNow pool;
    std::vector<Record> records;
    std::vector<wire::BlockSamples> blocked;
    std::vector<wire::OutputMark> marks;
    std::uint32_t poolThreadsNamed = 0;
    bool poolLostSaid = false;
    // Without the hook, the pool is looked at every millisecond (work that waits less is not seen
    // waiting); what was seen goes every SendEvery.
    const auto lookEvery = m_pool.watching() && !m_pool.hooked() ? PoolLookEvery : SendEvery;
    auto nextSend = std::chrono::steady_clock::now() + SendEvery;
    // Only a socket tells that LoopScope's end has gone (a file or a pipe reads as nothing to control).
    struct stat stream
    { };
    const bool socket = fstat(m_fd, &stream) == 0 && S_ISSOCK(stream.st_mode);
    bool quiet = false;
    auto killAt = std::chrono::steady_clock::time_point::max();
    for (;;) {
        bool stopping = false;
        {
            std::unique_lock lock(m_mutex);
            m_wake.wait_for(lock, quiet ? QuietLookEvery : lookEvery, [this] { return m_stopping; });
            stopping = m_stopping;
        }
        if (quiet) {
            if (stopping)
                return;
            // The program did not end on SIGTERM within the grace LoopScope itself gives it.
            if (std::chrono::steady_clock::now() >= killAt)
                kill(getpid(), SIGKILL);
            continue;
        }
        if (!readControl(socket)) {
            // LoopScope ended or was killed without ending the program: the probe goes quiet and, unless
            // LoopScope said to detach, ends the program as LoopScope's stop would have.
            quiet = true;
            goQuiet();
            if (m_unloadOnHangUp) {
                tellControls(ControlMode::Unload);
            } else if (!m_detach) {
                kill(getpid(), SIGTERM);
                killAt = std::chrono::steady_clock::now() + std::chrono::milliseconds(wire::StopGraceMs);
            }
            continue;
        }
        // Released: what is held goes now with the stream's end, and then the probe takes itself out.
        const bool released = m_released && !stopping;
        stopping = stopping || released;
        m_pool.sample([&records](const Record& r) { records.push_back(r); }, pool);
        if (!stopping && std::chrono::steady_clock::now() < nextSend)
            continue;
        nextSend = std::chrono::steady_clock::now() + SendEvery;
        // Sampled stacks before the strings: a stack is kept after its frames' strings were named.
        {
            std::lock_guard loops(m_loopsMutex);
            if (m_sampler)
                m_sampler->take(blocked);
        }
        {
            std::lock_guard lock(m_mutex);
            // The pool's workers get their names once the pool has started (at its first work).
            for (; poolThreadsNamed < pool.threads; ++poolThreadsNamed)
                m_out.thread(
                    std::uint16_t(poolThreadsNamed + 1), "pool worker " + std::to_string(poolThreadsNamed + 1));
            // Strings before the records that name them: a record pushed after its string was named.
            std::vector<std::uint8_t> strings = m_out.take();
            bytes.insert(bytes.end(), strings.begin(), strings.end());
        }
        // Marks after the strings: a mark's label was named before the callback it names ran.
        m_output.take(marks);
        wire::Writer out(wire::Writer::Start::AfterOpening);
        std::uint64_t dropped = 0;
        wire::Now now;
        {
            std::lock_guard loops(m_loopsMutex);
            records.insert(records.end(), m_leftBehind.begin(), m_leftBehind.end());
            m_leftBehind.clear();
            dropped = m_droppedByLoopsGone;
            for (LoopProbe* loop : m_loops) {
                loop->takeRecords(records);
                dropped += loop->dropped();
            }
            // The views follow the main loop live.
            if (!m_loops.empty() && m_loops.front()->thread() == MainThread)
                now = m_loops.front()->whereNow();
        }
        for (std::size_t first = 0; first < records.size(); first += recordcodec::BlockRecords)
            out.records(&records[first], std::min(recordcodec::BlockRecords, records.size() - first));
        records.clear();
        for (const wire::BlockSamples& samples : blocked)
            out.samples(samples);
        blocked.clear();
        for (const wire::OutputMark& mark : marks)
            out.output(mark);
        marks.clear();
        if (!(now == nowSent)) {
            out.now(now);
            nowSent = now;
        }
        if (!(pool == poolSent)) {
            out.pool(pool);
            poolSent = pool;
        }
        if (dropped > droppedSent) {
            out.dropped(dropped - droppedSent);
            droppedSent = dropped;
        }
        if (const char* lost = m_pool.lost(); lost && !poolLostSaid) {
            out.unavailable(std::string("the thread pool's work queued later (") + lost + ")");
            poolLostSaid = true;
        }
        // The stream is whole: a stream that ends without this was cut.
        if (stopping)
            out.end();
        const std::vector<std::uint8_t> encoded = out.take();
        bytes.insert(bytes.end(), encoded.begin(), encoded.end());
        if (!bytes.empty() && !m_off.load(std::memory_order_relaxed) && !write(bytes)) {
            // The reader is gone: the probe switches off.
            m_off.store(true, std::memory_order_relaxed);
            std::lock_guard loops(m_loopsMutex);
            for (LoopProbe* loop : m_loops)
                loop->switchOff();
        }
        bytes.clear();
        if (released) {
            quiet = true;
            goQuiet();
            tellControls(ControlMode::Unload);
            continue;
        }
        if (stopping)
            return;
    }
}

// On the sender thread: the Control bytes LoopScope sent (the last mode wins, handed to the JavaScript
// halves); false once LoopScope's end of the socket has hung up.
bool Channel::readControl(bool socket)
{
    std::uint8_t bytes[16];
    const ssize_t n = ::read(m_fd, bytes, sizeof bytes);
    if (n == 0 && socket)
        return false;
    if (n <= 0)
        return true; // nothing sent, or a stream that is a plain file or pipe: no control
    int mode = -1;
    for (ssize_t i = 0; i < n; ++i) {
        const auto control = wire::Control(bytes[i]);
        if (control == wire::Control::Detach)
            m_detach = true;
        else if (control == wire::Control::Release && m_unloadOnHangUp)
            m_released = true;
        else if (control == wire::Control::EveryCallback || control == wire::Control::MarkersOnly)
            mode = control == wire::Control::EveryCallback;
    }
    if (mode >= 0) {
        m_everyCallback.store(mode == 1, std::memory_order_relaxed);
        tellControls(mode == 1 ? ControlMode::EveryCallback : ControlMode::MarkersOnly);
    }
    return true;
}

void Channel::tellControls(ControlMode mode)
{
    std::lock_guard lock(m_controlsMutex);
    for (napi_threadsafe_function control : m_controls)
        napi_call_threadsafe_function(
            control, reinterpret_cast<void*>(static_cast<std::uintptr_t>(mode)), napi_tsfn_nonblocking);
}

// On the sender thread, LoopScope gone: nothing is recorded or sent any more, the hooks that label callbacks
// are switched off (the program pays for none), and the socket is closed.
void Channel::goQuiet()
{
    m_off.store(true, std::memory_order_relaxed);
    {
        std::lock_guard loops(m_loopsMutex);
        for (LoopProbe* loop : m_loops)
            loop->switchOff();
    }
    m_everyCallback.store(false, std::memory_order_relaxed);
    tellControls(ControlMode::MarkersOnly);
    close(m_fd);
    m_fd = -1;
}

void Channel::addControl(napi_threadsafe_function control)
{
    std::lock_guard lock(m_controlsMutex);
    m_controls.push_back(control);
}

void Channel::removeControl(napi_threadsafe_function control)
{
    std::lock_guard lock(m_controlsMutex);
    m_controls.erase(std::remove(m_controls.begin(), m_controls.end(), control), m_controls.end());
}

// Writes all of `bytes`, waiting while the socket is full; false when the reader is gone, or has not read
// them when the program exits (FlushAtExitFor after stop()).
bool Channel::write(const std::vector<std::uint8_t>& bytes)
{
    std::size_t written = 0;
    while (written < bytes.size()) {
        const ssize_t n = ::write(m_fd, bytes.data() + written, bytes.size() - written);
        if (n > 0) {
            written += std::size_t(n);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && errno == EAGAIN) {
            if (std::chrono::steady_clock::now() > m_giveUpAt.load(std::memory_order_relaxed))
                return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        } else {
            return false;
        }
    }
    return true;
}

} // namespace loopscope::probe
