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
constexpr std::size_t MaxConsoleLines = 40;
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

std::string distribution(std::vector<double>& samples)
{
    std::sort(samples.begin(), samples.end());
    return "p50 " + ms(percentile(samples, 0.50)) + ", p99 " + ms(percentile(samples, 0.99)) + ", max "
        + ms(samples.back()) + " (" + std::to_string(samples.size()) + " samples)";
}

} // namespace

std::string summarize(const Recording& recording)
{
    const RecordingInfo& info = recording.info;
    std::int64_t endNs = 0;
    std::uint32_t iterations = 0;
    std::uint64_t callbacksByKind[8] = {};
    std::uint64_t callbacks = 0;
    const Record* longest = nullptr;
    std::int64_t phaseNs[PhaseCount] = {};
    std::uint64_t poolItems = 0;
    std::int64_t poolQueuedMaxNs = 0;
    double poolQueuedSumNs = 0;
    std::vector<double> loopDelays;
    std::vector<double> health;
    double utilizationSum = 0;
    std::size_t utilizationSamples = 0;
    std::uint64_t logLines = 0;
    std::vector<std::pair<std::int64_t, std::uint32_t>> lines; // when, and the text's string id
    std::vector<std::pair<std::int64_t, std::uint32_t>> errorLines;
    std::uint64_t errors = 0;
    std::uint64_t logDrops = 0;
    std::vector<std::uint16_t> workerLoops;
    std::size_t holds = 0;
    std::int64_t heldNs = 0;

    for (const auto& log : recording.logs) {
        logDrops += log->dropped();
        log->walk(0, log->size(), [&](const Record& r) {
            std::int64_t recordEnd = r.startNs;
            switch (r.type) {
            case RecordType::Phase:
                recordEnd += r.span.durNs;
                if (r.thread == MainThread) {
                    iterations = std::max(iterations, r.span.iteration);
                    phaseNs[r.sub % PhaseCount] += r.span.durNs;
                } else if (std::find(workerLoops.begin(), workerLoops.end(), r.thread) == workerLoops.end()) {
                    workerLoops.push_back(r.thread);
                }
                break;
            case RecordType::Callback:
                recordEnd += r.span.durNs;
                callbacksByKind[int(callbackKindOf(r))] += r.span.count;
                callbacks += r.span.count;
                if (!longest || r.span.maxNs > longest->span.maxNs)
                    longest = &r;
                break;
            case RecordType::Pool:
                recordEnd += r.span.durNs;
                ++poolItems;
                poolQueuedMaxNs = std::max(poolQueuedMaxNs, r.span.busyNs);
                poolQueuedSumNs += double(r.span.busyNs);
                break;
            case RecordType::Latency:
                if (std::isfinite(r.latency.loopDelayMs) && r.latency.loopDelayMs >= 0)
                    loopDelays.push_back(r.latency.loopDelayMs);
                if (std::isfinite(r.latency.healthMs) && r.latency.healthMs >= 0)
                    health.push_back(r.latency.healthMs);
                if (std::isfinite(r.latency.utilization) && r.latency.utilization >= 0) {
                    utilizationSum += r.latency.utilization;
                    ++utilizationSamples;
                }
                break;
            case RecordType::Log:
                ++logLines;
                lines.emplace_back(r.startNs, r.label);
                break;
            case RecordType::Error:
                ++errors;
                errorLines.emplace_back(r.startNs, r.label);
                break;
            case RecordType::Held:
                ++holds;
                heldNs += r.span.maxNs;
                break;
            case RecordType::Queues:
            case RecordType::Queued:
                break;
            }
            endNs = std::max(endNs, recordEnd);
            return true;
        });
    }

    std::string out;
    out += "Program: " + (info.program.empty() ? std::string("(unnamed)") : shown(info.program)) + "\n";
    out += "libuv: " + (info.libuv.empty() ? std::string("unknown") : shown(info.libuv))
        + ", thread pool size: " + std::to_string(info.threadpoolSize) + "\n";
    out += "Duration: " + nsAsMs(endNs) + ", iterations: " + std::to_string(iterations) + "\n";
    if (holds > 0)
        out += "Held (paused, stepped, slowed down, waiting for the spill file): " + std::to_string(holds) + " times, " + nsAsMs(heldNs)
            + ", left out of every time here\n";
    out += "Callbacks: " + std::to_string(callbacks);
    std::string kinds;
    for (int kind = 0; kind < 8; ++kind) {
        if (callbacksByKind[kind] == 0)
            continue;
        kinds += (kinds.empty() ? "" : ", ") + std::string(callbackKindName(CallbackKind(kind))) + " "
            + std::to_string(callbacksByKind[kind]);
    }
    out += kinds.empty() ? "\n" : " (" + kinds + ")\n";
    if (longest) {
        out += "Longest callback: " + shown(recording.strings.at(longest->label)) + " ("
            + callbackKindName(callbackKindOf(*longest)) + ") " + nsAsMs(longest->span.maxNs) + "\n";
    }
    out += "Phases:";
    for (int phase = 0; phase < PhaseCount; ++phase)
        out += std::string(phase ? ", " : " ") + phaseName(Phase(phase)) + " " + nsAsMs(phaseNs[phase]);
    out += "\n";
    out += "Thread pool: " + std::to_string(poolItems) + " items";
    if (poolItems > 0) {
        out += ", queued max " + nsAsMs(poolQueuedMaxNs) + ", mean " + ms(poolQueuedSumNs / double(poolItems) / 1e6);
    }
    out += "\n";
    out += "Loop delay: " + (loopDelays.empty() ? std::string("no samples") : distribution(loopDelays)) + "\n";
    if (!health.empty())
        out += "Health probe: " + distribution(health) + "\n";
    if (utilizationSamples > 0)
        out += "Event-loop utilization: " + std::to_string(std::lround(100 * utilizationSum / utilizationSamples))
            + "% on average\n";
    if (!workerLoops.empty())
        out += "Worker loops: " + std::to_string(workerLoops.size()) + "\n";
    out += "Console: " + std::to_string(logLines) + " lines\n";
    // When each line was printed tells what the program measured (a count finishing, a regex
    // returning) without a second look at the trace; worker loops print into their own logs.
    auto listLines = [&](std::vector<std::pair<std::int64_t, std::uint32_t>>& listed) {
        std::stable_sort(listed.begin(), listed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        for (std::size_t i = 0; i < listed.size() && i < MaxConsoleLines; ++i) {
            const std::uint32_t label = listed[i].second;
            out += "  at " + nsAsMs(listed[i].first) + ": "
                + (label < recording.strings.size() ? shown(recording.strings.at(label)) : std::string()) + "\n";
        }
        if (listed.size() > MaxConsoleLines)
            out += "  ... and " + std::to_string(listed.size() - MaxConsoleLines) + " more\n";
    };
    listLines(lines);
    if (errors > 0) {
        out += "Errors: " + std::to_string(errors) + "\n";
        listLines(errorLines);
    }
    out += "Dropped events: " + std::to_string(std::max(info.droppedEvents, logDrops)) + "\n";
    if (info.aborted)
        out += "ABORTED\n";
    return out;
}

} // namespace loopscope
