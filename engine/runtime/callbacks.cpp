// Runtime: the drain rule that runs after every callback, and the jobs it runs.
#include "runtime/invoke.h"

namespace loopscope {

namespace {

// Queue counters and the callback count are refreshed every this many drained jobs.
constexpr std::uint32_t SampleEveryJobs = 1024;

} // namespace

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
            runJob(job);
            const std::int64_t end = m_rec.now();
            m_rec.callback(job.label, CallbackKind::NextTick, start, end, m_iteration, 2);
            boundary(end, false);
            start = end;
            if (++sinceSample == SampleEveryJobs) {
                sinceSample = 0;
                m_live.callbacks.fetch_add(SampleEveryJobs, std::memory_order_relaxed);
                sampleQueues(end);
            }
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
        runJob(job);
        const std::int64_t end = m_rec.now();
        const bool isMain = job.action == Job::Action::Body && job.body == &m_program->main;
        m_rec.callback(job.label, isMain ? CallbackKind::Main : CallbackKind::Microtask, start, end, m_iteration, 2);
        boundary(end, false);
        start = end;
        if (++sinceSample == SampleEveryJobs) {
            sinceSample = 0;
            m_live.callbacks.fetch_add(SampleEveryJobs, std::memory_order_relaxed);
            sampleQueues(end);
        }
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
