#include "widgets/latencychart.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/timelineindex.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <initializer_list>

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Phase;
using loopscope::Record;
using loopscope::RecordType;

namespace {

constexpr qint64 RefreshIntervalMs = 33;
constexpr std::int64_t BandGapNs = 2'000'000; // bands closer than this are one
constexpr std::int64_t BandCandidateNs = 500'000;
constexpr std::int64_t BandSettledNs = 200'000'000; // a stretch this old can no longer grow
constexpr double FailureMarkerHeight = 0.95; // failed probes sit this high on the ms axis, apart from any latency
constexpr qreal FailureMarkerSize = 9;

double niceCeiling(double value)
{
    if (value <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double multiple : { 1.0, 2.0, 2.5, 5.0, 10.0 }) {
        if (magnitude * multiple >= value)
            return magnitude * multiple;
    }
    return magnitude * 10;
}

// 1, 2 or 5 times a power of ten, at least `value`: steps whose labels stay short.
double roundStep(double value)
{
    if (value <= 0)
        return 1;
    const double magnitude = std::pow(10.0, std::floor(std::log10(value)));
    for (double multiple : { 1.0, 2.0, 5.0, 10.0 }) {
        if (magnitude * multiple >= value)
            return magnitude * multiple;
    }
    return magnitude * 10;
}

} // namespace

LatencyChart::LatencyChart(LiveFeed* feed, QWidget* parent)
    : QChartView(parent)
    , m_feed(feed)
{
    setRenderHint(QPainter::Antialiasing);
    // Small enough that the window still fits a 1280x720 screen with the chart docked below the wheel.
    setMinimumSize(300, 160);
    setAccessibleName(tr("Latency chart"));
    setToolTip(tr("<p><b>Loop delay</b>: how late the loop gets to a timer that should fire every 10 ms, that is, "
                  "how long callbacks kept it busy. <b>p99</b> is the worst 1% in each 100 ms window, <b>max</b> the "
                  "worst of all.</p><p><b>/health</b>: how long the built-in HTTP server took to answer a probe; it "
                  "can only answer when the loop is free.</p><p><b>Utilisation</b> (right axis): the share of time "
                  "the loop ran code instead of waiting in poll.</p><p>Shaded bands mark callbacks that held the loop "
                  "for more than 20 ms.</p>"));

    // The view made a chart of its own; replacing it would only release it, not delete it.
    QChart* chart = this->chart();
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->setBackgroundRoundness(0);
    chart->legend()->setAlignment(Qt::AlignTop);

    auto makeSeries = [&](const QString& name, const QColor& color, qreal width, Qt::PenStyle style) {
        auto* series = new QLineSeries; // the chart owns series and axes
        series->setName(name);
        QPen pen(color, width, style);
        pen.setCosmetic(true);
        series->setPen(pen);
        series->setUseOpenGL(false);
        chart->addSeries(series);
        return series;
    };
    m_max = makeSeries(tr("loop delay max"), PhaseColors::blocked(), 2, Qt::SolidLine);
    m_p99 = makeSeries(tr("loop delay p99"), PhaseColors::phase(Phase::Timers), 2, Qt::SolidLine);
    m_health = makeSeries(tr("/health response"), PhaseColors::phase(Phase::Poll), 2, Qt::SolidLine);
    m_elu = makeSeries(tr("utilisation %"), PhaseColors::phase(Phase::Check), 1.5, Qt::DashLine);
    m_healthFailed = new QScatterSeries;
    m_healthFailed->setName(tr("/health failed"));
    m_healthFailed->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    m_healthFailed->setMarkerSize(FailureMarkerSize);
    m_healthFailed->setColor(PhaseColors::blocked());
    m_healthFailed->setBorderColor(PhaseColors::blocked());
    chart->addSeries(m_healthFailed);
    // Its legend entry keeps the diamond, or it would be a red square like the loop delay's.
    for (QLegendMarker* marker : chart->legend()->markers(m_healthFailed))
        marker->setShape(QLegend::MarkerShapeRotatedRectangle);

    m_axisX = new QValueAxis;
    m_axisX->setTitleText(tr("seconds since start"));
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(1);
    m_axisMs = new QValueAxis;
    m_axisMs->setTitleText(tr("ms"));
    m_axisMs->setLabelFormat(QStringLiteral("%.0f"));
    m_axisElu = new QValueAxis;
    m_axisElu->setTitleText(tr("utilisation %"));
    m_axisElu->setRange(0, 100);
    m_axisElu->setLabelFormat(QStringLiteral("%.0f"));
    m_axisElu->setTickCount(5);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisMs, Qt::AlignLeft);
    chart->addAxis(m_axisElu, Qt::AlignRight);
    for (QXYSeries* series : std::initializer_list<QXYSeries*> { m_max, m_p99, m_health, m_healthFailed }) {
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisMs);
    }
    m_elu->attachAxis(m_axisX);
    m_elu->attachAxis(m_axisElu);
    applyPalette();

    if (m_feed) {
        connect(m_feed, &LiveFeed::reset, this, &LatencyChart::onReset);
        connect(m_feed, &LiveFeed::advanced, this, &LatencyChart::onAdvanced);
        connect(m_feed, &LiveFeed::ticked, this, &LatencyChart::onTicked);
    }
    m_sinceRefresh.start();
    onReset();
}

LatencyChart::~LatencyChart() = default;

void LatencyChart::applyPalette()
{
    const QPalette pal = palette();
    QChart* c = chart();
    c->setBackgroundBrush(pal.color(QPalette::Base));
    c->setPlotAreaBackgroundVisible(false);
    c->legend()->setLabelColor(pal.color(QPalette::Text));
    QColor grid = pal.color(QPalette::Text);
    grid.setAlphaF(0.12);
    for (QValueAxis* axis : { m_axisX, m_axisMs, m_axisElu }) {
        axis->setLabelsColor(pal.color(QPalette::Text));
        axis->setTitleBrush(pal.color(QPalette::Text));
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    m_axisElu->setGridLineVisible(false);
    setBackgroundBrush(pal.color(QPalette::Base));
}

void LatencyChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
}

void LatencyChart::onReset()
{
    m_buckets.clear();
    m_bands.clear();
    m_phasesUntilNs = 0;
    m_worstDelayMs = -1;
    m_dirty = true;
    refresh();
}

LatencyChart::Bucket& LatencyChart::bucketAt(std::int64_t timeNs)
{
    return m_buckets[std::max<std::int64_t>(0, timeNs) / WindowNs];
}

const LatencyChart::Bucket& LatencyChart::bucketOrEmpty(std::int64_t index) const
{
    static const Bucket empty;
    const auto found = m_buckets.find(index);
    return found == m_buckets.end() ? empty : found->second;
}

void LatencyChart::spread(std::int64_t startNs, std::int64_t endNs, double weight, double Bucket::*field)
{
    if (endNs <= 0)
        return;
    // The chart shows VisibleNs before its clock, which never stands before the end of a recorded span:
    // the older part of a long span would only cost memory and time, up to the whole duration it claims.
    startNs = std::max({ std::int64_t(0), startNs, endNs - VisibleNs - WindowNs });
    while (startNs < endNs) {
        const std::int64_t bucketEnd = (startNs / WindowNs + 1) * WindowNs;
        const std::int64_t end = std::min(endNs, bucketEnd);
        bucketAt(startNs).*field += double(end - startNs) * weight;
        startNs = end;
    }
}

void LatencyChart::addBand(Band band)
{
    // Merge with every band it touches: slices of one storm, or a callback and the ticks nested in it.
    auto first = std::lower_bound(m_bands.begin(), m_bands.end(), band.startNs - BandGapNs,
        [](const Band& b, std::int64_t t) { return b.endNs < t; });
    auto last = first;
    while (last != m_bands.end() && last->startNs <= band.endNs + BandGapNs)
        ++last;
    for (auto it = first; it != last; ++it) {
        const bool sameLabel = it->label == band.label;
        const bool keepTheirs
            = !sameLabel && (band.main || (!it->main && it->endNs - it->startNs > band.endNs - band.startNs));
        band.startNs = std::min(band.startNs, it->startNs);
        band.endNs = std::max(band.endNs, it->endNs);
        if (sameLabel) {
            band.count += it->count;
        } else if (keepTheirs) {
            band.label = it->label;
            band.count = it->count;
            band.main = it->main;
        }
    }
    const auto at = m_bands.erase(first, last);
    m_bands.insert(at, std::move(band));
}

void LatencyChart::onAdvanced(int logIndex, std::size_t from, std::size_t to)
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    const loopscope::EventLog* followed = m_feed ? m_feed->log(logIndex) : nullptr;
    if (!followed)
        return;
    const loopscope::EventLog& log = *followed;
    for (std::size_t i = from; i < to; ++i) {
        const Record& r = log[i];
        switch (r.type) {
        case RecordType::Latency:
            if (r.latency.loopDelayMs >= 0) {
                bucketAt(r.startNs).delays.push_back(float(r.latency.loopDelayMs));
                m_worstDelayMs = std::max(m_worstDelayMs, r.latency.loopDelayMs);
            }
            if (r.latency.utilization >= 0) {
                Bucket& bucket = bucketAt(r.startNs);
                bucket.utilizationSum += r.latency.utilization;
                ++bucket.utilizationCount;
            }
            if (r.latency.healthMs == loopscope::HealthProbeFailed) {
                ++bucketAt(r.startNs).healthFailures;
            } else if (r.latency.healthMs >= 0) {
                Bucket& bucket = bucketAt(r.startNs);
                bucket.healthMs = std::max(bucket.healthMs, r.latency.healthMs);
            }
            break;
        case RecordType::Phase: {
            if (r.thread != MainThread)
                break;
            const std::int64_t endNs = spanEndNs(r);
            if (Phase(r.sub) == Phase::Poll)
                spread(r.startNs, endNs, 1.0, &Bucket::pollNs);
            m_phasesUntilNs = std::max(m_phasesUntilNs, endNs);
            break;
        }
        case RecordType::Callback: {
            if (r.thread != MainThread)
                break;
            const CallbackKind kind = CallbackKind(r.sub);
            const std::int64_t endNs = spanEndNs(r);
            // I/O and work-done callbacks run inside poll: that time is busy, not waiting.
            if ((kind == CallbackKind::Io || kind == CallbackKind::Work) && r.span.durNs > 0)
                spread(r.startNs, endNs, double(r.span.busyNs) / double(r.span.durNs), &Bucket::pollWorkNs);
            m_phasesUntilNs = std::max(m_phasesUntilNs, endNs);
            // Candidates for bands: anything that held the loop for a while, alone or as a run. The
            // recorder cuts a storm into many short runs; touching candidates merge into one stretch.
            if (r.span.durNs >= BandCandidateNs && r.label < recording->strings.size()) {
                Band band;
                band.startNs = r.startNs;
                band.endNs = endNs;
                band.label = QString::fromStdString(recording->strings.at(r.label));
                band.count = r.span.count;
                band.main = kind == CallbackKind::Main;
                addBand(std::move(band));
            }
            break;
        }
        default:
            break;
        }
    }
    // Stretches that stopped growing without reaching a band's length are dropped.
    const std::int64_t settled = m_feed->lastEndNs() - BandSettledNs;
    m_bands.erase(
        std::remove_if(m_bands.begin(), m_bands.end(),
            [settled](const Band& band) { return band.endNs < settled && band.endNs - band.startNs < LongCallbackNs; }),
        m_bands.end());
    m_dirty = true;
}

void LatencyChart::onTicked()
{
    const bool moving = m_feed && m_feed->live() && !m_feed->finished();
    if ((!m_dirty && !moving) || m_sinceRefresh.elapsed() < RefreshIntervalMs)
        return;
    refresh();
}

void LatencyChart::refresh()
{
    m_sinceRefresh.restart();
    ++m_refreshes;
    m_dirty = false;
    const std::int64_t now = m_feed ? m_feed->nowNs() : 0;
    const std::int64_t start = std::max<std::int64_t>(0, now - VisibleNs);
    // A young run fills the chart; once it is older than VisibleNs the chart slides.
    const std::int64_t end = std::max<std::int64_t>(now, 1'000'000'000);

    QList<QPointF> p99, max, health, healthFailed, elu;
    double top = 10;
    const std::int64_t firstBucket = start / WindowNs;
    // The bucket still filling is left out: its numbers would jump.
    const std::int64_t lastBucket = std::max<std::int64_t>(0, now) / WindowNs;
    std::vector<float> sorted;
    for (std::int64_t b = firstBucket; b < lastBucket; ++b) {
        const Bucket& bucket = bucketOrEmpty(b);
        const double x = (double(b) + 0.5) * double(WindowNs) / 1e9;
        if (!bucket.delays.empty()) {
            sorted = bucket.delays;
            const std::size_t rank = std::size_t(std::ceil(0.99 * double(sorted.size()))) - 1;
            std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(rank), sorted.end());
            const double p = sorted[rank];
            const double m = *std::max_element(bucket.delays.begin(), bucket.delays.end());
            p99.append(QPointF(x, p));
            max.append(QPointF(x, m));
            top = std::max(top, m);
        }
        if (bucket.healthMs >= 0) {
            health.append(QPointF(x, bucket.healthMs));
            top = std::max(top, bucket.healthMs);
        }
        if (bucket.healthFailures > 0)
            healthFailed.append(QPointF(x, 0));
        const std::int64_t bucketEnd = (b + 1) * WindowNs;
        if (bucket.utilizationCount > 0) {
            elu.append(QPointF(x, std::clamp(100.0 * bucket.utilizationSum / bucket.utilizationCount, 0.0, 100.0)));
        } else if (bucketEnd <= m_phasesUntilNs) {
            // No sample from the engine (the loop is too busy to run its delay timer): derive it from the phases.
            const double idle = std::max(0.0, bucket.pollNs - bucket.pollWorkNs);
            elu.append(QPointF(x, std::clamp(100.0 * (1.0 - idle / double(WindowNs)), 0.0, 100.0)));
        }
    }
    m_p99->replace(p99);
    m_max->replace(max);
    const double axisTop = niceCeiling(top * 1.1);
    for (QPointF& failure : healthFailed)
        failure.setY(axisTop * FailureMarkerHeight);
    m_health->replace(health);
    m_healthFailed->replace(healthFailed);
    m_elu->replace(elu);
    m_axisX->setRange(double(start) / 1e9, double(end) / 1e9);
    m_axisX->setTickInterval(roundStep(double(end - start) / 1e9 / 8));
    m_axisX->setLabelFormat(m_axisX->tickInterval() < 1 ? QStringLiteral("%.1f") : QStringLiteral("%.0f"));
    m_axisMs->setRange(0, axisTop);
    viewport()->update();
}

void LatencyChart::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    // A callback still running is a band too, growing with the stall, before any sample can tell of it.
    std::vector<Band> bands;
    const loopscope::LiveState* live = m_feed ? m_feed->live() : nullptr;
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (live && recording && live->inCallback.load(std::memory_order_relaxed)
        && !live->finished.load(std::memory_order_relaxed)) {
        Band running;
        running.startNs = live->callbackStartNs.load(std::memory_order_relaxed);
        running.endNs = m_feed->nowNs();
        const std::uint32_t label = live->callbackLabel.load(std::memory_order_relaxed);
        if (running.endNs - running.startNs >= LongCallbackNs && label < recording->strings.size()) {
            running.label = tr("%1 · blocking the loop for %2 s")
                                .arg(QString::fromStdString(recording->strings.at(label)))
                                .arg(double(running.endNs - running.startNs) / 1e9, 0, 'f', 1);
            running.count = 1;
            bands.push_back(std::move(running));
        }
    }
    if (m_bands.empty() && bands.empty())
        return;
    const QRectF plot = chart()->plotArea();
    const double xMin = m_axisX->min();
    const double xMax = m_axisX->max();
    if (xMax <= xMin)
        return;
    painter->save();
    painter->setClipRect(plot);
    QColor fill = PhaseColors::blocked();
    fill.setAlphaF(0.14);
    QColor edge = PhaseColors::blocked();
    edge.setAlphaF(0.6);
    const QFontMetricsF fm(font());
    painter->setFont(font());
    auto toX = [&](std::int64_t ns) { return plot.left() + (double(ns) / 1e9 - xMin) * plot.width() / (xMax - xMin); };
    int row = 0;
    bands.insert(bands.begin(), m_bands.begin(), m_bands.end());
    for (const Band& band : bands) {
        if (band.endNs - band.startNs < LongCallbackNs)
            continue;
        const double x0 = toX(band.startNs);
        const double x1 = std::max(x0 + 2, toX(band.endNs));
        if (x1 < plot.left() || x0 > plot.right())
            continue;
        painter->fillRect(QRectF(x0, plot.top(), x1 - x0, plot.height()), fill);
        painter->setPen(QPen(edge, 1));
        painter->drawLine(QPointF(x0, plot.top()), QPointF(x0, plot.bottom()));
        const QString label = band.count > 1 ? tr("%1 ×%L2").arg(band.label).arg(band.count) : band.label;
        const double available = std::max(x1 - x0, 90.0);
        // Labels of neighbouring narrow bands take turns on two lines.
        const double y = plot.top() + 2 + (row % 2) * (fm.height() + 1);
        painter->setPen(palette().color(QPalette::Text));
        painter->drawText(QRectF(x0 + 3, y, available - 6, fm.height()), Qt::AlignLeft | Qt::AlignTop,
            fm.elidedText(label, Qt::ElideRight, available - 6));
        row = x1 - x0 < 90 ? row + 1 : 0;
    }
    painter->restore();
}
