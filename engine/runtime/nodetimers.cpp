#include "runtime/nodetimers.h"

#include <algorithm>
#include <limits>

namespace loopscope {

namespace {

constexpr double TimeoutMax = 2147483647.0;

// Node's coercion: anything outside 1..TIMEOUT_MAX becomes 1.
double coerceTimeout(double ms)
{
    if (!(ms >= 1 && ms <= TimeoutMax))
        return 1;
    return ms;
}

} // namespace

void NodeTimers::add(const Job& job, double ms, std::int64_t runs)
{
    Timer* timer = m_timers.create();
    timer->job = job;
    timer->msecs = coerceTimeout(ms);
    timer->runs = runs;
    m_host.timerQueued(job, timer->msecs);
    ++m_active;
    if (job.cancellable())
        m_named[job.handle] = timer;
    insert(timer, timer->msecs, m_host.libuvNow());
}

bool NodeTimers::cancel(std::uint64_t handle, std::uint32_t& label)
{
    const auto named = m_named.find(handle);
    if (named == m_named.end())
        return false;
    Timer* timer = named->second;
    label = timer->job.label;
    m_named.erase(named);
    TimerList* list = m_byDuration.at(timer->msecs);
    if (list == m_running && timer == list->head)
        m_runningHeadCancelled = true;
    if (timer->prev)
        timer->prev->next = timer->next;
    else
        list->head = timer->next;
    if (timer->next)
        timer->next->prev = timer->prev;
    else
        list->tail = timer->prev;
    m_timers.release(timer);
    --m_active;
    // The list listOnTimeout is running goes when it is done with it.
    if (!list->head && list != m_running)
        removeList(list);
    return true;
}

void NodeTimers::insert(Timer* timer, double msecs, double start)
{
    timer->idleStart = start;
    timer->next = nullptr;
    TimerList*& list = m_byDuration[msecs];
    if (!list) {
        list = m_lists.create();
        list->msecs = msecs;
        list->expiry = start + msecs;
        list->id = m_nextListId++;
        m_heap.push_back(list);
        heapUp(m_heap.size() - 1);
        if (m_nextExpiry > list->expiry) {
            m_host.scheduleTimer(msecs);
            m_nextExpiry = list->expiry;
        }
    }
    timer->prev = list->tail;
    if (list->tail)
        list->tail->next = timer;
    else
        list->head = timer;
    list->tail = timer;
}

double NodeTimers::processTimers(double now)
{
    m_nextExpiry = std::numeric_limits<double>::infinity();
    m_ranOne = false;
    while (!m_heap.empty()) {
        TimerList* list = m_heap.front();
        if (list->expiry > now) {
            m_nextExpiry = list->expiry;
            return m_nextExpiry;
        }
        if (listOnTimeout(list, now))
            removeList(list);
    }
    return 0;
}

bool NodeTimers::listOnTimeout(TimerList* list, double now)
{
    m_running = list;
    while (Timer* timer = list->head) {
        if (now - timer->idleStart < list->msecs) {
            list->expiry = std::max(timer->idleStart + list->msecs, now + 1);
            list->id = m_nextListId++;
            heapDown(list->heapIndex);
            m_running = nullptr;
            return false;
        }
        // As Node's listOnTimeout: the ticks of the timer before run while this one is still the
        // list's first (peeked, not yet removed), so while they run it is the timer that runs next.
        // One of them may clear it: Node then finds no _onTimeout and goes on with the list's next.
        if (m_ranOne) {
            m_runningHeadCancelled = false;
            m_host.runNextTicks();
            if (m_runningHeadCancelled)
                continue;
        }
        m_ranOne = true;
        list->head = timer->next;
        if (list->head)
            list->head->prev = nullptr;
        else
            list->tail = nullptr;
        --m_active;
        const bool repeats = timer->runs > 1;
        const double start = repeats ? m_host.libuvNow() : 0;
        // Released before the callback runs: a callback that aborts the run must not leave it half-linked.
        const Timer ran = *timer;
        if (ran.job.cancellable())
            m_named.erase(ran.job.handle);
        m_timers.release(timer);
        m_host.runTimer(ran.job);
        if (repeats) {
            Timer* again = m_timers.create(ran);
            --again->runs;
            m_host.timerQueued(again->job, again->msecs);
            ++m_active;
            insert(again, again->msecs, start);
        }
    }
    m_running = nullptr;
    return true;
}

std::optional<NodeTimers::Pending> NodeTimers::dueNext(double now) const
{
    const TimerList* next = nullptr;
    for (const TimerList* list : m_heap) {
        const Timer* head = list->head;
        if (list->expiry > now || !head || now - head->idleStart < list->msecs)
            continue;
        if (!next || before(list, next))
            next = list;
    }
    if (!next)
        return std::nullopt;
    return Pending { next->head->job.label, next->head->idleStart + next->msecs };
}

std::optional<NodeTimers::Pending> NodeTimers::earliest() const
{
    std::optional<Pending> first;
    for (const TimerList* list : m_heap) {
        if (const Timer* head = list->head) {
            const double due = head->idleStart + list->msecs;
            if (!first || due < first->dueAtMs)
                first = Pending { head->job.label, due };
        }
    }
    return first;
}

void NodeTimers::clear()
{
    m_heap.clear();
    m_byDuration.clear();
    m_named.clear();
    m_running = nullptr;
    m_lists.clear();
    m_timers.clear();
    m_nextExpiry = std::numeric_limits<double>::infinity();
    m_active = 0;
    m_ranOne = false;
}

void NodeTimers::removeList(TimerList* list)
{
    m_byDuration.erase(list->msecs);
    const std::size_t index = list->heapIndex;
    TimerList* last = m_heap.back();
    m_heap.pop_back();
    if (last != list) {
        m_heap[index] = last;
        last->heapIndex = index;
        heapDown(index);
        heapUp(last->heapIndex);
    }
    m_lists.release(list);
}

bool NodeTimers::before(const TimerList* a, const TimerList* b)
{
    if (a->expiry != b->expiry)
        return a->expiry < b->expiry;
    return a->id < b->id;
}

void NodeTimers::heapUp(std::size_t index)
{
    TimerList* item = m_heap[index];
    while (index > 0) {
        const std::size_t parent = (index - 1) / 2;
        if (!before(item, m_heap[parent]))
            break;
        m_heap[index] = m_heap[parent];
        m_heap[index]->heapIndex = index;
        index = parent;
    }
    m_heap[index] = item;
    item->heapIndex = index;
}

void NodeTimers::heapDown(std::size_t index)
{
    const std::size_t size = m_heap.size();
    TimerList* item = m_heap[index];
    for (;;) {
        std::size_t child = 2 * index + 1;
        if (child >= size)
            break;
        if (child + 1 < size && before(m_heap[child + 1], m_heap[child]))
            ++child;
        if (!before(m_heap[child], item))
            break;
        m_heap[index] = m_heap[child];
        m_heap[index]->heapIndex = index;
        index = child;
    }
    m_heap[index] = item;
    item->heapIndex = index;
}

} // namespace loopscope
