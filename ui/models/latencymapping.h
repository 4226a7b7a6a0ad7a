#pragma once

#include <QList>
#include <QPointF>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

// One latency sample drawn over the interval it measures, in recording time.
struct LatencyStep
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    double value = 0;

    bool operator==(const LatencyStep& other) const
    {
        return startNs == other.startNs && endNs == other.endNs && value == other.value;
    }
};

// How the latency chart scales its millisecond axis.
enum class LatencyScale { Auto, Fixed, Log };

// The millisecond axis of the latency chart: a linear range from 0, or decades on a log axis.
struct LatencyAxis
{
    double min = 0;
    double max = 1;
    bool log = false;

    bool operator==(const LatencyAxis& other) const { return min == other.min && max == other.max && log == other.log; }
};

// Pure arithmetic of the latency views: which interval a sample stands for, how runs of
// samples shrink to what a plot can show, how long a probe has been waiting, and the axis.
// Kept apart from painting so that it can be tested row by row.
class LatencyMapping
{
public:
    static constexpr double AutoMinTopMs = 5; // an idle loop's jitter stays small on the auto axis
    static constexpr double LogFloorMs = 0.01; // the bottom of the log axis; nothing draws below it
    static constexpr double LogMinTopMs = 10;
    // A probe counts as waiting once it is this much later than due: 2 ms of jitter and one GUI tick.
    static constexpr std::int64_t WaitingSlackNs = 18'000'000;
    // The /health probe's interval until two requests tell it (the session's default).
    static constexpr std::int64_t DefaultHealthIntervalNs = 20'000'000;

    // The step of a loop-delay sample recorded at `atNs`: [atNs - histogramMs, atNs] at loopDelayMs.
    static std::optional<LatencyStep> delayStep(std::int64_t atNs, double loopDelayMs, double histogramMs);
    // The step of a /health answer recorded at `atNs`: [atNs - healthMs, atNs] at healthMs; none for a failure.
    static std::optional<LatencyStep> healthStep(std::int64_t atNs, double healthMs);
    // The step of a utilisation sample (0..1) over the same interval as its delay sample, in percent.
    static std::optional<LatencyStep> utilisationStep(std::int64_t atNs, double utilization, double histogramMs);

    enum class Merge { Max, Mean };
    // Steps shorter than `binNs` that end in the same bin of `binNs` become one, with their largest
    // value or their time-weighted mean; longer steps stay as they are, so a spike keeps its edges.
    // `steps` are sorted by end.
    static std::vector<LatencyStep> merged(const std::vector<LatencyStep>& steps, std::int64_t binNs, Merge merge);
    // The outline of `steps` as points (x in seconds): flat over each interval, down to `floor` across
    // gaps longer than `joinNs`, and at both ends. Values under `floor` are drawn at it.
    static QList<QPointF> outline(const std::vector<LatencyStep>& steps, double floor, std::int64_t joinNs);

    // How long the delay monitor's next check is overdue, once that is more than `slackNs`; else -1.
    // `checkNs` is its latest check (-1: none), `resolutionMs` its interval (0: off).
    static std::int64_t delayWaitingNs(
        std::int64_t nowNs, std::int64_t checkNs, int resolutionMs, std::int64_t slackNs);
    // How long the /health request sent at `sentNs` (-1: none) has been waiting, once that is more than
    // twice the probe's interval; else -1.
    static std::int64_t healthWaitingNs(std::int64_t nowNs, std::int64_t sentNs, std::int64_t intervalNs);

    // The axis for a peak of `peakMs`: auto grows to a round number above the peak, fixed stays
    // at `fixedTopMs`, log spans whole decades from LogFloorMs.
    static LatencyAxis axis(LatencyScale scale, double peakMs, double fixedTopMs);
    // The value `fraction` of the way up `axis` (in decades on a log axis).
    static double valueAt(const LatencyAxis& axis, double fraction);
    // 1, 2, 2.5 or 5 times a power of ten, at least `value`.
    static double niceCeiling(double value);

    // The `q` quantile (0..1) of `values` by the nearest-rank method; -1 when empty.
    static double percentile(std::vector<double> values, double q);
    // A millisecond value with as many decimals as it needs to be read: "0.12", "3.4", "734".
    static QString formatMs(double ms);
};
