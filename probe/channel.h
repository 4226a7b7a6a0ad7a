#pragma once

#include "attach/wire.h"
#include "elfsymbols.h"
#include "outputwatch.h"
#include "poolwatch.h"
#include "recording/events.h"
#include "recording/monotonicclock.h"

#include <node_api.h>
#include <uv.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace loopscope::probe {

class BlockSampler;
class LoopProbe;

// What each JavaScript half's control callback is told (onControl): the mode to switch to, or, in a program
// attached while it ran, that LoopScope let go and the probe is to be taken out.
enum class ControlMode : std::uintptr_t { MarkersOnly = 0, EveryCallback = 1, Unload = 2 };

// The probe's one connection to LoopScope, for the whole process: the socket LoopScope reads, the
// strings records name, the thread pool's watch, and the sender, a thread of its own that empties every
// loop's ring into the socket every SendEvery, so that a slow or stuck reader never slows the program:
// when a ring is full, records are dropped and counted; when the reader is gone, the probe switches off.
// When LoopScope's end of the socket hangs up (LoopScope ended or was killed), the probe goes quiet and ends
// the program as LoopScope's own stop would (SIGTERM, then SIGKILL past the grace), unless LoopScope said
// to detach: the program never outlives LoopScope by accident. A program attached while it ran is never
// ended by the probe: it takes itself out instead (unloadOnHangUp).
class Channel
{
public:
    // A process LoopScope follows as a child of the program it attached to (--follow-children): a socket
    // connected to the one LoopScope listens on, `name` in the abstract namespace, placed above the
    // descriptors the program opens first (as LoopScope places the program's own) and closed in children;
    // -1 when LoopScope is not there.
    static int connectTo(const std::string& name);
    // Opens the stream on `fd` (kept on its number, closed in children) for the main loop `mainLoop`,
    // says hello and starts the sender; false when the stream cannot be written.
    bool open(int fd, uv_loop_t* mainLoop, const std::string& node, const std::string& libuv);
    bool opened() const { return m_sender.joinable(); }
    // The program is exiting: what its eventLoopUtilization() reads now goes with the rest (loopTimes()),
    // and once the main loop's probe has finished, stop() sends the rest within FlushAtExitFor.
    void loopTimes(const wire::LoopTimes& times);
    // ... and the status it exits with (its 'exit' event's code).
    void exited(int code);
    void stop();

    // The probe's clock: ns since the channel opened, on CLOCK_MONOTONIC (as uv_hrtime and LoopScope's
    // clock are), read from the TSC where the kernel itself trusts it (MonotonicClock: 8 ns, not 20).
    std::int64_t now() const { return MonotonicClock::now() - m_originNs; }
    // The number the records use for `text` (any thread); sent once. A callback's label names its kind
    // by its resource type ("Timeout": a timer) or, given, by `kind` (a label that names its function).
    std::uint32_t name(const std::string& text);
    std::uint32_t name(const std::string& text, CallbackKind kind);
    // The kind of callback a resource of type `type` runs (Timeout: a timer; anything unknown: I/O).
    static CallbackKind kindOfType(const std::string& type);
    // True for a number name() gave; the kind of callback a resource of that type runs (any thread).
    bool named(std::uint32_t name) const { return name >= 1 && name <= m_kindCount.load(std::memory_order_acquire); }
    CallbackKind kindOf(std::uint32_t name) const;

    // What the probe no longer sees, said in the recording (any thread).
    void unavailable(const std::string& what);

    // The main loop's block sampler, whose stacks go with the records (any thread; null: none). stop()
    // stops it first, so that its last stacks go too.
    void setSampler(BlockSampler* sampler);
    // A loop's probe joins (its thread named `threadName`), or leaves with its last records still sent.
    void add(LoopProbe* loop, const std::string& threadName);
    void remove(LoopProbe* loop);
    // A JavaScript half's mode switch (one each loop), called when LoopScope sends a Control byte; and the
    // mode the loops are in (set once at the start, then by each Control byte), for a loop that starts.
    void addControl(napi_threadsafe_function control);
    void removeControl(napi_threadsafe_function control);
    bool everyCallback() const { return m_everyCallback.load(std::memory_order_relaxed); }
    // True when the bytes the program writes to its standard output and error are counted (OutputWatch).
    bool countsOutput() const { return m_output.counting(); }
    void setEveryCallback(bool on) { m_everyCallback.store(on, std::memory_order_relaxed); }
    // The program was running when LoopScope attached: when LoopScope's end hangs up (it let go, ended or
    // was killed), the probe goes quiet and asks its JavaScript halves to take it out (ControlMode::Unload),
    // and never ends the program. Before open().
    void unloadOnHangUp() { m_unloadOnHangUp = true; }

private:
    static constexpr auto SendEvery = std::chrono::milliseconds(10);
    static constexpr auto PoolLookEvery = std::chrono::milliseconds(1);
    // Once LoopScope has gone, the sender only waits for the program's end (or, past the grace, ends it).
    static constexpr auto QuietLookEvery = std::chrono::milliseconds(50);
    // At exit the probe waits this long at most for its last records to go.
    static constexpr auto FlushAtExitFor = std::chrono::milliseconds(250);
    static constexpr std::size_t MaxNames = std::size_t(1) << 16; // labels name their functions

    void send();
    bool readControl(bool socket);
    void tellControls(ControlMode mode);
    void goQuiet();
    bool write(const std::vector<std::uint8_t>& bytes);

    int m_fd = -1;
    std::int64_t m_originNs = 0;
    uv_loop_t* m_mainLoop = nullptr;
    std::unique_ptr<ElfSymbols> m_symbols;
    PoolWatch m_pool;
    OutputWatch m_output;
    std::mutex m_controlsMutex;
    std::vector<napi_threadsafe_function> m_controls;
    std::atomic<bool> m_everyCallback { true };
    bool m_detach = false; // sender thread: Control::Detach came, LoopScope's end going leaves the program be
    bool m_unloadOnHangUp = false;
    bool m_released = false; // sender thread: Control::Release came

    std::mutex m_namesMutex;
    std::unordered_map<std::string, std::uint32_t> m_names; // by the kind's byte and the text
    std::atomic<CallbackKind> m_kinds[MaxNames] {}; // of each name, by its number - 1
    std::atomic<std::uint32_t> m_kindCount { 0 };

    std::mutex m_loopsMutex; // guards m_loops and m_leftBehind
    std::vector<LoopProbe*> m_loops; // the main loop's first
    BlockSampler* m_sampler = nullptr;
    std::vector<Record> m_leftBehind; // the last records of loops gone
    std::uint64_t m_droppedByLoopsGone = 0;

    std::atomic<bool> m_off { false };
    std::atomic<std::chrono::steady_clock::time_point> m_giveUpAt { std::chrono::steady_clock::time_point::max() };
    std::mutex m_mutex; // guards m_out (strings, thread names) and m_stopping
    std::condition_variable m_wake;
    wire::Writer m_out;
    bool m_stopping = false;
    std::thread m_sender;
};

} // namespace loopscope::probe
