#include "loop/loopcontrol.h"

#include "recording/programclock.h"

#include <chrono>

namespace loopscope {

void LoopControl::pause()
{
    std::lock_guard lock(m_mutex);
    m_paused = true;
    m_stepping = false;
}

void LoopControl::resume()
{
    {
        std::lock_guard lock(m_mutex);
        m_paused = false;
        m_stepping = false;
    }
    m_changed.notify_all();
}

void LoopControl::step(StepMode mode)
{
    {
        std::lock_guard lock(m_mutex);
        if (!m_paused)
            return;
        m_stepMode = mode;
        ++m_stepRequests;
    }
    m_changed.notify_all();
}

void LoopControl::release()
{
    {
        std::lock_guard lock(m_mutex);
        m_released = true;
        m_paused = false;
    }
    m_changed.notify_all();
}

bool LoopControl::stepEndsAt(StepPoint point, std::uint32_t iteration) const
{
    switch (m_stepMode) {
    case StepMode::Phase:
        return point == StepPoint::Phase;
    case StepMode::Callback:
        return point == StepPoint::AfterCallback;
    case StepMode::Iteration:
        return point == StepPoint::Phase && iteration != m_stepFrom;
    }
    return true;
}

std::optional<StepPoint> LoopControl::heldAt() const
{
    const std::uint8_t held = m_heldAt.load(std::memory_order_relaxed);
    if (held == 0)
        return std::nullopt;
    return StepPoint(held - 1);
}

std::int64_t LoopControl::boundary(StepPoint point, std::uint32_t iteration, ProgramClock& clock)
{
    std::unique_lock lock(m_mutex);
    if (m_released)
        return 0;
    if (m_paused) {
        if (m_stepping && !stepEndsAt(point, iteration))
            return 0;
        m_stepping = false;
        clock.hold();
        m_heldAt.store(std::uint8_t(point) + 1, std::memory_order_relaxed);
        m_halts.fetch_add(1, std::memory_order_release);
        const std::uint64_t requests = m_stepRequests;
        m_changed.wait(lock, [&] { return !m_paused || m_released || m_stepRequests != requests; });
        m_heldAt.store(0, std::memory_order_relaxed);
        if (m_paused && !m_released) {
            m_stepping = true;
            m_stepFrom = iteration;
        }
        return clock.release();
    }
    // Slow motion shows each phase and what each callback leaves queued, for as long as asked.
    const int slowMs = m_slowMs.load(std::memory_order_relaxed);
    if (slowMs <= 0 || point == StepPoint::BeforeCallback)
        return 0;
    clock.hold();
    m_changed.wait_for(lock, std::chrono::milliseconds(slowMs), [&] { return m_released || m_paused; });
    return clock.release();
}

void LoopControl::publish(QueueSnapshot snapshot)
{
    m_lastSnapshotNs.store(snapshot.takenAtNs, std::memory_order_relaxed);
    std::lock_guard lock(m_snapshotMutex);
    m_snapshot = std::move(snapshot);
}

QueueSnapshot LoopControl::snapshot() const
{
    std::lock_guard lock(m_snapshotMutex);
    return m_snapshot;
}

} // namespace loopscope
