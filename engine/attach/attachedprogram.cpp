#include "attach/attachedprogram.h"

#include "recording/monotonicclock.h"
#include "recording/replay.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

namespace loopscope::wire {

namespace {

// The programs followed now, for exit(). Never destroyed: exit() runs its handlers before static
// destructors, and a reaper thread may still let go of a program then.
struct Followed
{
    std::mutex mutex;
    std::vector<AttachedProgram*> programs;
};

Followed& followed()
{
    static auto* programs = new Followed;
    return *programs;
}

} // namespace

AttachedProgram::AttachedProgram(AttachOptions options)
    : m_options(std::move(options))
{
    // Its trace says LoopScope wrote it, as a headless attach's does, also when no record came before the
    // window closed (a trace without either was refused when read back).
    m_recording.info.generator = std::string("LoopScope ") + LOOPSCOPE_VERSION;
    // Every log is made now: the views read the list of logs while the stream fills them.
    while (m_recording.logs.size() < LogCount)
        m_recording.logs.push_back(std::make_unique<EventLog>(LogRole::WorkerLoop));
    m_options.output = AttachOptions::Output::Recorded;
    m_options.follow = &m_follow;
    m_options.detach = false;
    m_options.started = [this](int pid, int controlFd) {
        std::lock_guard lock(m_mutex);
        m_pid = pid;
        m_controlFd = fcntl(controlFd, F_DUPFD_CLOEXEC, 0);
    };
    if (pipe2(m_stopFds, O_CLOEXEC | O_NONBLOCK) != 0)
        m_stopFds[0] = m_stopFds[1] = -1;
    m_options.stopFd = m_stopFds[0];
    m_follow.live.delayResolutionMs.store(m_options.delayMonitorMs, std::memory_order_relaxed);
    m_recording.info.program = m_options.script.substr(m_options.script.find_last_of('/') + 1);
    m_recording.info.threadNames.emplace_back(MainThread, "main loop");
    m_recording.info.unobserved = ProbeUnobserved;

    // exit() without a window closed (Qt's, when the display goes away) still stops what is followed.
    [[maybe_unused]] static const bool stoppedAtExit = std::atexit(stopAllAtExit) == 0;
    Followed& all = followed();
    std::lock_guard lock(all.mutex);
    all.programs.push_back(this);
}

AttachedProgram::~AttachedProgram()
{
    {
        Followed& all = followed();
        std::lock_guard lock(all.mutex);
        all.programs.erase(std::remove(all.programs.begin(), all.programs.end(), this), all.programs.end());
    }
    // The attaching thread ends the program (a grace, then a kill) and returns once it has.
    if (m_thread.joinable()) {
        stop();
        m_thread.join();
    }
    for (int fd : m_stopFds) {
        if (fd >= 0)
            close(fd);
    }
}

void AttachedProgram::start()
{
    m_running = true;
    m_thread = std::thread([this] { run(); });
}

void AttachedProgram::run()
{
    AttachOptions options;
    {
        std::lock_guard lock(m_mutex);
        options = m_options;
    }
    AttachResult result = attach(options, m_recording);
    {
        std::lock_guard lock(m_mutex);
        m_pid = 0; // reaped: its number may be another process's from now on
        m_running = false;
        if (m_controlFd >= 0)
            close(m_controlFd);
        m_controlFd = -1;
        m_result = std::move(result);
    }
    m_ended.notify_all();
    // Nothing runs any more: what the probe last said was in flight is over.
    {
        std::lock_guard lock(m_follow.poolMutex);
        m_follow.pool.clear();
    }
    m_follow.live.poolActive.store(0, std::memory_order_relaxed);
    m_follow.live.poolQueued.store(0, std::memory_order_relaxed);
    m_follow.live.inCallback.store(false, std::memory_order_relaxed);
    m_follow.live.finished.store(true, std::memory_order_release);
}

void AttachedProgram::stop()
{
    std::lock_guard lock(m_mutex);
    if (m_stopAsked)
        return;
    m_stopAsked = true;
    // The attaching thread takes it from here, whether or not node has started yet. Without the pipe (no
    // fd left to make one) nothing can wait out a grace: the program is killed.
    const char byte = 0;
    if (m_stopFds[1] < 0 || write(m_stopFds[1], &byte, 1) != 1) {
        // A process attached to as it ran is never ended by LoopScope.
        if (m_pid != 0 && m_options.pid == 0)
            kill(m_pid, SIGKILL);
    }
}

void AttachedProgram::finish()
{
    {
        std::lock_guard lock(m_mutex);
        m_windowClosed = true;
    }
    if (m_thread.joinable()) {
        stop();
        m_thread.join();
    }
    describe();
}

void AttachedProgram::stopAllAtExit()
{
    Followed& all = followed();
    std::lock_guard lock(all.mutex);
    for (AttachedProgram* program : all.programs) {
        program->stop();
        std::unique_lock ended(program->m_mutex);
        program->m_ended.wait_for(
            ended, std::chrono::milliseconds(GraceMs + 1000), [program] { return !program->m_running; });
    }
}

void AttachedProgram::setEveryCallback(bool on)
{
    std::lock_guard lock(m_mutex);
    m_options.everyCallback = on; // what a program not started yet starts with
    if (m_controlFd < 0)
        return;
    const auto byte = std::uint8_t(on ? Control::EveryCallback : Control::MarkersOnly);
    // One byte into an otherwise empty direction of the socket: it never blocks, and a probe gone is no matter.
    send(m_controlFd, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL);
}

bool AttachedProgram::everyCallback() const
{
    std::lock_guard lock(m_mutex);
    return m_options.everyCallback;
}

void AttachedProgram::describe()
{
    if (!ended() || m_described)
        return;
    m_described = true;
    m_recording.info = m_result.described;
    m_recording.children = std::move(m_result.children);
    if (m_windowClosed && m_result.stop == AttachResult::Stop::Asked)
        m_recording.info.stoppedBy = RecordingInfo::StoppedBy::Window;
}

// Before the probe said what it sees, what it never sees; after the run, what the recording says. While
// it runs, what joined the queues is in the recording, and only its replay shows it (there is no snapshot
// of the queues live): the queues are not seen live.
std::uint8_t AttachedProgram::unobserved() const
{
    const std::uint8_t said = m_follow.unobserved.load(std::memory_order_relaxed);
    const std::uint8_t unseen = said == 0xff ? ProbeUnobserved : said;
    return ended() ? unseen : std::uint8_t(unseen | UnobservedQueues);
}

QueueSnapshot AttachedProgram::queueSnapshot() const
{
    if (!ended())
        return {};
    if (!m_queuesAtEnd) {
        const Replay replay(m_recording);
        m_queuesAtEnd = replay.stateAt(replay.lastNs()).queues;
    }
    return *m_queuesAtEnd;
}

std::int64_t AttachedProgram::clockNs() const
{
    const std::int64_t origin = originNs();
    if (origin == 0)
        return -1;
    // The probe's clock: CLOCK_MONOTONIC itself, as uv_hrtime() reads it.
    return MonotonicClock::systemNs() - origin;
}

} // namespace loopscope::wire
