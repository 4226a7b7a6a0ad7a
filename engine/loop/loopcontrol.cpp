#include "loop/loopcontrol.h"

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

void LoopControl::boundary(bool isPhase)
{
    std::unique_lock lock(m_mutex);
    if (m_released)
        return;
    if (m_paused) {
        // A step in progress halts at the first boundary of its kind; a callback step
        // also halts at a phase boundary, which is where the next callback would be.
        if (m_stepping && !isPhase && m_stepMode == StepMode::Phase)
            return;
        m_stepping = false;
        const std::uint64_t requests = m_stepRequests;
        m_changed.wait(lock, [&] { return !m_paused || m_released || m_stepRequests != requests; });
        if (m_paused && !m_released)
            m_stepping = true;
        return;
    }
    const int slowMs = m_slowMs.load(std::memory_order_relaxed);
    if (isPhase && slowMs > 0)
        m_changed.wait_for(lock, std::chrono::milliseconds(slowMs), [&] { return m_released || m_paused; });
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
