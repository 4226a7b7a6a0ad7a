#include "attach/attachrun.h"

#include "attach/children.h"
#include "recording/monotonicclock.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <string_view>

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loopscope::wire {

namespace {

// After the program has exited, what its children still write to its output is not waited for longer.
constexpr int OutputAfterExitMs = 100;
// Without a pidfd, how often the program's exit is looked for.
constexpr int ExitLookMs = 50;
// After the program has exited, its children followed (--follow-children) have this long to end by
// themselves (cluster workers end as their primary does) before LoopScope lets go of them.
constexpr int ChildrenAfterExitMs = StopGraceMs;

// The descriptors open in this process: every one node inherits from it is among them.
std::vector<int> openFds(int below)
{
    std::vector<int> open;
    if (DIR* fds = opendir("/proc/self/fd")) {
        while (const dirent* entry = readdir(fds)) {
            if (entry->d_name[0] != '.')
                open.push_back(std::atoi(entry->d_name));
        }
        closedir(fds);
        return open;
    }
    for (int fd = 0; fd < std::min(below, 65536); ++fd) {
        if (fcntl(fd, F_GETFD) != -1)
            open.push_back(fd);
    }
    return open;
}

// Where the probe's socket goes in node: never on a descriptor the program inherits, above them all
// (so that none of them is taken from it) and, as far as the open-files limit allows, above every one it
// opens (so that each gets the number it gets without the probe). -1 when the limit leaves no number free.
int probeFdNumber()
{
    rlimit limit {};
    const int below
        = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < rlim_t(INT_MAX) ? int(limit.rlim_cur) : INT_MAX;
    const std::vector<int> open = openFds(below);
    const int highest = open.empty() ? STDERR_FILENO : *std::max_element(open.begin(), open.end());
    int fd = std::min(std::max(highest + 1, ProbeFdFloor), below - 1);
    // Under a limit below this process's own descriptors: the highest number free.
    while (fd > STDERR_FILENO && std::find(open.begin(), open.end(), fd) != open.end())
        --fd;
    return fd > STDERR_FILENO ? fd : -1;
}

// A path as NODE_OPTIONS reads one: in double quotes, a backslash before a quote or a backslash.
std::string quotedForNodeOptions(const std::string& path)
{
    std::string quoted = "\"";
    for (const char c : path) {
        if (c == '"' || c == '\\')
            quoted += '\\';
        quoted += c;
    }
    return quoted + '"';
}

// The environment of this process, with the probe's variables set: the preload deletes them, unless the
// program's children are followed (`childrenSocket` not empty), when NODE_OPTIONS also requires the probe
// before whatever it required already, and both stay for the children to inherit.
std::vector<std::string> probedEnvironment(int probeFd, const AttachOptions& options, const std::string& childrenSocket)
{
    std::vector<std::string> environment;
    std::string nodeOptions;
    for (char** entry = environ; *entry; ++entry) {
        if (std::strncmp(*entry, "LOOPSCOPE_PROBE_", 16) == 0)
            continue;
        if (!childrenSocket.empty() && std::strncmp(*entry, "NODE_OPTIONS=", 13) == 0)
            nodeOptions = *entry + 13;
        else
            environment.emplace_back(*entry);
    }
    environment.push_back("LOOPSCOPE_PROBE_FD=" + std::to_string(probeFd));
    if (options.delayMonitorMs > 0)
        environment.push_back("LOOPSCOPE_PROBE_DELAY_MS=" + std::to_string(options.delayMonitorMs));
    if (!options.everyCallback)
        environment.push_back("LOOPSCOPE_PROBE_MODE=markers");
    if (!childrenSocket.empty()) {
        environment.push_back("LOOPSCOPE_PROBE_CHILDREN=" + childrenSocket);
        environment.push_back("NODE_OPTIONS=--require " + quotedForNodeOptions(options.probeDir + "/loopscope-probe.js")
            + (nodeOptions.empty() ? "" : " " + nodeOptions));
    }
    return environment;
}

std::vector<char*> pointers(std::vector<std::string>& texts)
{
    std::vector<char*> result;
    for (std::string& text : texts)
        result.push_back(text.data());
    result.push_back(nullptr);
    return result;
}

// One of the program's output streams, read into lines.
struct OutputStream
{
    int fd = -1;
    bool standardError = false;
    std::string partial;

    // Hands each complete line to `print`; at the end (`ended`), the unfinished one too.
    template <typename Print> void split(std::string_view bytes, bool ended, Print&& print)
    {
        partial.append(bytes);
        std::size_t from = 0;
        for (std::size_t newline; (newline = partial.find('\n', from)) != std::string::npos; from = newline + 1)
            print(std::string_view(partial).substr(from, newline - from), standardError);
        partial.erase(0, from);
        // A line with no end in sight is cut where a string ends (StringBytes).
        if ((ended && !partial.empty()) || partial.size() >= StringBytes) {
            print(partial, standardError);
            partial.clear();
        }
    }
};

// Reads the probe's socket (and the program's output, when recorded) until the program has exited and
// the probe's socket closed. A damaged stream is read no further, but drained: the probe must never wait.
// Asked to stop (stopFd, the timeout), it ends the program, SIGTERM then SIGKILL past the grace, and reads
// on until it has; detached, it lets go of it at once. Children followed (`children`, or null) are read
// alongside, until they end or ChildrenAfterExitMs after the program has.
class Pump
{
public:
    Pump(int probeFd, OutputStream* outputs, std::size_t outputCount, Ingest& ingest, FollowedChildren* children,
        const AttachOptions& options)
        : m_probeFd(probeFd)
        , m_outputs(outputs)
        , m_outputCount(outputCount)
        , m_ingest(ingest)
        , m_children(children)
        , m_reader(ingest)
        , m_stopFd(options.stopFd)
        , m_timeoutMs(options.timeoutMs)
        , m_detach(options.detach)
    { }

    void run(pid_t pid, int& status)
    {
        // The program's exit as an fd to poll; where the kernel has none, it is looked for every ExitLookMs.
        // (The system call itself: glibc 2.36's <sys/pidfd.h> declares pidfd_open without C linkage.)
        const int exitFd = int(syscall(SYS_pidfd_open, pid, 0));
        const std::int64_t startNs = MonotonicClock::systemNs();
        const std::int64_t deadlineNs = m_timeoutMs > 0 ? startNs + std::int64_t(m_timeoutMs) * 1'000'000 : -1;
        std::int64_t killAtNs = -1; // SIGKILL then, if it still runs
        bool exited = false;
        std::int64_t exitedAtNs = 0;
        bool stopAsked = false;
        std::vector<pollfd> fds;
        for (;;) {
            if (!exited && waitpid(pid, &status, WNOHANG) == pid) {
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
            if (!exited && m_stop == AttachResult::Stop::None
                && (stopAsked || (deadlineNs >= 0 && now >= deadlineNs))) {
                m_stop = stopAsked ? AttachResult::Stop::Asked : AttachResult::Stop::TimedOut;
                if (m_detach) {
                    m_detached = true;
                    break;
                }
                kill(pid, SIGTERM);
                killAtNs = now + std::int64_t(StopGraceMs) * 1'000'000;
            }
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
            // Rounded up, so that a deadline is never polled for again a moment too early.
            const int polled
                = poll(fds.data(), nfds_t(fds.size()), waitNs < 0 ? -1 : int((waitNs + 999'999) / 1'000'000));
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
        }
        // Detached, or past their time: the children still followed are let go of (their probes end them, or
        // with --detach go quiet).
        if (m_children)
            m_children->letGo();
        if (exitFd >= 0)
            close(exitFd);
        for (std::size_t i = 0; i < m_outputCount; ++i) {
            m_outputs[i].split({}, true, [this](std::string_view line, bool err) { print(line, err); });
            if (m_outputs[i].fd >= 0)
                close(m_outputs[i].fd);
        }
        // Detached, the probe hears its socket hang up and goes quiet; the program is not waited for.
        if (m_probeFd >= 0)
            close(m_probeFd);
        if (!exited && !m_detached) {
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
        }
    }

    AttachResult::Stop stop() const { return m_stop; }
    bool detached() const { return m_detached; }
    // When the probe's socket closed, on the probe's clock (the recording's time), or -1 while open.
    std::int64_t closedAtNs() const { return m_closedAtNs; }
    bool ended() const { return m_reader.ended(); }
    // True when the stream came whole (up to where LoopScope let go of it, detached).
    bool probed() { return m_reading && (m_detached || m_reader.finish()); }
    const std::string& error() const { return m_reader.error(); }
    // True when not a byte came: the probe never started.
    bool silent() const { return m_reader.offset() == 0 && m_reader.error().find("opening") != std::string::npos; }

private:
    static bool readable(int fd)
    {
        pollfd polled { fd, POLLIN, 0 };
        return fd >= 0 && poll(&polled, 1, 0) > 0 && (polled.revents & POLLIN);
    }

    void readFrom(int fd)
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
            output.split(bytes, n <= 0, [this](std::string_view line, bool err) { print(line, err); });
            if (n <= 0) {
                close(output.fd);
                output.fd = -1;
            }
        }
    }

    // A line's time is the probe's clock (recording time); before the probe said hello, its start.
    void print(std::string_view line, bool standardError)
    {
        const std::uint64_t origin = m_ingest.probe().originNs;
        const std::int64_t atNs
            = origin == 0 ? 0 : std::max<std::int64_t>(0, MonotonicClock::systemNs() - std::int64_t(origin));
        m_ingest.printed(line, standardError, atNs);
    }

    int m_probeFd;
    OutputStream* m_outputs;
    std::size_t m_outputCount;
    Ingest& m_ingest;
    FollowedChildren* m_children;
    Reader m_reader;
    bool m_reading = true;
    int m_stopFd;
    int m_timeoutMs;
    bool m_detach;
    AttachResult::Stop m_stop = AttachResult::Stop::None;
    bool m_detached = false;
    std::int64_t m_closedAtNs = -1;
};

} // namespace

std::string missingProbeFile(const std::string& probeDir)
{
    for (const char* part : { "loopscope-probe.js", "loopscope_probe.node" }) {
        const std::string path = probeDir + '/' + part;
        if (access(path.c_str(), R_OK) != 0)
            return path;
    }
    return {};
}

AttachResult attach(const AttachOptions& options, Recording& into)
{
    AttachResult result;
    result.described = into.info;
    result.described.unobserved |= ProbeUnobserved;
    const bool recorded = options.output == AttachOptions::Output::Recorded;
    // A socket, not a pipe: the stream comes one way, Control bytes go the other.
    int probeSocket[2] = { -1, -1 };
    int outPipe[2] = { -1, -1 };
    int errPipe[2] = { -1, -1 };
    const bool made = socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, probeSocket) == 0
        && (!recorded || (pipe2(outPipe, O_CLOEXEC) == 0 && pipe2(errPipe, O_CLOEXEC) == 0));
    if (!made)
        result.error = std::string("cannot make a socket or pipe: ") + std::strerror(errno);
    // The program's children, followed: a socket of LoopScope's they connect to.
    std::optional<FollowedChildren> children;
    if (made && options.followChildren) {
        children.emplace(into.info.generator, options.keeping, options.detach);
        if (!children->listen(&result.error)) {
            for (int fd : { probeSocket[0], probeSocket[1], outPipe[0], outPipe[1], errPipe[0], errPipe[1] }) {
                if (fd >= 0)
                    close(fd);
            }
            return result;
        }
    }
    // Chosen once they are open: above them too.
    const int probeFd = made ? probeFdNumber() : -1;
    if (made && probeFd < 0)
        result.error = "no descriptor is free for the probe under the open-files limit (ulimit -n raises it)";
    if (probeFd < 0) {
        for (int fd : { probeSocket[0], probeSocket[1], outPipe[0], outPipe[1], errPipe[0], errPipe[1] }) {
            if (fd >= 0)
                close(fd);
        }
        return result;
    }
    // The probe's --require first, so that it loads before any preload of the program's own options.
    std::vector<std::string> argv { options.node, "--require", options.probeDir + "/loopscope-probe.js" };
    argv.insert(argv.end(), options.nodeOptions.begin(), options.nodeOptions.end());
    argv.push_back(options.script);
    argv.insert(argv.end(), options.arguments.begin(), options.arguments.end());
    std::vector<std::string> environment = probedEnvironment(probeFd, options, children ? children->name() : "");
    std::vector<char*> argvPointers = pointers(argv);
    std::vector<char*> environmentPointers = pointers(environment);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the copy: the write end reaches node on probeFd (where the probe sets it
    // again), the rest stays here.
    posix_spawn_file_actions_adddup2(&actions, probeSocket[1], probeFd);
    if (recorded) {
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO);
    }
    pid_t pid = 0;
    const int spawned
        = posix_spawnp(&pid, options.node.c_str(), &actions, nullptr, argvPointers.data(), environmentPointers.data());
    posix_spawn_file_actions_destroy(&actions);
    for (int fd : { probeSocket[1], outPipe[1], errPipe[1] }) {
        if (fd >= 0)
            close(fd);
    }
    if (spawned != 0) {
        for (int fd : { probeSocket[0], outPipe[0], errPipe[0] }) {
            if (fd >= 0)
                close(fd);
        }
        result.error = "cannot start " + options.node + ": " + std::strerror(spawned)
            + (spawned == ENOENT ? " (Node.js 18 or later must be installed, and on PATH)" : "");
        return result;
    }
    result.started = true;
    result.pid = int(pid);
    result.described.pid = int(pid);
    if (options.started)
        options.started(int(pid), probeSocket[0]);
    // Told before the probe can read anything: a LoopScope killed a moment later leaves the program running.
    if (options.detach) {
        const auto byte = std::uint8_t(Control::Detach);
        send(probeSocket[0], &byte, 1, MSG_DONTWAIT | MSG_NOSIGNAL);
    }

    Ingest ingest(into, options.keeping);
    ingest.follow(options.follow);
    OutputStream outputs[2] = { { outPipe[0], false, {} }, { errPipe[0], true, {} } };
    Pump pump(probeSocket[0], outputs, recorded ? 2 : 0, ingest, children ? &*children : nullptr, options);
    int status = 0;
    pump.run(pid, status);
    result.stop = pump.stop();
    result.detached = pump.detached();
    const bool signalled = !result.detached && WIFSIGNALED(status);
    result.probed = pump.probed();
    if (!result.probed && pump.silent()) {
        // Nothing came: node ended before the probe started (killed, or it refused its options), or the probe
        // did not start in it (too old a node, which then ran the program without it).
        result.streamError = signalled
            ? "node was ended by signal " + std::to_string(WTERMSIG(status)) + " before the probe started"
            : "the probe did not start (it needs Node.js 18 or later; node's own message says more), and node "
              "exited with status "
                + std::to_string(WEXITSTATUS(status));
    } else if (!result.probed) {
        result.streamError = pump.error();
    } else if (!pump.ended() && !signalled && !result.detached) {
        // The stream ended whole but unfinished while the program went on: it closed the probe's socket.
        result.probed = false;
        result.described.streamLostNs = pump.closedAtNs();
        result.streamError = "the probe's stream was lost at " + std::to_string(pump.closedAtNs() / 1'000'000)
            + " ms, while the program went on (it closed the probe's socket?); what came before is kept";
    }
    result.unavailable = ingest.unavailable();
    result.spilledBytes = ingest.spilledBytes();
    result.spillProblem = ingest.spillProblem();
    ingest.describe(result.described);
    if (children) {
        result.children = children->describe(ingest.probe().originNs);
        result.childrenRefused = children->refused();
    }

    if (result.stop == AttachResult::Stop::TimedOut) {
        result.described.stoppedBy = RecordingInfo::StoppedBy::Timeout;
        result.described.timeoutMs = options.timeoutMs;
        result.described.aborted = true;
    }
    if (result.detached) {
        // It runs on: no status to tell.
        result.described.detached = true;
    } else if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
        result.exitCode = 128 + result.signal;
        result.described.exitSignal = result.signal;
        result.described.exitStatus = -1; // whatever the probe said the program was exiting with
    } else {
        result.exitCode = WEXITSTATUS(status);
        result.described.exitStatus = result.exitCode;
    }
    return result;
}

} // namespace loopscope::wire
