#include "runtime/promises.h"

namespace loopscope {

void Promises::queueReaction(Promise* promise, Job reaction)
{
    // An await's resumption only needs to know that the promise settled: its frame holds the union.
    if (reaction.action != Job::Action::Resume) {
        reaction.settled = promise;
        retain(promise);
    }
    m_microtasks.push(reaction);
}

void Promises::then(Promise* promise, Job reaction)
{
    reaction.jobKind = JobKind::PromiseReactionJob;
    promise->handled = true;
    if (promise->settled())
        queueReaction(promise, reaction);
    else
        promise->reactions.push_back(reaction);
}

void Promises::fulfill(Promise* promise)
{
    if (promise->settled())
        return;
    promise->state = Promise::State::Fulfilled;
    std::vector<Job> reactions;
    reactions.swap(promise->reactions);
    for (const Job& reaction : reactions)
        queueReaction(promise, reaction);
}

void Promises::reject(Promise* promise, const Op* reason, Reason kind)
{
    if (promise->settled())
        return;
    if (m_onRejection)
        m_onRejection(kind, !promise->handled);
    promise->state = Promise::State::Rejected;
    promise->reason = reason;
    promise->kind = kind;
    if (!promise->handled) {
        retain(promise);
        m_unhandled.push_back(promise);
    }
    std::vector<Job> reactions;
    reactions.swap(promise->reactions);
    for (const Job& reaction : reactions)
        queueReaction(promise, reaction);
}

void Promises::settleLike(Promise* promise, const Promise* like)
{
    if (like && like->state == Promise::State::Rejected)
        reject(promise, like->reason, like->kind);
    else
        fulfill(promise);
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
