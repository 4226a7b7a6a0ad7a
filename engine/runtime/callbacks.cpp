// Runtime: the drain rule that runs after every callback, and the jobs it runs.
#include "runtime/invoke.h"

namespace loopscope {

namespace {

// Queue counters and the callback count are refreshed every this many drained jobs.
constexpr std::uint32_t SampleEveryJobs = 1024;

} // namespace

// Records a job the drain ran from `start` and returns when it ended; every SampleEveryJobs
// jobs it also counts them and samples the queues, so a long drain is seen moving. Forced
// inline into both drain loops: it runs once per job, and a call costs 30 instructions a tick.
[[gnu::always_inline]] inline std::int64_t Runtime::drained(
    const Job& job, CallbackKind kind, std::int64_t start, std::uint32_t& sinceSample)
{
    const std::int64_t end = m_rec.now();
    m_rec.callback(job.label, kind, start, end, m_iteration, 2, Recorder::OwnThread, job.jobKind);
    boundary(end, StepPoint::AfterCallback);
    if (++sinceSample == SampleEveryJobs) {
        sinceSample = 0;
        m_live.callbacks.fetch_add(SampleEveryJobs, std::memory_order_relaxed);
        sampleQueues(end);
    }
    return end;
}

// After every callback: all nextTicks (including ones added meanwhile), then
// every microtask, and again while ticks remain (processTicksAndRejections).
void Runtime::drain()
{
    if (m_ticks.empty() && m_microtasks.empty())
        return;
    m_depth = 2;
    do {
        std::int64_t start = m_rec.now();
        std::uint32_t sinceSample = 0;
        while (!m_ticks.empty()) {
            checkCancelled();
            const Job job = m_ticks.pop();
            m_rec.beginCall(start);
            runJob(job);
            start = drained(job, CallbackKind::NextTick, start, sinceSample);
        }
        runMicrotasks();
    } while (!m_ticks.empty());
}

// V8's microtask checkpoint: run jobs until the queue is empty, new ones included.
void Runtime::runMicrotasks()
{
    std::int64_t start = m_rec.now();
    std::uint32_t sinceSample = 0;
    while (!m_microtasks.empty()) {
        checkCancelled();
        const Job job = m_microtasks.pop();
        const bool isMain = job.action == Job::Action::Body && job.body == &m_program->main;
        // An ES module's main module runs as a job: the run may be held before it.
        if (isMain)
            boundary(start, StepPoint::BeforeCallback);
        m_rec.beginCall(start);
        runJob(job);
        start = drained(job, isMain ? CallbackKind::Main : CallbackKind::Microtask, start, sinceSample);
    }
}

void Runtime::runJob(const Job& job)
{
    switch (job.action) {
    case Job::Action::Body:
        runBlock(*job.body);
        break;
    case Job::Action::ThenBody:
        runBlock(*job.body);
        m_promises.resolve(job.promise, nullptr);
        m_promises.release(job.promise);
        break;
    case Job::Action::Resume:
        continueFrame(job.frame);
        break;
    case Job::Action::Fulfill:
        m_promises.fulfill(job.promise);
        m_promises.release(job.promise);
        break;
    case Job::Action::ResolveThenable:
        m_promises.resolveThenable(job);
        break;
    case Job::Action::ChainStep:
        runChainStep(job.chain);
        break;
    }
}

} // namespace loopscope
