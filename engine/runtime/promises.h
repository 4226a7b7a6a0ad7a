#pragma once

#include "runtime/job.h"
#include "runtime/jobqueue.h"
#include "runtime/objectpool.h"

#include <cstdint>
#include <vector>

namespace loopscope {

// A promise as the program format can use one: it only ever settles with
// `undefined` or another promise, and is reference-counted by the jobs holding it.
struct Promise
{
    std::uint32_t refs = 1;
    bool fulfilled = false;
    std::vector<Job> reactions;
};

// ECMA-262's promise jobs over an arena of promises: reactions go to the
// microtask queue once their promise is fulfilled.
class Promises
{
public:
    explicit Promises(JobQueue& microtasks)
        : m_microtasks(microtasks)
    { }

    // A pending promise with one reference, the caller's.
    Promise* create() { return m_arena.create(); }
    void retain(Promise* promise) { ++promise->refs; }
    void release(Promise* promise)
    {
        if (--promise->refs == 0)
            m_arena.release(promise);
    }

    // PerformPromiseThen: queues `reaction` now if `promise` is fulfilled, else when it is.
    void then(Promise* promise, Job reaction);
    void fulfill(Promise* promise);
    // The resolving function: fulfils with undefined, or adopts `value` through a PromiseResolveThenableJob.
    void resolve(Promise* promise, Promise* value);
    // Runs a PromiseResolveThenableJob: value.then(fulfil promise).
    void resolveThenable(const Job& job);

    std::size_t live() const { return m_arena.live(); }
    // Forgets every promise; no job may refer to one any more.
    void clear() { m_arena.clear(); }
    void setBudget(MemoryBudget* budget) { m_arena.setBudget(budget); }

private:
    JobQueue& m_microtasks;
    ObjectPool<Promise> m_arena;
};

} // namespace loopscope
