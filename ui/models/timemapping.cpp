#include "models/timemapping.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

double TimeMapping::mapTimeToX(std::int64_t timeNs, const TimeWindow& window, double left, double width)
{
    const std::int64_t span = window.spanNs();
    if (span <= 0)
        return left;
    return left + double(timeNs - window.startNs) * width / double(span);
}

std::int64_t TimeMapping::mapXToTime(double x, const TimeWindow& window, double left, double width)
{
    if (width <= 0)
        return window.startNs;
    return window.startNs + std::int64_t(std::llround((x - left) * double(window.spanNs()) / width));
}

std::int64_t TimeMapping::pixelsToDuration(double pixels, const TimeWindow& window, double width)
{
    if (width <= 0)
        return 0;
    return std::int64_t(std::llround(pixels * double(window.spanNs()) / width));
}

TimeWindow TimeMapping::following(std::int64_t nowNs, std::int64_t spanNs)
{
    return { nowNs - spanNs, nowNs };
}

TimeWindow TimeMapping::zoomed(
    const TimeWindow& window, std::int64_t anchorNs, double factor, std::int64_t minSpanNs, std::int64_t maxSpanNs)
{
    const std::int64_t span = window.spanNs();
    if (span <= 0 || factor <= 0)
        return window;
    const double wanted = std::clamp(double(span) / factor, double(minSpanNs), double(std::max(minSpanNs, maxSpanNs)));
    const std::int64_t newSpan = std::int64_t(std::llround(wanted));
    // The anchor keeps its fraction of the window, so the point under the cursor stays put.
    const double fraction = std::clamp(double(anchorNs - window.startNs) / double(span), 0.0, 1.0);
    const std::int64_t start = anchorNs - std::int64_t(std::llround(fraction * double(newSpan)));
    return { start, start + newSpan };
}

TimeWindow TimeMapping::panned(
    const TimeWindow& window, std::int64_t deltaNs, std::int64_t earliestNs, std::int64_t latestNs)
{
    const std::int64_t span = window.spanNs();
    std::int64_t start = window.startNs + deltaNs;
    if (latestNs - earliestNs >= span) {
        start = std::clamp(start, earliestNs, latestNs - span);
    } else {
        // The window is wider than the data: keep the data's end at the right edge.
        start = latestNs - span;
    }
    return { start, start + span };
}

std::vector<double> TimeMapping::laneTops(const std::vector<double>& heights, double top, double gap)
{
    std::vector<double> tops;
    tops.reserve(heights.size());
    double y = top;
    for (double height : heights) {
        tops.push_back(y);
        y += height + gap;
    }
    return tops;
}

int TimeMapping::laneAt(double y, const std::vector<double>& tops, const std::vector<double>& heights)
{
    const std::size_t n = std::min(tops.size(), heights.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (y >= tops[i] && y < tops[i] + heights[i])
            return int(i);
    }
    return -1;
}

std::int64_t TimeMapping::tickStep(std::int64_t spanNs, double width, double minPixels)
{
    if (spanNs <= 0 || width <= 0)
        return 1;
    const double minStep = double(spanNs) * std::max(1.0, minPixels) / width;
    double magnitude = 1;
    while (magnitude * 10 <= minStep)
        magnitude *= 10;
    for (double multiple : { 1.0, 2.0, 5.0, 10.0 }) {
        if (magnitude * multiple >= minStep)
            return std::int64_t(magnitude * multiple);
    }
    return std::int64_t(magnitude * 10);
}

QString TimeMapping::formatDuration(std::int64_t ns)
{
    // Numbers as the language writes them (5,00 s in Spanish), units as it names them.
    QLocale locale;
    locale.setNumberOptions(QLocale::OmitGroupSeparator);
    const double abs = std::fabs(double(ns));
    if (abs < 1e3)
        return QCoreApplication::translate("TimeMapping", "%1 ns").arg(locale.toString(qlonglong(ns)));
    if (abs < 1e6)
        return QCoreApplication::translate("TimeMapping", "%1 µs")
            .arg(locale.toString(double(ns) / 1e3, 'f', abs < 1e4 ? 2 : 1));
    if (abs < 1e9)
        return QCoreApplication::translate("TimeMapping", "%1 ms")
            .arg(locale.toString(double(ns) / 1e6, 'f', abs < 1e7 ? 2 : 1));
    return QCoreApplication::translate("TimeMapping", "%1 s")
        .arg(locale.toString(double(ns) / 1e9, 'f', abs < 1e10 ? 2 : 1));
}
