#include "attach/nodeprocesses.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <thread>

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope::wire {

namespace {

// How often a process's listening sockets are looked at while its inspector opens or closes.
constexpr auto LookEvery = std::chrono::milliseconds(20);
constexpr int DefaultInspectorPort = 9229;
constexpr unsigned ListenState = 0x0A; // TCP_LISTEN, as /proc/net/tcp writes it

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The NUL-separated strings of a /proc file (cmdline, environ).
std::vector<std::string> nulSeparated(const std::string& text)
{
    std::vector<std::string> parts;
    for (std::size_t from = 0; from < text.size();) {
        const std::size_t end = std::min(text.find('\0', from), text.size());
        parts.push_back(text.substr(from, end - from));
        from = end + 1;
    }
    return parts;
}

// The socket inodes among a process's open descriptors.
std::set<std::uint64_t> socketInodes(int pid)
{
    std::set<std::uint64_t> inodes;
    const std::string directory = "/proc/" + std::to_string(pid) + "/fd";
    DIR* fds = opendir(directory.c_str());
    if (!fds)
        return inodes;
    while (const dirent* entry = readdir(fds)) {
        if (entry->d_name[0] == '.')
            continue;
        char target[64] = {};
        const std::string link = directory + '/' + entry->d_name;
        const ssize_t n = readlink(link.c_str(), target, sizeof target - 1);
        if (n > 9 && std::strncmp(target, "socket:[", 8) == 0)
            inodes.insert(std::strtoull(target + 8, nullptr, 10));
    }
    closedir(fds);
    return inodes;
}

// Every listening TCP socket of the system: inode -> port.
std::map<std::uint64_t, int> allListening()
{
    std::map<std::uint64_t, int> sockets = listeningSockets(readFile("/proc/net/tcp"));
    sockets.merge(listeningSockets(readFile("/proc/net/tcp6")));
    return sockets;
}

std::vector<int> portsOf(int pid, const std::map<std::uint64_t, int>& listening)
{
    std::vector<int> ports;
    for (const std::uint64_t inode : socketInodes(pid)) {
        if (const auto found = listening.find(inode); found != listening.end())
            ports.push_back(found->second);
    }
    std::sort(ports.begin(), ports.end());
    ports.erase(std::unique(ports.begin(), ports.end()), ports.end());
    return ports;
}

std::string joined(const std::vector<std::string>& parts)
{
    std::string text;
    for (const std::string& part : parts)
        text += (text.empty() ? "" : " ") + part;
    return text;
}

// The words of NODE_OPTIONS (quotes as node reads them are not undone: an inspector option has none).
std::vector<std::string> words(std::string_view text)
{
    std::vector<std::string> result;
    std::istringstream in { std::string(text) };
    for (std::string word; in >> word;)
        result.push_back(word);
    return result;
}

} // namespace

std::map<std::uint64_t, int> listeningSockets(std::string_view procNetTcp)
{
    std::map<std::uint64_t, int> sockets;
    std::istringstream lines { std::string(procNetTcp) };
    std::string line;
    std::getline(lines, line); // the heading
    while (std::getline(lines, line)) {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
        std::istringstream fields(line);
        std::string slot, local, remote, state, queues, timer, retransmits, uid, timeout;
        std::uint64_t inode = 0;
        if (!(fields >> slot >> local >> remote >> state >> queues >> timer >> retransmits >> uid >> timeout >> inode))
            continue;
        const std::size_t colon = local.rfind(':');
        if (colon == std::string::npos || std::strtoul(state.c_str(), nullptr, 16) != ListenState || inode == 0)
            continue;
        sockets[inode] = int(std::strtoul(local.c_str() + colon + 1, nullptr, 16));
    }
    return sockets;
}

std::vector<int> listeningPorts(int pid)
{
    return portsOf(pid, allListening());
}

bool isNodeExecutable(std::string_view path)
{
    const std::size_t slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    return name == "node" || name == "nodejs" || name.substr(0, 5) == "node-" || name.substr(0, 5) == "node_";
}

ProcessFacts processFacts(int pid)
{
    ProcessFacts facts;
    const std::string directory = "/proc/" + std::to_string(pid);
    struct stat info
    { };
    if (pid <= 0 || stat(directory.c_str(), &info) != 0)
        return facts;
    facts.exists = true;
    std::istringstream status(readFile(directory + "/status"));
    unsigned realUid = ~0u;
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("Uid:", 0) == 0)
            realUid = unsigned(std::strtoul(line.c_str() + 4, nullptr, 10));
        else if (line.rfind("SigCgt:", 0) == 0)
            facts.usr1Caught = (std::strtoull(line.c_str() + 7, nullptr, 16) >> (SIGUSR1 - 1)) & 1;
    }
    facts.ownUser = realUid == getuid() && (kill(pid, 0) == 0 || errno != EPERM);
    char target[4096] = {};
    const std::string exe = directory + "/exe";
    if (const ssize_t n = readlink(exe.c_str(), target, sizeof target - 1); n > 0)
        facts.executable.assign(target, std::size_t(n));
    facts.arguments = nulSeparated(readFile(directory + "/cmdline"));
    for (const std::string& entry : nulSeparated(readFile(directory + "/environ"))) {
        if (entry.rfind("NODE_OPTIONS=", 0) == 0)
            facts.nodeOptions = entry.substr(13);
    }
    return facts;
}

std::vector<NodeProcess> nodeProcesses()
{
    std::vector<NodeProcess> processes;
    const std::map<std::uint64_t, int> listening = allListening();
    DIR* proc = opendir("/proc");
    if (!proc)
        return processes;
    while (const dirent* entry = readdir(proc)) {
        char* end = nullptr;
        const long pid = std::strtol(entry->d_name, &end, 10);
        if (pid <= 0 || *end != '\0' || pid == getpid())
            continue;
        const ProcessFacts facts = processFacts(int(pid));
        const bool node = isNodeExecutable(facts.executable)
            || (!facts.arguments.empty() && isNodeExecutable(facts.arguments.front()));
        if (facts.exists && facts.ownUser && node && !facts.arguments.empty())
            processes.push_back({ int(pid), joined(facts.arguments), portsOf(int(pid), listening) });
    }
    closedir(proc);
    std::sort(processes.begin(), processes.end(), [](const auto& a, const auto& b) { return a.pid < b.pid; });
    return processes;
}

int inspectorPort(const std::vector<std::string>& arguments, std::string_view nodeOptions, bool* alreadyOpen)
{
    std::vector<std::string> options = words(nodeOptions);
    // Node's own options come before the script: the first argument that is no option ends them.
    for (std::size_t i = 1; i < arguments.size() && !arguments[i].empty() && arguments[i][0] == '-'; ++i) {
        options.push_back(arguments[i]);
        // The two options this reads that may take their value as the next argument.
        if ((arguments[i] == "--inspect-port" || arguments[i] == "--debug-port") && i + 1 < arguments.size())
            options.push_back(arguments[++i]);
    }
    int port = DefaultInspectorPort;
    *alreadyOpen = false;
    const auto portIn = [](const std::string& value) {
        const std::size_t colon = value.rfind(':');
        return int(std::strtol(value.c_str() + (colon == std::string::npos ? 0 : colon + 1), nullptr, 10));
    };
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string& option = options[i];
        const std::size_t equals = option.find('=');
        const std::string name = option.substr(0, equals);
        const std::string value = equals == std::string::npos ? "" : option.substr(equals + 1);
        if (name == "--inspect" || name == "--inspect-brk" || name == "--inspect-wait") {
            *alreadyOpen = true;
            if (!value.empty())
                port = portIn(value);
        } else if (name == "--inspect-port" || name == "--debug-port") {
            if (!value.empty())
                port = portIn(value);
            else if (i + 1 < options.size())
                port = portIn(options[++i]);
        }
    }
    return port;
}

std::string refusalOf(int pid)
{
    const std::string process = "process " + std::to_string(pid);
    const ProcessFacts facts = processFacts(pid);
    if (!facts.exists)
        return "There is no " + process + ".";
    if (!facts.ownUser)
        return "The " + process + " belongs to another user; LoopScope attaches to your own processes only.";
    const bool node
        = isNodeExecutable(facts.executable) || (!facts.arguments.empty() && isNodeExecutable(facts.arguments.front()));
    if (!node) {
        const std::string what = facts.executable.empty() ? joined(facts.arguments) : facts.executable;
        return "The " + process + " is not a Node.js process (it runs " + (what.empty() ? "nothing known" : what)
            + ").";
    }
    bool alreadyOpen = false;
    const int port = inspectorPort(facts.arguments, facts.nodeOptions, &alreadyOpen);
    const std::vector<int> own = listeningPorts(pid);
    if (alreadyOpen || (port > 0 && std::find(own.begin(), own.end(), port) != own.end()))
        return "The " + process
            + " has its inspector open already, perhaps to another debugger; LoopScope attaches only to a "
              "process whose inspector it opens and closes itself.";
    if (!facts.usr1Caught)
        return "The " + process
            + " has its inspector disabled (it was started with --disable-sigusr1, or does not take SIGUSR1), "
              "so it cannot be attached to without a restart.";
    if (port > 0) {
        for (const auto& [inode, listened] : allListening()) {
            if (listened == port)
                return "Port " + std::to_string(port) + ", where the " + process
                    + " would open its inspector, is taken by another process (another debugger?).";
        }
    }
    return {};
}

int openInspector(int pid, int timeoutMs, std::string* why)
{
    const std::vector<int> before = listeningPorts(pid);
    if (kill(pid, SIGUSR1) != 0) {
        *why = "SIGUSR1 could not be sent to process " + std::to_string(pid) + ": " + std::strerror(errno) + ".";
        return -1;
    }
    const auto giveUpAt = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    do {
        std::this_thread::sleep_for(LookEvery);
        for (const int port : listeningPorts(pid)) {
            if (std::find(before.begin(), before.end(), port) == before.end())
                return port;
        }
    } while (std::chrono::steady_clock::now() < giveUpAt && kill(pid, 0) == 0);
    *why = kill(pid, 0) != 0 ? "The process " + std::to_string(pid) + " ended while its inspector was opened."
                             : "The process " + std::to_string(pid) + " opened no inspector within "
            + std::to_string(timeoutMs / 1000) + " s (its inspector may be disabled, or its port taken).";
    return -1;
}

bool waitPortClosed(int pid, int port, int timeoutMs)
{
    const auto giveUpAt = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        const std::vector<int> ports = listeningPorts(pid);
        if (std::find(ports.begin(), ports.end(), port) == ports.end())
            return true;
        if (std::chrono::steady_clock::now() >= giveUpAt)
            return false;
        std::this_thread::sleep_for(LookEvery);
    }
}

} // namespace loopscope::wire
