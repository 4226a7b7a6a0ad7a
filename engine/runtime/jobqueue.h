#pragma once

#include "recording/recorder.h"
#include "runtime/job.h"
#include "runtime/ringqueue.h"

#include <cstddef>

namespace loopscope {

// One of the JavaScript-level queues (nextTicks, microtasks, immediates): a FIFO of jobs that tells
// the recorder about every job joining it, so a recording holds the queues' contents at every
// moment (replay and stepping back rebuild them), not only their depth.
class JobQueue
{
public:
    JobQueue(Recorder& recorder, CallbackKind runsAs)
        : m_recorder(recorder)
        , m_runsAs(runsAs)
    { }
    JobQueue(const JobQueue&) = delete;
    JobQueue& operator=(const JobQueue&) = delete;

    void setBudget(MemoryBudget* budget) { m_jobs.setBudget(budget); }
    bool empty() const { return m_jobs.empty(); }
    std::size_t size() const { return m_jobs.size(); }
    // Forced inline: every op that queues a job runs it, and a call costs a tenth of a nextTick.
    [[gnu::always_inline]] void push(const Job& job)
    {
        m_jobs.push(job);
        m_recorder.queued(job.label, m_runsAs, job.jobKind);
    }
    Job pop() { return m_jobs.pop(); }
    // clearImmediate: the named job `handle` leaves the queue without running; false when it is not there.
    bool removeNamed(std::uint64_t handle)
    {
        Job removed;
        const bool found = m_jobs.removeFirst([&](const Job& job) {
            if (!job.cancellable() || job.handle != handle)
                return false;
            removed = job;
            return true;
        });
        if (found)
            m_recorder.left(removed.label, m_runsAs);
        return found;
    }
    const Job& at(std::size_t i) const { return m_jobs.at(i); }
    // Drops every job; the caller records why (Recorder::queuesCleared).
    void clear() { m_jobs.clear(); }
    // The check phase takes the immediates queued so far and leaves an empty queue for new ones.
    void swap(JobQueue& other) { m_jobs.swap(other.m_jobs); }

private:
    Recorder& m_recorder;
    CallbackKind m_runsAs;
    RingQueue<Job> m_jobs;
};

} // namespace loopscope
