#pragma once

#include <QString>

#include <cstdint>
#include <vector>

// A span of recording time, in nanoseconds since the run started.
struct TimeWindow
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;

    std::int64_t spanNs() const { return endNs - startNs; }
    bool operator==(const TimeWindow& other) const { return startNs == other.startNs && endNs == other.endNs; }
};

// Pure geometry of the time views: where a timestamp lands on screen, which
// window is visible, how zoom and pan move it, and where the lanes go.
// Kept apart from painting so that it can be tested row by row.
class TimeMapping
{
public:
    // The x of `timeNs` in a plot that starts at `left` and is `width` wide.
    static double mapTimeToX(std::int64_t timeNs, const TimeWindow& window, double left, double width);
    // The time at `x`; the inverse of mapTimeToX.
    static std::int64_t mapXToTime(double x, const TimeWindow& window, double left, double width);
    // How much time `pixels` cover at this zoom.
    static std::int64_t pixelsToDuration(double pixels, const TimeWindow& window, double width);

    // The window that follows the live edge: the last `spanNs` up to `nowNs`.
    static TimeWindow following(std::int64_t nowNs, std::int64_t spanNs);
    // Zooms by `factor` (> 1 zooms in) keeping `anchorNs` where it is on screen;
    // the span stays within [minSpanNs, maxSpanNs].
    static TimeWindow zoomed(
        const TimeWindow& window, std::int64_t anchorNs, double factor, std::int64_t minSpanNs, std::int64_t maxSpanNs);
    // Moves the window by `deltaNs` without leaving [earliestNs, latestNs] (when it fits there).
    static TimeWindow panned(
        const TimeWindow& window, std::int64_t deltaNs, std::int64_t earliestNs, std::int64_t latestNs);

    // The top of each lane, stacked from `top` with `gap` between them.
    static std::vector<double> laneTops(const std::vector<double>& heights, double top, double gap);
    // The lane at `y`, or -1 between and outside lanes.
    static int laneAt(double y, const std::vector<double>& tops, const std::vector<double>& heights);

    // A round step (1, 2 or 5 times a power of ten nanoseconds) for axis ticks
    // at least `minPixels` apart.
    static std::int64_t tickStep(std::int64_t spanNs, double width, double minPixels);
    // A short human duration: "250 ns", "12.5 µs", "3.20 ms", "1.50 s".
    static QString formatDuration(std::int64_t ns);
};
