// The native half of the probe LoopScope loads into a Node.js program (loopscope --attach): it marks
// the phases of the program's main loop with handles of its own, records the callbacks the JavaScript
// half reports, and sends both to LoopScope as records of its recording model (attach/wire.h) from a
// thread of its own, so that a slow or stuck reader never slows the program: when its buffer is full,
// records are dropped and counted; when the reader is gone, the probe switches itself off.
//
// What it times: poll (from the last prepare handle to the first check handle) and check (from the
// first check handle to one it keeps last, after Node's immediates). The other phases are recorded as
// passed but not timed, which is what LoopScope's model calls a phase it could not observe.
#include "attach/wire.h"
#include "elfsymbols.h"
#include "poolwatch.h"
#include "recording/events.h"
#include "recording/recording.h"

#include <node_api.h>
#include <uv.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace {

using namespace loopscope;

// libuv's threadpool.c statics and work functions (PoolWatch).
const std::vector<std::string_view> PoolSymbols { "wq", "mutex", "nthreads", "idle_threads", "threads",
    "run_slow_work_message", "slow_io_pending_wq", "exit_message", "uv__fs_work", "uv__getaddrinfo_work",
    "uv__getnameinfo_work", "uv__queue_work", "uv__random_work" };

constexpr std::size_t RingRecords = std::size_t(1) << 16;
constexpr auto SendEvery = std::chrono::milliseconds(10);
constexpr auto PoolLookEvery = std::chrono::milliseconds(1);
// At exit the probe waits this long at most for its last records to go.
constexpr auto FlushAtExitFor = std::chrono::milliseconds(250);

// Moves `handle`'s node to the tail of the loop's list `head` (both two pointers, next then prev, in
// every libuv Node ships: `void* [2]` before 1.45, `struct uv__queue` since): started handles go to the
// head, so a handle moved to the tail runs after those started before it.
void moveToTail(void* head, void* node)
{
    auto** h = static_cast<void**>(head);
    auto** n = static_cast<void**>(node);
    auto** next = static_cast<void**>(n[0]);
    auto** prev = static_cast<void**>(n[1]);
    prev[0] = next;
    next[1] = prev;
    auto** last = static_cast<void**>(h[1]);
    n[0] = h;
    n[1] = last;
    last[0] = n;
    h[1] = n;
}

class Probe
{
public:
    // `delayMs` > 0: a loop-delay monitor like monitorEventLoopDelay with that resolution.
    bool start(uv_loop_t* loop, int fd, const std::string& node, const std::string& libuv, int delayMs)
    {
        // The pipe moves off fd 3 (the program's children, or the program itself, may use that number)
        // and is closed in any child the program starts. Until the probe runs, fd 3 stays as it came: a
        // probe that does not start leaves it to the preload to close.
        m_fd = fcntl(fd, F_DUPFD_CLOEXEC, 100);
        if (m_fd < 0)
            return false;
        // Never blocked by the reader: a full pipe is waited out by the sender, and given up at exit.
        fcntl(m_fd, F_SETFL, fcntl(m_fd, F_GETFL) | O_NONBLOCK);
        m_originNs = std::int64_t(uv_hrtime());
        m_ring.reset(new Record[RingRecords]);

        // libuv's thread pool, through its statics in node's symbol table.
        std::string poolProblem;
        m_symbols = std::make_unique<probe::ElfSymbols>(
            PoolSymbols, probe::PoolWatch::Imports, reinterpret_cast<const void*>(&uv_version), "uv_version");
        const bool poolWatched = m_pool.start(
            loop, *m_symbols, &Probe::clock, [this](const std::string& text) { return name(text); }, &poolProblem);

        wire::Hello hello;
        hello.pid = std::uint64_t(getpid());
        hello.unobserved = UnobservedQueues | UnobservedPollWait | (poolWatched ? 0 : UnobservedThreadPool);
        const char* poolSize = std::getenv("UV_THREADPOOL_SIZE");
        hello.threadpoolSize = poolSize && std::atoi(poolSize) > 0 ? std::uint32_t(std::atoi(poolSize)) : 4;
        hello.node = node;
        hello.libuv = libuv;
        hello.originNs = std::uint64_t(m_originNs);
        m_out.hello(hello);
        m_out.thread(MainThread, "main");
        m_out.unavailable("the timers, pending, idle, prepare and close phases' durations");
        m_out.unavailable("the microtask queue's length");
        if (!poolWatched)
            m_out.unavailable("the thread pool (" + poolProblem + ")");
        // The opening goes at once: a program killed a moment later still leaves a stream that opened.
        const std::vector<std::uint8_t> opening = m_out.take();
        if (!write(opening)) {
            close(m_fd);
            return false;
        }
        close(fd);

        uv_prepare_init(loop, &m_prepare);
        uv_check_init(loop, &m_checkFirst);
        uv_check_init(loop, &m_checkLast);
        for (uv_handle_t* handle : { reinterpret_cast<uv_handle_t*>(&m_prepare),
                 reinterpret_cast<uv_handle_t*>(&m_checkFirst), reinterpret_cast<uv_handle_t*>(&m_checkLast) }) {
            handle->data = this;
            uv_unref(handle); // the probe never keeps a program alive
        }
        uv_prepare_start(&m_prepare, [](uv_prepare_t* h) { static_cast<Probe*>(h->data)->pollBegins(); });
        uv_check_start(&m_checkLast, [](uv_check_t* h) { static_cast<Probe*>(h->data)->checkEnds(); });
        moveToTail(&loop->check_handles, &m_checkLast.queue);
        uv_check_start(&m_checkFirst, [](uv_check_t* h) { static_cast<Probe*>(h->data)->pollEnds(); });
        if (delayMs > 0)
            startDelayMonitor(loop, delayMs);
        m_sender = std::thread([this] { send(); });
        return true;
    }

    // The string `text` is known to the reader by the number returned; a callback of that label runs as
    // the CallbackKind its resource type says.
    std::uint32_t name(const std::string& text)
    {
        const auto [entry, added] = m_names.emplace(text, std::uint32_t(m_names.size()) + 1);
        if (added) {
            m_kinds.push_back(kindOf(text));
            if (m_kinds.size() <= MaxKindsSeen) {
                m_kindsSeen[m_kinds.size() - 1] = m_kinds.back();
                m_kindCount.store(std::uint32_t(m_kinds.size()), std::memory_order_release);
            }
            std::lock_guard lock(m_mutex);
            m_out.string(entry->second, text);
        }
        return entry->second;
    }

    // The buffer the JavaScript half writes a callback's start and end into, as pairs of doubles (the
    // callback's name, or 0 for an end; performance.now() in ms) after a first double that says how many
    // are used. Read back at the phase markers, on the same thread, so records keep their order; a
    // Node-API call per callback would cost the program more than the hooks do.
    double* events()
    {
        m_events[0] = 1;
        return m_events.get();
    }

    // The JavaScript half's mode switch, called from the sender thread when LoopScope sends a Control byte.
    void onControl(napi_threadsafe_function control) { m_control = control; }
    // The JavaScript half labels every callback, or not (marking the phases only).
    void setEveryCallback(bool on) { m_everyCallback = on; }

    // performance.now() read at `jsMs` is this probe's clock at `atNs` (the JavaScript half takes the
    // pair whose reads lie closest together, so the two clocks agree within a few tens of nanoseconds).
    void calibrate(double jsMs, std::int64_t atNs)
    {
        m_eventsOffsetNs.store(atNs - std::int64_t(jsMs * 1e6), std::memory_order_relaxed);
    }

    std::int64_t now() const { return std::int64_t(uv_hrtime()) - m_originNs; }
    // The same clock, for the pool's threads.
    static std::int64_t clock();

    // Records what the buffer holds. Everything in it happened before `untilNs` (the marker that reads
    // it, or now) and after the marker before: times are held within those, which the two clocks'
    // calibration could otherwise miss by those tens of nanoseconds.
    void drainEvents(std::int64_t untilNs)
    {
        const auto used = std::size_t(std::clamp(m_events[0], 1.0, double(EventDoubles)));
        const std::int64_t latestNs = std::max(m_drainedNs, untilNs);
        const std::int64_t offsetNs = m_eventsOffsetNs.load(std::memory_order_relaxed);
        for (std::size_t i = 1; i + 1 < used; i += 2) {
            const std::int64_t atNs = std::clamp(std::int64_t(m_events[i + 1] * 1e6) + offsetNs, m_drainedNs, latestNs);
            if (m_events[i] > 0)
                m_calls.push_back({ atNs, std::uint32_t(m_events[i]) });
            else
                end(atNs);
        }
        m_events[0] = 1;
        m_drainedNs = latestNs;
        // Marking the phases only, no callback ends: one begun when the hooks went off is over.
        while (!m_everyCallback && !m_calls.empty())
            end(latestNs);
        const Call open = m_calls.empty() ? Call { 0, 0 } : m_calls.back();
        m_openName.store(open.name, std::memory_order_relaxed);
        m_openStartNs.store(open.startNs, std::memory_order_relaxed);
        m_openDepth.store(std::uint32_t(m_calls.size()), std::memory_order_release);
    }

    // The program is exiting: what is left goes, within FlushAtExitFor.
    void stop()
    {
        if (!m_sender.joinable())
            return;
        const std::int64_t at = now();
        drainEvents(at);
        while (!m_calls.empty())
            end(at);
        {
            std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_giveUpAt.store(std::chrono::steady_clock::now() + FlushAtExitFor, std::memory_order_relaxed);
        m_wake.notify_one();
        m_sender.join();
        close(m_fd);
    }

    static constexpr std::size_t EventDoubles = 1 + 2 * 8192;

private:
    void end(std::int64_t atNs)
    {
        if (m_calls.empty())
            return;
        const Call call = m_calls.back();
        m_calls.pop_back();
        Record r;
        r.type = RecordType::Callback;
        const bool named = call.name >= 1 && call.name <= m_kinds.size();
        r.sub = std::uint8_t(named ? m_kinds[call.name - 1] : CallbackKind::Io);
        r.label = call.name;
        r.startNs = call.startNs;
        const std::int64_t durNs = std::max<std::int64_t>(0, atNs - call.startNs);
        r.span = { durNs, durNs, durNs, 1, m_iteration };
        push(r);
    }

    struct Call
    {
        std::int64_t startNs;
        std::uint32_t name;
    };

    static CallbackKind kindOf(const std::string& type)
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

    void phase(Phase which, bool timed, std::int64_t startNs, std::int64_t endNs)
    {
        Record r;
        r.type = RecordType::Phase;
        r.sub = std::uint8_t(which);
        r.label = timed ? 1 : 0;
        r.startNs = startNs;
        r.span = { endNs - startNs, 0, 0, 1, m_iteration };
        push(r);
    }

    void pollBegins()
    {
        const std::int64_t at = now();
        drainEvents(at);
        // Timers, pending, idle and prepare passed since check ended; the probe did not time them.
        for (const Phase passed : { Phase::Timers, Phase::Pending, Phase::Idle, Phase::Prepare })
            phase(passed, false, at, at);
        m_pollStartNs = at;
        publishPhase(Phase::Poll, true, at);
    }

    void pollEnds()
    {
        const std::int64_t at = now();
        drainEvents(at);
        if (m_pollStartNs >= 0)
            phase(Phase::Poll, true, m_pollStartNs, at);
        m_checkStartNs = at;
        publishPhase(Phase::Check, true, at);
    }

    void checkEnds()
    {
        const std::int64_t at = now();
        drainEvents(at);
        if (m_checkStartNs >= 0)
            phase(Phase::Check, true, m_checkStartNs, at);
        phase(Phase::Close, false, at, at);
        ++m_iteration;
        publishPhase(Phase::Close, false, at);
    }

    // Where the loop is, for the sender's Now frames.
    void publishPhase(Phase which, bool timed, std::int64_t sinceNs)
    {
        m_nowIteration.store(m_iteration, std::memory_order_relaxed);
        m_nowPhaseStartNs.store(sinceNs, std::memory_order_relaxed);
        m_nowPhase.store(std::uint8_t(which) | (timed ? 0x80 : 0), std::memory_order_release);
    }

    // Reads a double the loop thread may be writing (the events buffer): a torn read is impossible for an
    // aligned double, a stale one gives a Now frame a few milliseconds old.
    static double peek(const double* at)
    {
        double value;
        __atomic_load(at, &value, __ATOMIC_RELAXED);
        return value;
    }

    // On the sender thread: where the main loop is now. A callback still running is the last one
    // started, in the events buffer or, when the buffer was drained meanwhile, the one drained open.
    wire::Now whereNow() const
    {
        wire::Now now;
        const std::uint8_t phase = m_nowPhase.load(std::memory_order_acquire);
        now.iteration = m_nowIteration.load(std::memory_order_relaxed);
        now.phase = Phase(phase & 0x7f);
        now.inPhase = (phase & 0x80) != 0;
        now.phaseStartNs = m_nowPhaseStartNs.load(std::memory_order_relaxed);
        std::uint32_t depth = m_openDepth.load(std::memory_order_acquire);
        std::uint32_t name = m_openName.load(std::memory_order_relaxed);
        std::int64_t startNs = m_openStartNs.load(std::memory_order_relaxed);
        const auto used = std::size_t(std::clamp(peek(&m_events[0]), 1.0, double(EventDoubles)));
        for (std::size_t i = 1; i + 1 < used; i += 2) {
            const double named = peek(&m_events[i]);
            if (named > 0) {
                ++depth;
                name = std::uint32_t(named);
                startNs = std::int64_t(peek(&m_events[i + 1]) * 1e6) + m_eventsOffsetNs.load(std::memory_order_relaxed);
            } else if (depth > 0) {
                --depth; // the outer call's start is not kept: its name and start stay those last seen
            }
        }
        now.inCallback = depth > 0 && name >= 1 && name <= m_kindCount.load(std::memory_order_acquire);
        if (now.inCallback) {
            now.callbackLabel = name;
            now.callbackKind = m_kindsSeen[name - 1];
            now.callbackStartNs = startNs;
            // A timer's callback runs in the timers phase, which the probe does not mark.
            if (!now.inPhase && now.callbackKind == CallbackKind::Timer) {
                now.phase = Phase::Timers;
                now.inPhase = true;
                now.phaseStartNs = startNs;
            }
        }
        return now;
    }

    // The delay monitor: an unreferenced timer every `resolutionMs` (it never keeps the program alive)
    // whose lateness is the loop's delay, with the loop's utilization since the last check from
    // libuv's idle-time metric (which Node turns on for performance.eventLoopUtilization()).
    void startDelayMonitor(uv_loop_t* loop, int resolutionMs)
    {
        m_delayResolutionMs = resolutionMs;
        m_delayLastNs = now();
        m_idleLastNs = std::int64_t(uv_metrics_idle_time(loop));
        uv_timer_init(loop, &m_delayTimer);
        m_delayTimer.data = this;
        uv_unref(reinterpret_cast<uv_handle_t*>(&m_delayTimer));
        uv_timer_start(
            &m_delayTimer, [](uv_timer_t* h) { static_cast<Probe*>(h->data)->delayCheck(h->loop); },
            std::uint64_t(resolutionMs), std::uint64_t(resolutionMs));
    }

    void delayCheck(uv_loop_t* loop)
    {
        const std::int64_t at = now();
        const std::int64_t idleNs = std::int64_t(uv_metrics_idle_time(loop));
        const double sinceMs = double(at - m_delayLastNs) / 1e6;
        Record r;
        r.type = RecordType::Latency;
        r.startNs = at;
        r.latency.histogramMs = sinceMs;
        r.latency.loopDelayMs = std::max(0.0, sinceMs - m_delayResolutionMs);
        r.latency.healthMs = -1;
        r.latency.utilization = at > m_delayLastNs
            ? std::clamp(1.0 - double(idleNs - m_idleLastNs) / double(at - m_delayLastNs), 0.0, 1.0)
            : -1;
        push(r);
        m_delayLastNs = at;
        m_idleLastNs = idleNs;
    }

    // On the loop thread: into the ring, or counted as dropped when it is full or the probe is off.
    void push(const Record& r)
    {
        const std::uint64_t head = m_head.load(std::memory_order_relaxed);
        if (m_off.load(std::memory_order_relaxed) || head - m_tail.load(std::memory_order_acquire) == RingRecords) {
            m_dropped.fetch_add(1, std::memory_order_relaxed);
            return;
        }
        m_ring[head % RingRecords] = r;
        m_head.store(head + 1, std::memory_order_release);
    }

    // The sender thread: every SendEvery, the strings named and the records pushed since, encoded and
    // written; at the end, what is left.
    void send()
    {
        std::vector<std::uint8_t> bytes;
        std::uint64_t droppedSent = 0;
        wire::Now nowSent;
        wire::PoolNow poolSent;
        std::vector<Record> poolRecords;
        std::uint32_t poolThreadsNamed = 0;
        // The pool is looked at every millisecond (work that waits less is not seen waiting); what was
        // seen goes every SendEvery.
        const auto lookEvery = m_pool.watching() && !m_pool.hooked() ? PoolLookEvery : SendEvery;
        auto nextSend = std::chrono::steady_clock::now() + SendEvery;
        wire::PoolNow pool;
        for (;;) {
            bool stopping = false;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait_for(lock, lookEvery, [this] { return m_stopping; });
                stopping = m_stopping;
            }
            readControl();
            m_pool.sample([&poolRecords](const Record& r) { poolRecords.push_back(r); }, pool);
            if (!stopping && std::chrono::steady_clock::now() < nextSend)
                continue;
            nextSend = std::chrono::steady_clock::now() + SendEvery;
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
            const std::uint64_t head = m_head.load(std::memory_order_acquire);
            std::uint64_t tail = m_tail.load(std::memory_order_relaxed);
            wire::Writer records(wire::Writer::Start::AfterOpening);
            Record block[256];
            while (tail < head) {
                const std::size_t count = std::size_t(std::min<std::uint64_t>(head - tail, 256));
                for (std::size_t i = 0; i < count; ++i)
                    block[i] = m_ring[(tail + i) % RingRecords];
                tail += count;
                m_tail.store(tail, std::memory_order_release);
                records.records(block, count);
            }
            for (std::size_t first = 0; first < poolRecords.size(); first += 256)
                records.records(&poolRecords[first], std::min<std::size_t>(256, poolRecords.size() - first));
            poolRecords.clear();
            const wire::Now now = whereNow();
            if (!(now == nowSent)) {
                records.now(now);
                nowSent = now;
            }
            if (!(pool == poolSent)) {
                records.pool(pool);
                poolSent = pool;
            }
            const std::uint64_t dropped = m_dropped.load(std::memory_order_relaxed);
            if (dropped != droppedSent) {
                records.dropped(dropped - droppedSent);
                droppedSent = dropped;
            }
            const std::vector<std::uint8_t> encoded = records.take();
            bytes.insert(bytes.end(), encoded.begin(), encoded.end());
            if (!bytes.empty() && !m_off.load(std::memory_order_relaxed) && !write(bytes))
                m_off.store(true, std::memory_order_relaxed); // the reader is gone: the probe switches off
            bytes.clear();
            if (stopping)
                return;
        }
    }

    // On the sender thread: the Control bytes LoopScope sent, handed to the JavaScript half (the last wins).
    void readControl()
    {
        std::uint8_t bytes[16];
        const ssize_t n = ::read(m_fd, bytes, sizeof bytes);
        if (n <= 0 || !m_control)
            return; // nothing sent, or a stream that is a plain file or pipe: no control
        const auto last = wire::Control(bytes[n - 1]);
        if (last != wire::Control::EveryCallback && last != wire::Control::MarkersOnly)
            return;
        void* everyCallback = last == wire::Control::EveryCallback ? this : nullptr;
        napi_call_threadsafe_function(m_control, everyCallback, napi_tsfn_nonblocking);
    }

    // Writes all of `bytes`, waiting while the pipe is full; false when the reader is gone, or has not
    // read them when the program exits (FlushAtExitFor after stop()).
    bool write(const std::vector<std::uint8_t>& bytes)
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

    int m_fd = -1;
    std::int64_t m_originNs = 0;
    std::unique_ptr<probe::ElfSymbols> m_symbols;
    probe::PoolWatch m_pool;
    napi_threadsafe_function m_control = nullptr; // the JavaScript half's mode switch
    bool m_everyCallback = true; // the loop thread's
    uv_prepare_t m_prepare {};
    uv_check_t m_checkFirst {};
    uv_check_t m_checkLast {};
    std::int64_t m_pollStartNs = -1;
    std::int64_t m_checkStartNs = -1;
    std::uint32_t m_iteration = 1;
    std::unordered_map<std::string, std::uint32_t> m_names;
    std::vector<CallbackKind> m_kinds; // of each name, by its number - 1
    // The first names' kinds again, for the sender thread (resource types are a few dozen).
    static constexpr std::size_t MaxKindsSeen = 256;
    CallbackKind m_kindsSeen[MaxKindsSeen] {};
    std::atomic<std::uint32_t> m_kindCount { 0 };
    // Where the loop is (publishPhase, drainEvents), for the sender.
    std::atomic<std::uint32_t> m_nowIteration { 1 };
    std::atomic<std::uint8_t> m_nowPhase { std::uint8_t(Phase::Timers) };
    std::atomic<std::int64_t> m_nowPhaseStartNs { 0 };
    std::atomic<std::uint32_t> m_openName { 0 };
    std::atomic<std::int64_t> m_openStartNs { 0 };
    std::atomic<std::uint32_t> m_openDepth { 0 };
    uv_timer_t m_delayTimer {};
    int m_delayResolutionMs = 0;
    std::int64_t m_delayLastNs = 0;
    std::int64_t m_idleLastNs = 0;
    std::vector<Call> m_calls;
    std::unique_ptr<double[]> m_events { new double[EventDoubles] { 1 } };
    std::atomic<std::int64_t> m_eventsOffsetNs { 0 }; // the sender reads it too
    std::int64_t m_drainedNs = 0; // the buffer was last read at this time

    std::unique_ptr<Record[]> m_ring;
    std::atomic<std::uint64_t> m_head { 0 };
    std::atomic<std::uint64_t> m_tail { 0 };
    std::atomic<std::uint64_t> m_dropped { 0 };
    std::atomic<bool> m_off { false };
    std::atomic<std::chrono::steady_clock::time_point> m_giveUpAt { std::chrono::steady_clock::time_point::max() };

    std::mutex m_mutex; // guards m_out (the strings and the opening) and m_stopping
    std::condition_variable m_wake;
    wire::Writer m_out;
    bool m_stopping = false;
    std::thread m_sender;
};

Probe* s_probe = nullptr;

std::int64_t Probe::clock()
{
    return s_probe->now();
}

std::string stringArgument(napi_env env, napi_value value)
{
    std::size_t size = 0;
    napi_get_value_string_utf8(env, value, nullptr, 0, &size);
    std::string text(size, '\0');
    napi_get_value_string_utf8(env, value, text.data(), size + 1, &size);
    return text;
}

// start(fd, nodeVersion, uvVersion, delayMs): true when the probe runs.
napi_value Start(napi_env env, napi_callback_info info)
{
    std::size_t argc = 4;
    napi_value argv[4];
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    int32_t fd = -1;
    int32_t delayMs = 0;
    uv_loop_t* loop = nullptr;
    bool started = false;
    if (!s_probe && argc == 4 && napi_get_value_int32(env, argv[0], &fd) == napi_ok
        && napi_get_value_int32(env, argv[3], &delayMs) == napi_ok && napi_get_uv_event_loop(env, &loop) == napi_ok) {
        s_probe = new Probe;
        started = s_probe->start(
            loop, fd, stringArgument(env, argv[1]), stringArgument(env, argv[2]), std::clamp(delayMs, 0, 1000));
        if (started) {
            std::atexit([] { s_probe->stop(); });
        } else {
            delete s_probe;
            s_probe = nullptr;
        }
    }
    napi_value result;
    napi_get_boolean(env, started, &result);
    return result;
}

// name(text): the number the records use for it.
napi_value Name(napi_env env, napi_callback_info info)
{
    std::size_t argc = 1;
    napi_value argv[1];
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    napi_value result;
    napi_create_uint32(env, s_probe && argc == 1 ? s_probe->name(stringArgument(env, argv[0])) : 0, &result);
    return result;
}

// events(): the buffer callbacks' starts and ends are written into (Probe::events).
napi_value Events(napi_env env, napi_callback_info)
{
    if (!s_probe)
        return nullptr;
    // The probe owns the memory, which outlives the program's JavaScript: it is read at exit too.
    napi_value buffer;
    const auto noFinalizer = [](napi_env, void*, void*) {};
    if (napi_create_external_arraybuffer(
            env, s_probe->events(), Probe::EventDoubles * sizeof(double), noFinalizer, nullptr, &buffer)
        != napi_ok)
        return nullptr;
    return buffer;
}

// drain(): the buffer is full; what it holds is recorded.
napi_value Drain(napi_env, napi_callback_info)
{
    if (s_probe)
        s_probe->drainEvents(s_probe->now());
    return nullptr;
}

// now(): the probe's clock, in ns, for calibrate().
napi_value Now(napi_env env, napi_callback_info)
{
    napi_value result;
    napi_create_double(env, s_probe ? double(s_probe->now()) : 0, &result);
    return result;
}

// calibrate(jsMs, probeNs): performance.now() and the probe's clock read at one moment.
napi_value Calibrate(napi_env env, napi_callback_info info)
{
    std::size_t argc = 2;
    napi_value argv[2];
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    double jsMs = 0;
    double probeNs = 0;
    if (s_probe && argc == 2 && napi_get_value_double(env, argv[0], &jsMs) == napi_ok
        && napi_get_value_double(env, argv[1], &probeNs) == napi_ok)
        s_probe->calibrate(jsMs, std::int64_t(probeNs));
    return nullptr;
}

// onControl(setEveryCallback): `setEveryCallback(bool)` is called on the main thread when LoopScope switches
// between labelling every callback and marking the phases only.
napi_value OnControl(napi_env env, napi_callback_info info)
{
    std::size_t argc = 1;
    napi_value argv[1];
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    if (!s_probe || argc != 1)
        return nullptr;
    napi_value name;
    napi_create_string_utf8(env, "LoopScope probe control", NAPI_AUTO_LENGTH, &name);
    const auto callJs = [](napi_env callEnv, napi_value function, void*, void* data) {
        if (!callEnv)
            return;
        napi_value on;
        napi_value undefined;
        napi_get_boolean(callEnv, data != nullptr, &on);
        napi_get_undefined(callEnv, &undefined);
        napi_call_function(callEnv, undefined, function, 1, &on, nullptr);
    };
    napi_threadsafe_function control = nullptr;
    if (napi_create_threadsafe_function(env, argv[0], nullptr, name, 0, 1, nullptr, nullptr, nullptr, callJs, &control)
        == napi_ok) {
        napi_unref_threadsafe_function(env, control); // it never keeps the program alive
        s_probe->onControl(control);
    }
    return nullptr;
}

// setEveryCallback(on): the JavaScript half's hooks are on (every callback) or off (phases only).
napi_value SetEveryCallback(napi_env env, napi_callback_info info)
{
    std::size_t argc = 1;
    napi_value argv[1];
    napi_get_cb_info(env, info, &argc, argv, nullptr, nullptr);
    bool on = true;
    if (s_probe && argc == 1 && napi_get_value_bool(env, argv[0], &on) == napi_ok)
        s_probe->setEveryCallback(on);
    return nullptr;
}

// stop(): the program is exiting (process 'exit'); what is left is sent.
napi_value Stop(napi_env, napi_callback_info)
{
    if (s_probe)
        s_probe->stop();
    return nullptr;
}

napi_value Init(napi_env env, napi_value exports)
{
    const napi_property_descriptor methods[] = {
        { "start", nullptr, Start, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "name", nullptr, Name, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "events", nullptr, Events, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "drain", nullptr, Drain, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "now", nullptr, Now, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "calibrate", nullptr, Calibrate, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "stop", nullptr, Stop, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "onControl", nullptr, OnControl, nullptr, nullptr, nullptr, napi_default, nullptr },
        { "setEveryCallback", nullptr, SetEveryCallback, nullptr, nullptr, nullptr, napi_default, nullptr },
    };
    napi_define_properties(env, exports, sizeof methods / sizeof methods[0], methods);
    return exports;
}

} // namespace

NAPI_MODULE(NODE_GYP_MODULE_NAME, Init)
