#include "attach/attachrun.h"

#include "attach/children.h"
#include "attach/processattach.h"
#include "attach/streampump.h"
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
    environment.push_back("LOOPSCOPE_PROBE_BLOCK_MS=" + std::to_string(std::max(0, options.blockThresholdMs)));
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

} // namespace

std::string missingProbeFile(const std::string& probeDir)
{
    for (const char* part : { "loopscope-probe.js", "loopscope-queues.js", "loopscope_probe.node" }) {
        const std::string path = probeDir + '/' + part;
        if (access(path.c_str(), R_OK) != 0)
            return path;
    }
    return {};
}

AttachResult attach(const AttachOptions& options, Recording& into)
{
    if (options.pid > 0)
        return attachToProcess(options, into);
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
    if (!recorded)
        result.described.unobserved |= UnobservedConsole;
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
