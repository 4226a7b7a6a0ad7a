// LatencyChart: what it draws over the plot (the bands of callbacks that held the loop, with their labels;
// the waiting probes' labels; a replay's playhead; the top of a peak the fixed scale cut), and how
// neighbouring bands merge into one.
#include "widgets/chart/latencychart.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "recording/recording.h"

#include <QChart>
#include <QLineSeries>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <utility>

namespace {

constexpr std::int64_t BandGapNs = 2'000'000; // bands closer than this are one

} // namespace

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
    // Each label goes on the first of a few lines where it clears the labels before it; where none has
    // room it is left out (the band stays, its tooltip on the timeline names it) rather than drawn over another.
    constexpr int LabelLines = 3;
    std::array<double, LabelLines> lineEnds;
    lineEnds.fill(-1e9);
    m_bandLabels.clear();
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
        QString label = band.count > 1 ? tr("%1 ×%L2").arg(band.label).arg(band.count) : band.label;
        // The main module runs before the delay monitor's first check, as in Node: no sample can show it.
        if (band.main)
            label = tr("%1 · before the loop: the delay monitor cannot see it").arg(label);
        const double available = std::max(x1 - x0, 90.0);
        const QString shown = fm.elidedText(label, Qt::ElideRight, available - 6);
        const QRectF box(x0 + 3, 0, fm.horizontalAdvance(shown), fm.height());
        const auto line = std::find_if(lineEnds.begin(), lineEnds.end(), [&](double end) { return end <= box.left(); });
        if (line == lineEnds.end())
            continue;
        *line = box.right() + fm.averageCharWidth();
        const QRectF placed = box.translated(0, plot.top() + 2 + double(line - lineEnds.begin()) * (fm.height() + 1));
        painter->setPen(palette().color(QPalette::Text));
        painter->drawText(placed, Qt::AlignLeft | Qt::AlignTop, shown);
        m_bandLabels.push_back(placed);
    }

    // Labels on a patch of the background, so they read over bands and grid alike.
    QColor patch = palette().color(QPalette::Base);
    patch.setAlphaF(0.85);
    auto drawLabel = [&](const QRectF& box, const QString& text, const QColor& color) {
        painter->fillRect(box.adjusted(-2, 0, 2, 0), patch);
        painter->setPen(color);
        painter->drawText(box, Qt::AlignCenter, text);
    };
    // A waiting probe is labelled at the top right of its box, just above it. Two boxes of about the same
    // height stack their labels upwards, so that neither label covers the other box's top edge.
    const QStringList labels = waitingLabels();
    double lowestTop = plot.bottom();
    int labelIndex = 0;
    for (const auto& [waitingNs, series] :
        { std::pair { m_delayWaitingNs, m_delayWaiting }, std::pair { m_healthWaitingNs, m_healthWaiting } }) {
        if (waitingNs <= 0 || series->count() < 3)
            continue;
        const QString& text = labels.at(labelIndex++);
        const QPointF corner = chart()->mapToPosition(series->at(2), series);
        const double width = fm.horizontalAdvance(text) + 4;
        double top = std::min(corner.y(), lowestTop) - fm.height() - 2;
        if (top < plot.top() + 2)
            top = std::max(plot.top() + 2, std::min(corner.y(), lowestTop) + 2);
        const QRectF box(std::max(plot.left() + 2, corner.x() - width - 4), top, width, fm.height());
        drawLabel(box, text, series->pen().color());
        lowestTop = std::min(lowestTop, box.top());
    }
    // The playhead of a replay: the moment the circle, queues and pool show.
    if (const std::optional<std::int64_t> playhead = m_feed ? m_feed->playhead() : std::nullopt) {
        const double x = toX(*playhead);
        painter->setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
    // The fixed scale cuts what is taller than its top; the top says how tall it was.
    if (m_cutPeak.y() >= 0) {
        const QString text = tr("▲ %1 ms").arg(LatencyMapping::formatMs(m_cutPeak.y()));
        const double width = fm.horizontalAdvance(text) + 4;
        const double x = toX(std::int64_t(m_cutPeak.x() * 1e9));
        const QRectF box(
            std::clamp(x - width / 2, plot.left() + 2, plot.right() - width - 2), plot.top() + 2, width, fm.height());
        drawLabel(box, text, m_delay->pen().color());
    }
    painter->restore();
}
