// Runtime: the drain rule that runs after every callback, and the jobs it runs.
#include "runtime/invoke.h"

namespace loopscope {

namespace {

// Queue counters and the callback count are refreshed every this many drained jobs.
constexpr std::uint32_t SampleEveryJobs = 1024;

} // namespace

// Records a job the drain ran from `start` and returns when it ended; every SampleEveryJobs
// jobs it also counts them and samples the queues, so a long drain is seen moving. Forced
// inline into the drain loop: it runs once per job, and a call costs 30 instructions a tick.
[[gnu::always_inline]] inline std::int64_t Runtime::drained(
    const Job& job, CallbackKind kind, std::int64_t start, std::uint32_t& sinceSample)
{
    const std::int64_t end = m_rec.now();
    m_rec.callback(job.label, kind, start, end, m_iteration, 2, Recorder::OwnThread, job.jobKind);
    m_ranLabel = job.label;
    m_ranKind = kind;
    boundary(end, StepPoint::AfterCallback);
    if (++sinceSample == SampleEveryJobs) {
        sinceSample = 0;
        m_live.callbacks.fetch_add(SampleEveryJobs, std::memory_order_relaxed);
        sampleQueues(end);
    }
    return end;
}

// Before the drain and among nextTicks, the nextTick queue empties first, ticks added meanwhile
// included; then V8's microtask checkpoint runs promise jobs until none are left, and ticks they
// queued wait for it; the drain goes round again while ticks remain (processTicksAndRejections).
// An ES module's body is itself a job of that checkpoint, so what it queued follows the same rule.
Runtime::DrainPick Runtime::drainPick() const
{
    if (m_drainStage == DrainStage::Microtasks) {
        if (!m_microtasks.empty())
            return DrainPick::Microtask;
        return m_ticks.empty() ? DrainPick::Done : DrainPick::Tick;
    }
    if (!m_ticks.empty())
        return DrainPick::Tick;
    return m_microtasks.empty() ? DrainPick::Done : DrainPick::Microtask;
}

// After every callback: the jobs drainPick() names, one at a time, until it says done.
void Runtime::drain()
{
    if (m_ticks.empty() && m_microtasks.empty() && !m_promises.anyUnhandled())
        return;
    m_depth = 2;
    m_drainStage = DrainStage::Ticks;
    std::int64_t start = m_rec.now();
    std::uint32_t sinceSample = 0;
    for (DrainPick pick = drainPick();; pick = drainPick()) {
        if (pick == DrainPick::Done) {
            // Node's processTicksAndRejections goes round again when an unhandledRejection listener ran.
            if (!processRejections())
                break;
            m_drainStage = DrainStage::Ticks;
            continue;
        }
        checkCancelled();
        if (pick == DrainPick::Tick) {
            m_drainStage = DrainStage::Ticks;
            const Job job = m_ticks.pop();
            m_rec.beginCall(start);
            runJob(job);
            start = drained(job, CallbackKind::NextTick, start, sinceSample);
            continue;
        }
        m_drainStage = DrainStage::Microtasks;
        const Job job = m_microtasks.pop();
        const bool isMain = job.action == Job::Action::Body && job.body == &m_program->main;
        // An ES module's main module runs as a job: the run may be held before it.
        if (isMain) {
            m_esmLoading = false;
            m_aboutLabel = job.label;
            m_aboutKind = CallbackKind::Main;
            boundary(start, StepPoint::BeforeCallback);
        }
        m_rec.beginCall(start);
        runJob(job);
        start = drained(job, isMain ? CallbackKind::Main : CallbackKind::Microtask, start, sinceSample);
    }
    m_drainStage = DrainStage::Ticks;
}

NextUp Runtime::nextUp(StepPoint point) const
{
    NextUp next;
    if (point == StepPoint::BeforeCallback) {
        next.rule = NextRule::ThisCallback;
        next.kind = m_aboutKind;
        next.label = m_aboutLabel;
        return next;
    }
    if (m_esmLoading) {
        next.rule = NextRule::ModuleAfterLoad;
        next.kind = CallbackKind::Main;
        next.label = m_labels.main;
        return next;
    }
    if (point == StepPoint::AfterCallback) {
        switch (drainPick()) {
        case DrainPick::Tick:
            next.kind = CallbackKind::NextTick;
            next.label = m_ticks.at(0).label;
            if (m_drainStage == DrainStage::Microtasks)
                next.rule = NextRule::TicksAfterPromises;
            else if (m_ranKind == CallbackKind::NextTick)
                next.rule = NextRule::TicksDrainCompletely;
            else
                next.rule = NextRule::TicksFirst;
            return next;
        case DrainPick::Microtask:
            next.kind = CallbackKind::Microtask;
            next.label = m_microtasks.at(0).label;
            if (m_drainStage == DrainStage::Ticks)
                next.rule = NextRule::PromisesAfterTicks;
            else if (m_ranKind == CallbackKind::Main)
                next.rule = NextRule::PromisesInModuleJob;
            else
                next.rule = NextRule::PromisesUntilEmpty;
            return next;
        case DrainPick::Done:
            break;
        }
    }
    return afterDrain(point);
}

// Where the loop goes once the drain is done, by libuv's order of phases: the rest of this phase,
// check's immediates, close callbacks, then the next iteration's timers.
NextUp Runtime::afterDrain(StepPoint point) const
{
    NextUp next;
    const bool io = ioInFlight();
    // A CommonJS main module runs before the loop starts (an ES module's, in the loop's poll phase).
    if (m_iteration == 0)
        return nextIteration(true, io);
    const auto phase = Phase(m_live.phase.load(std::memory_order_relaxed));
    if (m_inTimers) {
        if (const std::optional<NodeTimers::Pending> timer = m_timers.dueNext(m_timersNow)) {
            next.rule = NextRule::TimersInOrder;
            next.kind = CallbackKind::Timer;
            next.label = timer->label;
            return next;
        }
    }
    if (phase == Phase::Check) {
        // As check begins its immediates are still the queue's; once it runs, the ones it took.
        const JobQueue& running = point == StepPoint::Phase ? m_immediates : m_runningImmediates;
        if (!running.empty()) {
            next.rule = NextRule::ImmediatesInCheck;
            next.kind = CallbackKind::Immediate;
            next.label = running.at(0).label;
            return next;
        }
    } else if (phase != Phase::Close) {
        // Before check: poll takes the I/O that is ready, then check runs the immediates.
        if (!m_immediates.empty()) {
            next.rule = m_inTimers ? NextRule::CheckBeforeTimers : NextRule::ImmediatesInCheck;
            next.kind = CallbackKind::Immediate;
            next.label = m_immediates.at(0).label;
            next.ioMayComeFirst = io;
            return next;
        }
    }
    if (m_pendingCloses > 0) {
        next.rule = NextRule::CloseCallbacks;
        next.kind = CallbackKind::Close;
        next.label = m_labels.socketClose;
        next.ioMayComeFirst = io && phase != Phase::Check && phase != Phase::Close;
        return next;
    }
    return nextIteration(false, io && phase != Phase::Check && phase != Phase::Close);
}

// The next iteration's first callback: a timer due already runs in its timers phase; else the
// immediates queued meanwhile run in its check phase, unless a timer comes due first; else poll
// waits for the earliest timer, or for I/O.
NextUp Runtime::nextIteration(bool beforeLoop, bool ioThisIteration) const
{
    NextUp next;
    const bool io = ioInFlight();
    const std::optional<NodeTimers::Pending> timer = m_timers.earliest();
    // The loop's cached time: the clock is not read here, as reading it would change what is due.
    const double loopNow = double(uv_now(&m_loop)) - m_timerBase;
    if (timer && timer->dueAtMs <= loopNow) {
        next.rule = NextRule::TimerDue;
        next.kind = CallbackKind::Timer;
        next.label = timer->label;
        next.ioMayComeFirst = ioThisIteration;
        return next;
    }
    if (!m_immediates.empty()) {
        next.kind = CallbackKind::Immediate;
        next.label = m_immediates.at(0).label;
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

bool Runtime::ioInFlight() const
{
    if (m_poolInFlight > 0 || !m_requests.empty() || !m_inbox.empty() || m_options.serve)
        return true;
    for (const WorkerSlot& worker : m_workers) {
        if (worker.busy)
            return true;
    }
    return false;
}

void Runtime::runJob(const Job& job)
{
    m_runningLabel = job.label;
    switch (job.action) {
    case Job::Action::Body:
        runBlock(*job.body);
        break;
    case Job::Action::ThenBody:
        runStep(job);
        break;
    case Job::Action::Resume:
        continueFrame(job.frame);
        break;
    case Job::Action::Fulfill:
        m_promises.settleLike(job.promise, job.settled);
        if (job.settled)
            m_promises.release(job.settled);
        m_promises.release(job.promise);
        break;
    case Job::Action::ResolveThenable:
        m_promises.resolveThenable(job);
        break;
    case Job::Action::ChainStep:
        runChainStep(job.chain);
        break;
    case Job::Action::ThenableResume: {
        Job resume = job;
        resume.action = Job::Action::Resume;
        resume.jobKind = JobKind::PromiseReactionJob;
        m_microtasks.push(resume);
        break;
    }
    case Job::Action::Settle:
        settleCombined(job);
        break;
    case Job::Action::Combine:
        combineElement(job);
        break;
    case Job::Action::AbortableFulfill:
        fulfillAbortable(job);
        break;
    case Job::Action::ResumeSettled:
        resumeSettled(job);
        break;
    }
}

} // namespace loopscope
