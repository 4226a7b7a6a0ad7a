#include "attach/streampump.h"

#include "attach/children.h"
#include "recording/monotonicclock.h"

#include <algorithm>
#include <cerrno>
#include <vector>

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace loopscope::wire {

namespace {

// After the program has exited, what its children still write to its output is not waited for longer.
constexpr int OutputAfterExitMs = 100;
// Without a pidfd, how often the program's exit is looked for.
constexpr int ExitLookMs = 50;
// While lines read wait for the probe's marks, how often they are looked at again.
constexpr int OutputNameLookMs = 10;
// After the program has exited, its children followed (--follow-children) have this long to end by
// themselves (cluster workers end as their primary does) before LoopScope lets go of them.
constexpr int ChildrenAfterExitMs = StopGraceMs;

// True once a process that is not this one's child has exited: its pidfd is readable, or without one, its
// number is free.
bool gone(pid_t pid, int exitFd)
{
    if (exitFd >= 0) {
        pollfd polled { exitFd, POLLIN, 0 };
        return poll(&polled, 1, 0) > 0;
    }
    return kill(pid, 0) != 0 && errno == ESRCH;
}

} // namespace

void Pump::run(pid_t pid, int& status)
{
    // The program's exit as an fd to poll; where the kernel has none, it is looked for every ExitLookMs.
    // (The system call itself: glibc 2.36's <sys/pidfd.h> declares pidfd_open without C linkage.)
    const int exitFd = int(syscall(SYS_pidfd_open, pid, 0));
    const std::int64_t startNs = MonotonicClock::systemNs();
    const std::int64_t deadlineNs = m_timeoutMs > 0 ? startNs + std::int64_t(m_timeoutMs) * 1'000'000 : -1;
    std::int64_t killAtNs = -1; // SIGKILL then, if it still runs
    std::int64_t releasedUntilNs = -1; // a process attached to as it ran: let go of then at the latest
    bool exited = false;
    std::int64_t exitedAtNs = 0;
    bool stopAsked = false;
    std::vector<pollfd> fds;
    for (;;) {
        if (!exited && (m_running ? gone(pid, exitFd) : waitpid(pid, &status, WNOHANG) == pid)) {
            exited = true;
            exitedAtNs = MonotonicClock::systemNs();
            if (m_children)
                m_children->stopListening();
            // A stop asked while the program ended (a signal to the whole process group reaches both)
            // is still what ended the run, whichever of the two this loop saw first.
            if (m_stop == AttachResult::Stop::None && (stopAsked || readable(m_stopFd)))
                m_stop = AttachResult::Stop::Asked;
        }
        const std::int64_t now = MonotonicClock::systemNs();
        if (!exited && m_stop == AttachResult::Stop::None && (stopAsked || (deadlineNs >= 0 && now >= deadlineNs))) {
            m_stop = stopAsked ? AttachResult::Stop::Asked : AttachResult::Stop::TimedOut;
            if (m_running) {
                // A process attached to as it ran is never ended: the probe sends what it holds and ends its
                // stream, which is read to its end (for the grace at most), and takes itself out.
                const auto byte = std::uint8_t(Control::Release);
                if (m_probeFd >= 0)
                    send(m_probeFd, &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL);
                m_detached = true;
                releasedUntilNs = now + std::int64_t(StopGraceMs) * 1'000'000;
            } else if (m_detach) {
                m_detached = true;
                break;
            } else {
                kill(pid, SIGTERM);
                killAtNs = now + std::int64_t(StopGraceMs) * 1'000'000;
            }
        }
        if (releasedUntilNs >= 0 && (m_probeFd < 0 || now >= releasedUntilNs))
            break;
        if (!exited && killAtNs >= 0 && now >= killAtNs) {
            kill(pid, SIGKILL);
            killAtNs = -1;
        }
        bool outputOpen = false;
        for (std::size_t i = 0; i < m_outputCount; ++i)
            outputOpen = outputOpen || m_outputs[i].fd >= 0;
        // The output and the children followed can outlive the program: then they are read briefly.
        const std::int64_t sinceExit = now - exitedAtNs;
        const bool childrenOpen = m_children && m_children->following();
        if (exited && childrenOpen && sinceExit > ChildrenAfterExitMs * std::int64_t(1'000'000))
            m_children->letGo();
        if (exited && m_probeFd < 0 && (!outputOpen || sinceExit > OutputAfterExitMs * 1'000'000)
            && !(m_children && m_children->following()))
            break;

        fds.clear();
        if (m_probeFd >= 0)
            fds.push_back({ m_probeFd, POLLIN, 0 });
        for (std::size_t i = 0; i < m_outputCount; ++i) {
            if (m_outputs[i].fd >= 0)
                fds.push_back({ m_outputs[i].fd, POLLIN, 0 });
        }
        const std::size_t ends = fds.size();
        if (m_children)
            m_children->addTo(fds);
        const std::size_t childEnds = fds.size();
        if (!exited && exitFd >= 0)
            fds.push_back({ exitFd, POLLIN, 0 });
        if (!exited && !stopAsked && m_stop == AttachResult::Stop::None && m_stopFd >= 0)
            fds.push_back({ m_stopFd, POLLIN, 0 });
        std::int64_t waitNs = -1;
        const auto until = [&](std::int64_t atNs) {
            const std::int64_t left = std::max<std::int64_t>(0, atNs - now);
            waitNs = waitNs < 0 ? left : std::min(waitNs, left);
        };
        if (exited && outputOpen && now - exitedAtNs <= OutputAfterExitMs * 1'000'000)
            until(exitedAtNs + OutputAfterExitMs * 1'000'000 + 1);
        if (exited && childrenOpen)
            until(exitedAtNs + ChildrenAfterExitMs * std::int64_t(1'000'000) + 1);
        else if (!exited && exitFd < 0)
            until(now + ExitLookMs * 1'000'000);
        if (!exited && m_stop == AttachResult::Stop::None && deadlineNs >= 0)
            until(deadlineNs);
        if (!exited && killAtNs >= 0)
            until(killAtNs);
        if (releasedUntilNs >= 0)
            until(releasedUntilNs);
        // Lines read wait for the probe's marks, which come every few milliseconds, or not at all.
        if (m_ingest.outputWaiting())
            until(now + OutputNameLookMs * 1'000'000);
        // Rounded up, so that a deadline is never polled for again a moment too early.
        const int polled = poll(fds.data(), nfds_t(fds.size()), waitNs < 0 ? -1 : int((waitNs + 999'999) / 1'000'000));
        if (polled < 0 && errno != EINTR)
            break;
        for (std::size_t i = 0; polled > 0 && i < fds.size(); ++i) {
            if (fds[i].revents == 0)
                continue;
            if (i < ends)
                readFrom(fds[i].fd);
            else if (i < childEnds)
                m_children->readFrom(fds[i].fd);
            else if (fds[i].fd == m_stopFd)
                stopAsked = true;
        }
        m_ingest.nameOutput(recordingNow(), false);
    }
    // Detached, or past their time: the children still followed are let go of (their probes end them, or
    // with --detach go quiet).
    if (m_children)
        m_children->letGo();
    if (exitFd >= 0)
        close(exitFd);
    for (std::size_t i = 0; i < m_outputCount; ++i) {
        m_outputs[i].split(
            {}, true, [this](std::string_view line, bool err, std::uint64_t start) { print(line, err, start); });
        if (m_outputs[i].fd >= 0)
            close(m_outputs[i].fd);
    }
    m_ingest.nameOutput(recordingNow(), true);
    // Detached, the probe hears its socket hang up and goes quiet; the program is not waited for.
    if (m_probeFd >= 0)
        close(m_probeFd);
    if (!exited && !m_detached && !m_running) {
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    }
}

bool Pump::readable(int fd)
{
    pollfd polled { fd, POLLIN, 0 };
    return fd >= 0 && poll(&polled, 1, 0) > 0 && (polled.revents & POLLIN);
}

void Pump::readFrom(int fd)
{
    std::uint8_t buffer[64 * 1024];
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (fd == m_probeFd) {
        if (n <= 0) {
            close(m_probeFd);
            m_probeFd = -1;
            const std::uint64_t origin = m_ingest.probe().originNs;
            m_closedAtNs
                = origin == 0 ? 0 : std::max<std::int64_t>(0, MonotonicClock::systemNs() - std::int64_t(origin));
        } else if (m_reading) {
            m_reading = m_reader.feed(buffer, std::size_t(n));
        }
        return;
    }
    for (std::size_t i = 0; i < m_outputCount; ++i) {
        OutputStream& output = m_outputs[i];
        if (output.fd != fd)
            continue;
        const std::string_view bytes(reinterpret_cast<const char*>(buffer), std::size_t(std::max<ssize_t>(n, 0)));
        m_ingest.read(output.standardError, bytes);
        output.split(
            bytes, n <= 0, [this](std::string_view line, bool err, std::uint64_t start) { print(line, err, start); });
        if (n <= 0) {
            close(output.fd);
            output.fd = -1;
        }
    }
}

std::int64_t Pump::recordingNow() const
{
    const std::uint64_t origin = m_ingest.probe().originNs;
    return origin == 0 ? 0 : std::max<std::int64_t>(0, MonotonicClock::systemNs() - std::int64_t(origin));
}

// A line's time is when it was read.
void Pump::print(std::string_view line, bool standardError, std::uint64_t start)
{
    m_ingest.line(line, standardError, recordingNow(), start);
}

} // namespace loopscope::wire
