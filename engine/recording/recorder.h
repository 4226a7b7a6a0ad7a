#pragma once

#include "recording/eventlog.h"
#include "recording/events.h"
#include "recording/monotonicclock.h"
#include "recording/programclock.h"
#include "recording/stringtable.h"

#include <atomic>
#include <cstdint>

namespace loopscope {

// Nanoseconds on the monotonic clock (the clock uv_hrtime reads), in the time base every thread shares.
inline std::int64_t monotonicNs()
{
    return MonotonicClock::now();
}

// Work a loop runs to its end once started: an abort waits for it (LiveState::uninterruptible).
enum class Uninterruptible : std::uint8_t { None, Regex, JsonParse, Pbkdf2Sync };

// What the loop is doing right now, for live views. Written by the loop thread
// with relaxed stores, read by anyone; each field is individually current.
struct LiveState
{
    std::atomic<std::uint32_t> iteration { 0 };
    std::atomic<std::uint8_t> phase { 0 }; // Phase
    std::atomic<bool> inPhase { false };
    std::atomic<bool> inCallback { false };
    std::atomic<std::uint8_t> callbackKind { 0 }; // CallbackKind
    std::atomic<std::uint32_t> callbackLabel { 0 };
    std::atomic<std::int64_t> callbackStartNs { 0 };
    std::atomic<std::int64_t> pollTimeoutMs { 0 };
    std::atomic<std::uint8_t> pollReason { 0 }; // PollReason
    std::atomic<std::uint32_t> nextTick { 0 };
    std::atomic<std::uint32_t> microtask { 0 };
    std::atomic<std::uint32_t> immediate { 0 };
    std::atomic<std::uint32_t> timers { 0 };
    std::atomic<std::uint32_t> close { 0 };
    std::atomic<std::uint32_t> poolQueued { 0 };
    std::atomic<std::uint32_t> poolActive { 0 };
    std::atomic<std::uint32_t> requests { 0 }; // the program's HTTP requests waiting for their answer
    std::atomic<std::uint64_t> callbacks { 0 }; // every callback run so far
    std::atomic<bool> finished { false };
    std::atomic<int> healthPort { 0 }; // the built-in server's port on 127.0.0.1, 0 before it listens
    std::atomic<int> workerLoops { 0 }; // worker loops whose threads run (a terminated one counts until joined)
    // Work that has no check point, so that an abort cannot stop it (Uninterruptible): what this loop
    // runs now, and, in the main loop's state, how many worker loops run each kind.
    std::atomic<std::uint8_t> uninterruptible { 0 };
    std::atomic<int> workersInRegex { 0 };
    std::atomic<int> workersInJsonParse { 0 };
    std::atomic<int> workersInPbkdf2Sync { 0 };
    std::atomic<bool> outOfMemory { false }; // an allocation failed on this loop: the run was aborted
    // The latency probes' clocks, so views can draw a wait while it grows: the delay monitor's
    // resolution (0: off) and its latest check, and when the /health request in flight was sent.
    std::atomic<int> delayResolutionMs { 0 };
    std::atomic<std::int64_t> delayCheckNs { -1 }; // recording time; -1 before the first check
    std::atomic<std::int64_t> healthSentNs { -1 }; // recording time; -1 when no request is in flight
};

// The producer side of a recording: turns loop observations into records.
//
// A run of identical callbacks (same label, kind, thread, depth and iteration,
// nothing else in between) is kept as one record with a count, the summed and
// the longest duration, so a storm of a million nextTicks costs a few records.
// Runs are cut every RunSliceNs so that live readers see progress.
class Recorder
{
public:
    static constexpr std::int64_t RunSliceNs = 20'000'000;

    // Stands for "the thread this recorder records for" in the methods below.
    static constexpr std::uint16_t OwnThread = 0xffff;

    // The thread that holds and releases `clock` (the main loop) reads a copy of its origin, which it
    // refreshes after each hold (followClock): the stamp it takes per callback stays one subtraction.
    // Other threads (worker loops) read the clock itself, which stands still while the loop is held.
    Recorder(EventLog& log, StringTable& strings, const ProgramClock& clock, std::uint16_t thread = MainThread,
        bool holdsClock = false);

    [[gnu::always_inline]] std::int64_t now() const
    {
        return m_holdsClock ? monotonicNs() - m_originNs : m_clock.now();
    }
    void followClock() { m_originNs = m_clock.originNs(); }
    const ProgramClock& clock() const { return m_clock; }
    StringTable& strings() { return m_strings; }
    EventLog& log() { return m_log; }

    // The loop calls these several times per iteration or per tick, so they are
    // inline and write straight into the log's slot. phase() is seven calls an
    // iteration from four places, which GCC may stop inlining when a caller grows
    // (30 instructions a call of a setImmediate step): it is told to.
    [[gnu::always_inline]] void phase(Phase phase, bool timed, std::int64_t startNs, std::int64_t endNs,
        std::uint32_t iteration, std::int64_t pollTimeoutMs = 0, std::uint16_t thread = OwnThread)
    {
        flush();
        if (!m_enabled)
            return;
        Record* r = m_log.slot();
        if (!r)
            return;
        r->startNs = startNs;
        r->type = RecordType::Phase;
        r->sub = std::uint8_t(phase);
        r->thread = thread == OwnThread ? m_thread : thread;
        setPhaseTimed(*r, timed);
        r->span.durNs = endNs - startNs;
        r->span.busyNs = 0;
        setPollTimeoutMs(*r, pollTimeoutMs);
        r->span.count = 1;
        r->span.iteration = iteration;
        m_log.commit();
    }
    // `job` is a microtask's JobKind, `internal` says Node's own JavaScript ran; the record's sub
    // holds both beside the kind (events.h).
    void callback(std::uint32_t label, CallbackKind kind, std::int64_t startNs, std::int64_t endNs,
        std::uint32_t iteration, std::uint8_t depth, std::uint16_t thread = OwnThread, JobKind job = JobKind::Callback,
        bool internal = false)
    {
        if (!m_enabled)
            return;
        if (thread == OwnThread)
            thread = m_thread;
        std::uint8_t sub = std::uint8_t(kind) | std::uint8_t(std::uint8_t(job) << JobKindShift)
            | (internal ? InternalFlag : std::uint8_t(0));
        if (m_queuedPending) {
            // The one job this call queued last has its own label and kind: the record says so.
            if (m_pendingLabel == label && m_pendingSub == sub && m_pendingCount == 1) {
                m_queuedPending = false;
                sub |= RequeuedFlag;
            } else {
                writeQueued(endNs);
            }
        }
        // One compare for label, sub, depth and thread; NoRun never matches, so it also says "a run is open".
        if (runKey(label, sub, depth, thread) == m_runKey && m_run->span.iteration == iteration
            && endNs - m_run->startNs < RunSliceNs) {
            const std::int64_t duration = endNs - startNs;
            m_run->span.durNs = endNs - m_run->startNs;
            m_run->span.busyNs += duration;
            if (duration > longestCallNs(*m_run))
                setLongestCallNs(*m_run, duration);
            ++m_run->span.count;
            return;
        }
        startRun(label, sub, startNs, endNs, iteration, depth, thread);
    }
    // A job joined a queue that runs it as `kind`. Kept back until the next record: jobs of one
    // label queued one after another (a loop of nextTicks) become one record with a count, and
    // when the call that queued one job is one of a chain (a nextTick that queues the same
    // nextTick), its own record is flagged RequeuedFlag and no Queued record is written.
    // Forced inline, as JobQueue::push is: once per job queued, a call costs a tenth of a nextTick.
    [[gnu::always_inline]] void queued(std::uint32_t label, CallbackKind kind, JobKind job = JobKind::Callback)
    {
        if (!m_enabled)
            return;
        const std::uint8_t sub = std::uint8_t(kind) | std::uint8_t(std::uint8_t(job) << JobKindShift);
        if (m_queuedPending) {
            if (m_pendingLabel == label && m_pendingSub == sub && m_pendingCount != ~std::uint32_t(0)) {
                ++m_pendingCount;
                return;
            }
            writeQueued(now());
        }
        m_pendingLabel = label;
        m_pendingSub = sub;
        m_pendingCount = 1;
        m_queuedPending = true;
    }
    // A call begins at `startNs`: a job queued before it was not queued by it.
    void beginCall(std::int64_t startNs)
    {
        if (m_queuedPending)
            writeQueued(startNs);
    }
    // A timer joined the timer list, due in `delayMs`.
    void timerQueued(std::uint32_t label, double delayMs);
    // Every JavaScript queue was emptied at `atNs` (the work was abandoned or the run aborted).
    void queuesCleared(std::int64_t atNs);
    // A job of `label` left the queue that runs it as `kind` without running (clearTimeout, clearImmediate).
    void left(std::uint32_t label, CallbackKind kind);
    // Thread-pool work that ran on `worker` from `startNs` to `endNs` after waiting `waitedNs` in the
    // queue (a Pool record keeps the wait in span.busyNs).
    void pool(std::uint32_t label, std::uint16_t worker, std::int64_t waitedNs, std::int64_t startNs,
        std::int64_t endNs, std::uint32_t iteration);
    void queues(std::int64_t atNs, const LiveState& live);
    void latency(
        std::int64_t atNs, double loopDelayMs, double healthMs, double utilization = -1, double histogramMs = -1);
    // A console line or an error, printed by (delivered to) the callback labelled `from` (0: not known). A
    // console line may close a measured stretch of `steps` steps (ConsoleFields).
    void text(RecordType type, std::uint32_t label, std::int64_t atNs, std::uint32_t from = 0,
        std::uint16_t thread = OwnThread, std::uint32_t steps = 0);
    // The loop was held at `atNs` for `heldNs`, which the program's time leaves out.
    void held(std::uint32_t label, std::int64_t atNs, std::int64_t heldNs);
    // The log is over its resident limit: the producer should wait at a safe place (EventLog).
    bool mustWaitForSpill() const { return m_enabled && m_log.overResidentLimit(); }
    // With recording off nothing is stored; live state still updates (benchmarks compare both).
    void setEnabled(bool enabled) { m_enabled = enabled; }
    bool enabled() const { return m_enabled; }
    // Publishes a pending run; call before handing the log to readers at the end.
    [[gnu::always_inline]] void flush()
    {
        if (m_queuedPending)
            writeQueued(now());
        flushRun();
    }

private:
    void flushRun()
    {
        if (m_runKey == NoRun)
            return;
        m_runKey = NoRun;
        if (m_enabled)
            m_log.commit();
    }
    // Kinds and flags fit in 8 bits and no sub is 0xff (JobKind is at most 2), so a key with sub
    // 0xff stands for "no run open".
    static constexpr std::uint64_t NoRun = ~std::uint64_t(0);
    static std::uint64_t runKey(std::uint32_t label, std::uint8_t sub, std::uint8_t depth, std::uint16_t thread)
    {
        return std::uint64_t(label) << 32 | std::uint64_t(sub) << 24 | std::uint64_t(depth) << 16 | thread;
    }
    // Out of line: a chain never gets here, and the callback path stays small.
    // Stamped `atNs`: the jobs had joined their queue by then.
    [[gnu::noinline]] void writeQueued(std::int64_t atNs);
    // A Queued record of this recorder's thread (events.h says what its fields hold).
    Record queuedRecord(std::uint8_t sub, std::uint32_t label, std::int64_t atNs, std::uint32_t count) const;
    void startRun(std::uint32_t label, std::uint8_t sub, std::int64_t startNs, std::int64_t endNs,
        std::uint32_t iteration, std::uint8_t depth, std::uint16_t thread);
    void put(const Record& record)
    {
        if (!m_enabled)
            return;
        if (Record* slot = m_log.slot()) {
            *slot = record;
            m_log.commit();
        }
    }

    EventLog& m_log;
    StringTable& m_strings;
    const ProgramClock& m_clock;
    std::int64_t m_originNs; // holdsClock: the clock's origin as of the last hold
    bool m_holdsClock;
    std::uint16_t m_thread;
    // The open run is built in place in the log's next slot, which is committed by flush();
    // every other write flushes first, so nothing else takes that slot meanwhile.
    Record* m_run = nullptr;
    std::uint64_t m_runKey = NoRun;
    bool m_enabled = true;
    // The job queued last, not yet written (queued()).
    bool m_queuedPending = false;
    std::uint8_t m_pendingSub = 0;
    std::uint32_t m_pendingLabel = 0;
    std::uint32_t m_pendingCount = 0;
};

} // namespace loopscope
