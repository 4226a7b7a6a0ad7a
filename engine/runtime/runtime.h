#pragma once

#include "loop/loopcontrol.h"
#include "program/program.h"
#include "recording/events.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "runtime/ringqueue.h"

#include <uv.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace loopscope {

struct AsyncFrame;
struct ChainState;
struct Promise;
struct Timer;
struct TimerList;
struct PoolItem;
struct HttpRequest;
class HttpServer;
class WorkerHost;
class Runtime;

// A unit of JavaScript-level work waiting in one of the runtime's queues.
struct Job
{
    enum class Action : std::uint8_t {
        Body, // run `body`
        ThenBody, // a .then handler: run `body`, then resolve `promise`
        Resume, // resume the async function `frame`
        Fulfill, // fulfil `promise` (a resolving function, or a timer behind a sleep promise)
        ResolveThenable, // PromiseResolveThenableJob: `thenable`.then(fulfil `promise`)
        ChainStep, // the next step of a self-rescheduling chain
    };

    Action action = Action::Body;
    JobKind jobKind = JobKind::Callback;
    std::uint32_t label = 0;
    const Block* body = nullptr;
    union {
        void* none;
        AsyncFrame* frame;
        ChainState* chain;
        Promise* thenable;
    };
    Promise* promise = nullptr;

    Job()
        : none(nullptr)
    { }
};

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
    std::int64_t originNs = 0;
    const Runtime* parent = nullptr;
    std::function<void(std::uint32_t textId)> onWorkerLog;
    std::function<void()> onWorkerDone;
    // The main loop: logs free for worker loops to record on.
    std::vector<EventLog*> workerLogs;
    bool record = true; // false: run without recording (the benchmarks' baseline)
};

// Node.js semantics on a real libuv loop: the main module, nextTick and
// microtask queues drained after every callback, Node's timer lists on one
// uv_timer_t, immediates on a check handle, and the phase instrumentation.
// Lives on the loop thread; every method but cancel() must be called there.
class Runtime
{
public:
    Runtime(uv_loop_t& loop, Recording& recording, LiveState& live, std::shared_ptr<const Program> program,
        RuntimeOptions options);
    ~Runtime();
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;

    // Installs the instrumentation handles and runs the main module.
    void start();
    // Runs `body` as if an I/O callback delivered it (a workload injected from the UI).
    void inject(std::shared_ptr<const Program> workload);
    // Closes every handle the runtime owns; the loop then runs dry.
    void shutdown();
    // Any thread: abandons all JavaScript-level work at the next check point.
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }
    // Loop thread: abandons the run now (after cancel(), from a command).
    void abortRunFromCommand() { abortRun(); }
    // Called when uv_run returned: closes the last iteration's record.
    void loopEnded();

    // Starts or stops the loop-delay monitor (monitorEventLoopDelay: a timer every resolutionMs).
    void setDelayMonitor(bool on, int resolutionMs);

    std::uint32_t iteration() const { return m_iteration; }
    const Recorder& recorder() const { return m_rec; }

private:
    struct Aborted
    { };

    // Callback plumbing.
    template <typename F> void invoke(std::uint32_t label, CallbackKind kind, F&& body);
    // Runs a callback that began at `start` (a timestamp the caller already has); returns when it ended.
    template <typename F> std::int64_t invokeFrom(std::int64_t start, std::uint32_t label, CallbackKind kind, F&& body);
    void drain();
    void runMicrotasks();
    void runJob(const Job& job);
    void checkCancelled()
    {
        if (m_cancelled.load(std::memory_order_relaxed))
            throw Aborted {};
    }
    void abortRun();

    // The interpreter.
    void runBlock(const Block& block);
    void exec(const Op& op);
    void startAsync(const Op& op);
    void continueFrame(AsyncFrame* frame);
    bool awaitIn(AsyncFrame* frame, const Op& op);
    void log(std::uint32_t label);
    void block(const Op& op);
    void preparePayloads(const Block& block);
    void scheduleChainStep(ChainState* chain);

    // Promises.
    Promise* newPromise();
    void retain(Promise* promise);
    void release(Promise* promise);
    void performThen(Promise* promise, Job reaction);
    void fulfill(Promise* promise);
    void resolveWith(Promise* promise, Promise* value);
    void queueMicrotask(Job job);

    // Timers, as Node's lib/internal/timers.js keeps them.
    double libuvNow();
    void insertTimer(Timer* timer, double msecs, double start);
    Timer* setTimer(Job job, double ms, std::int64_t repeats);
    void processTimers();
    bool listOnTimeout(TimerList* list, double now);
    void heapUp(std::size_t index);
    void heapDown(std::size_t index);
    void removeList(TimerList* list);
    static bool listBefore(const TimerList* a, const TimerList* b);

    // Immediates.
    void setImmediate(Job job);
    // Runs the immediates queued before the check phase began at `at`; returns when the last ended, -1 if none ran.
    std::int64_t processImmediates(std::int64_t at);

    // I/O and the thread pool.
    void readFile(const Op& op);
    void pbkdf2(const Op& op);
    void dnsLookup(const Op& op);
    void httpRequest(const Op& op);
    void startWorker(const Op& op);
    void startServer();
    void socketClosing(bool closed);
    std::uint32_t internDynamic(const std::string& text);
    void submit(PoolItem* item);
    void poolDone(PoolItem* item);

    // Phase instrumentation.
    void beginIteration(std::int64_t at);
    void finishIteration();
    void onPrepare();
    void onCheck();
    void sampleQueues(std::int64_t at, bool force = false);
    void boundary(std::int64_t at, bool isPhase)
    {
        if (!m_control)
            return;
        if (m_control->wantsSnapshot(at))
            publishSnapshot(at);
        if (m_control->engaged()) {
            publishSnapshot(at);
            m_control->boundary(isPhase);
            checkCancelled();
        }
    }
    void publishSnapshot(std::int64_t at);
    static void onDelayTimer(uv_timer_t* handle);
    void internLabels(const Block& block);

    static void onTimerHandle(uv_timer_t* handle);
    static void onPrepareHandle(uv_prepare_t* handle);
    static void onCheckHandle(uv_check_t* handle);
    static void onIdleHandle(uv_idle_t* handle);

    uv_loop_t& m_loop;
    Recording& m_recording;
    LiveState& m_live;
    std::shared_ptr<const Program> m_program;
    std::vector<std::shared_ptr<const Program>> m_workloads;
    RuntimeOptions m_options;
    Recorder m_rec;
    std::atomic<bool> m_cancelled { false };
    bool m_aborted = false;
    bool m_started = false;
    bool m_closed = false;

    uv_timer_t m_timerHandle {};
    uv_prepare_t m_prepareHandle {};
    uv_check_t m_checkHandle {};
    uv_idle_t m_idleHandle {};
    uv_timer_t m_delayTimer {};
    std::unique_ptr<HttpServer> m_server;
    std::unordered_map<std::uint64_t, HttpRequest*> m_requests;
    std::uint64_t m_nextRequestId = 0;
    std::uint32_t m_serverLabel = 0;
    std::uint32_t m_workerErrorLabel = 0;
    std::uint32_t m_socketCloseLabel = 0;
    std::uint32_t m_pendingCloses = 0;
    std::int64_t m_closeEnd = 0;
    std::unordered_map<std::int64_t, std::string> m_payloads; // jsonParse: built before the program runs
    struct WorkerSlot
    {
        std::unique_ptr<WorkerHost> host;
        bool busy = false;
    };
    std::vector<WorkerSlot> m_workers;
    std::int64_t m_delayPrevNs = 0;
    std::uint64_t m_delayPrevIdleNs = 0;
    LoopControl* m_control = nullptr;
    PoolBoard* m_poolBoard = nullptr;
    int m_openHandles = 0;

    RingQueue<Job> m_ticks;
    RingQueue<Job> m_microtasks;
    RingQueue<Job> m_immediates;
    RingQueue<Job> m_runningImmediates;
    bool m_idleActive = false;

    std::unordered_map<double, TimerList*> m_timerLists;
    std::vector<TimerList*> m_timerHeap;
    std::uint64_t m_nextListId = 1;
    double m_nextExpiry = 0;
    std::uint32_t m_activeTimers = 0;
    double m_timerBase = 0;

    std::uint32_t m_mainLabel = 0;
    std::uint32_t m_fsLabels[4] {};
    std::uint32_t m_fsStatLabel = 0;
    std::uint32_t m_pbkdf2Label = 0;
    std::uint32_t m_getaddrinfoLabel = 0;
    std::uint32_t m_esmLoaderLabel = 0;

    // Live objects, so shutdown can free what was never settled.
    std::vector<Promise*> m_promises;
    std::vector<AsyncFrame*> m_frames;
    std::vector<ChainState*> m_chains;
    std::uint32_t m_poolInFlight = 0;

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
    std::int64_t m_lastSample = -1'000'000'000;
};

} // namespace loopscope
