#pragma once

#include "attach/wire.h"
#include "recording/events.h"

#include <uv.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <vector>

namespace loopscope::probe {

class Channel;

// The probe of one loop of the program (the main loop, or a worker thread's): it marks the loop's
// phases with handles of its own, records the callbacks its JavaScript half reports, and keeps the
// records in a ring of its own, which the channel's sender empties.
//
// What it times: poll (from the last prepare handle to the first check handle), check (from the first
// check handle to one it keeps last, after Node's immediates), close (from there to the close callback of
// a handle it closes at the tail of the loop's closing list) and timers (from there to a timer of its own
// started then, due with the earliest, which libuv runs after every timer due). A close phase with nothing
// to close and a timers phase with no timer due run nothing, and take no marker. Pending, idle and prepare
// are recorded as passed but not timed, which is what LoopScope's model calls a phase it could not
// observe; so is the timers phase the probe cannot mark: the one before the loop's first close, and the
// one at the start of each uv_run() where libuv >= 1.45 runs timers before its loop. None of its handles
// keeps the loop alive, shortens poll's wait or adds an iteration.
class LoopProbe
{
public:
    static constexpr std::size_t EventDoubles = 1 + 2 * 8192;
    // The buffer's last three doubles: the run of promise jobs being counted (name, start, count).
    static constexpr std::size_t RunSlots = EventDoubles - 3;
    // The double before them: how many jobs of the run's kind the run queued, told as they join at its end.
    static constexpr std::size_t RunQueuedSlot = EventDoubles - 4;
    // An entry of the buffer whose name is at least QueuedBase is four doubles: jobs that joined a queue
    // (QueuedBase + their label; LeftBase + their label: a timer or an immediate cleared before it ran), the
    // time, how many, and a timer's delay in ms (loopscope-queues.js writes them).
    static constexpr double QueuedBase = 8589934592.0; // 2^33, above every label
    static constexpr double LeftBase = 17179869184.0; // 2^34

    // Records name `thread` (MainThread, or WorkerThreadBase + the worker's threadId).
    LoopProbe(Channel& channel, std::uint16_t thread);
    ~LoopProbe();
    LoopProbe(const LoopProbe&) = delete;
    LoopProbe& operator=(const LoopProbe&) = delete;

    // The loop's own thread, from here on. Starts marking `loop`'s phases (its handles never keep it
    // alive); `delayMs` > 0 adds a loop-delay monitor like monitorEventLoopDelay with that resolution.
    void start(uv_loop_t* loop, int delayMs);
    // The loop is going away (a worker ending): ends what was begun and closes the handles; `closed`
    // runs once libuv has closed them all.
    void close(std::function<void()> closed);
    // The program is exiting: the callbacks still open end now.
    void finish();

    // The buffer the JavaScript half writes a callback's start and end into, as pairs of doubles (the
    // callback's name, or 0 for an end, -N for the end of a run of N counted jobs; performance.now() in
    // ms) after a first double that says how many are used, and the run being counted in its last three; and
    // the jobs that joined the queues (QueuedBase). Read back at
    // the phase markers, on the same thread, so records keep their order; a Node-API call per callback would cost the
    // program more than the hooks do.
    double* events();
    // performance.now() read at `jsMs` is the probe's clock at `atNs` (the JavaScript half takes the pair
    // whose reads lie closest together, so the two clocks agree within a few tens of nanoseconds).
    void calibrate(double jsMs, std::int64_t atNs);
    // The probe's clock when performance.now() read `jsMs`.
    std::int64_t probeNsOf(double jsMs) const
    {
        return std::int64_t(jsMs * 1e6) + m_eventsOffsetNs.load(std::memory_order_relaxed);
    }
    // Records what the buffer holds: everything in it happened before `untilNs` (the marker that reads it,
    // or now) and after the marker before, and its times are held within those.
    void drainEvents(std::int64_t untilNs);
    // The JavaScript half labels every callback, or not (marking the phases only).
    void setEveryCallback(bool on) { m_everyCallback = on; }

    // The sender's side.
    std::uint16_t thread() const { return m_thread; }
    // Where the loop is now. A callback still running is the last one started, in the events buffer or,
    // when the buffer was drained meanwhile, the one drained open.
    wire::Now whereNow() const;
    // Appends the records pushed since the last call to `out`.
    void takeRecords(std::vector<Record>& out);
    // Records lost since the start, the ring being full.
    std::uint64_t dropped() const { return m_dropped.load(std::memory_order_relaxed); }
    // The reader is gone: nothing more is kept.
    void switchOff() { m_off.store(true, std::memory_order_relaxed); }

private:
    struct Call
    {
        std::int64_t startNs;
        std::uint32_t name;
    };

    // The innermost call open ends at `atNs`: a run of `count` calls when more than one.
    void end(std::int64_t atNs, std::uint32_t count);
    // A buffer entry of jobs that joined (or left) a queue (QueuedBase), as a Queued record.
    void queued(double code, std::int64_t atNs, double count, double delayMs);
    void phase(Phase which, bool timed, std::int64_t startNs, std::int64_t endNs, std::int64_t timeoutMs = 0);
    void notePollWait();
    void pollBegins();
    void pollEnds();
    void checkEnds();
    void closeEnds();
    void timersBegin(std::int64_t at);
    bool timerMayBeDue() const;
    void timersEnd();
    // A handle of ours is closed (close()): the last one calls `closed`.
    static void handleClosed(uv_handle_t* handle);
    void publishPhase(Phase which, bool timed, std::int64_t sinceNs);
    void startDelayMonitor(int resolutionMs);
    void delayCheck();
    void push(const Record& r);

    Channel& m_channel;
    const std::uint16_t m_thread;
    uv_loop_t* m_loop = nullptr;
    bool m_everyCallback = true;
    uv_prepare_t m_prepare {};
    uv_check_t m_checkFirst {};
    uv_check_t m_checkLast {};
    uv_idle_t m_closeMarker {}; // never started; initialised and closed again each iteration
    bool m_closeMarking = false; // closed, its close callback not run yet
    bool m_closing = false; // close() was called
    uv_timer_t m_timersMarker {};
    bool m_timersAfterClose = false; // libuv >= 1.45 runs timers right after the close phase
    uv_timer_t m_delayTimer {};
    bool m_delayMonitor = false;
    int m_open = 0; // handles not closed yet (close())
    std::function<void()> m_closed;
    std::int64_t m_pollStartNs = -1;
    std::int64_t m_pollTimeoutMs = 0; // ms, -1: for ever
    PollReason m_pollReason = PollReason::NoWait;
    std::int64_t m_checkStartNs = -1;
    std::int64_t m_closeStartNs = -1;
    std::int64_t m_timersStartNs = -1; // -1: the timers marker is not running
    std::uint32_t m_timersTimed = 0; // the iteration whose timers phase was timed last
    std::uint32_t m_iteration = 1;
    std::vector<Call> m_calls;
    std::uint32_t m_promiseLabel = 0; // the label of promise jobs, once a queued job needed it
    std::unique_ptr<double[]> m_events { new double[EventDoubles] { 1 } };
    std::atomic<std::int64_t> m_eventsOffsetNs { 0 }; // the sender reads it too
    std::int64_t m_drainedNs = 0; // the buffer was last read at this time
    int m_delayResolutionMs = 0;
    std::int64_t m_delayLastNs = -1; // the monitor's last check; -1 before its first
    std::int64_t m_idleLastNs = 0;

    // Where the loop is (publishPhase, drainEvents), for the sender.
    std::atomic<std::uint32_t> m_nowIteration { 1 };
    std::atomic<std::uint8_t> m_nowPhase { std::uint8_t(Phase::Timers) };
    std::atomic<std::int64_t> m_nowPhaseStartNs { 0 };
    std::atomic<std::uint32_t> m_nowPoll { 1u << 8 | std::uint32_t(PollReason::NoWait) }; // (ms + 1) << 8 | reason
    std::atomic<std::uint32_t> m_openName { 0 };
    std::atomic<std::int64_t> m_openStartNs { 0 };
    std::atomic<std::uint32_t> m_openDepth { 0 };

    // The ring: this loop's thread pushes, the sender takes. A setImmediate storm pushes five records an
    // iteration, a million a second: the ring holds what comes while the sender waits for the CPU on a
    // loaded machine (a quarter of a second of it and more). Zeroed pages from calloc, touched only as the
    // ring fills: a quiet loop's costs next to nothing.
    static constexpr std::size_t RingRecords = std::size_t(1) << 18;
    struct FreeRing
    {
        void operator()(Record* ring) const { std::free(ring); }
    };
    std::unique_ptr<Record[], FreeRing> m_ring { static_cast<Record*>(std::calloc(RingRecords, sizeof(Record))) };
    std::atomic<std::uint64_t> m_head { 0 };
    std::atomic<std::uint64_t> m_tail { 0 };
    std::atomic<std::uint64_t> m_dropped { 0 };
    std::atomic<bool> m_off { false };
};

} // namespace loopscope::probe
