#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace loopscope {

// One item in a modelled queue, for the queue panels.
struct QueueItem
{
    std::uint32_t label = 0; // string id in the recording
    std::uint8_t kind = 0; // microtasks: JobKind
    double dueInMs = 0; // timers: milliseconds until due (negative: overdue)
};

// A copy of the runtime's queues, taken on the loop thread at a phase boundary
// or a drain check point, at most every SnapshotIntervalNs.
struct QueueSnapshot
{
    static constexpr std::size_t MaxItems = 200; // per queue; the counts say how many there really are
    std::int64_t takenAtNs = -1; // recording time; -1 before the first snapshot
    std::uint32_t iteration = 0;
    std::vector<QueueItem> timers, immediates, nextTicks, microtasks, closes;
    std::size_t timerCount = 0, immediateCount = 0, nextTickCount = 0, microtaskCount = 0, closeCount = 0;
};

class ProgramClock;

// The places the loop may halt at.
enum class StepPoint : std::uint8_t {
    Phase, // a phase begins
    BeforeCallback, // a callback is about to run: the main module's is "paused before main"
    AfterCallback, // a callback's body, or one job of a drain, has run: what it queued is queued
};

// Where a step runs to: the next phase, the end of the next callback (a nextTick or a microtask
// job is one), or the first phase of the next iteration.
enum class StepMode : std::uint8_t { Phase, Callback, Iteration };

// The loop controls shared by the GUI and the loop thread: pause, step, slow
// motion, and the queue snapshot exchange. The loop thread consults it at
// phase and callback boundaries; the fast path is two relaxed loads.
class LoopControl
{
public:
    static constexpr std::int64_t SnapshotIntervalNs = 30'000'000;

    // Any thread. Pausing before the loop thread starts holds it before the main module.
    void pause();
    void resume();
    void step(StepMode mode);
    bool paused() const { return m_paused.load(std::memory_order_relaxed); }
    void setSlowMotion(int ms) { m_slowMs.store(ms < 0 ? 0 : ms, std::memory_order_relaxed); }
    // Releases a halted loop for good (abort and shutdown).
    void release();
    QueueSnapshot snapshot() const;

    // Loop thread: whether the loop must halt here, or hold the phase for slow motion.
    bool engaged() const
    {
        return m_paused.load(std::memory_order_relaxed) || m_slowMs.load(std::memory_order_relaxed) != 0;
    }
    // Where the loop is held, if it is (the views say "paused before main" and the like).
    std::optional<StepPoint> heldAt() const;
    // How many times the loop has halted (not counting slow motion): a step's halt is a new one.
    std::uint64_t halts() const { return m_halts.load(std::memory_order_acquire); }

    // Loop thread: at `point` of `iteration`, blocks while paused until a step that ends there,
    // and holds the loop for slow motion at phases and after callbacks. `clock` stands still
    // meanwhile; returns how long the loop was held.
    std::int64_t boundary(StepPoint point, std::uint32_t iteration, ProgramClock& clock);
    bool wantsSnapshot(std::int64_t nowNs, std::int64_t intervalNs = SnapshotIntervalNs) const
    {
        return nowNs - m_lastSnapshotNs.load(std::memory_order_relaxed) >= intervalNs;
    }
    void publish(QueueSnapshot snapshot);

private:
    std::atomic<bool> m_paused { false };
    std::atomic<int> m_slowMs { 0 };
    std::atomic<bool> m_released { false };
    std::mutex m_mutex;
    std::condition_variable m_changed;
    bool stepEndsAt(StepPoint point, std::uint32_t iteration) const;

    bool m_stepping = false; // a step is running to its boundary
    StepMode m_stepMode = StepMode::Phase;
    std::uint32_t m_stepFrom = 0; // the iteration a step began in
    std::uint64_t m_stepRequests = 0;
    std::atomic<std::uint8_t> m_heldAt { 0 }; // 0: running, else StepPoint + 1
    std::atomic<std::uint64_t> m_halts { 0 };

    mutable std::mutex m_snapshotMutex;
    QueueSnapshot m_snapshot;
    std::atomic<std::int64_t> m_lastSnapshotNs { -SnapshotIntervalNs };
};

} // namespace loopscope
