// Runtime: construction, the main module, injected workloads, abort and shutdown.
#include "runtime/invoke.h"

#include "net/httpserver.h"
#include "runtime/workerhost.h"

#include <cassert>
#include <limits>

namespace loopscope {

Runtime::Runtime(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
    RuntimeOptions options)
    : m_loop(loop)
    , m_recording(recording)
    , m_live(live)
    , m_program(std::move(program))
    , m_options(std::move(options))
    , m_ownClock(m_options.clock ? nullptr : std::make_unique<ProgramClock>(monotonicNs()))
    , m_rec(m_options.log ? *m_options.log : recording.mainLog(), recording.strings,
          m_options.clock ? *m_options.clock : *m_ownClock, m_options.thread, !m_options.parent)
    , m_control(m_options.control)
    , m_poolBoard(m_options.poolBoard)
{
    m_rec.setEnabled(m_options.record);
    if (MemoryBudget* budget = m_options.budget) {
        for (JobQueue* queue : { &m_ticks, &m_microtasks, &m_immediates, &m_runningImmediates })
            queue->setBudget(budget);
        m_promises.setBudget(budget);
        m_frames.setBudget(budget);
        m_chains.setBudget(budget);
        m_combinators.setBudget(budget);
        m_timers.setBudget(budget);
    }
}

Runtime::~Runtime()
{
    // The loop has run dry before a runtime goes: libuv holds no request of ours any more.
    assert(m_poolInFlight == 0);
}

void Runtime::start()
{
    m_loopThread.bind();
    assert(!m_started);
    m_started = true;
    if (const Runtime* parent = m_options.parent) {
        // Only the main loop thread may intern; a worker shares the ids interned there.
        m_labels = parent->m_labels;
    } else {
        StringTable& strings = m_recording.strings;
        m_labels.main = strings.intern("main");
        m_labels.esmLoader = strings.intern("ESM loader: module ready");
        m_labels.fs[0] = strings.intern("fs.open");
        m_labels.fs[1] = strings.intern("fs.fstat");
        m_labels.fs[2] = strings.intern("fs.read");
        m_labels.fs[3] = strings.intern("fs.close");
        m_labels.fsStat = strings.intern("fs.stat");
        m_labels.pbkdf2 = strings.intern("pbkdf2");
        m_labels.getaddrinfo = strings.intern("getaddrinfo");
        m_labels.server = strings.intern("HTTP server: GET /health");
        m_labels.workerError = strings.intern("worker: error");
        m_labels.socketClose = strings.intern("socket closed");
        m_labels.held = strings.intern("held");
        m_labels.spillWait = strings.intern("held: the loop waited while its recording was written out");
        internLabels(m_program->main);
        m_workers.resize(m_options.workerLogs.size());
    }

    // These cannot fail for a live loop; if libuv says otherwise, the run cannot be instrumented.
    const int initialised[] = {
        m_timerHandle.init(uv_timer_init, m_loop, this),
        m_prepareHandle.init(uv_prepare_init, m_loop, this),
        m_checkHandle.init(uv_check_init, m_loop, this),
        m_idleHandle.init(uv_idle_init, m_loop, this),
        m_delayTimer.init(uv_timer_init, m_loop, this),
        m_inboxHandle.init(uv_async_init, m_loop, this, &Runtime::onInboxHandle),
    };
    for (const int result : initialised) {
        if (result != 0) {
            recordError(std::string("libuv: cannot create a loop handle: ") + uv_strerror(result));
            abortRun();
            return;
        }
    }
    // Instrumentation must not keep the loop alive; Node's own check handle is unreferenced too.
    uv_prepare_start(m_prepareHandle.get(), &Runtime::onPrepareHandle);
    m_prepareHandle.unref();
    uv_check_start(m_checkHandle.get(), &Runtime::onCheckHandle);
    m_checkHandle.unref();
    // The inbox keeps the loop alive only while a workload waits in it.
    m_inboxHandle.unref();

    if (!m_options.parent)
        startServer();
    preparePayloads(m_program->main);
    initialiseCrypto();

    uv_update_time(&m_loop);
    m_timerBase = double(uv_now(&m_loop));
    m_loopZeroNs = m_rec.now() - std::int64_t((double(uv_hrtime()) / 1e6 - m_timerBase) * 1e6);

    if (m_program->module == ModuleKind::Esm && !m_options.parent) {
        // Node evaluates an ES module inside the loop: its loopStart milestone comes first.
        m_loopStartNs = m_rec.now();
        loadEsmModule();
        return;
    }
    // A worker's thread boots an isolate before the worker's first line runs.
    if (m_options.parent)
        spendRealTime(m_options.costs.workerStartUs);
    fromLoop([this] {
        invoke(m_labels.main, CallbackKind::Main, [this] {
            runBlock(m_program->main);
            // A worker's script posts "done" as its last line: the message is on its way to the parent
            // while Node finishes the script and the worker's own nextTicks and microtasks run.
            if (m_options.onWorkerDone) {
                m_options.onWorkerDone();
                spendRealTime(m_options.costs.workerScriptEndUs);
            }
        });
    });
    spendStartupGap();
    if (!m_options.parent)
        m_loopStartNs = m_rec.now();
}

// Real time passes, as it does in Node: whether a millisecond tick of the loop clock falls inside it is
// what decides the main module's race, never a coin. The loop's first update of its clock comes after.
void Runtime::spendStartupGap()
{
    if (!m_options.parent && !m_aborted)
        spendRealTime(m_options.costs.startupGapUs);
}

void Runtime::inject(std::shared_ptr<const Program> workload)
{
    m_loopThread.check();
    if (m_aborted || m_closed || !m_inboxHandle.open())
        return;
    internLabels(workload->main);
    m_workloads.push_back(workload);
    m_inbox.push_back(workload.get());
    // Through the poller, as a request arrives: the loop wakes from poll (or starts again, if the
    // program had ended) and runs the workload as an I/O callback there.
    m_inboxHandle.ref();
    uv_async_send(m_inboxHandle.get());
}

void Runtime::onInboxHandle(uv_async_t* handle)
{
    UvHandle<uv_async_t>::ownerOf<Runtime>(handle)->deliverWorkloads();
}

void Runtime::deliverWorkloads()
{
    std::vector<const Program*> arrived;
    arrived.swap(m_inbox);
    m_inboxHandle.unref();
    const std::uint32_t epoch = m_epoch;
    for (const Program* workload : arrived) {
        if (m_aborted || m_closed || epoch != m_epoch)
            return;
        const std::uint32_t label = internDynamic(workload->title.empty() ? workload->name : workload->title);
        fromLoop([&] { invoke(label, CallbackKind::Io, [this, workload] { runBlock(workload->main); }); });
    }
}

void Runtime::shutdown()
{
    m_loopThread.check();
    if (m_closed || !m_started)
        return;
    m_closed = true;
    takeBackPoolWork(true);
    endWorkers();
    while (!m_requests.empty())
        httpCancel(m_requests.begin()->second);
    if (m_server)
        m_server->close();
    m_timerHandle.close();
    m_prepareHandle.close();
    m_checkHandle.close();
    m_idleHandle.close();
    m_delayTimer.close();
    m_inboxHandle.close();
}

void Runtime::loopEnded()
{
    m_loopThread.check();
    finishIteration();
    publishQueuesNow();
    if (!m_options.parent && m_loopStartNs >= 0) {
        // What performance.eventLoopUtilization() would read now (the figures' utilisation).
        m_recording.info.loopStartNs = m_loopStartNs;
        m_recording.info.loopIdleNs = std::int64_t(uv_metrics_idle_time(&m_loop));
    }
}

// After a run's end or its abandoned work the queues are empty; the views must not keep showing the
// last busy moment.
void Runtime::publishQueuesNow()
{
    const std::int64_t at = m_rec.now();
    sampleQueues(at, true);
    if (m_control)
        publishSnapshot(at);
    m_rec.flush();
}

// What an abort and abandoned work both drop: the queued callbacks, the handles that would run
// more, worker loops and workloads not yet delivered.
void Runtime::dropQueuedWork()
{
    m_rec.queuesCleared(m_rec.now());
    m_ticks.clear();
    m_microtasks.clear();
    m_immediates.clear();
    m_runningImmediates.clear();
    if (m_idleHandle.open())
        uv_idle_stop(m_idleHandle.get());
    m_idleActive = false;
    if (m_timerHandle.open())
        uv_timer_stop(m_timerHandle.get());
    m_pendingTimer.open = false;
    endWorkers();
    // Abandoned work stops at its queue; what already runs goes on unless the whole run is over.
    takeBackPoolWork(m_aborted);
    m_inbox.clear();
    if (m_inboxHandle.open())
        m_inboxHandle.unref();
}

void Runtime::stopCancelled()
{
    // The callback that was running when the user stopped it still happened, up to now.
    if (m_live.inCallback.load(std::memory_order_relaxed)) {
        m_rec.callback(m_live.callbackLabel.load(std::memory_order_relaxed),
            CallbackKind(m_live.callbackKind.load(std::memory_order_relaxed)),
            m_live.callbackStartNs.load(std::memory_order_relaxed), m_rec.now(), m_iteration, 1);
        m_live.inCallback.store(false, std::memory_order_relaxed);
    }
    m_depth = 0;
    const bool overBudget = m_options.budget && m_options.budget->exceeded();
    if (!overBudget && m_cancelled.load(std::memory_order_acquire) && m_abandonWork.load(std::memory_order_relaxed)
        && !m_closed)
        abandonWork();
    else
        abortRun();
}

void Runtime::abandonWorkFromCommand()
{
    m_loopThread.check();
    if (m_cancelled.load(std::memory_order_acquire) && m_abandonWork.load(std::memory_order_relaxed))
        abandonWork();
}

void Runtime::abandonWork()
{
    ++m_epoch;
    dropQueuedWork();
    // The loop goes on, so the timers go too, and nothing refers to a promise, an async function
    // or a chain any more: the queues held them all.
    m_timers.clear();
    m_promises.clear();
    m_frames.clear();
    m_chains.clear();
    m_combinators.clear();
    m_timerNames.clear();
    m_controllers.clear();
    // Requests in flight call back while cancelled() holds, and do nothing; thread-pool work a
    // thread has started cannot be taken back from it, so its callbacks see an older epoch and do nothing.
    while (!m_requests.empty())
        httpCancel(m_requests.begin()->second);
    recordError("work abandoned by the user; the loop goes on");
    m_abandonWork.store(false, std::memory_order_relaxed);
    m_cancelled.store(false, std::memory_order_relaxed);
    publishQueuesNow();
}

void Runtime::abortRun()
{
    if (m_aborted)
        return;
    m_aborted = true;
    m_cancelled = true;
    dropQueuedWork();
    if (m_live.outOfMemory.load(std::memory_order_relaxed))
        recordError("out of memory: the system refused an allocation");
    if (m_options.budget && m_options.budget->exceeded() && !m_options.parent)
        recordError("memory budget exceeded: the queues and the recording need more than "
            + std::to_string(m_options.budget->limit() >> 20) + " MB (--memory-budget)");
    // A serving loop stops serving: the run is over.
    if (m_server)
        m_server->setKeepsLoopAlive(false);
    const bool overBudget = m_options.budget && m_options.budget->exceeded();
    // A process that exited (an unhandled rejection) ended as Node's does, not aborted.
    if ((!ending() && !m_processEnded) || overBudget) {
        recordError("run aborted");
        m_abortRecorded = true;
    }
    m_rec.flush();
    uv_stop(&m_loop);
}

} // namespace loopscope
