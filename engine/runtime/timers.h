#pragma once

#include "loop/uvhandle.h"
#include "runtime/job.h"
#include "runtime/nodetimers.h"

#include <uv.h>

#include <cstdint>

namespace loopscope {

class Callbacks;
class Phases;
class Stepping;
struct RuntimeContext;

// setTimeout and setInterval: Node's timer lists (NodeTimers) behind one uv_timer_t, and the timers
// phase as Node's Environment::RunTimers runs processTimers, each timer's nextTicks and microtasks
// right before the next timer.
class Timers final : private NodeTimers::Host
{
public:
    Timers(RuntimeContext& context, Callbacks& callbacks, Phases& phases, Stepping& stepping);
    Timers(const Timers&) = delete;
    Timers& operator=(const Timers&) = delete;

    // Opens the libuv timer (start()); libuv's result.
    int init();
    void close() { m_handle.close(); }
    // The loop clock reads 0 from now on (start()).
    void startClock();
    // setTimeout (runs == 1) and setInterval (runs > 1).
    void set(const Job& job, double ms, std::int64_t runs)
    {
        // Node's incRefCount: the first active timer refs the libuv timer again (a clearTimeout let it go).
        const bool first = m_timers.active() == 0;
        m_timers.add(job, ms, runs);
        if (first && m_handle.open())
            m_handle.ref();
    }
    // The timer `handle` leaves its list without running; false when it ran or left already.
    bool cancel(std::uint64_t handle);
    // The loop clock's base moves on by `wholeMs` held, and the libuv timer is armed again for what
    // was left of its wait (its deadline is in real time).
    void tookOutHeldTime(double wholeMs);
    // Disarms the libuv timer and forgets the timer callback left open (an abort, abandoned work).
    void stop();
    // Forgets every timer.
    void clear() { m_timers.clear(); }

    const NodeTimers& queue() const { return m_timers; }
    // The timers phase is running timers due at phaseNow() (loop-clock milliseconds).
    bool inPhase() const { return m_inTimers; }
    double phaseNow() const { return m_timersNow; }
    // The loop's cached time less the base: the clock is not read, as reading it would change what is due.
    double loopNow() const { return double(uv_now(&m_loop)) - m_timerBase; }
    double base() const { return m_timerBase; }

private:
    // NodeTimers::Host.
    double libuvNow() override;
    void scheduleTimer(double ms) override;
    void runTimer(const Job& job) override;
    void runNextTicks() override;
    void timerQueued(const Job& job, double ms) override;

    void processTimers();
    void finishTimerCallback();
    static void onTimerHandle(uv_timer_t* handle);

    RuntimeContext& m_ctx;
    uv_loop_t& m_loop;
    Callbacks& m_callbacks;
    Phases& m_phases;
    Stepping& m_stepping;
    UvHandle<uv_timer_t> m_handle;
    NodeTimers m_timers { *this };
    double m_timerBase = 0;
    // The timer callback whose nextTicks and microtasks have not run yet (Node drains
    // them before the next timer, or after the timer handle is re-armed).
    struct PendingTimer
    {
        bool open = false;
        std::int64_t start = 0;
        std::uint32_t label = 0;
    } m_pendingTimer;
    bool m_inTimers = false;
    double m_timersNow = 0;
};

} // namespace loopscope
