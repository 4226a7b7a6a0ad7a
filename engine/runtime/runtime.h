#pragma once

#include "loop/loopcontrol.h"
#include "loop/uvhandle.h"
#include "program/program.h"
#include "recording/events.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "recording/threadaffinity.h"
#include "runtime/job.h"
#include "runtime/jobqueue.h"
#include "runtime/nodecosts.h"
#include "runtime/nodetimers.h"
#include "runtime/objectpool.h"
#include "runtime/promises.h"

#include <uv.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace loopscope {

struct PoolItem;
struct DnsRequest;
struct HttpRequest;
class HttpServer;
class WorkerHost;
class Runtime;

// Settings of one run.
struct RuntimeOptions
{
    std::function<void(std::string_view)> onLog; // each console line, on the loop thread
    std::string readFilePath; // what fs.readFile reads (Node reads __filename)
    LoopControl* control = nullptr; // pause, step, slow motion and queue snapshots; optional
    PoolBoard* poolBoard = nullptr; // thread-pool items in flight, for live views; optional
    LiveState* poolLive = nullptr; // where thread-pool counts go (the main loop's); default: this runtime's

    // Worker loops (empty for the main loop): the log and thread id to record on, the main
    // runtime whose label ids to share, and where console lines and completion are sent.
    EventLog* log = nullptr;
    std::uint16_t thread = MainThread;
    ProgramClock* clock = nullptr; // the main loop's; default: one of this runtime's own
    const Runtime* parent = nullptr;
    std::function<void(std::uint32_t textId, std::uint32_t fromId)> onWorkerLog; // a line and who printed it
    std::function<void()> onWorkerDone;
    // The main loop: logs free for worker loops to record on.
    std::vector<EventLog*> workerLogs;
    bool record = true; // false: run without recording (the benchmarks' baseline)
    // What the queues, promises and timers may hold; past it the run ends (optional).
    MemoryBudget* budget = nullptr;
    // What Node spends where our work takes microseconds (first uses, a worker's start-up, the gap
    // before the first iteration), spent in real time so that libuv's clock decides the races it
    // takes part in as it does in Node. None by default. See docs/FIDELITY.md.
    NodeCosts costs;
    // The main loop serves: its listening server keeps it alive, as http.createServer().listen()
    // does, so it waits in poll for I/O and never ends on its own.
    bool serve = false;
};

// Node.js semantics on a real libuv loop: the main module, nextTick and
// microtask queues drained after every callback, Node's timer lists on one
// uv_timer_t, immediates on a check handle, and the phase instrumentation.
// Lives on the loop thread; every method but cancel() must be called there.
//
// The class is one object, its work is in one file per job: runtime.cpp (life
// cycle), callbacks.cpp (the drain rule), interpreter.cpp (ops and async
// functions), timers.cpp, immediates.cpp, threadpoolwork.cpp, dnslookup.cpp,
// httprequests.cpp, workerloops.cpp and phases.cpp (the instrumentation).
class Runtime final : private NodeTimers::Host
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
    void cancel()
    {
        m_abandonWork.store(false, std::memory_order_relaxed);
        m_cancelled.store(true, std::memory_order_release);
    }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    // Any thread: ends the run at the next check point as cancel() does, as the session's end (the
    // window closed), not as an abort: no "run aborted" is recorded, here or in its worker loops.
    void end()
    {
        m_ending.store(true, std::memory_order_relaxed);
        cancel();
    }
    bool ending() const
    {
        return m_ending.load(std::memory_order_relaxed) || (m_options.parent && m_options.parent->ending());
    }
    // True once the run recorded "run aborted" (read after the loop has stopped).
    bool abortRecorded() const { return m_abortRecorded; }
    // Loop thread: abandons the run now (after cancel(), from a command).
    void abortRunFromCommand()
    {
        m_loopThread.check();
        abortRun();
    }
    // Any thread: like cancel(), but only the program's work is abandoned; the loop, its server and
    // its probes go on (Esc in the window). The loop thread finishes it with abandonWorkFromCommand().
    void cancelWork()
    {
        m_abandonWork.store(true, std::memory_order_relaxed);
        m_cancelled.store(true, std::memory_order_release);
    }
    // Loop thread: abandons the work now unless a check point already has.
    void abandonWorkFromCommand();
    // Called when uv_run returned: closes the last iteration's record.
    void loopEnded();

    // The loop has run dry: process.once("beforeExit") listeners run (as Node emits the event); true when
    // they made it alive again. Then, once, the "exit" listeners run and the process's work ends there.
    bool loopDrained();
    // Starts or stops the loop-delay monitor (monitorEventLoopDelay: a timer every resolutionMs).
    void setDelayMonitor(bool on, int resolutionMs);

    std::uint32_t iteration() const { return m_iteration; }
    const Recorder& recorder() const { return m_rec; }
    // Thread-pool requests submitted and not yet handed back; 0 once the loop has run dry.
    std::uint32_t poolWorkInFlight() const { return m_poolInFlight; }

private:
    struct Aborted
    { };

    // Callbacks and the drain rule (callbacks.cpp).
    // Every entry from libuv goes through here: runs `body`, and ends the run if it was aborted.
    template <typename F> void fromLoop(F&& body);
    template <typename F> void invoke(std::uint32_t label, CallbackKind kind, F&& body);
    // Runs a callback that began at `start` (a timestamp the caller already has); returns when it ended.
    template <typename F> std::int64_t invokeFrom(std::int64_t start, std::uint32_t label, CallbackKind kind, F&& body);
    void beginCallback(std::int64_t start, std::uint32_t label, CallbackKind kind);
    // Drains the queues after the callback, then records it; returns when it ended.
    std::int64_t endCallback(std::int64_t start, std::uint32_t label, CallbackKind kind);
    void drain();
    // Where a drain stands: before it (a callback's body has run) or among nextTicks, or inside V8's
    // microtask checkpoint. The next job's queue follows from it (drainPick).
    enum class DrainStage : std::uint8_t { Ticks, Microtasks };
    enum class DrainPick : std::uint8_t { Tick, Microtask, Done };
    // The drain rule: the queue the drain's next job comes from. drain() runs by it; nextUp() announces by it.
    DrainPick drainPick() const;
    // What runs next from `point` and why: the drain rule, then the rest of the phase and the phases
    // after it, as this runtime will take them. For the views, while the loop is held.
    NextUp nextUp(StepPoint point) const;
    // nextUp() once the drain is done: the loop goes on from where it is.
    NextUp afterDrain(StepPoint point) const;
    NextUp nextIteration(bool beforeLoop, bool ioThisIteration) const;
    // Whether an I/O callback may come (thread-pool work, requests, workers, workloads in flight).
    bool ioInFlight() const;
    std::int64_t drained(const Job& job, CallbackKind kind, std::int64_t start, std::uint32_t& sinceSample);
    void runJob(const Job& job);
    void checkCancelled()
    {
        if (m_cancelled.load(std::memory_order_relaxed))
            throw Aborted {};
    }
    void abortRun();
    // Ends what cancelled() interrupted: abandons the work (cancelWork) or the whole run.
    void stopCancelled();
    // What abortRun() and abandonWork() both drop.
    void dropQueuedWork();
    // Samples and publishes the queues now (empty after an end, an abort or abandoned work).
    void publishQueuesNow();
    // Forgets every queue, timer, promise and pending callback of the program; the loop goes on.
    void abandonWork();
    // Spends NodeCosts::startupGapUs after the main module, before the first iteration.
    void spendStartupGap();
    // Spends what Node spends on its first use of `kind` on this thread before the op takes effect,
    // once; true when this was the first use (then spendAfterFirstUse(kind) follows the op).
    bool spendFirstUse(OpKind kind)
    {
        const std::uint32_t bit = 1U << unsigned(kind);
        if ((m_usedOps & bit) != 0)
            return false;
        m_usedOps |= bit;
        // A worker's stdout is a port to its parent, not the process's pipe or terminal.
        const bool workerLog = kind == OpKind::Log && m_options.parent;
        spendRealTime(workerLog ? m_options.costs.workerFirstLogUs : m_options.costs.firstUse(kind));
        return true;
    }
    // The rest of a first use, spent once the op has taken effect (a timer's start read).
    void spendAfterFirstUse(OpKind kind) { spendRealTime(m_options.costs.afterFirstUse(kind)); }
    // Spends what Node spends on running the line of `op`, a call of `kind`: more the first time.
    // True when it was the kind's first use on this thread.
    bool spendCall(const Op& op, OpKind kind)
    {
        const bool first = spendFirstUse(kind);
        if (op.site >= m_sitesRun.size())
            m_sitesRun.resize(op.site + 1);
        const bool ranBefore = m_sitesRun[op.site];
        m_sitesRun[op.site] = true;
        spendRealTimeTenths(ranBefore ? m_options.costs.callTenths(kind) : m_options.costs.siteTenths(kind));
        return first;
    }
    // Runs the workloads inject() delivered (the inbox handle's callback, in poll).
    void deliverWorkloads();
    static void onInboxHandle(uv_async_t* handle);

    // The interpreter (interpreter.cpp).
    void runBlock(const Block& block);
    void exec(const Op& op);
    // Promises (promisework.cpp): steps, the combinators, rejections nobody handled, the process's events.
    void execPromise(const Op& op);
    // Adds the op's steps to `start` (whose reference it takes) and lets go of the last one.
    void chainSteps(const Op& op, Promise* start);
    void runStep(const Job& job);
    void execCombinator(const Op& op);
    void combineElement(const Job& job);
    void settleCombined(const Job& job);
    // Node's processPromiseRejections: unhandledRejection listeners, queued as ticks, for each rejection
    // still unhandled (true when any ran); with none listening, the process ends as Node's does.
    bool processRejections();
    [[noreturn]] void exitOnRejection(const Promise& promise);
    // process.on("exit") listeners, with the code the process exits with; once.
    void runExitListeners(int code);
    // Ends the process's work as process.exit does: nothing queued runs any more.
    void endProcess();
    void clearTimer(const Op& op);
    void clearImmediate(const Op& op);
    // The timer or immediate `handle` leaves its queue without running; false when it ran or left already.
    bool cancelTimer(std::uint64_t handle);
    bool cancelImmediate(std::uint64_t handle);
    // AbortControllers (abortsignals.cpp): timers/promises given a signal, and abort().
    void awaitWithSignal(AsyncFrame* frame, const Op& op);
    void abort(const Op& op);
    void fulfillAbortable(const Job& job);
    void resumeSettled(const Job& job);
    // fs.readFile given a signal (the op's text): whether its controller was aborted.
    bool signalAborted(const Op& op) const;
    void startAsync(const Op& op);
    void continueFrame(AsyncFrame* frame);
    void awaitIn(AsyncFrame* frame, const Op& op);
    // A console line printed by the callback labelled `from` (0: not known).
    void log(std::uint32_t label, std::uint32_t steps, std::uint32_t from);
    void block(const Op& op);
    void parseJson(const Op& op);
    void pbkdf2Sync(const Op& op);
    void matchRegex(const Op& op);
    void preparePayloads(const Block& block);
    void scheduleChainStep(ChainState* chain);
    void runChainStep(ChainState* chain);
    void internLabels(const Block& block);
    std::uint32_t internDynamic(const std::string& text);
    // An error, delivered to the callback labelled `deliveredTo` (0: the run's own, delivered to none).
    void recordError(const std::string& text, std::uint32_t deliveredTo = 0);

    // Timers (timers.cpp): NodeTimers::Host, and the timers phase as Node's RunTimers runs it.
    double libuvNow() override;
    void scheduleTimer(double ms) override;
    void runTimer(const Job& job) override;
    void runNextTicks() override;
    void timerQueued(const Job& job, double ms) override { m_rec.timerQueued(job.label, ms); }
    void setTimer(const Job& job, double ms, std::int64_t runs)
    {
        // Node's incRefCount: the first active timer refs the libuv timer again (a clearTimeout let it go).
        const bool first = m_timers.active() == 0;
        m_timers.add(job, ms, runs);
        if (first && m_timerHandle.open())
            m_timerHandle.ref();
    }
    void processTimers();
    void finishTimerCallback();
    static void onTimerHandle(uv_timer_t* handle);

    // Immediates (immediates.cpp).
    void setImmediate(const Job& job);
    // Runs the immediates queued before the check phase began at `at`; returns when the last ended, -1 if none ran.
    std::int64_t processImmediates(std::int64_t at);
    static void onIdleHandle(uv_idle_t* handle);

    // I/O: the thread pool (threadpoolwork.cpp), DNS, HTTP and workers.
    void readFile(const Op& op);
    // fs.stat of the program's file: one thread-pool request, its callback in poll.
    void statFile(const Op& op);
    void pbkdf2(const Op& op);
    void loadEsmModule();
    // Node initialises OpenSSL while it starts, before any main module runs; once per process.
    static void initialiseCrypto();
    void submit(std::unique_ptr<PoolItem> item);
    // `status` is UV_ECANCELED for an item taken back before a pool thread started it.
    void poolDone(std::unique_ptr<PoolItem> item, int status);
    // Takes the run's thread-pool items that have not started off libuv's queue, and with
    // `stopRunning` ends the running ones at their next check point: the pool is the process's, and
    // the next run (the window's next scenario) would otherwise wait behind work nobody will see.
    void takeBackPoolWork(bool stopRunning);
    void dnsLookup(const Op& op);
    void lookupDone(const DnsRequest& lookup, int status);
    void httpRequest(const Op& op);
    void startServer();
    void socketClosing(bool closed);
    void startWorker(const Op& op);
    // Terminates a worker loop (every one) and closes its message handle, which kept this loop alive.
    void endWorker(std::size_t slot);
    void endWorkers();
    LiveState& poolLive() { return m_options.poolLive ? *m_options.poolLive : m_live; }
    // Marks work without a check point in the live state while it runs, so that an abort that waits
    // for it names it (Session::stillRunning); a worker loop's is counted in the main loop's too.
    class UninterruptibleWork
    {
    public:
        UninterruptibleWork(Runtime& runtime, Uninterruptible what);
        ~UninterruptibleWork();
        UninterruptibleWork(const UninterruptibleWork&) = delete;
        UninterruptibleWork& operator=(const UninterruptibleWork&) = delete;

    private:
        std::atomic<int>* workerCount() const;

        Runtime& m_runtime;
        Uninterruptible m_what;
    };

    // Phase instrumentation (phases.cpp).
    void beginIteration(std::int64_t at);
    void finishIteration();
    void onPrepare();
    void notePollWait();
    void onCheck();
    void sampleQueues(std::int64_t at, bool force = false);
    // A place the user may hold the loop at (LoopControl); held time is taken out of the program's.
    void boundary(std::int64_t at, StepPoint point)
    {
        if (!m_control)
            return;
        if (m_control->wantsSnapshot(at))
            publishSnapshot(at);
        if (m_control->engaged()) {
            publishSnapshot(at, point);
            if (const std::int64_t held = m_control->boundary(point, m_iteration, clock()))
                tookOutHeldTime(at, held, m_labels.held);
            checkCancelled();
        }
    }
    void tookOutHeldTime(std::int64_t at, std::int64_t heldNs, std::uint32_t label);
    // Out of line and cold: the iteration's start is on every step's path.
    [[gnu::cold, gnu::noinline]] void waitForSpill(std::int64_t at);
    ProgramClock& clock() { return m_options.clock ? *m_options.clock : *m_ownClock; }
    // Runs a callback of Node's own JavaScript (readFile's steps, the ES module loader): it is no
    // place to halt at when stepping, though the jobs its drain runs are.
    template <typename F> void invokeInternal(std::uint32_t label, F&& body);
    // Publishes the queues; at a place the loop may halt, also what runs next from there (nextUp).
    void publishSnapshot(std::int64_t at, std::optional<StepPoint> point = std::nullopt);
    static void onDelayTimer(uv_timer_t* handle);
    static void onPrepareHandle(uv_prepare_t* handle);
    static void onCheckHandle(uv_check_t* handle);

    uv_loop_t& m_loop;
    Recording& m_recording;
    LiveState& m_live;
    std::shared_ptr<const Program> m_program;
    std::vector<std::shared_ptr<const Program>> m_workloads;
    RuntimeOptions m_options;
    std::unique_ptr<ProgramClock> m_ownClock; // when the options give none
    bool m_internalCallback = false; // the running callback is invokeInternal's
    std::int64_t m_heldCarryNs = 0; // held time not yet taken out of the loop clock's whole milliseconds
    Recorder m_rec;
    std::atomic<bool> m_cancelled { false };
    std::atomic<bool> m_abandonWork { false };
    std::atomic<bool> m_ending { false };
    bool m_abortRecorded = false;
    // Counts abandonWork(): requests of an earlier epoch call back into nothing.
    std::uint32_t m_epoch = 0;
    bool m_aborted = false;
    bool m_started = false;
    // The loop thread: start() binds it, and every entry from the loop (commands, hooks, libuv
    // callbacks through fromLoop) checks it.
    ThreadAffinity m_loopThread;
    bool m_servedBefore = false; // the HTTP server has answered a request (its first costs more: NodeCosts)
    std::int64_t m_loopStartNs = -1; // Node's loopStart milestone on the recording's clock (main loop only)
    std::uint32_t m_usedOps = 0; // a bit per OpKind this thread's JavaScript has used (NodeCosts)
    // A bit per coupon pattern this thread's JavaScript has tested: V8 interprets a pattern's first test.
    std::uint8_t m_testedPatterns = 0;
    std::vector<bool> m_sitesRun; // by Op::site: the lines this thread's JavaScript has run
    std::uint32_t m_siteCount = 0; // the main runtime's: Op::site numbers given out
    bool m_closed = false;

    UvHandle<uv_timer_t> m_timerHandle;
    UvHandle<uv_prepare_t> m_prepareHandle;
    UvHandle<uv_check_t> m_checkHandle;
    UvHandle<uv_idle_t> m_idleHandle;
    UvHandle<uv_timer_t> m_delayTimer;
    UvHandle<uv_async_t> m_inboxHandle;
    std::vector<const Program*> m_inbox; // workloads injected and not yet delivered
    std::unique_ptr<HttpServer> m_server;
    std::unordered_map<std::uint64_t, HttpRequest*> m_requests;
    std::uint64_t m_nextRequestId = 0;
    std::uint32_t m_pendingCloses = 0;
    std::int64_t m_closeEnd = 0;
    std::unordered_map<std::int64_t, std::string> m_payloads; // jsonParse: built before the program runs
    struct WorkerSlot
    {
        std::unique_ptr<WorkerHost> host;
        bool busy = false;
        bool closing = false; // its message handle is closing; the slot frees in the close callback
    };
    std::vector<WorkerSlot> m_workers;
    bool m_workersRefused = false; // a worker was refused (and recorded) since the last one ended
    std::int64_t m_delayPrevNs = 0;
    int m_delayResolutionMs = 10;
    std::uint64_t m_delayPrevIdleNs = 0;
    LoopControl* m_control = nullptr;
    PoolBoard* m_poolBoard = nullptr;
    std::uint32_t m_poolInFlight = 0;
    std::unordered_set<PoolItem*> m_poolItems; // in flight (m_poolInFlight counts DNS lookups too)

    JobQueue m_ticks { m_rec, CallbackKind::NextTick };
    JobQueue m_microtasks { m_rec, CallbackKind::Microtask };
    JobQueue m_immediates { m_rec, CallbackKind::Immediate };
    JobQueue m_runningImmediates { m_rec, CallbackKind::Immediate };
    bool m_idleActive = false;

    Promises m_promises { m_microtasks };
    ObjectPool<CombinatorState> m_combinators;
    // Named timers and immediates: the handle each name holds now (the latest set under it).
    std::unordered_map<std::string_view, std::uint64_t> m_timerNames;
    std::uint64_t m_nextHandle = 1;
    // An AbortController: whether it was aborted, and the timers and immediates its signal was given that
    // have not run yet, each with the promise an abort rejects (one reference).
    struct AbortListener
    {
        std::uint64_t handle = 0;
        bool immediate = false;
        Promise* promise = nullptr;
    };
    struct AbortController
    {
        bool aborted = false;
        std::vector<AbortListener> listeners;
    };
    std::unordered_map<std::string_view, AbortController> m_controllers;
    std::vector<const Op*> m_rejectionListeners; // process.on("unhandledRejection")
    std::vector<const Op*> m_beforeExitListeners; // process.once("beforeExit")
    std::vector<const Op*> m_exitListeners; // process.on("exit")
    bool m_exitEmitted = false;
    bool m_processEnded = false; // the process "exited": an unhandled rejection, or its exit listeners ran
    ObjectPool<AsyncFrame> m_frames;
    ObjectPool<ChainState> m_chains;
    NodeTimers m_timers { *this };
    double m_timerBase = 0;
    // The timer callback whose nextTicks and microtasks have not run yet (Node drains
    // them before the next timer, or after the timer handle is re-armed).
    struct PendingTimer
    {
        bool open = false;
        std::int64_t start = 0;
        std::uint32_t label = 0;
    } m_pendingTimer;

    // Label ids every runtime of a session shares; a worker's runtime copies its parent's.
    struct Labels
    {
        std::uint32_t main = 0;
        std::uint32_t esmLoader = 0;
        std::uint32_t fs[4] {}; // open, fstat, read, close
        std::uint32_t fsStat = 0;
        std::uint32_t pbkdf2 = 0;
        std::uint32_t getaddrinfo = 0;
        std::uint32_t server = 0;
        std::uint32_t workerError = 0;
        std::uint32_t socketClose = 0;
        std::uint32_t held = 0;
        std::uint32_t spillWait = 0;
    } m_labels;

    // Iteration bookkeeping for the phase records.
    std::uint32_t m_iteration = 0;
    bool m_iterationOpen = false;
    std::int64_t m_iterationStart = 0;
    bool m_timersRecorded = false;
    std::int64_t m_idleSeenAt = -1;
    std::int64_t m_pollStart = 0;
    std::int64_t m_pollTimeout = 0;
    std::int64_t m_closeStart = -1;
    bool m_checkDone = false;
    std::int64_t m_checkEnd = 0;
    std::uint8_t m_depth = 0;
    DrainStage m_drainStage = DrainStage::Ticks;
    // The callback whose body ran last (at an AfterCallback place), and the one about to run (at a
    // BeforeCallback place), for the views while the loop is held there.
    std::uint32_t m_ranLabel = 0;
    CallbackKind m_ranKind = CallbackKind::Main;
    std::uint32_t m_aboutLabel = 0;
    CallbackKind m_aboutKind = CallbackKind::Main;
    // The callback whose code runs now, the job of a drain included: who printed a console line.
    std::uint32_t m_runningLabel = 0;
    // The timers phase is running timers due at m_timersNow (loop-clock milliseconds).
    bool m_esmLoading = false; // an ES module's body waits for its loader's read of the file
    bool m_inTimers = false;
    double m_timersNow = 0;
    // The program time (ns) at which the loop clock, less m_timerBase, read 0: timers' due times in
    // program time, so held time (which the program's clock leaves out exactly) never shows as lateness.
    std::int64_t m_loopZeroNs = 0;
    std::int64_t m_lastSample = -1'000'000'000;
};

} // namespace loopscope
