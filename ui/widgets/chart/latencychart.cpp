#include "widgets/chart/latencychart.h"

#include "widgets/window/language.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/timelineindex.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <utility>

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Phase;
using loopscope::Record;
using loopscope::RecordType;

namespace {

constexpr qint64 RefreshIntervalMs = 33;
constexpr std::int64_t BandCandidateNs = 500'000;
constexpr std::int64_t BandSettledNs = 200'000'000; // a stretch this old can no longer grow
constexpr double FailureMarkerHeight = 0.95; // failed probes sit this high on the ms axis, apart from any latency
constexpr qreal FailureMarkerSize = 9;
constexpr double PixelsPerStep = 2; // runs of short samples merge into steps about this wide
constexpr double MinPlotWidth = 100; // the plot's width before the chart has laid it out
constexpr int DefaultResolutionMs = 10;

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

// The outline of a box from `startNs` to `endNs`, `height` tall, standing on `floor`.
QList<QPointF> box(std::int64_t startNs, std::int64_t endNs, double height, double floor)
{
    const double x0 = double(startNs) / 1e9;
    const double x1 = double(endNs) / 1e9;
    const double top = std::max(height, floor);
    return { QPointF(x0, floor), QPointF(x0, top), QPointF(x1, top), QPointF(x1, floor) };
}

} // namespace

LatencyChart::LatencyChart(LiveFeed* feed, QWidget* parent)
    : QChartView(parent)
    , m_feed(feed)
{
    setRenderHint(QPainter::Antialiasing);
    // Small enough that the window still fits a 1280x720 screen with the chart docked below the wheel.
    setMinimumSize(300, 160);
    // The view made a chart of its own; replacing it would only release it, not delete it.
    QChart* chart = this->chart();
    chart->setBackgroundRoundness(0);
    chart->legend()->hide();

    auto makeSeries = [&](const QColor& color, qreal width, Qt::PenStyle style) {
        auto* series = new QLineSeries; // the chart owns series and axes
        QPen pen(color, width, style);
        pen.setCosmetic(true);
        series->setPen(pen);
        series->setUseOpenGL(false);
        chart->addSeries(series);
        return series;
    };
    m_ghost = makeSeries(Qt::gray, 1.5, Qt::SolidLine);
    m_elu = makeSeries(PhaseColors::phase(Phase::Check), 1.2, Qt::DotLine);
    // The /health line over the delay's, narrower: where the two agree (a request waits as long as the loop
    // is blocked) both show, the delay as the /health line's border.
    m_delay = makeSeries(PhaseColors::blocked(), 3, Qt::SolidLine);
    m_health = makeSeries(PhaseColors::phase(Phase::Poll), 1.6, Qt::SolidLine);
    m_delayWaiting = makeSeries(PhaseColors::blocked(), 1.5, Qt::DashLine);
    m_healthWaiting = makeSeries(PhaseColors::phase(Phase::Poll), 1.5, Qt::DashLine);
    m_healthFailed = new QScatterSeries;
    m_healthFailed->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    m_healthFailed->setMarkerSize(FailureMarkerSize);
    m_healthFailed->setColor(PhaseColors::blocked());
    m_healthFailed->setBorderColor(PhaseColors::blocked());
    chart->addSeries(m_healthFailed);
    m_axisX = new QValueAxis;
    m_axisX->setLabelFormat(QStringLiteral("%.0f s"));
    m_axisX->setTickType(QValueAxis::TicksDynamic);
    m_axisX->setTickAnchor(0);
    m_axisX->setTickInterval(1);
    m_axisMs = new QValueAxis;
    m_axisMs->setLabelFormat(labelFormatFor(1));
    m_axisMs->setTickType(QValueAxis::TicksDynamic);
    m_axisMs->setTickAnchor(0);
    m_axisLog = new QLogValueAxis(this); // kept by the view while the chart shows the linear axis
    m_axisLog->setLabelFormat(labelFormatFor(1));
    m_axisLog->setBase(10);
    m_axisLog->setMinorTickCount(-1);
    m_axisElu = new QValueAxis;
    m_axisElu->setRange(0, 100);
    m_axisElu->setLabelFormat(QStringLiteral("%.0f"));
    m_axisElu->setTickCount(5);
    chart->addAxis(m_axisX, Qt::AlignBottom);
    chart->addAxis(m_axisMs, Qt::AlignLeft);
    chart->addAxis(m_axisElu, Qt::AlignRight);
    for (QXYSeries* series : std::initializer_list<QXYSeries*> {
             m_ghost, m_health, m_delay, m_delayWaiting, m_healthWaiting, m_healthFailed }) {
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisMs);
    }
    m_elu->attachAxis(m_axisX);
    m_elu->attachAxis(m_axisElu);

    loadSettings();
    buildControls();
    m_resolutionMs = DefaultResolutionMs;
    Language::follow(this, [this] { setTexts(); });
    applyPalette();

    m_clock = [this] {
        LiveClock clock;
        if (m_feed) {
            clock.live = m_feed->live();
            clock.nowNs = m_feed->nowNs();
            clock.finished = m_feed->finished();
        }
        return clock;
    };
    // Runs of samples merge by the pixel; a plot that changes width needs them merged anew.
    connect(chart, &QChart::plotAreaChanged, this, [this](const QRectF& area) {
        if (std::abs(std::max(MinPlotWidth, area.width()) - m_plotWidth) > 1)
            m_dirty = true;
        fitAxisTitles();
    });
    if (m_feed) {
        connect(m_feed, &LiveFeed::reset, this, &LatencyChart::onReset);
        connect(m_feed, &LiveFeed::advanced, this, &LatencyChart::onAdvanced);
        connect(m_feed, &LiveFeed::ticked, this, &LatencyChart::onTicked);
        connect(m_feed, &LiveFeed::playheadMoved, this, [this] {
            // A playhead taken out of the stretch shown takes the chart with it, at the next tick.
            if (rangeFor(m_clock ? m_clock().nowNs : 0) != m_shown)
                m_dirty = true;
            viewport()->update();
        });
    }
    m_sinceRefresh.start();
    onReset();
}

LatencyChart::~LatencyChart() = default;

void LatencyChart::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    layoutTopRow();
    fitAxisTitles();
}

// The right axis's title runs along the plot's height: where that is too short for it (a short dock,
// large text) it says only "%", which its numbers and the legend's "busy" explain, rather than be cut.
void LatencyChart::fitAxisTitles()
{
    const QString full = tr("utilisation %");
    // The title runs along the plot area (before the chart is laid out, what the view leaves of its height).
    const QRectF plot = chart()->plotArea();
    const int room = plot.height() > 0
        ? int(plot.height())
        : height() - (m_controls ? m_controls->height() : 0) - 3 * fontMetrics().height();
    // Qt Charts leaves the title less than the plot's height: about a line's worth of padding.
    const QFontMetrics titleMetrics(m_axisElu->titleFont());
    const int needed = titleMetrics.horizontalAdvance(full) + titleMetrics.height();
    m_axisElu->setTitleText(needed <= room ? full : QStringLiteral("%"));
}

void LatencyChart::setLiveClock(std::function<LiveClock()> clock)
{
    m_clock = std::move(clock);
    refresh();
}

QStringList LatencyChart::waitingLabels() const
{
    QStringList labels;
    if (m_delayWaitingNs > 0)
        labels.append(tr("probe waiting %1 ms").arg(LatencyMapping::formatMs(double(m_delayWaitingNs) / 1e6)));
    if (m_healthWaitingNs > 0)
        labels.append(tr("/health waiting %1 ms").arg(LatencyMapping::formatMs(double(m_healthWaitingNs) / 1e6)));
    return labels;
}

QAbstractAxis* LatencyChart::msAxis() const
{
    if (m_range.log)
        return m_axisLog;
    return m_axisMs;
}

void LatencyChart::retitle(int resolutionMs)
{
    if (resolutionMs == m_resolutionMs)
        return;
    m_resolutionMs = resolutionMs;
    setTexts(); // the delay line is named by the resolution
}

void LatencyChart::setTexts()
{
    // The axes' numbers as the language writes them (0,2 s in Spanish), as every other number in the window.
    chart()->setLocalizeNumbers(true);
    chart()->setLocale(QLocale());
    setAccessibleName(tr("Latency chart"));
    setToolTip(tr("<p><b>Loop delay</b>: how much later than planned the loop got to a check that should run "
                  "every 10 ms, that is, how long callbacks kept it busy. Node's monitorEventLoopDelay histogram "
                  "records the raw time between two checks, about 10 ms on an idle loop; subtract the resolution "
                  "to get the delay meant here. Each sample is drawn over the time it measures, so a 300 ms block "
                  "is a step 300 ms wide and 300 ms tall.</p>"
                  "<p><b>/health</b>: how long the built-in HTTP server took to answer a probe; it can only answer "
                  "when the loop is free. A red diamond is a probe that got no answer.</p>"
                  "<p>While the loop is blocked, a dashed box grows: a probe still waiting for its turn.</p>"
                  "<p><b>Utilisation</b> (right axis): the share of time the loop ran code instead of waiting in "
                  "poll.</p><p>Shaded bands mark callbacks that held the loop for more than 20 ms.</p>"));

    m_ghost->setName(tr("previous run"));
    m_elu->setName(tr("utilisation %"));
    m_health->setName(tr("/health response"));
    m_delay->setName(tr("loop delay beyond %1 ms").arg(m_resolutionMs));
    m_delayWaiting->setName(tr("probe waiting"));
    m_healthWaiting->setName(tr("/health waiting"));
    m_healthFailed->setName(tr("/health failed"));
    m_axisMs->setTitleText(tr("ms"));
    m_axisLog->setTitleText(tr("ms (log)"));
    setControlTexts();
    updateLegend();
    fitAxisTitles();
}

void LatencyChart::applyPalette()
{
    const QPalette pal = palette();
    QChart* c = chart();
    c->setBackgroundBrush(pal.color(QPalette::Base));
    c->setPlotAreaBackgroundVisible(false);
    QColor grid = pal.color(QPalette::Text);
    grid.setAlphaF(0.12);
    for (QAbstractAxis* axis : std::initializer_list<QAbstractAxis*> { m_axisX, m_axisMs, m_axisLog, m_axisElu }) {
        axis->setLabelsColor(pal.color(QPalette::Text));
        axis->setTitleBrush(pal.color(QPalette::Text));
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
    m_axisElu->setGridLineVisible(false);
    QColor minorGrid = grid;
    minorGrid.setAlphaF(0.05);
    m_axisLog->setMinorGridLineColor(minorGrid);
    // The ghost is a faint trace of the text colour, so it reads as "not now" on either theme.
    QColor ghost = pal.color(QPalette::Text);
    ghost.setAlphaF(0.35);
    QPen ghostPen = m_ghost->pen();
    ghostPen.setColor(ghost);
    m_ghost->setPen(ghostPen);
    setBackgroundBrush(pal.color(QPalette::Base));
    if (m_legend)
        updateLegend();
}

void LatencyChart::changeEvent(QEvent* event)
{
    QChartView::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    // Larger text (a projector, presentation mode): the legend's names and the axis title may no longer
    // fit in full.
    if (event->type() == QEvent::FontChange && m_legend) {
        updateLegend();
        fitAxisTitles();
    }
}

void LatencyChart::onReset()
{
    // The run that ends becomes the ghost, unless it had no delay to show (a detach between two runs).
    if (m_keepGhost) {
        if (std::vector<LatencyStep> steps = m_history.delaysPerWindow(); !steps.empty())
            m_ghostSteps = std::move(steps);
    }
    m_history.clear();
    m_bands.clear();
    m_worstDelayMs = -1;
    m_healthIntervalNs = -1;
    m_lastHealthSentNs = -1;
    m_dirty = true;
    refresh();
}

std::pair<std::int64_t, std::int64_t> LatencyChart::rangeFor(std::int64_t nowNs) const
{
    // A young run fills the chart; once it is older than VisibleNs the chart slides.
    const std::optional<std::int64_t> playhead = m_feed ? m_feed->playhead() : std::nullopt;
    if (!playhead)
        return { std::max<std::int64_t>(0, nowNs - VisibleNs), std::max<std::int64_t>(nowNs, 1'000'000'000) };
    // A replay shows the whole run, or the VisibleNs of a longer one around the playhead: in the middle,
    // but for the run's first and last half of VisibleNs. Either way what comes after the playhead shows
    // too, to be scrubbed to.
    const std::int64_t runEndNs = std::max(m_feed->lastEndNs(), *playhead);
    if (runEndNs <= VisibleNs)
        return { 0, std::max<std::int64_t>(runEndNs, 1'000'000'000) };
    const std::int64_t start = std::clamp<std::int64_t>(*playhead - VisibleNs / 2, 0, runEndNs - VisibleNs);
    return { start, start + VisibleNs };
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
        case RecordType::Latency: {
            const loopscope::LatencyFields& latency = r.latency;
            if (const auto step = LatencyMapping::delayStep(r.startNs, latency.loopDelayMs, latency.histogramMs)) {
                m_history.add(LatencyHistory::Series::Delay, r.startNs, *step);
                m_worstDelayMs = std::max(m_worstDelayMs, step->value);
                // The resolution is what the histogram holds beyond the delay; a delay of 0 may be clamped.
                if (latency.loopDelayMs > 0 && latency.histogramMs > latency.loopDelayMs)
                    retitle(int(std::lround(latency.histogramMs - latency.loopDelayMs)));
            }
            if (const auto step = LatencyMapping::utilisationStep(r.startNs, latency.utilization, latency.histogramMs))
                m_history.add(LatencyHistory::Series::Utilisation, r.startNs, *step);
            if (latency.healthMs == loopscope::HealthProbeFailed) {
                m_history.addFailure(r.startNs);
            } else if (const auto step = LatencyMapping::healthStep(r.startNs, latency.healthMs)) {
                m_history.add(LatencyHistory::Series::Health, r.startNs, *step);
                // The prober sends on a timer; the shortest gap between two requests is its interval.
                if (m_lastHealthSentNs >= 0 && step->startNs > m_lastHealthSentNs) {
                    const std::int64_t gap = step->startNs - m_lastHealthSentNs;
                    m_healthIntervalNs = m_healthIntervalNs < 0 ? gap : std::min(m_healthIntervalNs, gap);
                }
                m_lastHealthSentNs = step->startNs;
            }
            break;
        }
        case RecordType::Callback: {
            if (r.thread != MainThread)
                break;
            const CallbackKind kind = loopscope::callbackKindOf(r);
            const std::int64_t endNs = spanEndNs(r);
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

void LatencyChart::applyRange(const LatencyAxis& range)
{
    QChart* chart = this->chart();
    if (range.log != m_range.log) {
        QAbstractAxis* from = m_range.log ? static_cast<QAbstractAxis*>(m_axisLog) : m_axisMs;
        QAbstractAxis* to = range.log ? static_cast<QAbstractAxis*>(m_axisLog) : m_axisMs;
        // Removing an axis hands it back; the view keeps it for the next switch.
        chart->removeAxis(from);
        from->setParent(this);
        chart->addAxis(to, Qt::AlignLeft);
        for (QXYSeries* series : std::initializer_list<QXYSeries*> {
                 m_ghost, m_health, m_delay, m_delayWaiting, m_healthWaiting, m_healthFailed })
            series->attachAxis(to);
    }
    m_range = range;
    if (range.log) {
        m_axisLog->setRange(range.min, range.max);
        // Decades below 1 ms need their decimals (0,1 and 0,01 in Spanish: the labels are localised, and
        // a localised label needs a precision).
        m_axisLog->setLabelFormat(labelFormatFor(range.min));
        return;
    }
    m_axisMs->setRange(range.min, range.max);
    // Round steps from 0, about five of them: 0, 100, 200 rather than 0, 125, 250.
    const double step = roundStep((range.max - range.min) / 5);
    m_axisMs->setTickInterval(step);
    m_axisMs->setLabelFormat(labelFormatFor(step));
}

// A label format with as many decimals as `smallest` needs to show (a localised label needs a precision).
QString LatencyChart::labelFormatFor(double smallest)
{
    const int decimals = smallest >= 1 || smallest <= 0 ? 0 : std::min(3, int(std::ceil(-std::log10(smallest))));
    return QStringLiteral("%.%1f").arg(decimals);
}

void LatencyChart::refresh()
{
    m_sinceRefresh.restart();
    m_dirty = false;
    const LiveClock clock = m_clock ? m_clock() : LiveClock();
    const std::int64_t now = clock.nowNs;
    m_shown = rangeFor(now);
    const auto [start, end] = m_shown;
    m_plotWidth = std::max(MinPlotWidth, chart()->plotArea().width());
    const auto binNs
        = std::max<std::int64_t>(1'000'000, std::int64_t(double(end - start) * PixelsPerStep / m_plotWidth));

    // Windows that slid out of the live run's view are merged, a step per window and series: a long run
    // costs that much and no more, and a replay can still show them.
    m_history.compactBefore(std::max<std::int64_t>(0, now - VisibleNs) - WindowNs);
    LatencyHistory::Samples samples = m_history.between(start, end);
    std::vector<LatencyStep>& delays = samples.delays;
    std::vector<LatencyStep>& health = samples.health;
    std::vector<LatencyStep>& utilisation = samples.utilisation;
    QList<QPointF> failures;
    for (std::int64_t at : samples.failures)
        failures.append(QPointF(double(at) / 1e9, 0));
    double peak = 0;
    LatencyStep tallest { 0, 0, -1 };
    for (const std::vector<LatencyStep>* steps : { &delays, &health }) {
        for (const LatencyStep& step : *steps) {
            if (step.value > tallest.value)
                tallest = step;
        }
    }
    peak = std::max(0.0, tallest.value);

    // A probe that waits for a blocked loop is drawn while it waits: the step it will become, growing.
    m_delayWaitingNs = -1;
    m_healthWaitingNs = -1;
    if (clock.live && !clock.finished) {
        const loopscope::LiveState& live = *clock.live;
        m_delayCheckNs = live.delayCheckNs.load(std::memory_order_relaxed);
        m_delayWaitingNs = LatencyMapping::delayWaitingNs(now, m_delayCheckNs,
            live.delayResolutionMs.load(std::memory_order_relaxed), LatencyMapping::WaitingSlackNs);
        m_healthSentNs = live.healthSentNs.load(std::memory_order_relaxed);
        m_healthWaitingNs = LatencyMapping::healthWaitingNs(
            now, m_healthSentNs, m_healthIntervalNs > 0 ? m_healthIntervalNs : LatencyMapping::DefaultHealthIntervalNs);
        if (live.delayResolutionMs.load(std::memory_order_relaxed) > 0)
            retitle(live.delayResolutionMs.load(std::memory_order_relaxed));
    }
    for (std::int64_t waiting : { m_delayWaitingNs, m_healthWaitingNs })
        peak = std::max(peak, double(waiting) / 1e6);

    std::vector<LatencyStep> ghost;
    if (m_keepGhost) {
        auto first = std::lower_bound(m_ghostSteps.begin(), m_ghostSteps.end(), start,
            [](const LatencyStep& step, std::int64_t t) { return step.endNs < t; });
        for (; first != m_ghostSteps.end() && first->startNs <= end; ++first) {
            LatencyStep step = *first;
            step.startNs = std::max(step.startNs, start);
            step.endNs = std::min(step.endNs, end);
            ghost.push_back(step);
            peak = std::max(peak, step.value);
        }
    }

    const LatencyAxis range = LatencyMapping::axis(m_scale, peak, m_fixedTopMs);
    m_cutPeak = tallest.value > range.max ? QPointF(double(tallest.startNs + tallest.endNs) / 2e9, tallest.value)
                                          : QPointF(0, -1);
    const double floor = range.log ? range.min : 0;
    using Merge = LatencyMapping::Merge;
    m_delay->replace(LatencyMapping::outline(LatencyMapping::merged(delays, binNs, Merge::Max), floor, binNs));
    m_health->replace(LatencyMapping::outline(LatencyMapping::merged(health, binNs, Merge::Max), floor, binNs));
    m_elu->replace(LatencyMapping::outline(LatencyMapping::merged(utilisation, binNs, Merge::Mean), 0, binNs));
    m_ghost->replace(LatencyMapping::outline(LatencyMapping::merged(ghost, binNs, Merge::Max), floor, binNs));
    m_delayWaiting->replace(
        m_delayWaitingNs > 0 ? box(m_delayCheckNs, now, double(m_delayWaitingNs) / 1e6, floor) : QList<QPointF>());
    m_healthWaiting->replace(
        m_healthWaitingNs > 0 ? box(m_healthSentNs, now, double(m_healthWaitingNs) / 1e6, floor) : QList<QPointF>());
    const double failureY = LatencyMapping::valueAt(range, FailureMarkerHeight);
    for (QPointF& failure : failures)
        failure.setY(failureY);
    m_healthFailed->replace(failures);
    const bool ghostShown = m_keepGhost && !m_ghostSteps.empty();
    if (ghostShown != m_ghost->isVisible()) {
        m_ghost->setVisible(ghostShown);
        updateLegend();
    }

    m_axisX->setRange(double(start) / 1e9, double(end) / 1e9);
    m_axisX->setTickInterval(roundStep(double(end - start) / 1e9 / 8));
    m_axisX->setLabelFormat(m_axisX->tickInterval() < 1 ? QStringLiteral("%.1f s") : QStringLiteral("%.0f s"));
    applyRange(range);
    viewport()->update();
}

// In a replay, or a run paused or ended, a press or drag on the plot moves the playhead there.
bool LatencyChart::scrubTo(const QPointF& pos)
{
    const QRectF plot = chart()->plotArea();
    if (!m_feed || !m_feed->canReplay() || !plot.contains(pos) || m_axisX->max() <= m_axisX->min())
        return false;
    const double seconds = m_axisX->min() + (pos.x() - plot.left()) * (m_axisX->max() - m_axisX->min()) / plot.width();
    m_feed->setPlayhead(std::int64_t(seconds * 1e9));
    viewport()->update();
    return true;
}

void LatencyChart::mousePressEvent(QMouseEvent* event)
{
    m_scrubbing = event->button() == Qt::LeftButton && scrubTo(event->position());
    if (!m_scrubbing)
        QChartView::mousePressEvent(event);
}

void LatencyChart::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_scrubbing || !scrubTo(event->position()))
        QChartView::mouseMoveEvent(event);
}

void LatencyChart::mouseReleaseEvent(QMouseEvent* event)
{
    if (!std::exchange(m_scrubbing, false))
        QChartView::mouseReleaseEvent(event);
}
