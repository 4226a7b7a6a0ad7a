#include "session/session.h"

#include "formats/utf8.h"
#include "runtime/runtime.h"

#include <uv.h>

#include <cassert>
#include <chrono>
#include <cstdlib>
#include <unistd.h>
#include <utility>

namespace loopscope {

namespace {

std::string executablePath()
{
    char buffer[4096];
    const ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer - 1);
    return n > 0 ? std::string(buffer, std::size_t(n)) : std::string("/proc/self/exe");
}

int threadpoolSizeInEffect()
{
    // libuv reads UV_THREADPOOL_SIZE once, when the pool first starts, and clamps it to 1..1024.
    // Only main() sets it, before any thread starts.
    const char* value = std::getenv("UV_THREADPOOL_SIZE"); // NOLINT(concurrency-mt-unsafe)
    const long size = value ? std::strtol(value, nullptr, 10) : 4;
    return size < 1 ? 1 : size > 1024 ? 1024 : int(size);
}

} // namespace

Session::Session(Program program, SessionOptions options)
    : m_program(std::make_shared<const Program>(std::move(program)))
    , m_options(std::move(options))
    , m_budget(m_options.memoryBudgetMb << 20)
    , m_housekeeper(m_recording, m_budget,
          Housekeeper::Options { m_options.consume, m_options.rollingWindow, m_options.spillDirectory,
              std::uint64_t(m_budget.limit()) * SessionOptions::SpillFactor, [this] { abortForBudget(); },
              [this] { startPendingProbe(); } })
{
    if (m_options.readFilePath.empty())
        m_options.readFilePath = m_program->fileName.empty() || ::access(m_program->fileName.c_str(), R_OK) != 0
            ? executablePath()
            : m_program->fileName;
    // Every log exists before the run starts, so readers never see the list change: the prober's, the
    // worker loops' and the session's own.
    m_recording.logs.push_back(std::make_unique<EventLog>(LogRole::Prober));
    for (int slot = 0; slot < MaxWorkerLoops; ++slot)
        m_recording.logs.push_back(std::make_unique<EventLog>(LogRole::WorkerLoop));
    m_recording.logs.push_back(std::make_unique<EventLog>(LogRole::Session));
    const std::size_t residentLimit
        = m_options.consume ? std::min(m_budget.limit(), SessionOptions::ConsumedResidentBytes) : m_budget.limit();
    for (const auto& log : m_recording.logs)
        log->setResidentLimit(residentLimit);
    // The runtime records an abort with this text; interned now, while no loop thread writes the table,
    // so that the session can record it too when the loop thread cannot.
    m_abortedLabel = m_recording.strings.intern("run aborted");
    RecordingInfo& info = m_recording.info;
    info.generator = std::string("LoopScope ") + LOOPSCOPE_VERSION;
    info.libuv = uv_version_string();
    info.program = m_program->name;
    info.threadpoolSize = threadpoolSizeInEffect();
    info.timersAfterClose = uv_version() >= ((1 << 16) | (45 << 8));
    info.threadNames.emplace_back(MainThread, "main loop");
    for (int i = 1; i <= info.threadpoolSize; ++i)
        info.threadNames.emplace_back(std::uint16_t(i), "pool worker " + std::to_string(i));
    for (int i = 1; i <= MaxWorkerLoops; ++i)
        info.threadNames.emplace_back(std::uint16_t(WorkerThreadBase + i), "worker loop " + std::to_string(i));
}

Session::~Session()
{
    stop();
}

void Session::start()
{
    startThreadPool();
    m_clock = std::make_unique<ProgramClock>(monotonicNs());
    RuntimeOptions options;
    options.threadpoolSize = m_recording.info.threadpoolSize;
    options.clock = m_clock.get();
    options.onLog = m_options.onLog;
    options.readFilePath = m_options.readFilePath;
    options.control = &m_control;
    options.poolBoard = &m_poolBoard;
    options.record = m_options.record;
    options.serve = m_options.serve;
    options.costs = m_options.costs;
    options.budget = &m_budget;
    for (std::size_t slot = 0; slot < MaxWorkerLoops; ++slot)
        options.workerLogs.push_back(m_recording.logs[ProberLog + 1 + slot].get());
    m_runtime = std::make_unique<Runtime>(m_loop.loop(), m_recording, m_live, m_program, std::move(options));
    // Before the loop, so that its first chunks are ready; it outlives neither the runtime nor the loop (stop()).
    m_housekeeper.start();
    LoopThread::Hooks hooks;
    hooks.setup = [this](uv_loop_t&) {
        m_runtime->start();
        markStarted();
    };
    hooks.drained = [this](uv_loop_t&) {
        // Node emits beforeExit when its loop has run dry: listeners that queue work keep it going.
        if (m_runtime->loopDrained())
            return;
        m_runtime->loopEnded();
        {
            std::lock_guard lock(m_mutex);
            m_live.finished = true;
        }
        m_changed.notify_all();
    };
    hooks.teardown = [this](uv_loop_t&) {
        if (m_runtime) {
            m_runtime->loopEnded();
            m_runtime->shutdown();
        }
    };
    if (const int failed = m_loop.start(std::move(hooks)); failed != 0) {
        // No loop, so no run: the session ends at once, aborted, and its log says why.
        m_startProblem = std::string("cannot start the loop: ") + uv_strerror(failed);
        m_aborted = true;
        recordSessionError(m_startProblem);
        recordAbortWithoutLoop();
        {
            std::lock_guard lock(m_mutex);
            m_live.finished = true;
        }
        m_changed.notify_all();
        return;
    }
    if (m_program->delayMonitorMs > 0)
        setDelayMonitor(true, m_program->delayMonitorMs);
    if (m_program->healthProbeMs > 0)
        setHealthProbe(true, m_program->healthProbeMs);
}

void Session::markStarted()
{
    assert(m_loop.isLoopThread());
    {
        std::lock_guard lock(m_mutex);
        m_started = true;
    }
    m_changed.notify_all();
}

bool Session::waitStarted(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(
        lock, std::chrono::milliseconds(timeoutMs), [this] { return m_started.load() || m_live.finished.load(); });
}

bool Session::waitFinished(int timeoutMs)
{
    std::unique_lock lock(m_mutex);
    return m_changed.wait_for(lock, std::chrono::milliseconds(timeoutMs), [this] { return m_live.finished.load(); });
}

void Session::abort()
{
    // RecordingInfo::aborted is written when the session stops, not here: views read it meanwhile, and
    // the "run aborted" the loop records says it to them (Figures::aborted).
    m_aborted = true;
    if (!m_loop.running())
        return;
    // The flag stops a drain or a block at its next check; the command stops an idle loop.
    m_runtime->cancel();
    m_control.release();
    m_loop.post([this](uv_loop_t&) {
        m_runtime->abortRunFromCommand();
        m_abortRecorded = true;
    });
}

// On the housekeeper's thread. The runtime exists before the housekeeper starts and is let go only after it
// has stopped (stop()), and nothing here calls into the loop: the runtime's cancel flag stops a drain or a
// block at its next check point, a held loop is let go, and the loop takes the abort as a command (queued
// until the loop is ready, if it is not yet).
void Session::abortForBudget()
{
    m_aborted = true;
    m_runtime->cancel();
    m_control.release();
    m_loop.post([this](uv_loop_t&) {
        m_runtime->abortRunFromCommand();
        m_abortRecorded = true;
    });
}

std::string Session::stillRunning() const
{
    std::string out;
    auto add = [&out](const std::string& part) { out += (out.empty() ? "" : "; ") + part; };
    if (m_live.inCallback.load(std::memory_order_relaxed)) {
        const std::uint32_t label = m_live.callbackLabel.load(std::memory_order_relaxed);
        const auto kind = CallbackKind(m_live.callbackKind.load(std::memory_order_relaxed) % 8);
        const auto work = Uninterruptible(m_live.uninterruptible.load(std::memory_order_relaxed));
        add("the main loop's callback "
            + quote(label < m_recording.strings.size() ? m_recording.strings.at(label) : std::string()) + " ("
            + callbackKindName(kind) + "), "
            + (work == Uninterruptible::Regex             ? "in a regex test, which no abort interrupts"
                    : work == Uninterruptible::JsonParse  ? "in JSON.parse, which no abort interrupts"
                    : work == Uninterruptible::Pbkdf2Sync ? "in pbkdf2Sync, which no abort interrupts"
                                                          : "which has not come to a check point since the abort"));
    }
    if (const int workers = m_live.workerLoops.load(std::memory_order_relaxed); workers > 0) {
        const int regexes = m_live.workersInRegex.load(std::memory_order_relaxed);
        const int parses = m_live.workersInJsonParse.load(std::memory_order_relaxed);
        const int hashes = m_live.workersInPbkdf2Sync.load(std::memory_order_relaxed);
        std::string in;
        if (regexes > 0)
            in += std::to_string(regexes) + " in a regex test";
        if (parses > 0)
            in += (in.empty() ? "" : ", ") + std::to_string(parses) + " in JSON.parse";
        if (hashes > 0)
            in += (in.empty() ? "" : ", ") + std::to_string(hashes) + " in pbkdf2Sync";
        add(std::to_string(workers) + " worker loop" + (workers > 1 ? "s" : "") + ", "
            + (in.empty() ? std::string("which have not come to a check point since the abort")
                          : in + ", which no abort interrupts"));
    }
    const std::vector<PoolWork> pool = m_poolBoard.snapshot();
    if (!pool.empty()) {
        std::string items;
        for (std::size_t i = 0; i < pool.size() && i < 4; ++i) {
            items += (i ? ", " : "")
                + (pool[i].label < m_recording.strings.size() ? m_recording.strings.at(pool[i].label) : std::string())
                + (pool[i].startedAtNs >= 0 ? " (running)" : " (queued)");
        }
        if (pool.size() > 4)
            items += ", ...";
        add(std::to_string(pool.size()) + " thread-pool item" + (pool.size() > 1 ? "s" : "") + ": " + items);
    }
    return out.empty() ? std::string("the loop thread, which has not stopped yet") : out;
}

void Session::recordAbortWithoutLoop()
{
    if (m_abortRecorded.load())
        return;
    recordSessionError(m_abortedLabel);
    m_abortRecorded = true;
}

void Session::recordSessionError(const std::string& text)
{
    recordSessionError(m_recording.strings.intern(text));
}

void Session::recordSessionError(std::uint32_t label)
{
    EventLog& log = *m_recording.logs[SessionLog];
    Record* record = log.slot();
    if (!record) {
        log.drop();
        return;
    }
    *record = Record();
    record->type = RecordType::Error;
    record->thread = MainThread;
    record->label = label;
    record->startNs = m_clock->now();
    log.commit();
}

void Session::stopWork()
{
    if (!m_loop.running() || !m_runtime)
        return;
    // A check point in the running work takes it first; an idle loop takes it from the command.
    m_runtime->cancelWork();
    m_control.resume();
    m_loop.post([this](uv_loop_t&) { m_runtime->abandonWorkFromCommand(); });
}

void Session::inject(Program workload)
{
    auto shared = std::make_shared<const Program>(std::move(workload));
    m_loop.post([this, shared](uv_loop_t&) {
        m_live.finished = false;
        m_runtime->inject(shared);
    });
}

void Session::stop()
{
    if (m_stopped)
        return;
    m_stopped = true;
    // The housekeeper first: its budget check may abort the run through the runtime that is let go below.
    // The loop winds down without it (it allocates its own chunks; a spill wait ends on the cancel).
    m_housekeeper.stop();
    // Stopped without an abort (the window closed), whatever still runs ends with the session.
    if (m_runtime && m_aborted)
        m_runtime->cancel();
    else if (m_runtime)
        m_runtime->end();
    m_control.release();
    {
        std::lock_guard lock(m_proberMutex);
        m_pendingProbeMs = 0;
        if (m_prober)
            m_prober->stop();
    }
    m_loop.stop();
    // A trace says it was aborted whenever it holds a "run aborted" (a budget exceeded, a loop error).
    const bool abortRecorded = m_runtime && m_runtime->abortRecorded();
    if (m_runtime)
        m_poolWorkLeft = m_runtime->poolWorkInFlight();
    m_runtime.reset();
    m_recording.info.droppedEvents = 0;
    for (const auto& log : m_recording.logs)
        m_recording.info.droppedEvents += log->dropped();
    m_recording.info.aborted = m_aborted.load() || m_budget.exceeded() || abortRecorded;
}

void Session::pause()
{
    m_control.pause();
}

void Session::resume()
{
    m_control.resume();
}

void Session::step(StepMode mode)
{
    m_control.step(mode);
}

bool Session::paused() const
{
    return m_control.paused();
}

void Session::setSlowMotion(int ms)
{
    m_control.setSlowMotion(ms);
}

void Session::setHealthProbe(bool on, int intervalMs)
{
    std::lock_guard lock(m_proberMutex);
    m_pendingProbeMs = on ? intervalMs : 0;
    if (!on && m_prober)
        m_prober->stop();
    startPendingProbeLocked();
}

// The server starts listening on the loop thread, so a probe asked for before that waits for the
// housekeeper to see the port.
void Session::startPendingProbeLocked()
{
    if (m_pendingProbeMs == 0 || m_live.healthPort.load() == 0 || m_live.finished.load())
        return;
    const int intervalMs = std::exchange(m_pendingProbeMs, 0);
    if (m_prober && m_prober->running())
        return;
    // A new prober each time: its recorder must start from a clean run slice.
    if (m_prober)
        m_prober->stop();
    m_proberIntervalMs = intervalMs;
    m_prober = std::make_unique<HealthProber>(*m_recording.logs[ProberLog], m_recording.strings, *m_clock, &m_live);
    m_prober->start(m_live.healthPort.load(), intervalMs);
}

void Session::setDelayMonitor(bool on, int resolutionMs)
{
    if (m_loop.running())
        m_loop.post([this, on, resolutionMs](uv_loop_t&) { m_runtime->setDelayMonitor(on, resolutionMs); });
}

std::uint64_t Session::droppedEvents() const
{
    std::uint64_t dropped = 0;
    for (const auto& log : m_recording.logs)
        dropped += log->dropped();
    return dropped;
}

QueueSnapshot Session::queueSnapshot() const
{
    return m_control.snapshot();
}

std::vector<PoolWork> Session::poolWork() const
{
    return m_poolBoard.snapshot();
}

void Session::startPendingProbe()
{
    std::lock_guard lock(m_proberMutex);
    // A finished run has no server loop to answer: the probe pauses until a workload starts it again,
    // rather than recording failures (or a line stuck at its timeout) for a program that has ended.
    if (m_live.finished.load() && m_prober && m_prober->running()) {
        m_prober->stop();
        m_pendingProbeMs = m_proberIntervalMs;
    }
    startPendingProbeLocked();
}

void Session::consumeRest()
{
    m_housekeeper.consumeRest();
}

std::uint64_t Session::spilledBytes() const
{
    return m_housekeeper.spilledBytes();
}

std::string Session::spillDirectory() const
{
    return m_housekeeper.spillDirectory();
}

std::string Session::spillProblem() const
{
    return m_housekeeper.spillProblem();
}

} // namespace loopscope
