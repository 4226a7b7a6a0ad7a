#pragma once

#include <atomic>
#include <cstddef>

namespace loopscope {

// The memory a run may hold in its queues and its recording. The loop thread charges queue growth
// before it allocates (a refused charge ends the run cleanly instead of in std::bad_alloc); the
// recording's chunks are counted by their logs and checked against the same limit by the session.
class MemoryBudget
{
public:
    static constexpr std::size_t DefaultMb = 512;

    explicit MemoryBudget(std::size_t limitBytes = DefaultMb << 20)
        : m_limit(limitBytes)
    { }

    std::size_t limit() const { return m_limit; }
    // Bytes charged so far (the queues); recordingBytes is what the recording holds besides.
    std::size_t charged() const { return m_charged.load(std::memory_order_relaxed); }
    bool exceededWith(std::size_t recordingBytes) const { return charged() + recordingBytes > m_limit; }
    // Counts `bytes` more if the total stays within the limit; false (nothing counted) otherwise.
    bool charge(std::size_t bytes)
    {
        std::size_t now = m_charged.load(std::memory_order_relaxed);
        do {
            if (now + bytes > m_limit)
                return false;
        } while (!m_charged.compare_exchange_weak(now, now + bytes, std::memory_order_relaxed));
        return true;
    }
    void release(std::size_t bytes) { m_charged.fetch_sub(bytes, std::memory_order_relaxed); }
    // Whoever finds the budget exceeded says so; the run then ends as aborted.
    void markExceeded() { m_exceeded.store(true, std::memory_order_relaxed); }
    bool exceeded() const { return m_exceeded.load(std::memory_order_relaxed); }

private:
    std::size_t m_limit;
    std::atomic<std::size_t> m_charged { 0 };
    std::atomic<bool> m_exceeded { false };
};

// Thrown where a charge is refused; the runtime ends the run with "memory budget exceeded".
struct MemoryBudgetExceeded
{ };

} // namespace loopscope
