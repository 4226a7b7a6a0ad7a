#include "figures/figures.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace loopscope {

double percentileOf(const std::vector<double>& sorted, double fraction)
{
    if (sorted.empty())
        return 0;
    const auto rank = std::size_t(std::ceil(fraction * double(sorted.size())));
    return sorted[std::min(sorted.size() - 1, rank > 0 ? rank - 1 : 0)];
}

Distribution Distribution::of(std::vector<double> samples)
{
    Distribution d;
    if (samples.empty())
        return d;
    std::sort(samples.begin(), samples.end());
    d.count = samples.size();
    d.min = samples.front();
    d.max = samples.back();
    d.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
    d.p50 = percentileOf(samples, 0.50);
    d.p99 = percentileOf(samples, 0.99);
    return d;
}

Utilisation utilisationOver(
    const std::vector<MonitorCheck>& checks, std::int64_t fromNs, std::int64_t toNs, std::int64_t busySinceNs)
{
    double busy = 0;
    double covered = 0;
    for (const MonitorCheck& check : checks) {
        if (check.utilisation < 0 || !std::isfinite(check.utilisation) || !std::isfinite(check.intervalMs))
            continue;
        const double startNs = double(check.endNs) - check.intervalMs * 1e6;
        const double overlap = double(std::min(check.endNs, toNs)) - std::max(startNs, double(fromNs));
        if (overlap > 0) {
            busy += std::clamp(check.utilisation, 0.0, 1.0) * overlap;
            covered += overlap;
        }
    }
    if (busySinceNs >= 0 && busySinceNs < toNs) {
        const double overlap = double(toNs - std::max(busySinceNs, fromNs));
        busy += overlap;
        covered += overlap;
    }
    if (covered <= 0)
        return {};
    return { std::clamp(busy / covered, 0.0, 1.0), std::int64_t(covered) };
}

Utilisation runUtilisation(std::int64_t loopStartNs, std::int64_t idleNs, std::int64_t endNs)
{
    if (loopStartNs < 0 || idleNs < 0 || endNs <= loopStartNs)
        return {};
    const double span = double(endNs - loopStartNs);
    return { std::clamp((span - double(idleNs)) / span, 0.0, 1.0), endNs - loopStartNs };
}

void FigureBuilder::add(const Record& r)
{
    std::int64_t recordEnd = r.startNs;
    switch (r.type) {
    case RecordType::Phase:
        recordEnd += r.span.durNs;
        if (r.thread == MainThread) {
            const int phase = r.sub % PhaseCount;
            m_f.iterations = std::max(m_f.iterations, r.span.iteration);
            m_f.phaseNs[phase] += r.span.durNs;
            m_f.phaseTimed[phase] = m_f.phaseTimed[phase] || phaseTimed(r);
            if (Phase(phase) == Phase::Poll)
                ++m_pollWaits[pollTimeoutMs(r)];
        } else if (std::find(m_workerLoops.begin(), m_workerLoops.end(), r.thread) == m_workerLoops.end()) {
            m_workerLoops.push_back(r.thread);
        }
        break;
    case RecordType::Callback: {
        recordEnd += r.span.durNs;
        const CallbackKind kind = callbackKindOf(r);
        m_f.callbacksByKind[int(kind)] += r.span.count;
        m_f.callbacks += r.span.count;
        // A run timed only as a whole holds its mean where a longest would be: not a longest.
        const bool longestKnown = r.span.count <= 1 || longestCallNs(r) != LongestUnknown;
        if (longestKnown && (!m_f.hasLongest || longestCallNs(r) > m_f.longestNs)) {
            m_f.hasLongest = true;
            m_f.longestLabel = r.label;
            m_f.longestKind = kind;
            m_f.longestNs = longestCallNs(r);
        }
        if (kind == CallbackKind::Main && r.thread == MainThread && m_mainStartNs < 0) {
            m_mainStartNs = r.startNs;
            m_mainEndNs = r.startNs + r.span.durNs;
        }
        break;
    }
    case RecordType::Pool:
        recordEnd += r.span.durNs;
        ++m_f.poolItems;
        m_f.poolQueuedMaxNs = std::max(m_f.poolQueuedMaxNs, r.span.busyNs);
        m_poolQueuedSumNs += double(r.span.busyNs);
        m_f.poolRunMaxNs = std::max(m_f.poolRunMaxNs, r.span.durNs);
        m_poolRunSumNs += double(r.span.durNs);
        break;
    case RecordType::Latency:
        if (std::isfinite(r.latency.histogramMs) && r.latency.histogramMs >= 0) {
            m_delays.push_back(r.latency.histogramMs);
            m_checks.push_back(MonitorCheck::of(r));
            // The resolution is what the histogram holds beyond the delay; a delay of 0 may be clamped.
            if (r.latency.loopDelayMs > 0 && r.latency.histogramMs > r.latency.loopDelayMs)
                m_f.delayResolutionMs = int(std::lround(r.latency.histogramMs - r.latency.loopDelayMs));
        }
        if (r.latency.healthMs == HealthProbeFailed)
            ++m_f.healthFailures;
        else if (std::isfinite(r.latency.healthMs) && r.latency.healthMs >= 0)
            m_health.push_back(r.latency.healthMs);
        break;
    case RecordType::Log:
        ++m_f.logLines;
        if (const std::uint32_t steps = stepsMeasured(r); steps > 0) {
            auto last = std::find_if(m_lastMeasured.begin(), m_lastMeasured.end(),
                [&](const auto& entry) { return entry.first == r.thread; });
            if (last == m_lastMeasured.end())
                last = m_lastMeasured.insert(m_lastMeasured.end(), { r.thread, 0 });
            m_f.stretches.push_back({ r.label, r.thread, last->second, r.startNs, steps });
            last->second = r.startNs;
        }
        break;
    case RecordType::Error:
        ++m_f.errors;
        if (std::find(m_errorLabels.begin(), m_errorLabels.end(), r.label) == m_errorLabels.end())
            m_errorLabels.push_back(r.label);
        break;
    case RecordType::Held:
        ++m_f.holds;
        m_f.heldNs += heldNs(r);
        break;
    case RecordType::Queues:
    case RecordType::Queued:
        break;
    }
    m_f.durationNs = std::max(m_f.durationNs, recordEnd);
}

void FigureBuilder::addAll(const Recording& recording, const std::vector<std::size_t>& from)
{
    for (std::size_t log = 0; log < recording.logs.size(); ++log) {
        const EventLog& events = *recording.logs[log];
        events.walk(log < from.size() ? from[log] : 0, events.size(), [&](const Record& r) {
            add(r);
            return true;
        });
    }
}

Figures FigureBuilder::figures(const Recording& recording) const
{
    const RecordingInfo& info = recording.info;
    Figures f = m_f;
    f.workerLoops = m_workerLoops.size();
    f.loopDelay = Distribution::of(m_delays);
    f.health = Distribution::of(m_health);
    f.poolSeen = (info.unobserved & UnobservedThreadPool) == 0;
    if ((info.unobserved & UnobservedPollWait) == 0) {
        for (const auto& [timeoutMs, polls] : m_pollWaits)
            f.pollWaits.push_back({ timeoutMs, polls });
    }
    if (f.poolItems > 0) {
        f.poolQueuedMeanNs = m_poolQueuedSumNs / double(f.poolItems);
        f.poolRunMeanNs = m_poolRunSumNs / double(f.poolItems);
    }
    f.aborted = info.aborted || std::any_of(m_errorLabels.begin(), m_errorLabels.end(), [&](std::uint32_t label) {
        return recording.strings.at(label) == "run aborted";
    });
    f.utilisation = runUtilisation(info.loopStartNs, info.loopIdleNs, f.durationNs);
    if (!f.utilisation.known() && !m_checks.empty()) {
        f.utilisation = utilisationOver(m_checks, 0, f.durationNs);
        f.utilisationFromChecks = f.utilisation.known();
    }
    if (info.loopStartNs >= 0 && m_mainStartNs >= 0 && m_mainStartNs < info.loopStartNs)
        f.beforeLoopNs = std::min(m_mainEndNs, info.loopStartNs) - m_mainStartNs;
    else if (info.loopStartNs >= 0 && m_mainStartNs < 0) {
        f.beforeLoopNs = info.loopStartNs;
        f.beforeLoopFromStart = true;
    }
    return f;
}

Figures figuresOf(const Recording& recording)
{
    FigureBuilder builder;
    builder.addAll(recording);
    return builder.figures(recording);
}

} // namespace loopscope
