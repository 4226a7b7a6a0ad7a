// Runtime: construction, the main module, injected workloads, abort and shutdown.
#include "runtime/invoke.h"

#include <cassert>
#include <limits>

namespace loopscope {

Runtime::Runtime(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
    RuntimeOptions options)
    : m_ctx(loop, recording, live, std::move(program), std::move(options))
    , m_callbacks(m_ctx, m_stepping, m_interpreter, m_promiseWork, m_signals, *this)
    , m_stepping(m_ctx, m_callbacks, m_timers, m_immediates, m_http, m_poolWork, m_workers, m_workloads)
    , m_phases(m_ctx, m_callbacks, m_stepping, m_timers, m_immediates)
    , m_interpreter(m_ctx, m_timers, m_immediates, m_promiseWork, m_signals, m_poolWork, m_http, m_workers, m_blocking)
    , m_blocking(m_ctx)
    , m_timers(m_ctx, m_callbacks, m_phases, m_stepping)
    , m_immediates(m_ctx, m_callbacks)
    , m_promiseWork(m_ctx, m_callbacks, m_interpreter, m_timers, m_immediates)
    , m_signals(m_ctx, m_interpreter, m_timers, m_immediates)
    , m_poolWork(m_ctx, m_callbacks, m_interpreter, m_signals)
    , m_http(m_ctx, m_callbacks, m_interpreter, m_phases)
    , m_workers(m_ctx, m_callbacks, m_interpreter, *this)
    , m_workloads(m_ctx, m_callbacks, m_interpreter)
{
    if (const Runtime* parent = m_ctx.options.parent)
        m_ctx.parent = &parent->m_ctx;
}

Runtime::~Runtime() = default;

void Runtime::start()
{
    m_ctx.loopThread.bind();
    assert(!m_ctx.started);
    m_ctx.started = true;
    RuntimeLabels& labels = m_ctx.labels;
    if (m_ctx.parent) {
        // Only the main loop thread may intern; a worker shares the ids interned there.
        labels = m_ctx.parent->labels;
    } else {
        StringTable& strings = m_ctx.recording.strings;
        labels.main = strings.intern("main");
        labels.esmLoader = strings.intern("ESM loader: module ready");
        labels.fs[0] = strings.intern("fs.open");
        labels.fs[1] = strings.intern("fs.fstat");
        labels.fs[2] = strings.intern("fs.read");
        labels.fs[3] = strings.intern("fs.close");
        labels.fsStat = strings.intern("fs.stat");
        labels.pbkdf2 = strings.intern("pbkdf2");
        labels.getaddrinfo = strings.intern("getaddrinfo");
        labels.server = strings.intern("HTTP server: GET /health");
        labels.workerError = strings.intern("worker: error");
        labels.socketClose = strings.intern("socket closed");
        labels.held = strings.intern("held");
        labels.spillWait = strings.intern("held: the loop waited while its recording was written out");
        m_interpreter.internLabels(m_ctx.program->main);
        m_workers.setSlots(m_ctx.options.workerLogs.size());
    }

    // These cannot fail for a live loop; if libuv says otherwise, the run cannot be instrumented.
    const int initialised[] = {
        m_timers.init(),
        m_phases.initPrepare(),
        m_phases.initCheck(),
        m_immediates.init(),
        m_phases.initDelayMonitor(),
        m_workloads.init(),
    };
    for (const int result : initialised) {
        if (result != 0) {
            m_ctx.recordError(std::string("libuv: cannot create a loop handle: ") + uv_strerror(result));
            abortRun();
            return;
        }
    }
    // Instrumentation must not keep the loop alive.
    m_phases.startHandles();
    // The inbox keeps the loop alive only while a workload waits in it.
    m_workloads.unrefInbox();

    if (!m_ctx.isWorker())
        m_http.startServer();
    m_blocking.preparePayloads(m_ctx.program->main);
    ThreadPoolWork::initialiseCrypto();

    uv_update_time(&m_ctx.loop);
    m_timers.startClock();
    m_stepping.setLoopZero(m_ctx.rec.now() - std::int64_t((double(uv_hrtime()) / 1e6 - m_timers.base()) * 1e6));

    if (m_ctx.program->module == ModuleKind::Esm && !m_ctx.isWorker()) {
        // Node evaluates an ES module inside the loop: its loopStart milestone comes first.
        m_loopStartNs = m_ctx.rec.now();
        m_poolWork.loadEsmModule();
        return;
    }
    // A worker's thread boots an isolate before the worker's first line runs.
    if (m_ctx.isWorker())
        spendRealTime(m_ctx.options.costs.workerStartUs);
    m_callbacks.fromLoop([this] {
        m_callbacks.invoke(m_ctx.labels.main, CallbackKind::Main, [this] {
            m_interpreter.runBlock(m_ctx.program->main);
            // A worker's script posts "done" as its last line: the message is on its way to the parent
            // while Node finishes the script and the worker's own nextTicks and microtasks run.
            if (m_ctx.options.onWorkerDone) {
                m_ctx.options.onWorkerDone();
                spendRealTime(m_ctx.options.costs.workerScriptEndUs);
            }
        });
    });
    spendStartupGap();
    if (!m_ctx.isWorker())
        m_loopStartNs = m_ctx.rec.now();
}

// Real time passes, as it does in Node: whether a millisecond tick of the loop clock falls inside it is
// what decides the main module's race, never a coin. The loop's first update of its clock comes after.
void Runtime::spendStartupGap()
{
    if (!m_ctx.isWorker() && !m_ctx.aborted)
        spendRealTime(m_ctx.options.costs.startupGapUs);
}

void Runtime::inject(std::shared_ptr<const Program> workload)
{
    m_ctx.loopThread.check();
    m_workloads.inject(std::move(workload));
}

void Runtime::shutdown()
{
    m_ctx.loopThread.check();
    if (m_ctx.closed || !m_ctx.started)
        return;
    m_ctx.closed = true;
    m_poolWork.takeBack(true);
    m_workers.endAll();
    m_http.cancelRequests();
    m_http.close();
    m_timers.close();
    m_phases.closePrepareAndCheck();
    m_immediates.close();
    m_phases.closeDelayMonitor();
    m_workloads.close();
}

void Runtime::loopEnded()
{
    m_ctx.loopThread.check();
    m_phases.finishIteration();
    publishQueuesNow();
    if (!m_ctx.isWorker() && m_loopStartNs >= 0) {
        // What performance.eventLoopUtilization() would read now (the figures' utilisation).
        m_ctx.recording.info.loopStartNs = m_loopStartNs;
        m_ctx.recording.info.loopIdleNs = std::int64_t(uv_metrics_idle_time(&m_ctx.loop));
    }
}

bool Runtime::loopDrained()
{
    m_ctx.loopThread.check();
    return m_promiseWork.loopDrained();
}

void Runtime::setDelayMonitor(bool on, int resolutionMs)
{
    m_phases.setDelayMonitor(on, resolutionMs);
}

// After a run's end or its abandoned work the queues are empty; the views must not keep showing the
// last busy moment.
void Runtime::publishQueuesNow()
{
    const std::int64_t at = m_ctx.rec.now();
    m_stepping.sampleQueues(at, true);
    if (m_ctx.control)
        m_stepping.publishSnapshot(at);
    m_ctx.rec.flush();
}

// What an abort and abandoned work both drop: the queued callbacks, the handles that would run
// more, worker loops and workloads not yet delivered.
void Runtime::dropQueuedWork()
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

void Runtime::stopCancelled()
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
        abortRun();
}

void Runtime::abandonWorkFromCommand()
{
    m_ctx.loopThread.check();
    if (m_ctx.cancelRequested.load(std::memory_order_acquire) && m_ctx.abandonWork.load(std::memory_order_relaxed))
        abandonWork();
}

void Runtime::abandonWork()
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

void Runtime::abortRun()
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
    if ((!ending() && !m_promiseWork.processEnded()) || overBudget) {
        m_ctx.recordError("run aborted");
        m_abortRecorded = true;
    }
    m_ctx.rec.flush();
    uv_stop(&m_ctx.loop);
}

} // namespace loopscope
