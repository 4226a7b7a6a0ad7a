// Callbacks: the drain rule that runs after every callback.
#include "runtime/invoke.h"

#include "runtime/abortsignals.h"
#include "runtime/interpreter.h"
#include "runtime/promisework.h"
#include "runtime/runend.h"

namespace loopscope {

namespace {

// Queue counters and the callback count are refreshed every this many drained jobs.
constexpr std::uint32_t SampleEveryJobs = 1024;

} // namespace

Callbacks::Callbacks(RuntimeContext& context, Stepping& stepping, Interpreter& interpreter, PromiseWork& promiseWork,
    AbortSignals& signals, RunEnd& runEnd)
    : m_ctx(context)
    , m_stepping(stepping)
    , m_interpreter(interpreter)
    , m_promiseWork(promiseWork)
    , m_signals(signals)
    , m_runEnd(runEnd)
{ }

void Callbacks::stopCancelled()
{
    m_runEnd.stopCancelled();
}

// Records a job the drain ran from `start` and returns when it ended; every SampleEveryJobs
// jobs it also counts them and samples the queues, so a long drain is seen moving. Forced
// inline into the drain loop: it runs once per job, and a call costs 30 instructions a tick.
[[gnu::always_inline]] inline std::int64_t Callbacks::drained(
    const Job& job, CallbackKind kind, std::int64_t start, std::uint32_t& sinceSample)
{
    const std::int64_t end = m_ctx.rec.now();
    m_ctx.rec.callback(job.label, kind, start, end, m_ctx.iteration, 2, Recorder::OwnThread, job.jobKind);
    m_ranLabel = job.label;
    m_ranKind = kind;
    m_stepping.boundary(end, StepPoint::AfterCallback);
    if (++sinceSample == SampleEveryJobs) {
        sinceSample = 0;
        m_ctx.live.callbacks.fetch_add(SampleEveryJobs, std::memory_order_relaxed);
        m_stepping.sampleQueues(end);
    }
    return end;
}

// After every callback: the jobs drainPick() names, one at a time, until it says done.
void Callbacks::drain()
{
    if (m_ctx.ticks.empty() && m_ctx.microtasks.empty() && !m_ctx.promises.anyUnhandled())
        return;
    m_drainStage = DrainStage::Ticks;
    std::int64_t start = m_ctx.rec.now();
    std::uint32_t sinceSample = 0;
    for (DrainPick pick = drainPick();; pick = drainPick()) {
        if (pick == DrainPick::Done) {
            // Node's processTicksAndRejections goes round again when an unhandledRejection listener ran.
            if (!m_promiseWork.processRejections())
                break;
            m_drainStage = DrainStage::Ticks;
            continue;
        }
        m_ctx.checkCancelled();
        if (pick == DrainPick::Tick) {
            m_drainStage = DrainStage::Ticks;
            const Job job = m_ctx.ticks.pop();
            m_ctx.rec.beginCall(start);
            runJob(job);
            start = drained(job, CallbackKind::NextTick, start, sinceSample);
            continue;
        }
        m_drainStage = DrainStage::Microtasks;
        const Job job = m_ctx.microtasks.pop();
        const bool isMain = job.action == Job::Action::Body && job.body == &m_ctx.program->main;
        // An ES module's main module runs as a job: the run may be held before it.
        if (isMain) {
            m_ctx.esmLoading = false;
            m_aboutLabel = job.label;
            m_aboutKind = CallbackKind::Main;
            m_stepping.boundary(start, StepPoint::BeforeCallback);
        }
        m_ctx.rec.beginCall(start);
        runJob(job);
        start = drained(job, isMain ? CallbackKind::Main : CallbackKind::Microtask, start, sinceSample);
    }
    m_drainStage = DrainStage::Ticks;
}

// A job of the queues, whichever ran it: the drain, the check phase, a timer.
void Callbacks::runJob(const Job& job)
{
    m_ctx.runningLabel = job.label;
    switch (job.action) {
    case Job::Action::Body:
        if (job.body == &m_ctx.program->main)
            m_interpreter.runMain();
        else
            m_interpreter.runBlock(*job.body);
        break;
    case Job::Action::ThenBody:
        m_promiseWork.runStep(job);
        break;
    case Job::Action::Resume:
        m_interpreter.continueFrame(job.frame);
        break;
    case Job::Action::Fulfill:
        m_ctx.promises.settleLike(job.promise, job.settled);
        if (job.settled)
            m_ctx.promises.release(job.settled);
        m_ctx.promises.release(job.promise);
        break;
    case Job::Action::ResolveThenable:
        m_ctx.promises.resolveThenable(job);
        break;
    case Job::Action::ChainStep:
        m_interpreter.runChainStep(job.chain);
        break;
    case Job::Action::ThenableResume:
    case Job::Action::YieldResume:
        resumeOneReactionLater(job);
        break;
    case Job::Action::ReturnIterator: {
        Job thrown = job;
        thrown.action = Job::Action::ThrowAfterReturn;
        m_ctx.microtasks.push(thrown);
        break;
    }
    case Job::Action::ThrowAfterReturn:
        m_interpreter.throwInto(job.awaiting, job.op, job.thrown);
        break;
    case Job::Action::Settle:
        m_promiseWork.settleCombined(job);
        break;
    case Job::Action::Combine:
        m_promiseWork.combineElement(job);
        break;
    case Job::Action::AbortableFulfill:
        m_signals.fulfill(job);
        break;
    case Job::Action::ResumeSettled:
        m_signals.resumeSettled(job);
        break;
    case Job::Action::StreamConstruct:
        m_interpreter.constructStream(*job.op);
        break;
    case Job::Action::ServerListen:
        m_interpreter.http().listen();
        break;
    case Job::Action::ServerListening:
        m_interpreter.http().listening();
        break;
    }
}

void Callbacks::resumeOneReactionLater(const Job& job)
{
    Job resume = job;
    resume.action = Job::Action::Resume;
    resume.jobKind = JobKind::PromiseReactionJob;
    m_ctx.microtasks.push(resume);
}

} // namespace loopscope
