#pragma once

#include "runtime/job.h"
#include "runtime/objectpool.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

namespace loopscope {

// Node's timers as its timers module keeps them: one list per duration,
// ordered by start, the lists in a binary heap by expiry, all behind the single
// libuv timer the host re-arms. Times are milliseconds of the loop clock.
class NodeTimers
{
public:
    class Host
    {
    public:
        // getLibuvNow(): refreshes the loop clock and reads it.
        virtual double libuvNow() = 0;
        // scheduleTimer(): arms the libuv timer `ms` from the loop's cached time.
        virtual void scheduleTimer(double ms) = 0;
        // Runs one timer's callback.
        virtual void runTimer(const Job& job) = 0;
        // runNextTicks(): the nextTicks and microtasks of the timer that ran before.
        virtual void runNextTicks() = 0;
        // A timer joined the lists (set, or an interval's next run), due `ms` from now.
        virtual void timerQueued(const Job& job, double ms) = 0;

    protected:
        ~Host() = default;
    };

    explicit NodeTimers(Host& host)
        : m_host(host)
    { }

    // setTimeout (runs == 1) and setInterval (runs > 1); `ms` is coerced as Node does.
    void add(const Job& job, double ms, std::int64_t runs);
    // processTimers(now): runs every timer due at `now`, in Node's order; returns the
    // next expiry, or 0 when no timer is left.
    double processTimers(double now);

    // A pending timer: its label and the loop-clock time it is due at.
    struct Pending
    {
        std::uint32_t label = 0;
        double dueAtMs = 0;
    };
    // The timer processTimers(now) runs next, by the same rule it follows: of the lists due at `now`
    // whose first timer is due, the first in the heap's order (a list whose first timer is not due is
    // put back later and runs nothing). None when no timer is due at `now`.
    std::optional<Pending> dueNext(double now) const;
    // The timer a later timers phase runs first: the one due soonest. None when no timer is pending.
    std::optional<Pending> earliest() const;

    // clearTimeout of a named timer (Job::handle): it leaves its list, and an emptied list the heap, as
    // Node's unenroll does; the libuv timer stays armed. False when it ran or was cleared already; else
    // `label` is the timer's.
    bool cancel(std::uint64_t handle, std::uint32_t& label);
    // Forgets every timer (clearTimeout on all of them); the host disarms its libuv timer itself.
    void clear();
    // Charges new timers and lists to `budget` (set before the first add).
    void setBudget(MemoryBudget* budget)
    {
        m_timers.setBudget(budget);
        m_lists.setBudget(budget);
    }
    bool empty() const { return m_heap.empty(); }
    // The loop-clock time the host's libuv timer is armed for; infinity when it is not.
    double armedExpiry() const { return m_nextExpiry; }
    std::uint32_t active() const { return m_active; }
    // Calls visit(label, dueAtMs) for every pending timer, for the queue panels.
    template <typename Visit> void forEach(Visit&& visit) const
    {
        for (const TimerList* list : m_heap) {
            for (const Timer* timer = list->head; timer; timer = timer->next)
                visit(timer->job.label, timer->idleStart + timer->msecs);
        }
    }

private:
    struct Timer
    {
        Job job;
        double msecs = 1;
        double idleStart = 0;
        std::int64_t runs = 1; // runs left, this one included: 1 for setTimeout
        Timer* prev = nullptr;
        Timer* next = nullptr;
    };
    struct TimerList
    {
        double msecs = 1;
        double expiry = 0;
        std::uint64_t id = 0;
        std::size_t heapIndex = 0;
        Timer* head = nullptr;
        Timer* tail = nullptr;
    };

    void insert(Timer* timer, double msecs, double start);
    // Runs the due timers of one list; true when the list is empty and must go.
    bool listOnTimeout(TimerList* list, double now);
    void removeList(TimerList* list);
    void heapUp(std::size_t index);
    void heapDown(std::size_t index);
    static bool before(const TimerList* a, const TimerList* b);

    Host& m_host;
    ObjectPool<Timer> m_timers;
    ObjectPool<TimerList> m_lists;
    std::unordered_map<double, TimerList*> m_byDuration;
    std::unordered_map<std::uint64_t, Timer*> m_named; // by Job::handle: the named timers pending
    TimerList* m_running = nullptr; // the list listOnTimeout runs
    bool m_runningHeadCancelled = false; // a tick cleared the timer listOnTimeout peeked at
    std::vector<TimerList*> m_heap;
    std::uint64_t m_nextListId = 1;
    double m_nextExpiry = std::numeric_limits<double>::infinity(); // of the list the libuv timer is armed for
    std::uint32_t m_active = 0;
    bool m_ranOne = false; // this processTimers() has run a timer already
};

} // namespace loopscope
