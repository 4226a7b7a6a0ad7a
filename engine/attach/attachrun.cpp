#include "attach/attachrun.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace loopscope::wire {

namespace {

constexpr int ProbeFd = 3;

// The environment of this process, with LOOPSCOPE_PROBE_FD set.
std::vector<std::string> probedEnvironment()
{
    std::vector<std::string> environment;
    for (char** entry = environ; *entry; ++entry) {
        if (std::strncmp(*entry, "LOOPSCOPE_PROBE_FD=", 19) != 0)
            environment.emplace_back(*entry);
    }
    environment.push_back("LOOPSCOPE_PROBE_FD=" + std::to_string(ProbeFd));
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

AttachResult attach(const AttachOptions& options, Recording& into)
{
    AttachResult result;
    int pipeFds[2];
    if (pipe2(pipeFds, O_CLOEXEC) != 0) {
        result.error = std::string("cannot make a pipe: ") + std::strerror(errno);
        return result;
    }
    std::vector<std::string> argv { options.node, "--require", options.probeDir + "/loopscope-probe.js",
        options.script };
    argv.insert(argv.end(), options.arguments.begin(), options.arguments.end());
    std::vector<std::string> environment = probedEnvironment();
    std::vector<char*> argvPointers = pointers(argv);
    std::vector<char*> environmentPointers = pointers(environment);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears close-on-exec on the copy: the write end reaches node as fd 3, the rest stays here.
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], ProbeFd);
    pid_t pid = 0;
    const int spawned
        = posix_spawnp(&pid, options.node.c_str(), &actions, nullptr, argvPointers.data(), environmentPointers.data());
    posix_spawn_file_actions_destroy(&actions);
    close(pipeFds[1]);
    if (spawned != 0) {
        close(pipeFds[0]);
        result.error = "cannot start " + options.node + ": " + std::strerror(spawned);
        return result;
    }
    result.started = true;
    // Ctrl+C and Ctrl+\ reach the program too (the terminal's process group): it decides how to end, and
    // this process records until it has, as system() waits for its command.
    struct sigaction ignore
    { };
    ignore.sa_handler = SIG_IGN;
    struct sigaction oldInterrupt
    { };
    struct sigaction oldQuit
    { };
    sigaction(SIGINT, &ignore, &oldInterrupt);
    sigaction(SIGQUIT, &ignore, &oldQuit);

    // Everything the probe sends, until the program (the one holder of the write end) exits.
    Ingest ingest(into);
    Reader reader(ingest);
    std::uint8_t buffer[64 * 1024];
    bool reading = true;
    for (;;) {
        const ssize_t n = read(pipeFds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        // A damaged stream is read no further, but drained: the probe must never wait for this reader.
        if (reading)
            reading = reader.feed(buffer, std::size_t(n));
    }
    close(pipeFds[0]);
    result.probed = reading && reader.finish();
    if (!result.probed)
        result.streamError = reader.error();
    result.unavailable = ingest.unavailable();

    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    sigaction(SIGINT, &oldInterrupt, nullptr);
    sigaction(SIGQUIT, &oldQuit, nullptr);
    if (WIFSIGNALED(status)) {
        result.signal = WTERMSIG(status);
        result.exitCode = 128 + result.signal;
    } else {
        result.exitCode = WEXITSTATUS(status);
    }
    return result;
}

} // namespace loopscope::wire
