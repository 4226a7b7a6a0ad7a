#include "attach/processattach.h"

#include "attach/nodeprocesses.h"
#include "attach/streampump.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace loopscope::wire {

namespace {

// The probe connects while its expression is evaluated; this long is waited for it past that.
constexpr int ConnectMs = 2000;
// After the inspector was told to close, how long its port may take to go.
constexpr int InspectorCloseMs = 2000;

// A socket of LoopScope's the probe of one attach connects to, listening, in the abstract namespace (no
// file left behind); -1 when none could be made.
int listenForProbe(int pid, std::string* name)
{
    static std::atomic<unsigned> attaches { 0 };
    *name
        = "loopscope-attach-" + std::to_string(getpid()) + '-' + std::to_string(attaches++) + '-' + std::to_string(pid);
    const std::optional<AbstractAddress> at = abstractAddress(*name);
    const int listening = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listening < 0 || !at)
        return -1;
    if (bind(listening, reinterpret_cast<const sockaddr*>(&at->address), at->length) != 0
        || listen(listening, 1) != 0) {
        close(listening);
        return -1;
    }
    return listening;
}

// The probe's connection, once it came (it connects while its expression is evaluated), or -1.
int acceptProbe(int listening)
{
    pollfd polled { listening, POLLIN, 0 };
    if (poll(&polled, 1, ConnectMs) <= 0)
        return -1;
    return accept4(listening, nullptr, nullptr, SOCK_CLOEXEC);
}

// The script a node runs: its first argument that is no option of node's.
std::string scriptOf(const std::vector<std::string>& arguments)
{
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        if (!arguments[i].empty() && arguments[i][0] != '-')
            return arguments[i].substr(arguments[i].find_last_of('/') + 1);
    }
    return "node";
}

} // namespace

std::string javaScriptString(const std::string& text)
{
    std::string literal = "\"";
    for (const char c : text) {
        if (c == '"' || c == '\\') {
            literal += '\\';
            literal += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04x", unsigned(static_cast<unsigned char>(c)));
            literal += escaped;
        } else {
            literal += c;
        }
    }
    // U+2028 and U+2029 end a line in older JavaScript string literals: escaped, whatever the engine.
    for (const char* separator : { "\xe2\x80\xa8", "\xe2\x80\xa9" }) {
        for (std::size_t at; (at = literal.find(separator)) != std::string::npos;)
            literal.replace(at, 3, separator[2] == '\xa8' ? "\\u2028" : "\\u2029");
    }
    return literal + '"';
}

std::string probeExpression(const std::string& probeDir, const std::string& socketName, int delayMonitorMs,
    bool everyCallback, int blockThresholdMs)
{
    // The mark tells the probe's file, required for the first time, that it is not a --require preload.
    return "(globalThis[Symbol.for('loopscope.attaching')] = true, require("
        + javaScriptString(probeDir + "/loopscope-probe.js") + ").attachRunning(" + javaScriptString(socketName) + ", "
        + std::to_string(delayMonitorMs) + ", " + (everyCallback ? "true" : "false") + ", "
        + std::to_string(std::max(0, blockThresholdMs)) + "))";
}

AttachResult attachToProcess(const AttachOptions& options, Recording& into)
{
    AttachResult result;
    result.described = into.info;
    result.described.unobserved |= ProbeUnobserved;
    const int pid = options.pid;
    result.error = refusalOf(pid);
    if (!result.error.empty())
        return result;
    if (result.described.program.empty())
        result.described.program = scriptOf(processFacts(pid).arguments);
    std::string socketName;
    const int listening = listenForProbe(pid, &socketName);
    if (listening < 0) {
        result.error = std::string("LoopScope cannot listen for the probe: ") + std::strerror(errno) + '.';
        return result;
    }
    const int port = openInspector(pid, InspectorOpenMs, &result.error);
    if (port < 0) {
        close(listening);
        return result;
    }
    const std::string loadError = options.loadProbe ? options.loadProbe(port,
                                      probeExpression(options.probeDir, socketName, options.delayMonitorMs,
                                          options.everyCallback, options.blockThresholdMs))
                                                    : "no inspector client";
    result.inspectorClosed = waitPortClosed(pid, port, InspectorCloseMs);
    const int probeFd = loadError.empty() ? acceptProbe(listening) : -1;
    close(listening);
    if (probeFd < 0) {
        result.error = "The probe could not be loaded into process " + std::to_string(pid) + " ("
            + (loadError.empty() ? "it did not connect to LoopScope" : loadError) + ").";
        return result;
    }

    result.started = true;
    result.pid = pid;
    result.described.pid = pid;
    if (options.started)
        options.started(pid, probeFd);
    Ingest ingest(into, options.keeping);
    ingest.follow(options.follow);
    Pump pump(probeFd, nullptr, 0, ingest, nullptr, options);
    pump.followRunning();
    int status = 0;
    pump.run(pid, status);
    result.stop = pump.stop();
    result.detached = pump.detached();
    result.probed = pump.probed();
    if (!result.probed)
        result.streamError = pump.error();
    result.unavailable = ingest.unavailable();
    result.spilledBytes = ingest.spilledBytes();
    result.spillProblem = ingest.spillProblem();
    ingest.describe(result.described);
    result.described.unobserved |= UnobservedConsole; // the process writes where it always has
    if (result.stop == AttachResult::Stop::TimedOut) {
        result.described.stoppedBy = RecordingInfo::StoppedBy::Timeout;
        result.described.timeoutMs = options.timeoutMs;
    }
    // Let go of, it runs on; ended by itself, its status is what its probe said at its exit, if it did.
    result.described.detached = result.detached;
    result.described.attachedWhileRunning = true;
    result.exitCode = result.detached ? 0 : std::max(0, result.described.exitStatus);
    return result;
}

} // namespace loopscope::wire
