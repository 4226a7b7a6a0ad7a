#pragma once

#include "loop/loopcontrol.h"
#include "program/program.h"
#include "recording/events.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "recording/threadaffinity.h"
#include "runtime/jobqueue.h"
#include "runtime/nodecosts.h"
#include "runtime/promises.h"

#include <uv.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace loopscope {

struct RuntimeContext;

// Settings of one run.
struct RuntimeOptions
{
    std::function<void(std::string_view)> onLog; // each console line, on the loop thread
    std::string readFilePath; // what fs.readFile reads (Node reads __filename)
    LoopControl* control = nullptr; // pause, step, slow motion and queue snapshots; optional
    PoolBoard* poolBoard = nullptr; // thread-pool items in flight, for live views; optional
    LiveState* poolLive = nullptr; // where thread-pool counts go (the main loop's); default: this runtime's
    int threadpoolSize = 4; // libuv's pool in effect (UV_THREADPOOL_SIZE): what starting it costs Node

    // Worker loops (empty for the main loop): the log and thread id to record on, the main
    // runtime's context (whose label ids to share, whose end ends the worker's run), and where console
    // lines and completion are sent.
    EventLog* log = nullptr;
    std::uint16_t thread = MainThread;
    ProgramClock* clock = nullptr; // the main loop's; default: one of this runtime's own
    const RuntimeContext* parent = nullptr;
    std::function<void(std::uint32_t textId, std::uint32_t fromId)> onWorkerLog; // a line and who printed it
    std::function<void()> onWorkerDone;
    std::function<void()> onWorkerMessage; // the worker's parentPort.postMessage
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

// Label ids every runtime of a session shares; a worker's runtime copies its parent's.
struct RuntimeLabels
{
    std::uint32_t main = 0;
    std::uint32_t esmLoader = 0;
    std::uint32_t fs[4] {}; // open, fstat, read, close
    std::uint32_t fsStat = 0;
    std::uint32_t pbkdf2 = 0;
    std::uint32_t getaddrinfo = 0;
    std::uint32_t server = 0;
    std::uint32_t serverListen = 0; // the ticks of the emitted script's server.listen
    std::uint32_t serverListening = 0;
    std::uint32_t workerError = 0;
    std::uint32_t socketClose = 0;
    std::uint32_t held = 0;
    std::uint32_t spillWait = 0;
};

// What every job of a runtime shares (runtime.h names the jobs): the loop, the run's settings, the
// recorder and its clock, the run's state (cancelled, aborted, the iteration, the epoch of abandoned
// work), the label ids, the budget's charges, and the two queues the drain rule empties after every
// callback with the promises whose reactions join them. The jobs hold it by reference; the Runtime
// owns it. Loop thread only, but for the atomics.
struct RuntimeContext
{
    // Thrown at a check point once the run was cancelled; Callbacks::fromLoop catches it.
    struct Aborted
    { };

    RuntimeContext(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
        RuntimeOptions options);
    RuntimeContext(const RuntimeContext&) = delete;
    RuntimeContext& operator=(const RuntimeContext&) = delete;

    // Any thread: abandons all JavaScript-level work at the next check point.
    void cancel()
    {
        abandonWork.store(false, std::memory_order_relaxed);
        cancelRequested.store(true, std::memory_order_release);
    }
    bool cancelled() const { return cancelRequested.load(std::memory_order_relaxed); }
    void checkCancelled() const
    {
        if (cancelRequested.load(std::memory_order_relaxed))
            throw Aborted {};
    }
    // A worker loop's runtime (its parent is the main loop's).
    bool isWorker() const { return parent != nullptr; }
    // A worker's console.log: its stdout is a port to its parent, not the process's pipe or terminal, and
    // its first use costs what NodeCosts::workerFirstLogUs says, split around the line's leaving.
    bool isWorkerLog(OpKind kind) const { return kind == OpKind::Log && isWorker(); }
    // Any thread: the session is ending (Runtime::end), this run's or its parent's: an end, not an abort.
    bool endingRun() const
    {
        return ending.load(std::memory_order_relaxed) || (parent && parent->ending.load(std::memory_order_relaxed));
    }
    ProgramClock& clock() { return options.clock ? *options.clock : *ownClock; }
    // Where thread-pool counts go: the main loop's live state, also for a worker loop's requests.
    LiveState& poolLive() { return options.poolLive ? *options.poolLive : live; }
    // Records an error line (interned on the main loop; a worker's is the generic label), delivered to the
    // callback labelled `deliveredTo` (0: the run's own, delivered to none).
    void recordError(const std::string& text, std::uint32_t deliveredTo = 0);
    std::uint32_t internDynamic(const std::string& text);

    // console.log has run on this thread.
    bool logged() const { return (usedOps & (std::uint64_t(1) << unsigned(OpKind::Log))) != 0; }
    // Spends what Node spends on its first use of `kind` on this thread before the op takes effect,
    // once, and on its second use, once; true when this was the first use (then spendAfterFirstUse(kind)
    // follows the op).
    bool spendFirstUse(OpKind kind)
    {
        const std::uint64_t bit = std::uint64_t(1) << unsigned(kind);
        if ((usedOps & bit) != 0) {
            if ((usedTwiceOps & bit) == 0) {
                usedTwiceOps |= bit;
                spendRealTime(options.costs.secondUse(kind));
            }
            return false;
        }
        const bool afterLog = logged();
        usedOps |= bit;
        spendRealTime(
            isWorkerLog(kind) ? options.costs.workerFirstLogBeforeLineUs() : options.costs.firstUse(kind, afterLog));
        return true;
    }
    // Spends what Node spends starting libuv's pool at the process's first request: it makes the pool's
    // threads there and waits for each to run. Once per run, whichever thread asks first (a worker's
    // runtime shares its parent's pool). LoopScope's own pool was started before the run (startPool()).
    // Node's start takes longer while a worker's thread boots (NodeCosts::poolBesideWorkerBootUs).
    void spendPoolStart()
    {
        const RuntimeContext& main = parent ? *parent : *this;
        if (main.poolStarted.exchange(true, std::memory_order_relaxed))
            return;
        const bool besideBoot = rec.now() < main.workerBootsUntilNs.load(std::memory_order_relaxed);
        spendRealTime(options.costs.poolStartUs(options.threadpoolSize)
            + (besideBoot ? options.costs.poolBesideWorkerBootUs : 0));
    }
    // A worker this runtime starts now boots its isolate for NodeCosts::workerStartUs from now.
    void noteWorkerBoot()
    {
        const std::int64_t until = rec.now() + std::int64_t(options.costs.workerStartUs) * 1000;
        if (until > workerBootsUntilNs.load(std::memory_order_relaxed))
            workerBootsUntilNs.store(until, std::memory_order_relaxed);
    }
    // Spends what Node spends on a rejection beyond the op that made it, the first time: the emitted
    // makeError's first Error (a throw's first use: every Error the program makes is one of makeError's),
    // and the first rejection with no handler (Node's promiseRejectHandler and its bookkeeping of
    // unhandled rejections, compiled on first use).
    void spendRejection(Reason kind, bool unhandled)
    {
        if (kind == Reason::Error)
            spendFirstUse(OpKind::Throw);
        if (unhandled)
            spendOnce(rejectedUnhandled, options.costs.firstUnhandledRejectionUs);
    }
    // What Node's main thread spends from the main module's end to its loop's first callback, at that
    // callback's entry.
    void spendFirstCallback()
    {
        calledBack = true;
        spendRealTime(options.costs.firstCallbackUs + (logged() ? options.costs.firstCallbackAfterLogUs : 0));
    }
    // Spends `us` unless `spent` says it was spent already on this thread, and marks it spent.
    static void spendOnce(bool& spent, std::uint32_t us)
    {
        if (!std::exchange(spent, true))
            spendRealTime(us);
    }
    // process.nextTick: the job joins the tick queue, unless the process is exiting, where Node's nextTick
    // returns doing nothing (so does the nextTick a stream's construction asks for).
    void nextTick(const Job& job)
    {
        if (!exiting)
            ticks.push(job);
    }
    // The rest of a first use, spent once the op has taken effect (a timer's start read).
    void spendAfterFirstUse(OpKind kind)
    {
        spendRealTime(
            isWorkerLog(kind) ? options.costs.workerFirstLogAfterLineUs() : options.costs.afterFirstUse(kind));
    }
    // Spends what Node spends on running the line of `op`, a call of `kind`: more the first time, and a
    // new line's figure on every run while the kind warms (NodeCosts::WarmUses). True when it was the
    // kind's first use on this thread.
    bool spendCall(const Op& op, OpKind kind)
    {
        const bool first = spendFirstUse(kind);
        if (op.site >= sitesRun.size())
            sitesRun.resize(op.site + 1);
        const bool ranBefore = sitesRun[op.site];
        sitesRun[op.site] = true;
        std::uint8_t& uses = kindUses[std::size_t(kind)];
        const bool warm = uses >= NodeCosts::WarmUses;
        uses += warm ? 0 : 1;
        spendRealTimeTenths(ranBefore && warm ? options.costs.callTenths(kind) : options.costs.siteTenths(kind));
        return first;
    }

    uv_loop_t& loop;
    Recording& recording;
    LiveState& live;
    std::shared_ptr<const Program> program;
    RuntimeOptions options;
    std::unique_ptr<ProgramClock> ownClock; // when the options give none
    Recorder rec;
    // The main runtime's context, for a worker's: its labels and live state (the server's port).
    const RuntimeContext* parent = nullptr;
    LoopControl* control = nullptr;
    PoolBoard* poolBoard = nullptr;
    // The loop thread: start() binds it, and every entry from the loop (commands, hooks, libuv
    // callbacks through Callbacks::fromLoop) checks it.
    ThreadAffinity loopThread;

    std::atomic<bool> cancelRequested { false };
    std::atomic<bool> abandonWork { false };
    std::atomic<bool> ending { false };
    // The run's first thread-pool request was made (spendPoolStart); a worker's runtime uses its parent's.
    mutable std::atomic<bool> poolStarted { false };
    // Until when (the run's clock, ns) a worker this main runtime started boots its isolate (noteWorkerBoot);
    // written on the main loop's thread only, read on its workers'.
    std::atomic<std::int64_t> workerBootsUntilNs { 0 };
    bool aborted = false;
    bool started = false;
    bool closed = false;
    // Counts abandoned work: requests of an earlier epoch call back into nothing.
    std::uint32_t epoch = 0;
    std::uint32_t iteration = 0;
    // The callback whose code runs now, the job of a drain included: who printed a console line.
    std::uint32_t runningLabel = 0;
    // An ES module's body waits for its loader's read of the file.
    bool esmLoading = false;
    // The process emits "exit": its exit listeners run (process._exiting).
    bool exiting = false;
    RuntimeLabels labels;

    JobQueue ticks { rec, CallbackKind::NextTick };
    JobQueue microtasks { rec, CallbackKind::Microtask };
    Promises promises { microtasks, [this](Reason kind, bool unhandled) { spendRejection(kind, unhandled); } };

    std::uint64_t usedOps = 0; // a bit per OpKind this thread's JavaScript has used (NodeCosts)
    std::uint64_t usedTwiceOps = 0; // and used twice
    bool rejectedUnhandled = false; // a promise of this thread's has rejected with no handler
    bool processedRejections = false; // Node's processPromiseRejections has had one to look at
    bool tookWorkerLines = false; // this thread has taken in a worker's console lines
    bool timerReturned = false; // a timer's callback has returned on this thread
    bool calledBack = false; // the loop has run a callback of the program on this thread
    std::vector<bool> sitesRun; // by Op::site: the lines this thread's JavaScript has run
    std::array<std::uint8_t, NodeCosts::OpKinds> kindUses {}; // by OpKind, up to NodeCosts::WarmUses
};

} // namespace loopscope
