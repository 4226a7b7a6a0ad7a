#include "runtime/promises.h"

namespace loopscope {

void Promises::then(Promise* promise, Job reaction)
{
    reaction.jobKind = JobKind::PromiseReactionJob;
    if (promise->fulfilled)
        m_microtasks.push(reaction);
    else
        promise->reactions.push_back(reaction);
}

void Promises::fulfill(Promise* promise)
{
    if (promise->fulfilled)
        return;
    promise->fulfilled = true;
    for (const Job& reaction : promise->reactions)
        m_microtasks.push(reaction);
    promise->reactions.clear();
    promise->reactions.shrink_to_fit();
}

void Promises::resolve(Promise* promise, Promise* value)
{
    if (!value) {
        fulfill(promise);
        return;
    }
    Job job;
    job.action = Job::Action::ResolveThenable;
    job.jobKind = JobKind::PromiseResolveThenableJob;
    job.promise = promise;
    job.thenable = value;
    retain(promise);
    retain(value);
    m_microtasks.push(job);
}

void Promises::resolveThenable(const Job& job)
{
    // thenable.then(resolve, reject) with the resolving functions of `promise`.
    Job settle;
    settle.action = Job::Action::Fulfill;
    settle.jobKind = JobKind::PromiseReactionJob;
    settle.label = job.label;
    settle.promise = job.promise;
    retain(job.promise);
    then(job.thenable, settle);
    release(job.thenable);
    release(job.promise);
}

} // namespace loopscope
