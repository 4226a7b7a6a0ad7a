#include "models/latencyhistory.h"

#include <algorithm>

namespace {

bool endsBefore(const LatencyStep& a, const LatencyStep& b)
{
    return a.endNs < b.endNs;
}

// Adds `steps` to `into`, which stays in the order of the steps' ends: at its end as a rule, in place for
// a window merged late.
void appendInOrder(std::vector<LatencyStep>& into, const std::vector<LatencyStep>& steps)
{
    for (const LatencyStep& step : steps) {
        if (into.empty() || into.back().endNs <= step.endNs)
            into.push_back(step);
        else
            into.insert(std::upper_bound(into.begin(), into.end(), step, endsBefore), step);
    }
}

// The part of `step` inside [startNs, endNs], added to `into`.
void cut(std::vector<LatencyStep>& into, LatencyStep step, std::int64_t startNs, std::int64_t endNs)
{
    if (step.endNs < startNs || step.startNs > endNs)
        return;
    step.startNs = std::max(step.startNs, startNs);
    step.endNs = std::min(step.endNs, endNs);
    into.push_back(step);
}

} // namespace

void LatencyHistory::add(Series series, std::int64_t atNs, const LatencyStep& step)
{
    Window& window = m_recent[std::max<std::int64_t>(0, atNs) / WindowNs];
    switch (series) {
    case Series::Delay:
        window.delays.push_back(step);
        break;
    case Series::Health:
        window.health.push_back(step);
        break;
    case Series::Utilisation:
        window.utilisation.push_back(step);
        break;
    }
}

void LatencyHistory::addFailure(std::int64_t atNs)
{
    if (m_failures.empty() || m_failures.back() <= atNs)
        m_failures.push_back(atNs);
    else
        m_failures.insert(std::upper_bound(m_failures.begin(), m_failures.end(), atNs), atNs);
}

void LatencyHistory::compactBefore(std::int64_t beforeNs)
{
    using Merge = LatencyMapping::Merge;
    const std::int64_t before = beforeNs / WindowNs;
    for (auto it = m_recent.begin(); it != m_recent.end() && it->first < before; it = m_recent.erase(it)) {
        const Window& window = it->second;
        appendInOrder(m_merged[index(Series::Delay)], LatencyMapping::merged(window.delays, WindowNs, Merge::Max));
        appendInOrder(m_merged[index(Series::Health)], LatencyMapping::merged(window.health, WindowNs, Merge::Max));
        appendInOrder(
            m_merged[index(Series::Utilisation)], LatencyMapping::merged(window.utilisation, WindowNs, Merge::Mean));
    }
}

void LatencyHistory::clear()
{
    m_recent.clear();
    for (std::vector<LatencyStep>& steps : m_merged)
        steps.clear();
    m_failures.clear();
}

LatencyHistory::Samples LatencyHistory::between(std::int64_t startNs, std::int64_t endNs) const
{
    Samples samples;
    std::vector<LatencyStep>* into[3] = { &samples.delays, &samples.health, &samples.utilisation };
    // The merged windows: from the first step that ends in view to the first that lies wholly after it.
    for (std::size_t series = 0; series < 3; ++series) {
        const std::vector<LatencyStep>& merged = m_merged[series];
        auto it = std::lower_bound(merged.begin(), merged.end(), LatencyStep { 0, startNs, 0 }, endsBefore);
        for (; it != merged.end() && (it->startNs <= endNs || it->endNs <= endNs); ++it)
            cut(*into[series], *it, startNs, endNs);
    }
    // The recent windows: a sample is recorded as its interval ends, so one recorded after the view may
    // still reach into it (a long block across its right edge).
    for (auto it = m_recent.lower_bound(startNs / WindowNs); it != m_recent.end(); ++it) {
        for (const LatencyStep& step : it->second.delays)
            cut(samples.delays, step, startNs, endNs);
        for (const LatencyStep& step : it->second.health)
            cut(samples.health, step, startNs, endNs);
        for (const LatencyStep& step : it->second.utilisation)
            cut(samples.utilisation, step, startNs, endNs);
    }
    for (auto it = std::lower_bound(m_failures.begin(), m_failures.end(), startNs);
         it != m_failures.end() && *it <= endNs; ++it)
        samples.failures.push_back(*it);
    for (std::vector<LatencyStep>* steps : into)
        std::stable_sort(steps->begin(), steps->end(), endsBefore);
    return samples;
}

std::vector<LatencyStep> LatencyHistory::delaysPerWindow() const
{
    std::vector<LatencyStep> steps = m_merged[index(Series::Delay)];
    for (const auto& [number, window] : m_recent)
        steps.insert(steps.end(), window.delays.begin(), window.delays.end());
    // Samples of the prober's log may have come late to a window already merged.
    std::stable_sort(steps.begin(), steps.end(), endsBefore);
    return LatencyMapping::merged(steps, WindowNs, LatencyMapping::Merge::Max);
}
