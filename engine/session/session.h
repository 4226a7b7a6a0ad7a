#pragma once

#include "loop/loopcontrol.h"
#include "loop/loopthread.h"
#include "net/healthprober.h"
#include "program/program.h"
#include "recording/liveloop.h"
#include "recording/memorybudget.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "runtime/nodecosts.h"
#include "session/housekeeper.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace loopscope {

class Runtime;

// One thread-pool item in flight, for the pool lanes (startedAtNs is -1 while it waits).
using PoolWork = PoolBoard::Item;

// Settings of a session.
struct SessionOptions
{
    static constexpr std::size_t SpillFactor = 16;
    std::function<void(std::string_view)> onLog; // console output, called on the loop thread
    std::string readFilePath; // the file fs.readFile reads; default: this executable
    bool record = true; // false: run without recording anything (a benchmark baseline)
    // Takes the records as they come instead of keeping them (a headless run writes its trace and
    // sums its summary as it goes): called on the session's housekeeping thread with each record of
    // every sealed chunk, each log's in order (`from` is the recording, for its strings), after which
    // the chunk is let go, so recording() holds only the latest records; consumeRest() hands over the
    // rest. The recording then stays small: the loop waits at an iteration's start while its
    // consumer catches up, past ConsumedResidentBytes.
    std::function<void(const Record& record, std::size_t log, const Recording& from)> consume;
    static constexpr std::size_t ConsumedResidentBytes = std::size_t(64) << 20;
    // Serve like http.createServer().listen(): the loopback server keeps the loop alive, so it
    // waits in poll and never finishes on its own (the window's default loop).
    bool serve = false;
    // The time Node spends where LoopScope takes microseconds (RuntimeOptions::costs).
    NodeCosts costs = NodeCosts::node20();
    // What the queues and the recording may hold in memory, in MiB. Past it the recording's oldest
    // chunks spill to a temporary file in `spillDirectory` (empty: SpillFile's choice) of at most
    // SpillFactor times the budget. Queues that outgrow the budget, a spill that fails, or a
    // recording that grows faster than its file takes it (by a whole budget) end the run cleanly.
    std::size_t memoryBudgetMb = MemoryBudget::DefaultMb;
    std::string spillDirectory;
    // A rolling window instead: past the budget the oldest records are let go (and counted as
    // dropped), nothing goes to disk, and the run goes on however long.
    bool rollingWindow = false;
};

// One run of a program: the loop thread, the runtime on it, and the recording
// it fills. Control methods are safe from any thread.
class Session : public LiveLoop
{
public:
    Session(Program program, SessionOptions options = {});
    ~Session() override;
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Starts the loop thread, which then runs the program's main module; returns at once.
    void start();
    // Waits until the loop thread has run the main module (or the run ended); false on timeout.
    bool waitStarted(int timeoutMs);
    bool started() const { return m_started.load(); }
    // The monotonic time (monotonicNs) that recording time counts from, moved on by every hold;
    // valid once start() returned.
    std::int64_t originNs() const override { return m_clock ? m_clock->originNs() : 0; }
    std::int64_t clockNs() const override { return m_clock ? m_clock->now() : -1; }
    // The program's clock: recording time, held time taken out; null before start().
    const ProgramClock* clock() const { return m_clock.get(); }
    // Waits until the program has run to the end; false on timeout.
    bool waitFinished(int timeoutMs);
    bool finished() const { return m_live.finished.load(); }
    // Abandons the program's remaining work; the recording is marked aborted.
    void abort();
    // After abort(), for a caller that will not wait for the run to end: what still keeps it going (a
    // callback the main loop cannot leave, such as a regex, worker loops, thread-pool work), as one line.
    std::string stillRunning() const;
    // For a run cut short without the loop thread (a caller that leaves without waiting after abort(), or
    // a run stopped and aborted afterwards): records the "run aborted" error event on the session's own log
    // unless the loop thread has recorded it, so the recording says how it ended.
    void recordAbortWithoutLoop();
    // Why the loop could not start (libuv's error, such as "too many open files"), or empty: the run
    // then ended at once, aborted, the reason recorded on the session's log.
    const std::string& startProblem() const { return m_startProblem; }
    // Injects a workload into the loop, as a request would arrive: an I/O callback in poll. A loop
    // that had finished starts again for it.
    void inject(Program workload);
    // Abandons the program's work in progress (a runaway block, a storm, its timers and queues);
    // the loop, its server and its probes go on. Recorded as an error event.
    void stopWork();
    // Stops the loop thread, closes every handle and completes the recording. Idempotent.
    void stop();

    // Loop controls: the loop thread halts at the next place it can (a phase, before or after a
    // callback). Paused before start(), the run is held before its main module.
    void pause();
    void resume();
    // While paused: run to the next place `mode` ends at, then halt again.
    void step(StepMode mode);
    bool paused() const override;
    // Where the loop is held now, if it is.
    std::optional<StepPoint> heldAt() const override { return m_control.heldAt(); }
    std::uint64_t halts() const { return m_control.halts(); }
    // Slow motion: hold every phase, and the queues after every callback, for `ms` milliseconds (0: off).
    void setSlowMotion(int ms);

    // Latency probes: a /health request every `intervalMs` from a prober thread,
    // and a loop-delay monitor like monitorEventLoopDelay with `resolutionMs`.
    void setHealthProbe(bool on, int intervalMs = 20);
    void setDelayMonitor(bool on, int resolutionMs = 10);

    // The latest copy of the queues (cheap; never waits for the loop thread).
    QueueSnapshot queueSnapshot() const override;
    // Thread-pool items queued or running now.
    std::vector<PoolWork> poolWork() const override;

    const Program& program() const { return *m_program; }
    const Program* ownProgram() const override { return m_program.get(); }
    Recording& recording() { return m_recording; }
    const Recording& recording() const override { return m_recording; }
    LiveState& live() { return m_live; }
    const LiveState& liveState() const override { return m_live; }
    std::uint64_t droppedEvents() const override;
    // The log the /health prober writes its samples to.
    static constexpr int ProberLog = 1;
    // Worker loops that can run at once; each records on logs[ProberLog + 1 + slot] (LogRole::WorkerLoop).
    static constexpr int MaxWorkerLoops = 8;
    // The log the session itself writes to (recordAbortWithoutLoop), after the worker loops' logs.
    static constexpr int SessionLog = ProberLog + 1 + MaxWorkerLoops;
    // The value uv_loop_close() returned: 0 once stop() has closed everything cleanly.
    int closeResult() const { return m_loop.closeResult(); }
    // Handles stop() found still open and closed itself: 0 when the runtime closed all it opened.
    int handlesLeftOpen() const { return m_loop.handlesLeftOpen(); }
    bool rollingWindow() const override { return m_options.rollingWindow; }
    // The run's memory budget; exceeded() once the run was aborted for it.
    const MemoryBudget& memoryBudget() const { return m_budget; }
    bool memoryBudgetExceeded() const override { return m_budget.exceeded(); }
    // With SessionOptions::consume: hands it the records it has not had yet, once the run has ended (or
    // is given up on), and no more after that.
    void consumeRest();
    // A spill that failed aborts the run for its budget.
    std::uint64_t spilledBytes() const override;
    std::string spillDirectory() const override;
    std::string spillProblem() const override;
    // Thread-pool requests libuv had not handed back when stop() returned: always 0.
    std::uint32_t poolWorkLeft() const { return m_poolWorkLeft; }

private:
    // The housekeeper's abort when the run cannot stay within its budget: flags and a posted command.
    void abortForBudget();
    // An error event on the session's own log (the caller's thread, never the loop's).
    void recordSessionError(const std::string& text);
    void recordSessionError(std::uint32_t label);
    void startPendingProbe();
    void startPendingProbeLocked();
    void markStarted();

    std::shared_ptr<const Program> m_program;
    SessionOptions m_options;
    Recording m_recording;
    LiveState m_live;
    LoopThread m_loop;
    MemoryBudget m_budget;
    std::unique_ptr<ProgramClock> m_clock; // outlives the runtime and the prober that read it
    std::unique_ptr<Runtime> m_runtime;
    LoopControl m_control;
    PoolBoard m_poolBoard;
    std::unique_ptr<HealthProber> m_prober;
    std::mutex m_proberMutex;
    int m_pendingProbeMs = 0; // a probe asked for before the server listened, or paused while finished
    int m_proberIntervalMs = 0;
    std::atomic<bool> m_started { false };
    std::atomic<bool> m_aborted { false };
    // Set on the loop thread once it has taken an abort and recorded it.
    std::atomic<bool> m_abortRecorded { false };
    std::string m_startProblem; // set by start() before anyone can ask
    std::uint32_t m_abortedLabel = 0;
    bool m_stopped = false;
    std::uint32_t m_poolWorkLeft = 0;

    std::mutex m_mutex;
    std::condition_variable m_changed;
    // Last, so that it is gone before anything it reads; stop() ends it first all the same.
    Housekeeper m_housekeeper;
};

} // namespace loopscope
