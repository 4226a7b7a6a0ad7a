#pragma once

#include "models/latencymapping.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

// The latency chart's samples over a whole run. The recent ones stay as they came, by the 100 ms window
// they were recorded in; older ones are merged to one step per window and series (compactBefore), so a
// run of any length costs a few dozen bytes per window, and any stretch of it can be drawn again: a
// replay's playhead far back in a long run.
class LatencyHistory
{
public:
    static constexpr std::int64_t WindowNs = 100'000'000;

    enum class Series { Delay, Health, Utilisation };

    // A sample recorded at `atNs`, drawn as `step`.
    void add(Series series, std::int64_t atNs, const LatencyStep& step);
    // A /health probe that got no answer, at `atNs`.
    void addFailure(std::int64_t atNs);
    // Merges the windows recorded before `beforeNs` into one step per window and series: the delay and
    // /health by their largest value, utilisation by its mean. A sample that comes late to a merged
    // window is merged at the next call.
    void compactBefore(std::int64_t beforeNs);
    void clear();

    struct Samples
    {
        std::vector<LatencyStep> delays;
        std::vector<LatencyStep> health;
        std::vector<LatencyStep> utilisation;
        std::vector<std::int64_t> failures;
    };
    // The samples that overlap [startNs, endNs], cut to it, in time order.
    Samples between(std::int64_t startNs, std::int64_t endNs) const;
    // Every loop-delay sample of the run, one step per window, in time order.
    std::vector<LatencyStep> delaysPerWindow() const;
    // How many windows hold samples as they came (not yet merged).
    std::size_t recentWindows() const { return m_recent.size(); }

private:
    struct Window
    {
        std::vector<LatencyStep> delays;
        std::vector<LatencyStep> health;
        std::vector<LatencyStep> utilisation;
    };
    static std::size_t index(Series series) { return std::size_t(series); }

    std::map<std::int64_t, Window> m_recent; // by window number
    std::vector<LatencyStep> m_merged[3]; // by Series, in the order of their ends
    std::vector<std::int64_t> m_failures; // in time order
};
