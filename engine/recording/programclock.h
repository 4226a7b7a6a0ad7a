#pragma once

#include "recording/monotonicclock.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

namespace loopscope {

// The program's clock: nanoseconds since the run started, less every span the user held the
// loop (paused, stepping, slow motion). Held time belongs to no callback, timer or sample, so a
// stepped run records the times an unstepped one would. The loop thread holds and releases it;
// any thread reads it (a pool thread's stamps, the views' "now").
class ProgramClock
{
public:
    explicit ProgramClock(std::int64_t originNs)
        : m_originNs(originNs)
    { }

    std::int64_t now() const
    {
        // While held, time stands at the moment the hold began.
        const std::int64_t heldSince = m_heldSinceNs.load(std::memory_order_acquire);
        return (heldSince != 0 ? heldSince : MonotonicClock::now()) - m_originNs.load(std::memory_order_acquire);
    }
    // The monotonic reading the program's time counts from; it moves on by every hold.
    std::int64_t originNs() const { return m_originNs.load(std::memory_order_acquire); }
    // All the time taken out so far.
    std::int64_t heldNs() const { return m_heldNs.load(std::memory_order_relaxed); }
    bool held() const { return m_heldSinceNs.load(std::memory_order_relaxed) != 0; }
    // A thread the program's work runs on (a pool thread) waits here while the loop is held, so work
    // queued before a hold starts after it, as in a run that was never held. Work already running
    // goes on: a thread cannot be stopped halfway through a system call or a hash.
    void waitWhileHeld() const
    {
        while (held())
            std::this_thread::sleep_for(std::chrono::microseconds(200));
    }

    // Loop thread: stops the program's time, then starts it again where it stopped; release()
    // returns how long the hold lasted.
    void hold() { m_heldSinceNs.store(MonotonicClock::now(), std::memory_order_release); }
    std::int64_t release()
    {
        const std::int64_t since = m_heldSinceNs.load(std::memory_order_relaxed);
        if (since == 0)
            return 0;
        const std::int64_t held = MonotonicClock::now() - since;
        m_originNs.fetch_add(held, std::memory_order_acq_rel);
        m_heldNs.fetch_add(held, std::memory_order_relaxed);
        m_heldSinceNs.store(0, std::memory_order_release);
        return held;
    }

private:
    std::atomic<std::int64_t> m_originNs;
    std::atomic<std::int64_t> m_heldSinceNs { 0 };
    std::atomic<std::int64_t> m_heldNs { 0 };
};

} // namespace loopscope
