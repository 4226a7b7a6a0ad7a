// Runtime: construction, the main module, injected workloads and shutdown.
#include "runtime/invoke.h"

#include <cassert>
#include <limits>

namespace loopscope {

Runtime::Runtime(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
    RuntimeOptions options)
    : m_ctx(loop, recording, live, std::move(program), std::move(options))
    , m_callbacks(m_ctx, m_stepping, m_interpreter, m_promiseWork, m_signals, m_runEnd)
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
    , m_workers(m_ctx, m_callbacks, m_interpreter)
    , m_workloads(m_ctx, m_callbacks, m_interpreter)
    , m_runEnd(m_ctx, m_stepping, m_interpreter, m_timers, m_immediates, m_promiseWork, m_signals, m_poolWork, m_http,
          m_workers, m_workloads)
{ }

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
        labels.serverListen = strings.intern("HTTP server: listen");
        labels.serverListening = strings.intern("HTTP server: 'listening'");
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
            m_runEnd.abort();
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
            m_interpreter.runMain();
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
    m_runEnd.publishQueuesNow();
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

} // namespace loopscope
