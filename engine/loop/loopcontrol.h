#pragma once

#include "recording/loopstate.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

namespace loopscope {

class ProgramClock;

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
