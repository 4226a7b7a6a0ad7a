#include "models/latencymapping.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace {

std::int64_t nsOfMs(double ms)
{
    // Files may claim any value; a step never reaches before the run started anyway.
    return ms >= 9e12 ? std::int64_t(9e18) : std::int64_t(std::llround(ms * 1e6));
}

std::optional<LatencyStep> stepBefore(std::int64_t atNs, double lengthMs, double value)
{
    if (lengthMs < 0 || value < 0 || !std::isfinite(lengthMs) || !std::isfinite(value))
        return std::nullopt;
    const std::int64_t length = nsOfMs(lengthMs);
    const std::int64_t start = atNs > length ? atNs - length : 0;
    return LatencyStep { std::max<std::int64_t>(0, start), std::max<std::int64_t>(0, atNs), value };
}

} // namespace

std::optional<LatencyStep> LatencyMapping::delayStep(std::int64_t atNs, double loopDelayMs, double histogramMs)
{
    // A recording from before histogramMs existed still has a delay; it covers no known interval.
    return stepBefore(atNs, histogramMs >= 0 ? histogramMs : 0, loopDelayMs);
}

std::optional<LatencyStep> LatencyMapping::healthStep(std::int64_t atNs, double healthMs)
{
    return stepBefore(atNs, healthMs, healthMs);
}

std::optional<LatencyStep> LatencyMapping::utilisationStep(std::int64_t atNs, double utilization, double histogramMs)
{
    if (utilization < 0)
        return std::nullopt;
    return stepBefore(atNs, histogramMs >= 0 ? histogramMs : 0, std::clamp(utilization, 0.0, 1.0) * 100);
}

std::vector<LatencyStep> LatencyMapping::merged(const std::vector<LatencyStep>& steps, std::int64_t binNs, Merge merge)
{
    std::vector<LatencyStep> out;
    if (binNs <= 0)
        return steps;
    out.reserve(std::min<std::size_t>(steps.size(), 4096));
    bool open = false;
    LatencyStep current;
    std::int64_t binEnd = 0;
    double weighted = 0; // value times duration, for the mean
    std::int64_t covered = 0;
    auto close = [&] {
        if (!open)
            return;
        if (merge == Merge::Mean && covered > 0)
            current.value = weighted / double(covered);
        out.push_back(current);
        open = false;
    };
    for (const LatencyStep& step : steps) {
        const std::int64_t length = step.endNs - step.startNs;
        if (length >= binNs) {
            close();
            out.push_back(step);
            continue;
        }
        if (open && step.endNs <= binEnd) {
            current.endNs = std::max(current.endNs, step.endNs);
            current.value = std::max(current.value, step.value);
            weighted += step.value * double(length);
            covered += length;
            continue;
        }
        close();
        open = true;
        current = step;
        binEnd = (std::max<std::int64_t>(0, step.endNs - 1) / binNs + 1) * binNs; // the bin its end falls in
        weighted = step.value * double(length);
        covered = length;
    }
    close();
    return out;
}

QList<QPointF> LatencyMapping::outline(const std::vector<LatencyStep>& steps, double floor, std::int64_t joinNs)
{
    QList<QPointF> points;
    points.reserve(qsizetype(steps.size()) * 2 + 2);
    std::int64_t previousEnd = 0;
    for (const LatencyStep& step : steps) {
        const double value = std::max(step.value, floor);
        const double start = double(step.startNs) / 1e9;
        if (points.isEmpty()) {
            points.append(QPointF(start, floor));
        } else if (step.startNs - previousEnd > joinNs) {
            points.append(QPointF(double(previousEnd) / 1e9, floor));
            points.append(QPointF(start, floor));
        }
        points.append(QPointF(start, value));
        points.append(QPointF(double(step.endNs) / 1e9, value));
        previousEnd = step.endNs;
    }
    if (!points.isEmpty())
        points.append(QPointF(double(previousEnd) / 1e9, floor));
    return points;
}

std::int64_t LatencyMapping::delayWaitingNs(
    std::int64_t nowNs, std::int64_t checkNs, int resolutionMs, std::int64_t slackNs)
{
    if (resolutionMs <= 0 || checkNs < 0)
        return -1;
    const std::int64_t overdue = nowNs - checkNs - std::int64_t(resolutionMs) * 1'000'000;
    return overdue > slackNs ? overdue : -1;
}

std::int64_t LatencyMapping::healthWaitingNs(std::int64_t nowNs, std::int64_t sentNs, std::int64_t intervalNs)
{
    if (sentNs < 0)
        return -1;
    const std::int64_t waited = nowNs - sentNs;
    return waited > 2 * intervalNs ? waited : -1;
}

LatencyAxis LatencyMapping::axis(LatencyScale scale, double peakMs, double fixedTopMs)
{
    switch (scale) {
    case LatencyScale::Fixed:
        return { 0, fixedTopMs > 0 ? fixedTopMs : 1, false };
    case LatencyScale::Log: {
        const double top = std::max(peakMs * 1.1, LogMinTopMs);
        return { LogFloorMs, std::pow(10.0, std::ceil(std::log10(top))), true };
    }
    case LatencyScale::Auto:
        break;
    }
    return { 0, niceCeiling(std::max(peakMs * 1.1, AutoMinTopMs)), false };
}

double LatencyMapping::valueAt(const LatencyAxis& axis, double fraction)
{
    if (axis.log && axis.min > 0 && axis.max > axis.min)
        return std::exp(std::log(axis.min) + fraction * (std::log(axis.max) - std::log(axis.min)));
    return axis.min + fraction * (axis.max - axis.min);
}

double LatencyMapping::niceCeiling(double value)
{
    if (!(value > 0) || !std::isfinite(value))
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double multiple : { 1.0, 2.0, 2.5, 5.0 }) {
        if (magnitude * multiple >= value * (1 - 1e-12))
            return magnitude * multiple;
    }
    return magnitude * 10;
}

double LatencyMapping::percentile(std::vector<double> values, double q)
{
    if (values.empty())
        return -1;
    const double rank = std::ceil(std::clamp(q, 0.0, 1.0) * double(values.size()));
    const auto at = std::size_t(std::max(1.0, rank)) - 1;
    std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(at), values.end());
    return values[at];
}

QString LatencyMapping::formatMs(double ms)
{
    const QLocale locale;
    if (ms < 1)
        return locale.toString(ms, 'f', 2);
    if (ms < 100)
        return locale.toString(ms, 'f', 1);
    return locale.toString(ms, 'f', 0);
}
