#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace loopscope::wire {

// A Node.js process of this user's, as File > Attach to a running Node.js process lists it.
struct NodeProcess
{
    int pid = 0;
    std::string commandLine; // its arguments, joined by spaces
    std::vector<int> ports; // the TCP ports it listens on
};

// What /proc says of one process, for deciding whether LoopScope can attach to it.
struct ProcessFacts
{
    bool exists = false;
    bool ownUser = false; // its real user is this process's, and signals reach it
    std::string executable; // /proc/PID/exe, where it can be read
    std::vector<std::string> arguments; // /proc/PID/cmdline
    std::string nodeOptions; // NODE_OPTIONS in its environment
    bool usr1Caught = false; // it has a handler for SIGUSR1 (Node's, which opens the inspector)
};

// How long a process has, after SIGUSR1, to open its inspector.
inline constexpr int InspectorOpenMs = 3000;

// The listening TCP sockets in the text of /proc/net/tcp or /proc/net/tcp6: socket inode -> port.
std::map<std::uint64_t, int> listeningSockets(std::string_view procNetTcp);
// The TCP ports process `pid` listens on (through the inodes of its sockets), in ascending order.
std::vector<int> listeningPorts(int pid);
// The Node.js processes of this user, by pid (not this process).
std::vector<NodeProcess> nodeProcesses();
// What /proc says of process `pid`.
ProcessFacts processFacts(int pid);
// True for a node executable or a command whose program is node (node, nodejs, node-22).
bool isNodeExecutable(std::string_view path);
// The port the inspector of a node run with `arguments` and `nodeOptions` opens on SIGUSR1 (its
// --inspect-port, else 9229; 0: a port of the system's choosing), and in `alreadyOpen` whether those
// options opened it at start (--inspect, --inspect-brk, --inspect-wait).
int inspectorPort(const std::vector<std::string>& arguments, std::string_view nodeOptions, bool* alreadyOpen);
// Why LoopScope cannot attach to process `pid` as it runs, in one sentence, or empty when it can try.
std::string refusalOf(int pid);
// Opens the inspector of process `pid` (SIGUSR1, as `node inspect -p PID` does) and waits, at most
// `timeoutMs`, for the new port it listens on; -1, with the reason in `why`, when none opens.
int openInspector(int pid, int timeoutMs, std::string* why);
// Waits, at most `timeoutMs`, until process `pid` no longer listens on `port`; false if it still does.
bool waitPortClosed(int pid, int port, int timeoutMs);

} // namespace loopscope::wire
