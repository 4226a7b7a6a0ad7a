#include "formats/summary.h"

#include "formats/utf8.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

namespace loopscope {

namespace {

// Console lines listed with their times; the rest are counted.
constexpr std::size_t MaxConsoleLines = SummaryBuilder::MaxListedLines;
// A summary goes to a terminal: text from the recording (names, labels, console lines) shows at most this
// many code points, and its control characters as '?', so that it can neither flood nor steer the terminal.
constexpr std::size_t MaxTextCodePoints = 200;

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

// Nearest-rank percentile of sorted samples.
double percentile(const std::vector<double>& sorted, double fraction)
{
    const auto rank = std::size_t(std::ceil(fraction * double(sorted.size())));
    return sorted[std::min(sorted.size() - 1, rank > 0 ? rank - 1 : 0)];
}

std::string distribution(std::vector<double> samples)
{
    std::sort(samples.begin(), samples.end());
    return "p50 " + ms(percentile(samples, 0.50)) + ", p99 " + ms(percentile(samples, 0.99)) + ", max "
        + ms(samples.back()) + " (" + std::to_string(samples.size()) + " samples)";
}

} // namespace

void SummaryBuilder::add(const Record& r, std::size_t log)
{
    std::int64_t recordEnd = r.startNs;
    switch (r.type) {
    case RecordType::Phase:
        recordEnd += r.span.durNs;
        if (r.thread == MainThread) {
            m_iterations = std::max(m_iterations, r.span.iteration);
            m_phaseNs[r.sub % PhaseCount] += r.span.durNs;
            m_phaseTimed[r.sub % PhaseCount] = m_phaseTimed[r.sub % PhaseCount] || (r.label & 1) != 0;
        } else if (std::find(m_workerLoops.begin(), m_workerLoops.end(), r.thread) == m_workerLoops.end()) {
            m_workerLoops.push_back(r.thread);
        }
        break;
    case RecordType::Callback:
        recordEnd += r.span.durNs;
        m_callbacksByKind[int(callbackKindOf(r))] += r.span.count;
        m_callbacks += r.span.count;
        if (!m_hasLongest || r.span.maxNs > m_longest.span.maxNs) {
            m_longest = r;
            m_hasLongest = true;
        }
        break;
    case RecordType::Pool:
        recordEnd += r.span.durNs;
        ++m_poolItems;
        m_poolQueuedMaxNs = std::max(m_poolQueuedMaxNs, r.span.busyNs);
        m_poolQueuedSumNs += double(r.span.busyNs);
        break;
    case RecordType::Latency:
        if (std::isfinite(r.latency.loopDelayMs) && r.latency.loopDelayMs >= 0)
            m_loopDelays.push_back(r.latency.loopDelayMs);
        if (std::isfinite(r.latency.healthMs) && r.latency.healthMs >= 0)
            m_health.push_back(r.latency.healthMs);
        if (std::isfinite(r.latency.utilization) && r.latency.utilization >= 0) {
            m_utilizationSum += r.latency.utilization;
            ++m_utilizationSamples;
        }
        break;
    case RecordType::Log:
        ++m_logLines;
        keepLine(m_lines, 0, r, log);
        break;
    case RecordType::Error:
        ++m_errors;
        keepLine(m_errorLines, 1, r, log);
        break;
    case RecordType::Held:
        ++m_holds;
        m_heldNs += r.span.maxNs;
        break;
    case RecordType::Queues:
    case RecordType::Queued:
        break;
    }
    m_endNs = std::max(m_endNs, recordEnd);
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
    std::string out;
    out += "Program: " + (info.program.empty() ? std::string("(unnamed)") : shown(info.program)) + "\n";
    out += "libuv: " + (info.libuv.empty() ? std::string("unknown") : shown(info.libuv))
        + ", thread pool size: " + std::to_string(info.threadpoolSize) + "\n";
    out += "Duration: " + nsAsMs(m_endNs) + ", iterations: " + std::to_string(m_iterations) + "\n";
    if (m_holds > 0)
        out += "Held (paused, stepped, slowed down, waiting for the recording to be written out): "
            + std::to_string(m_holds) + " times, " + nsAsMs(m_heldNs) + ", left out of every time here\n";
    out += "Callbacks: " + std::to_string(m_callbacks);
    std::string kinds;
    for (int kind = 0; kind < 8; ++kind) {
        if (m_callbacksByKind[kind] == 0)
            continue;
        kinds += (kinds.empty() ? "" : ", ") + std::string(callbackKindName(CallbackKind(kind))) + " "
            + std::to_string(m_callbacksByKind[kind]);
    }
    out += kinds.empty() ? "\n" : " (" + kinds + ")\n";
    if (m_hasLongest) {
        out += "Longest callback: " + shown(recording.strings.at(m_longest.label)) + " ("
            + callbackKindName(callbackKindOf(m_longest)) + ") " + nsAsMs(m_longest.span.maxNs) + "\n";
    }
    out += "Phases:";
    for (int phase = 0; phase < PhaseCount; ++phase)
        out += std::string(phase ? ", " : " ") + phaseName(Phase(phase)) + " "
            + (m_phaseTimed[phase] ? nsAsMs(m_phaseNs[phase]) : std::string("not timed"));
    out += "\n";
    out += "Thread pool: " + std::to_string(m_poolItems) + " items";
    if (m_poolItems > 0) {
        out += ", queued max " + nsAsMs(m_poolQueuedMaxNs) + ", mean "
            + ms(m_poolQueuedSumNs / double(m_poolItems) / 1e6);
    }
    out += "\n";
    out += "Loop delay: " + (m_loopDelays.empty() ? std::string("no samples") : distribution(m_loopDelays)) + "\n";
    if (!m_health.empty())
        out += "Health probe: " + distribution(m_health) + "\n";
    if (m_utilizationSamples > 0)
        out += "Event-loop utilization: " + std::to_string(std::lround(100 * m_utilizationSum / m_utilizationSamples))
            + "% on average\n";
    if (!m_workerLoops.empty())
        out += "Worker loops: " + std::to_string(m_workerLoops.size()) + "\n";
    out += "Console: " + std::to_string(m_logLines) + " lines\n";
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
    listLines(m_lines, m_logLines);
    if (m_errors > 0) {
        out += "Errors: " + std::to_string(m_errors) + "\n";
        listLines(m_errorLines, m_errors);
    }
    out += "Dropped events: " + std::to_string(std::max(info.droppedEvents, m_logDrops)) + "\n";
    if (info.aborted)
        out += "ABORTED\n";
    return out;
}

std::string summarize(const Recording& recording)
{
    SummaryBuilder builder;
    builder.addAll(recording);
    return builder.text(recording);
}

} // namespace loopscope
