#include "formats/summary.h"

#include "formats/utf8.h"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <initializer_list>
#include <utility>
#include <vector>

namespace loopscope {

namespace {

// Console lines listed with their times; the rest are counted.
constexpr std::size_t MaxConsoleLines = SummaryBuilder::MaxListedLines;
// A summary goes to a terminal: text from the recording (names, labels, console lines) shows at most this
// many code points, and its control characters as '?', so that it can neither flood nor steer the terminal.
constexpr std::size_t MaxTextCodePoints = 200;
// The functions that blocked longest the summary lists.
constexpr std::size_t MaxBlockingFunctions = 5;

std::string shown(std::string_view text)
{
    return clipForMessage(text, MaxTextCodePoints);
}

std::string ms(double value)
{
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.3f ms", value);
    return buffer;
}

std::string nsAsMs(std::int64_t ns)
{
    return ms(double(ns) / 1e6);
}

// The signals LoopScope stops following an attached program on, as people name them.
std::string signalNamed(int number)
{
    const char* name = number == SIGTERM ? "SIGTERM"
        : number == SIGHUP               ? "SIGHUP"
        : number == SIGINT               ? "SIGINT"
        : number == SIGQUIT              ? "SIGQUIT"
                                         : nullptr;
    return name ? std::string(name) + " (signal " + std::to_string(number) + ")" : "signal " + std::to_string(number);
}

// Why LoopScope stopped following an attached program, and what it did with it; empty for none.
std::string stoppedBy(const RecordingInfo& info)
{
    const std::string who = info.attachedWhileRunning ? "Detached by LoopScope"
        : info.detached                               ? "Left running by LoopScope"
                                                      : "Ended by LoopScope";
    const std::string asked = info.attachedWhileRunning ? ": the process runs on as before"
        : info.detached                                 ? ", as --detach asked"
                                                        : "";
    switch (info.stoppedBy) {
    case RecordingInfo::StoppedBy::None:
        break;
    case RecordingInfo::StoppedBy::Signal:
        return who + " on " + signalNamed(info.stopSignal) + asked + "\n";
    case RecordingInfo::StoppedBy::Timeout:
        return who + ": timed out after " + std::to_string(info.timeoutMs) + " ms (--timeout-ms)" + asked + "\n";
    case RecordingInfo::StoppedBy::Window:
        return who + ": its window closed" + asked + "\n";
    case RecordingInfo::StoppedBy::Parent:
        return who + ": it still ran when LoopScope stopped following the program it was followed with" + asked + "\n";
    }
    return {};
}

// A unit a duration is written in while it stays below `belowNs`: `ns` divided by `unitNs`, as `format` says.
struct Unit
{
    double belowNs;
    double unitNs;
    const char* format;
};

// `ns` in the first of `units` it stays below (the last one otherwise).
std::string inUnits(double ns, std::initializer_list<Unit> units)
{
    const Unit* unit = units.begin();
    while (unit + 1 != units.end() && ns >= unit->belowNs)
        ++unit;
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, unit->format, ns / unit->unitNs);
    return buffer;
}

// A step's cost, in the unit that reads best.
std::string perStep(double ns)
{
    return inUnits(ns, { { 1e3, 1, "%.1f ns" }, { 1e6, 1e3, "%.2f us" }, { 0, 1e6, "%.3f ms" } });
}

// A long duration as people say it.
std::string longDuration(double ns)
{
    return inUnits(ns,
        { { 1e9, 1e6, "%.1f ms" }, { 120e9, 1e9, "%.1f s" }, { 7200e9, 60e9, "%.1f minutes" },
            { 0, 3600e9, "%.1f hours" } });
}

std::string distribution(const Distribution& d)
{
    return "min " + ms(d.min) + ", mean " + ms(d.mean) + ", p50 " + ms(d.p50) + ", p99 " + ms(d.p99) + ", max "
        + ms(d.max) + " (" + std::to_string(d.count) + (d.count == 1 ? " sample)" : " samples)");
}

// How long the polls were told to wait, as a debugger tracing uv__io_poll would list them: a timeout of 1 ms
// where a program asked for setTimeout(0) is the loop sleeping between its steps. The shortest timeouts
// first; past MaxListed of them, the rest are counted.
std::string pollWaits(const Figures& f)
{
    if (f.pollWaits.empty())
        return {};
    constexpr std::size_t MaxListed = 8;
    std::string out = "Poll timeouts (how long each poll was told to wait):";
    std::uint64_t others = 0;
    for (std::size_t i = 0; i < f.pollWaits.size(); ++i) {
        const Figures::PollWait& wait = f.pollWaits[i];
        if (i >= MaxListed) {
            others += wait.polls;
            continue;
        }
        out += std::string(i ? ", " : " ")
            + (wait.timeoutMs < 0 ? std::string("for ever") : std::to_string(wait.timeoutMs) + " ms") + " "
            + std::to_string(wait.polls) + (wait.polls == 1 ? " time" : " times");
    }
    if (others > 0)
        out += ", longer " + std::to_string(others) + (others == 1 ? " time" : " times");
    return out + "\n";
}

// Each child process followed with an attached program (--follow-children): which process it is, then
// its own summary, indented.
std::string childrenSummary(const Recording& recording)
{
    std::string out;
    const std::size_t count = recording.children.size();
    for (std::size_t i = 0; i < count; ++i) {
        const Recording& child = *recording.children[i];
        const RecordingInfo& info = child.info;
        out += "Child process " + std::to_string(i + 1) + " of " + std::to_string(count) + ": pid "
            + (info.pid > 0 ? std::to_string(info.pid) : std::string("unknown"))
            + (info.parentPid > 0 ? ", started by pid " + std::to_string(info.parentPid) : std::string())
            + ", its probe " + nsAsMs(info.startNs) + " after the program's\n";
        const std::string text = summarize(child);
        for (std::size_t from = 0; from < text.size();) {
            const std::size_t end = std::min(text.find('\n', from), text.size());
            out += "  " + text.substr(from, end - from) + "\n";
            from = end + 1;
        }
    }
    return out;
}

} // namespace

void SummaryBuilder::add(const Record& r, std::size_t log)
{
    m_figures.add(r);
    if (r.type == RecordType::Log)
        keepLine(m_lines, 0, r, log);
    else if (r.type == RecordType::Error)
        keepLine(m_errorLines, 1, r, log);
}

// Console lines and errors are listed, the first MaxConsoleLines in time. Within one log they come in
// time order, so each log keeps its first ones and the rest are only counted.
void SummaryBuilder::keepLine(std::vector<Line>& listed, int which, const Record& r, std::size_t log)
{
    if (log >= m_kept.size())
        m_kept.resize(log + 1);
    std::size_t& kept = m_kept[log][which];
    if (kept < MaxListedLines) {
        listed.push_back({ r.startNs, r.label });
        ++kept;
    }
}

void SummaryBuilder::addAll(const Recording& recording, const std::vector<std::size_t>& from)
{
    for (std::size_t log = 0; log < recording.logs.size(); ++log) {
        const EventLog& events = *recording.logs[log];
        m_logDrops += events.dropped();
        events.walk(log < from.size() ? from[log] : 0, events.size(), [&](const Record& r) {
            add(r, log);
            return true;
        });
    }
}

std::string SummaryBuilder::text(const Recording& recording) const
{
    const RecordingInfo& info = recording.info;
    const Figures f = m_figures.figures(recording);
    std::string out;
    out += "Program: " + (info.program.empty() ? std::string("(unnamed)") : shown(info.program)) + "\n";
    out += "libuv: " + (info.libuv.empty() ? std::string("unknown") : shown(info.libuv))
        + ", thread pool size: " + std::to_string(info.threadpoolSize) + "\n";
    out += "Duration: " + nsAsMs(f.durationNs) + ", iterations: " + std::to_string(f.iterations) + "\n";
    if (f.holds > 0)
        out += "Held (paused, stepped, slowed down, waiting for the recording to be written out): "
            + std::to_string(f.holds) + " times, " + nsAsMs(f.heldNs) + ", left out of every time here\n";
    out += "Callbacks: " + std::to_string(f.callbacks);
    std::string kinds;
    for (int kind = 0; kind < 8; ++kind) {
        if (f.callbacksByKind[kind] == 0)
            continue;
        kinds += (kinds.empty() ? "" : ", ") + std::string(callbackKindName(CallbackKind(kind))) + " "
            + std::to_string(f.callbacksByKind[kind]);
    }
    out += kinds.empty() ? "\n" : " (" + kinds + ")\n";
    if (f.hasLongest) {
        out += "Longest callback: " + shown(recording.strings.at(f.longestLabel)) + " ("
            + callbackKindName(f.longestKind) + ") " + nsAsMs(f.longestNs) + "\n";
    }
    // The JavaScript an attached program's probe found running while callbacks blocked its loop.
    const std::vector<BlockingFunction> blocking
        = recording.blockProfiles.longestBlocking(recording.strings, MaxBlockingFunctions);
    if (!blocking.empty()) {
        out += "Functions that blocked longest:";
        for (const BlockingFunction& function : blocking)
            out += "\n  " + shown(recording.strings.at(function.label)) + " " + nsAsMs(function.blockedNs) + " ("
                + std::to_string(function.samples) + (function.samples == 1 ? " sample)" : " samples)");
        out += "\n";
    }
    out += "Phases:";
    for (int phase = 0; phase < PhaseCount; ++phase)
        out += std::string(phase ? ", " : " ") + phaseName(Phase(phase)) + " "
            + (f.phaseTimed[phase] ? nsAsMs(f.phaseNs[phase]) : std::string("not timed"));
    out += "\n";
    out += pollWaits(f);
    if (!f.poolSeen) {
        out += "Thread pool: not seen by the probe\n";
    } else {
        out += "Thread pool: " + std::to_string(f.poolItems) + " items";
        if (f.poolItems > 0) {
            out += ", queued max " + nsAsMs(f.poolQueuedMaxNs) + ", mean " + ms(f.poolQueuedMeanNs / 1e6) + "; ran max "
                + nsAsMs(f.poolRunMaxNs) + ", mean " + ms(f.poolRunMeanNs / 1e6);
        }
        out += "\n";
    }
    // As perf_hooks.monitorEventLoopDelay reports it: the time between two of its checks.
    out += "Loop delay";
    if (f.delayResolutionMs > 0)
        out += " (monitorEventLoopDelay, resolution " + std::to_string(f.delayResolutionMs) + " ms)";
    out += ": " + (f.loopDelay.known() ? distribution(f.loopDelay) : std::string("no samples")) + "\n";
    // A request that got no answer is a failure, never a latency.
    if (f.health.known())
        out += "Health probe: " + distribution(f.health) + "\n";
    if (f.healthFailures > 0)
        out += "/health: " + std::to_string(f.healthFailures) + " requests got no answer\n";
    if (f.utilisation.known()) {
        out += "Event-loop utilization: " + std::to_string(std::lround(100 * f.utilisation.share)) + "% "
            + (f.utilisationFromChecks ? "over the delay monitor's checks, "
                                       : "as performance.eventLoopUtilization() computes it, ")
            + nsAsMs(f.utilisation.overNs) + "\n";
    }
    if (f.blockedBeforeLoop())
        out += std::string("Before the loop: ") + (f.beforeLoopFromStart ? "the program ran " : "the main module ran ")
            + nsAsMs(f.beforeLoopNs)
            + " before the loop started; neither the delay monitor nor eventLoopUtilization sees that time, though a "
              "request waits through it\n";
    if (f.workerLoops > 0)
        out += "Worker loops: " + std::to_string(f.workerLoops) + "\n";
    if (!f.stretches.empty()) {
        // Each measured stretch with its pace, side by side; ten million steps at that pace is an
        // extrapolation, and says so.
        out += "Measured (each line since the one before it):\n";
        for (const Stretch& stretch : f.stretches) {
            const std::uint32_t label = stretch.label;
            out += "  " + (label < recording.strings.size() ? shown(recording.strings.at(label)) : std::string()) + ": "
                + nsAsMs(stretch.durationNs()) + " for " + std::to_string(stretch.steps) + " steps, "
                + perStep(stretch.nsPerStep()) + " a step; 10,000,000 steps would take "
                + longDuration(stretch.extrapolatedNs(1e7)) + " (extrapolated)\n";
        }
    }
    if ((recording.info.unobserved & UnobservedConsole) != 0)
        out += "Console: not recorded (the program wrote to its own standard output and error)\n";
    else
        out += "Console: " + std::to_string(f.logLines) + " lines\n";
    // When each line was printed tells what the program measured (a count finishing, a regex
    // returning) without a second look at the trace; worker loops print into their own logs.
    auto listLines = [&](std::vector<Line> listed, std::uint64_t count) {
        std::stable_sort(listed.begin(), listed.end(), [](const Line& a, const Line& b) { return a.atNs < b.atNs; });
        for (std::size_t i = 0; i < listed.size() && i < MaxConsoleLines; ++i) {
            const std::uint32_t label = listed[i].label;
            out += "  at " + nsAsMs(listed[i].atNs) + ": "
                + (label < recording.strings.size() ? shown(recording.strings.at(label)) : std::string()) + "\n";
        }
        if (count > MaxConsoleLines)
            out += "  ... and " + std::to_string(count - MaxConsoleLines) + " more\n";
    };
    listLines(m_lines, f.logLines);
    if (f.errors > 0) {
        out += "Errors: " + std::to_string(f.errors) + "\n";
        listLines(m_errorLines, f.errors);
    }
    out += "Dropped events: " + std::to_string(std::max(info.droppedEvents, m_logDrops)) + "\n";
    if (info.exitSignal > 0)
        out += "Program ended by signal " + std::to_string(info.exitSignal) + "\n";
    else if (info.exitStatus >= 0)
        out += "Program exit status: " + std::to_string(info.exitStatus) + "\n";
    out += stoppedBy(info);
    if (info.streamLostNs >= 0)
        out += "The probe's stream was lost at " + nsAsMs(info.streamLostNs)
            + ", while the program went on: the recording ends there\n";
    if (info.aborted)
        out += "ABORTED\n";
    out += childrenSummary(recording);
    return out;
}

std::string summarize(const Recording& recording)
{
    SummaryBuilder builder;
    builder.addAll(recording);
    return builder.text(recording);
}

} // namespace loopscope
