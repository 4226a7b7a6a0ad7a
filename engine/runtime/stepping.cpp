// Stepping: the queue samples and snapshots the views read, and what runs next from a place the loop
// is held at.
#include "runtime/invoke.h"

#include <algorithm>

namespace loopscope {

Stepping::Stepping(RuntimeContext& context, const Callbacks& callbacks, Timers& timers, const Immediates& immediates,
    const Http& http, const ThreadPoolWork& poolWork, const Workers& workers, const Workloads& workloads)
    : m_ctx(context)
    , m_control(context.control)
    , m_callbacks(callbacks)
    , m_timers(timers)
    , m_immediates(immediates)
    , m_http(http)
    , m_poolWork(poolWork)
    , m_workers(workers)
    , m_workloads(workloads)
{ }

// The user held the loop for `heldNs` at `at`: the program's clock has left it out already; the loop
// clock's base moves on by it in whole milliseconds (the rest carried to the next hold), so timers
// come due at the program time they would have, and the libuv timer is armed again for what was
// left of its wait (its deadline is in real time).
void Stepping::tookOutHeldTime(std::int64_t at, std::int64_t heldNs, std::uint32_t label)
{
    m_ctx.rec.followClock();
    m_ctx.rec.held(label, at, heldNs);
    m_heldCarryNs += heldNs;
    const std::int64_t wholeMs = m_heldCarryNs / 1'000'000;
    m_heldCarryNs -= wholeMs * 1'000'000;
    m_timers.tookOutHeldTime(double(wholeMs));
}

void Stepping::sampleNow(std::int64_t at)
{
    m_lastSample = at;
    m_ctx.live.nextTick.store(std::uint32_t(m_ctx.ticks.size()), std::memory_order_relaxed);
    m_ctx.live.microtask.store(std::uint32_t(m_ctx.microtasks.size()), std::memory_order_relaxed);
    m_ctx.live.immediate.store(
        std::uint32_t(m_immediates.queued().size() + m_immediates.running().size()), std::memory_order_relaxed);
    m_ctx.live.timers.store(m_timers.queue().active(), std::memory_order_relaxed);
    m_ctx.live.requests.store(std::uint32_t(m_http.requestsInFlight()), std::memory_order_relaxed);
    m_ctx.rec.queues(at, m_ctx.live);
}

void Stepping::publishSnapshot(std::int64_t at, std::optional<StepPoint> point)
{
    QueueSnapshot snapshot;
    snapshot.takenAtNs = at;
    snapshot.iteration = m_ctx.iteration;
    // The program's time at `at`, not the loop's cached time: while a callback blocks, the cached time
    // stands still, and the panels must show how late each timer already is. The program's clock
    // leaves every hold out exactly (the loop clock's base moves on by whole milliseconds only), so
    // held time never shows as lateness.
    const double now = double(at - m_loopZeroNs) / 1e6;
    m_timers.queue().forEach([&](std::uint32_t label, double dueAtMs) {
        ++snapshot.timerCount;
        if (snapshot.timers.size() < QueueSnapshot::MaxItems)
            snapshot.timers.push_back({ label, 0, dueAtMs - now });
    });
    std::sort(snapshot.timers.begin(), snapshot.timers.end(),
        [](const QueueItem& a, const QueueItem& b) { return a.dueInMs < b.dueInMs; });
    auto copy = [](const JobQueue& queue, std::vector<QueueItem>& out, std::size_t& count) {
        count += queue.size();
        for (std::size_t i = 0; i < queue.size() && out.size() < QueueSnapshot::MaxItems; ++i)
            out.push_back({ queue.at(i).label, std::uint8_t(queue.at(i).jobKind), 0 });
    };
    copy(m_immediates.running(), snapshot.immediates, snapshot.immediateCount);
    copy(m_immediates.queued(), snapshot.immediates, snapshot.immediateCount);
    copy(m_ctx.ticks, snapshot.nextTicks, snapshot.nextTickCount);
    copy(m_ctx.microtasks, snapshot.microtasks, snapshot.microtaskCount);
    snapshot.closeCount = m_http.pendingCloses();
    for (std::size_t i = 0; i < m_http.pendingCloses() && i < QueueSnapshot::MaxItems; ++i)
        snapshot.closes.push_back({ m_ctx.labels.socketClose, 0, 0 });
    if (point) {
        snapshot.next = nextUp(*point);
        snapshot.ranValid = *point == StepPoint::AfterCallback;
        snapshot.ranLabel = m_callbacks.ranLabel();
        snapshot.ranKind = m_callbacks.ranKind();
    }
    m_ctx.control->publish(std::move(snapshot));
}

NextUp Stepping::nextUp(StepPoint point) const
{
    NextUp next;
    if (point == StepPoint::BeforeCallback) {
        next.rule = NextRule::ThisCallback;
        next.kind = m_callbacks.aboutKind();
        next.label = m_callbacks.aboutLabel();
        return next;
    }
    if (m_ctx.esmLoading) {
        next.rule = NextRule::ModuleAfterLoad;
        next.kind = CallbackKind::Main;
        next.label = m_ctx.labels.main;
        return next;
    }
    if (point == StepPoint::AfterCallback) {
        switch (m_callbacks.drainPick()) {
        case Callbacks::DrainPick::Tick:
            next.kind = CallbackKind::NextTick;
            next.label = m_ctx.ticks.at(0).label;
            if (m_callbacks.drainStage() == Callbacks::DrainStage::Microtasks)
                next.rule = NextRule::TicksAfterPromises;
            else if (m_callbacks.ranKind() == CallbackKind::NextTick)
                next.rule = NextRule::TicksDrainCompletely;
            else
                next.rule = NextRule::TicksFirst;
            return next;
        case Callbacks::DrainPick::Microtask:
            next.kind = CallbackKind::Microtask;
            next.label = m_ctx.microtasks.at(0).label;
            if (m_callbacks.drainStage() == Callbacks::DrainStage::Ticks)
                next.rule = NextRule::PromisesAfterTicks;
            else if (m_callbacks.ranKind() == CallbackKind::Main)
                next.rule = NextRule::PromisesInModuleJob;
            else
                next.rule = NextRule::PromisesUntilEmpty;
            return next;
        case Callbacks::DrainPick::Done:
            break;
        }
    }
    return afterDrain(point);
}

// Where the loop goes once the drain is done, by libuv's order of phases: the rest of this phase,
// check's immediates, close callbacks, then the next iteration's timers.
NextUp Stepping::afterDrain(StepPoint point) const
{
    NextUp next;
    const bool io = ioInFlight();
    // A CommonJS main module runs before the loop starts (an ES module's, in the loop's poll phase).
    if (m_ctx.iteration == 0)
        return nextIteration(true, io);
    const auto phase = Phase(m_ctx.live.phase.load(std::memory_order_relaxed));
    if (m_timers.inPhase()) {
        if (const std::optional<NodeTimers::Pending> timer = m_timers.queue().dueNext(m_timers.phaseNow())) {
            next.rule = NextRule::TimersInOrder;
            next.kind = CallbackKind::Timer;
            next.label = timer->label;
            return next;
        }
    }
    if (phase == Phase::Check) {
        // As check begins its immediates are still the queue's; once it runs, the ones it took.
        const JobQueue& running = point == StepPoint::Phase ? m_immediates.queued() : m_immediates.running();
        if (!running.empty()) {
            next.rule = NextRule::ImmediatesInCheck;
            next.kind = CallbackKind::Immediate;
            next.label = running.at(0).label;
            return next;
        }
    } else if (phase != Phase::Close) {
        // Before check: poll takes the I/O that is ready, then check runs the immediates.
        if (!m_immediates.queued().empty()) {
            next.rule = m_timers.inPhase() ? NextRule::CheckBeforeTimers : NextRule::ImmediatesInCheck;
            next.kind = CallbackKind::Immediate;
            next.label = m_immediates.queued().at(0).label;
            next.ioMayComeFirst = io;
            return next;
        }
    }
    if (m_http.pendingCloses() > 0) {
        next.rule = NextRule::CloseCallbacks;
        next.kind = CallbackKind::Close;
        next.label = m_ctx.labels.socketClose;
        next.ioMayComeFirst = io && phase != Phase::Check && phase != Phase::Close;
        return next;
    }
    return nextIteration(false, io && phase != Phase::Check && phase != Phase::Close);
}

// The next iteration's first callback: a timer due already runs in its timers phase; else the
// immediates queued meanwhile run in its check phase, unless a timer comes due first; else poll
// waits for the earliest timer, or for I/O.
NextUp Stepping::nextIteration(bool beforeLoop, bool ioThisIteration) const
{
    NextUp next;
    const bool io = ioInFlight();
    const std::optional<NodeTimers::Pending> timer = m_timers.queue().earliest();
    // The loop's cached time: the clock is not read here, as reading it would change what is due.
    const double loopNow = m_timers.loopNow();
    if (timer && timer->dueAtMs <= loopNow) {
        next.rule = NextRule::TimerDue;
        next.kind = CallbackKind::Timer;
        next.label = timer->label;
        next.ioMayComeFirst = ioThisIteration;
        return next;
    }
    if (!m_immediates.queued().empty()) {
        next.kind = CallbackKind::Immediate;
        next.label = m_immediates.queued().at(0).label;
        next.ioMayComeFirst = io;
        if (!timer) {
            next.rule = NextRule::ImmediatesInCheck;
            return next;
        }
        next.rule = beforeLoop ? NextRule::TimerOrImmediate : NextRule::ImmediateUnlessTimer;
        next.otherKind = CallbackKind::Timer;
        next.otherLabel = timer->label;
        if (beforeLoop) {
            std::swap(next.kind, next.otherKind);
            std::swap(next.label, next.otherLabel);
        }
        return next;
    }
    if (timer) {
        next.rule = NextRule::TimerAfterWait;
        next.kind = CallbackKind::Timer;
        next.label = timer->label;
        next.ioMayComeFirst = io;
        return next;
    }
    next.rule = io ? NextRule::WaitsForIo : NextRule::Nothing;
    return next;
}

bool Stepping::ioInFlight() const
{
    if (m_poolWork.inFlight() > 0 || m_http.requestsInFlight() > 0 || m_workloads.waiting() || m_ctx.options.serve)
        return true;
    return m_workers.anyBusy();
}

} // namespace loopscope
