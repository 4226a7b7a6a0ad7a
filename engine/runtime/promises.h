#pragma once

#include "runtime/job.h"
#include "runtime/jobqueue.h"
#include "runtime/objectpool.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace loopscope {

// A promise as the program format can use one: it settles with `undefined`, rejects with an Error the
// program names (its message is an op's), or adopts another promise; it is reference-counted by the
// jobs holding it.
struct Promise
{
    enum class State : std::uint8_t { Pending, Fulfilled, Rejected };
    std::uint32_t refs = 1;
    State state = State::Pending;
    // A reaction was added to it (V8's has_handler): a rejection is then not an unhandled one.
    bool handled = false;
    // Rejected: what with (an AggregateError of `reason`'s promises, an AbortError of the await `reason`).
    Reason kind = Reason::Error;
    // Rejected: the op whose message the Error has (a promise that rejects, a throw, a promiseAny, an await).
    const Op* reason = nullptr;
    std::vector<Job> reactions;

    bool settled() const { return state != State::Pending; }
};

// ECMA-262's promise jobs over an arena of promises: reactions go to the microtask queue once their
// promise settles, and rejections nobody handled wait for Node's processPromiseRejections.
class Promises
{
public:
    // Told of each rejection before it takes effect: with its kind of error, and whether the promise has
    // no handler (then Node's promiseRejectHandler runs).
    using RejectionHook = std::function<void(Reason kind, bool unhandled)>;

    explicit Promises(JobQueue& microtasks, RejectionHook onRejection = {})
        : m_microtasks(microtasks)
        , m_onRejection(std::move(onRejection))
    { }

    // A pending promise with one reference, the caller's.
    Promise* create() { return m_arena.create(); }
    void retain(Promise* promise) { ++promise->refs; }
    void release(Promise* promise)
    {
        if (--promise->refs == 0)
            m_arena.release(promise);
    }

    // PerformPromiseThen: queues `reaction` now if `promise` is settled, else when it is. A reaction
    // job but an await's resumption gets the settled promise (Job::settled, one reference) to read.
    void then(Promise* promise, Job reaction);
    void fulfill(Promise* promise);
    // RejectPromise with an Error whose message is `reason`'s (or the `kind` of error `reason` makes); unhandled,
    // it joins the rejections to report.
    void reject(Promise* promise, const Op* reason, Reason kind = Reason::Error);
    // Settles `promise` as `like` settled.
    void settleLike(Promise* promise, const Promise* like);
    // The resolving function: fulfils with undefined, or adopts `value` through a PromiseResolveThenableJob.
    void resolve(Promise* promise, Promise* value);
    // Runs a PromiseResolveThenableJob: value.then(settle promise as value settles).
    void resolveThenable(const Job& job);

    // Rejections without a handler since the last call, oldest first (each with a reference, the caller's).
    std::vector<Promise*> takeUnhandled()
    {
        std::vector<Promise*> taken;
        taken.swap(m_unhandled);
        return taken;
    }
    bool anyUnhandled() const { return !m_unhandled.empty(); }

    std::size_t live() const { return m_arena.live(); }
    // Forgets every promise; no job may refer to one any more.
    void clear()
    {
        m_unhandled.clear();
        m_arena.clear();
    }
    void setBudget(MemoryBudget* budget) { m_arena.setBudget(budget); }

private:
    void queueReaction(Promise* promise, Job reaction);

    JobQueue& m_microtasks;
    RejectionHook m_onRejection;
    ObjectPool<Promise> m_arena;
    std::vector<Promise*> m_unhandled;
};

} // namespace loopscope
