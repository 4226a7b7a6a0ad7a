// RunEnd: an aborted run, or its work abandoned while the loop goes on.
#include "runtime/runend.h"

#include "runtime/abortsignals.h"
#include "runtime/http.h"
#include "runtime/immediates.h"
#include "runtime/interpreter.h"
#include "runtime/promisework.h"
#include "runtime/runtimecontext.h"
#include "runtime/stepping.h"
#include "runtime/threadpoolwork.h"
#include "runtime/timers.h"
#include "runtime/workers.h"
#include "runtime/workloads.h"

#include <string>

namespace loopscope {

RunEnd::RunEnd(RuntimeContext& context, Stepping& stepping, Interpreter& interpreter, Timers& timers,
    Immediates& immediates, PromiseWork& promiseWork, AbortSignals& signals, ThreadPoolWork& poolWork, Http& http,
    Workers& workers, Workloads& workloads)
    : m_ctx(context)
    , m_stepping(stepping)
    , m_interpreter(interpreter)
    , m_timers(timers)
    , m_immediates(immediates)
    , m_promiseWork(promiseWork)
    , m_signals(signals)
    , m_poolWork(poolWork)
    , m_http(http)
    , m_workers(workers)
    , m_workloads(workloads)
{ }

// After a run's end or its abandoned work the queues are empty; the views must not keep showing the
// last busy moment.
void RunEnd::publishQueuesNow()
{
    const std::int64_t at = m_ctx.rec.now();
    m_stepping.sampleQueues(at, true);
    if (m_ctx.control)
        m_stepping.publishSnapshot(at);
    m_ctx.rec.flush();
}

// What an abort and abandoned work both drop: the queued callbacks, the handles that would run
// more, worker loops and workloads not yet delivered.
void RunEnd::dropQueuedWork()
{
    m_ctx.rec.queuesCleared(m_ctx.rec.now());
    m_ctx.ticks.clear();
    m_ctx.microtasks.clear();
    m_immediates.drop();
    m_timers.stop();
    m_workers.endAll();
    // Abandoned work stops at its queue; what already runs goes on unless the whole run is over.
    m_poolWork.takeBack(m_ctx.aborted);
    m_workloads.drop();
}

void RunEnd::stopCancelled()
{
    // The callback that was running when the user stopped it still happened, up to now.
    LiveState& live = m_ctx.live;
    if (live.inCallback.load(std::memory_order_relaxed)) {
        m_ctx.rec.callback(live.callbackLabel.load(std::memory_order_relaxed),
            CallbackKind(live.callbackKind.load(std::memory_order_relaxed)),
            live.callbackStartNs.load(std::memory_order_relaxed), m_ctx.rec.now(), m_ctx.iteration, 1);
        live.inCallback.store(false, std::memory_order_relaxed);
    }
    const bool overBudget = m_ctx.options.budget && m_ctx.options.budget->exceeded();
    if (!overBudget && m_ctx.cancelRequested.load(std::memory_order_acquire)
        && m_ctx.abandonWork.load(std::memory_order_relaxed) && !m_ctx.closed)
        abandonWork();
    else
        abort();
}

void RunEnd::abandonWorkFromCommand()
{
    m_ctx.loopThread.check();
    if (m_ctx.cancelRequested.load(std::memory_order_acquire) && m_ctx.abandonWork.load(std::memory_order_relaxed))
        abandonWork();
}

void RunEnd::abandonWork()
{
    ++m_ctx.epoch;
    dropQueuedWork();
    // The loop goes on, so the timers go too, and nothing refers to a promise, an async function
    // or a chain any more: the queues held them all.
    m_timers.clear();
    m_ctx.promises.clear();
    m_interpreter.clear();
    m_promiseWork.clear();
    m_signals.clear();
    m_poolWork.forgetFiles();
    // Requests in flight call back while cancelled() holds, and do nothing; thread-pool work a
    // thread has started cannot be taken back from it, so its callbacks see an older epoch and do nothing.
    m_http.cancelRequests();
    m_ctx.recordError("work abandoned by the user; the loop goes on");
    m_ctx.abandonWork.store(false, std::memory_order_relaxed);
    m_ctx.cancelRequested.store(false, std::memory_order_relaxed);
    publishQueuesNow();
}

void RunEnd::abort()
{
    if (m_ctx.aborted)
        return;
    m_ctx.aborted = true;
    m_ctx.cancelRequested = true;
    dropQueuedWork();
    if (m_ctx.live.outOfMemory.load(std::memory_order_relaxed))
        m_ctx.recordError("out of memory: the system refused an allocation");
    MemoryBudget* budget = m_ctx.options.budget;
    if (budget && budget->exceeded() && !m_ctx.isWorker())
        m_ctx.recordError("memory budget exceeded: the queues and the recording need more than "
            + std::to_string(budget->limit() >> 20) + " MB (--memory-budget)");
    // A serving loop stops serving: the run is over.
    m_http.stopServing();
    const bool overBudget = budget && budget->exceeded();
    // A process that exited (an unhandled rejection) ended as Node's does, not aborted.
    if ((!m_ctx.endingRun() && !m_promiseWork.processEnded()) || overBudget) {
        m_ctx.recordError("run aborted");
        m_abortRecorded = true;
    }
    m_ctx.rec.flush();
    uv_stop(&m_ctx.loop);
}

} // namespace loopscope
