#pragma once

#include "runtime/abortsignals.h"
#include "runtime/blockingops.h"
#include "runtime/callbacks.h"
#include "runtime/http.h"
#include "runtime/immediates.h"
#include "runtime/interpreter.h"
#include "runtime/phases.h"
#include "runtime/promisework.h"
#include "runtime/runend.h"
#include "runtime/runtimecontext.h"
#include "runtime/stepping.h"
#include "runtime/threadpoolwork.h"
#include "runtime/timers.h"
#include "runtime/workers.h"
#include "runtime/workloads.h"

#include <uv.h>

#include <cstdint>
#include <memory>

namespace loopscope {

// Node.js semantics on a real libuv loop: the main module, nextTick and microtask queues drained
// after every callback, Node's timer lists on one uv_timer_t, immediates on a check handle, and the
// phase instrumentation. Lives on the loop thread; every method but cancel() must be called there.
//
// The Runtime is the façade the session and the workers use: it owns the run's life cycle (start,
// workloads, abort, abandoned work, shutdown) and one object per job, each with its own state, that
// share a RuntimeContext (the loop, the settings, the recorder and its clock, the run's state, the
// label ids, the budget, and the nextTick and microtask queues with the promises):
//   Callbacks    the drain rule: every callback, then its nextTicks and microtasks; runs the queues' jobs
//   Interpreter  program ops, each to the job that does it; async functions, chains, named timers
//   BlockingOps  synchronous work that holds the loop: hashing, JSON.parse, regex, pbkdf2Sync
//   Timers       setTimeout, setInterval and the timers phase (NodeTimers behind one uv_timer_t)
//   Immediates   setImmediate, clearImmediate, and the idle handle that keeps poll from blocking
//   PromiseWork  promise chains, the combinators, unhandled rejections, beforeExit and exit
//   AbortSignals AbortControllers and the timers/promises given their signals
//   ThreadPoolWork     the thread pool: fs.readFile, stat, open, read, close, pbkdf2, dns.lookup, the ES module loader
//   Http         the loopback HTTP server and http.get
//   Workers      worker_threads loops
//   Workloads    programs injected into the running loop
//   Phases       the phase instrumentation (prepare, check, idle) and the loop-delay monitor
//   Stepping     queue samples and snapshots, and what runs next where the user holds the loop
//   RunEnd       an aborted run, or its work abandoned while the loop goes on
// The jobs hold the context and the few other jobs they use by reference; none sees the Runtime.
class Runtime final
{
public:
    Runtime(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
        RuntimeOptions options);
    ~Runtime();
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;

    // Installs the instrumentation handles and runs the main module.
    void start();
    // Delivers `workload` to the loop as an incoming request would: an I/O callback in the next poll.
    void inject(std::shared_ptr<const Program> workload);
    // Closes every handle the runtime owns; the loop then runs dry.
    void shutdown();
    // Any thread: abandons all JavaScript-level work at the next check point.
    void cancel() { m_ctx.cancel(); }
    bool cancelled() const { return m_ctx.cancelled(); }
    // Any thread: ends the run at the next check point as cancel() does, as the session's end (the
    // window closed), not as an abort: no "run aborted" is recorded, here or in its worker loops.
    void end()
    {
        m_ctx.ending.store(true, std::memory_order_relaxed);
        cancel();
    }
    bool ending() const { return m_ctx.endingRun(); }
    // True once the run recorded "run aborted" (read after the loop has stopped).
    bool abortRecorded() const { return m_runEnd.abortRecorded(); }
    // Loop thread: abandons the run now (after cancel(), from a command).
    void abortRunFromCommand()
    {
        m_ctx.loopThread.check();
        m_runEnd.abort();
    }
    // Any thread: like cancel(), but only the program's work is abandoned; the loop, its server and
    // its probes go on (Esc in the window). The loop thread finishes it with abandonWorkFromCommand().
    void cancelWork()
    {
        m_ctx.abandonWork.store(true, std::memory_order_relaxed);
        m_ctx.cancelRequested.store(true, std::memory_order_release);
    }
    // Loop thread: abandons the work now unless a check point already has.
    void abandonWorkFromCommand() { m_runEnd.abandonWorkFromCommand(); }
    // Called when uv_run returned: closes the last iteration's record.
    void loopEnded();

    // The loop has run dry: process.once("beforeExit") listeners run (as Node emits the event); true when
    // they made it alive again. Then, once, the "exit" listeners run and the process's work ends there.
    bool loopDrained();
    // Starts or stops the loop-delay monitor (monitorEventLoopDelay: a timer every resolutionMs).
    void setDelayMonitor(bool on, int resolutionMs);

    std::uint32_t iteration() const { return m_ctx.iteration; }
    const Recorder& recorder() const { return m_ctx.rec; }
    // Thread-pool requests submitted and not yet handed back; 0 once the loop has run dry.
    std::uint32_t poolWorkInFlight() const { return m_poolWork.inFlight(); }

private:
    // Spends NodeCosts::startupGapUs after the main module, before the first iteration.
    void spendStartupGap();

    RuntimeContext m_ctx;
    Callbacks m_callbacks;
    Stepping m_stepping;
    Phases m_phases;
    Interpreter m_interpreter;
    BlockingOps m_blocking;
    Timers m_timers;
    Immediates m_immediates;
    PromiseWork m_promiseWork;
    AbortSignals m_signals;
    ThreadPoolWork m_poolWork;
    Http m_http;
    Workers m_workers;
    Workloads m_workloads;
    RunEnd m_runEnd;
    std::int64_t m_loopStartNs = -1; // Node's loopStart milestone on the recording's clock (main loop only)
};

} // namespace loopscope
