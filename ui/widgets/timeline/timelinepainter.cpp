#include "widgets/timeline/timelinepainter.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/timelinetexts.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "widgets/timeline/timelineview.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Phase;
using loopscope::Record;
using RowKind = TimelineIndex::RowKind;

namespace {

QColor withAlpha(QColor color, double alpha)
{
    color.setAlphaF(alpha);
    return color;
}

QColor barColor(const TimelineIndex::Row& row, std::uint8_t sub)
{
    return row.kind == RowKind::Pool  ? PhaseColors::pool()
        : row.kind == RowKind::Phases ? PhaseColors::phase(Phase(sub))
                                      : PhaseColors::kind(CallbackKind(sub));
}

} // namespace

TimelinePainter::TimelinePainter(const TimelineView& view, QPainter& painter)
    : m_view(view)
    , m_painter(painter)
    , m_palette(view.palette())
    , m_metrics(view.font())
    , m_window(view.m_window)
    , m_left(view.plotLeft())
    , m_width(view.plotWidth())
    , m_grid(withAlpha(m_palette.color(QPalette::Text), 0.10))
    , m_faint(withAlpha(m_palette.color(QPalette::Text), 0.55))
{ }

void TimelinePainter::paint()
{
    m_painter.fillRect(m_view.rect(), m_palette.color(QPalette::Base));
    paintLanes();
    if (m_view.m_slotMode) {
        paintSlots();
        m_painter.setClipping(false);
        paintViewState();
        return;
    }
    paintRuler();
    paintBars();
    paintRunningCallback();
    paintHolds();
    paintSelection();
    paintMeasure();
    paintLiveEdge();
    m_painter.setClipping(false);
    paintViewState();
}

// Alternating backgrounds, the label column with a swatch of each row's colour, group headings.
void TimelinePainter::paintLanes()
{
    const double fullWidth = m_view.width();
    int lastGroup = -1;
    for (std::size_t i = 0; i < m_view.m_lanes.size(); ++i) {
        const TimelineView::Lane& lane = m_view.m_lanes[i];
        if (i % 2 == 1)
            m_painter.fillRect(QRectF(0, lane.top, fullWidth, lane.height), m_palette.color(QPalette::AlternateBase));
        if (lane.group != lastGroup) {
            lastGroup = lane.group;
            const QString heading = lane.group == 0 ? tr("MAIN LOOP")
                : lane.group == 1                   ? tr("THREAD POOL")
                                                    : tr("WORKER LOOP %1").arg(lane.group - 2);
            QFont bold = m_view.font();
            bold.setBold(true);
            m_painter.setFont(bold);
            m_painter.setPen(m_faint);
            const double headingTop = lane.top - std::ceil(m_metrics.height() + 4);
            m_painter.drawText(QRectF(8, headingTop, fullWidth - 16, m_metrics.height() + 4),
                Qt::AlignLeft | Qt::AlignVCenter, heading);
            m_painter.setPen(m_grid);
            m_painter.drawLine(QPointF(0, headingTop), QPointF(fullWidth, headingTop));
            m_painter.setFont(m_view.font());
        }
        const TimelineIndex::Row& row = m_view.m_index.rows()[std::size_t(lane.row)];
        const QColor swatch = row.kind == RowKind::Pool ? PhaseColors::pool()
            : row.kind == RowKind::Phases               ? QColor()
            : row.callbackKind >= 0                     ? PhaseColors::kind(CallbackKind(row.callbackKind))
                                                        : QColor();
        const double sw = std::round(m_metrics.height() * 0.6);
        const QRectF swatchRect(10, lane.top + (lane.height - sw) / 2, sw, sw);
        if (swatch.isValid()) {
            m_painter.fillRect(swatchRect, swatch);
        } else {
            // The phases row gets a little rainbow of the seven phase colours.
            for (int k = 0; k < loopscope::PhaseCount; ++k)
                m_painter.fillRect(QRectF(swatchRect.left() + k * sw / 7.0, swatchRect.top(), sw / 7.0 + 0.5, sw),
                    PhaseColors::phase(Phase(k)));
        }
        m_painter.setPen(m_palette.color(QPalette::Text));
        m_painter.drawText(QRectF(swatchRect.right() + 6, lane.top, m_left - swatchRect.right() - 10, lane.height),
            Qt::AlignLeft | Qt::AlignVCenter, m_view.rowName(lane.row));
    }
}

// The time axis, its grid lines, and a veil over the time before the run started.
void TimelinePainter::paintRuler()
{
    const double ruler = m_view.m_rulerHeight;
    const double height = m_view.height();
    m_painter.fillRect(QRectF(0, 0, m_view.width(), ruler), m_palette.color(QPalette::Window));
    const double minTickPixels = m_metrics.horizontalAdvance(QStringLiteral("00.000000 s")) + 16;
    const std::int64_t step = TimeMapping::tickStep(m_window.spanNs(), m_width, minTickPixels);
    std::int64_t tick = m_window.startNs <= 0 ? 0 : (m_window.startNs + step - 1) / step * step;
    m_painter.setClipRect(QRectF(m_left, 0, m_width, height));
    for (; tick <= m_window.endNs; tick += step) {
        const double x = std::round(TimeMapping::mapTimeToX(tick, m_window, m_left, m_width));
        m_painter.setPen(m_grid);
        m_painter.drawLine(QPointF(x, ruler), QPointF(x, height));
        m_painter.setPen(m_faint);
        m_painter.drawLine(QPointF(x, ruler - 5), QPointF(x, ruler));
        const QString label = TimelineTexts::tick(tick, step);
        if (x + 3 + m_metrics.horizontalAdvance(label) <= m_left + m_width)
            m_painter.drawText(QRectF(x + 3, 0, minTickPixels, ruler - 2), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    if (m_window.startNs < 0) {
        const double x0 = TimeMapping::mapTimeToX(0, m_window, m_left, m_width);
        m_painter.fillRect(QRectF(m_left, ruler, std::max(0.0, x0 - m_left), height),
            withAlpha(m_palette.color(QPalette::Window), 0.6));
    }
}

void TimelinePainter::drawLabel(const QString& text, double x0, double x1, double top, double height, const QColor& pen)
{
    const double from = std::max(x0, m_left) + 4;
    const double to = std::min(x1, m_left + m_width) - 4;
    if (to - from <= 8)
        return;
    m_painter.setPen(pen);
    m_painter.drawText(QRectF(from, top, to - from, height), Qt::AlignLeft | Qt::AlignVCenter,
        m_metrics.elidedText(text, Qt::ElideRight, to - from));
}

void TimelinePainter::paintBars()
{
    const double minText = m_metrics.horizontalAdvance(QStringLiteral("wwww"));
    const loopscope::Recording* recording = m_view.m_feed ? m_view.m_feed->recording() : nullptr;
    for (const TimelineView::Lane& lane : m_view.m_lanes) {
        m_view.m_index.visiblePieces(lane.row, m_window, m_left, m_width, m_view.m_pieces);
        const TimelineIndex::Row& row = m_view.m_index.rows()[std::size_t(lane.row)];
        const double top = lane.top + 2;
        const double height = lane.height - 4;
        for (const TimelineIndex::Piece& piece : m_view.m_pieces) {
            const TimelineSpan& span = *piece.span;
            const QColor color = barColor(row, span.sub);
            const double x0 = std::max(piece.x0, m_left - 2);
            const double x1 = std::min(std::max(piece.x1, piece.x0 + 1), m_left + m_width + 2);
            if (row.kind == RowKind::Phases && span.timed == 0) {
                // Passed, not timed: a thin tick in the lower part of the row.
                m_painter.fillRect(QRectF(x0, top + height * 0.55, 1, height * 0.45), color);
                continue;
            }
            const bool sleeping = row.kind == RowKind::Phases && Phase(span.sub) == Phase::Poll && piece.count == 1
                && piece.x1 - piece.x0 > 3;
            if (sleeping) {
                m_painter.fillRect(QRectF(x0, top, x1 - x0, height), withAlpha(color, 0.35));
                m_painter.fillRect(QRectF(x0, top + height - 2, x1 - x0, 2), color);
            } else if (row.kind == RowKind::Pool && piece.count == 1 && recording) {
                paintPoolJob((*recording->logs[span.log])[span.index], x0, x1, top, height, color);
            } else {
                m_painter.fillRect(QRectF(x0, top, x1 - x0, height), color);
            }
            if (row.kind == RowKind::Phases && piece.count == 1 && x1 - x0 >= minText && recording) {
                const Record& r = (*recording->logs[span.log])[span.index];
                QString text = QString::fromLatin1(loopscope::phaseName(Phase(span.sub)));
                if (Phase(span.sub) == Phase::Poll)
                    text = pollTimeoutMs(r) < 0 ? tr("poll · waiting for I/O")
                                                : tr("poll · timeout %L1 ms").arg(pollTimeoutMs(r));
                drawLabel(
                    text, x0, x1, top, height, sleeping ? m_palette.color(QPalette::Text) : PhaseColors::textOn(color));
            }
        }
        if (row.kind != RowKind::Phases && recording)
            paintBarLabels(lane.row, top, height);
    }
}

// One thread-pool job: its own bar, a gap from the next job on the thread, and the time it waited
// for a free thread as a lighter strip along the lane's foot before it.
void TimelinePainter::paintPoolJob(
    const Record& job, double x0, double x1, double top, double height, const QColor& color)
{
    if (job.span.busyNs > 0) {
        const double waitFrom
            = std::max(m_left - 2, TimeMapping::mapTimeToX(job.startNs - job.span.busyNs, m_window, m_left, m_width));
        if (x0 - waitFrom >= 1)
            m_painter.fillRect(
                QRectF(waitFrom, top + height - 3, x0 - waitFrom, 3), withAlpha(PhaseColors::waiting(), 0.8));
    }
    const double gap = x1 - x0 > 4 ? 1.5 : 0;
    m_painter.fillRect(QRectF(x0, top, x1 - x0 - gap, height), color);
}

// Callbacks: touching pieces with one label read as one bar, "label ×count", so a storm cut into
// many runs still says what it is and how many calls it made. Pool jobs are each their own.
void TimelinePainter::paintBarLabels(int laneRow, double top, double height)
{
    const double minText = m_metrics.horizontalAdvance(QStringLiteral("wwww"));
    const loopscope::Recording& recording = *m_view.m_feed->recording();
    const TimelineIndex::Row& row = m_view.m_index.rows()[std::size_t(laneRow)];
    const std::vector<TimelineIndex::Piece>& pieces = m_view.m_pieces;
    auto labelAt = [&recording](const TimelineIndex::Piece& piece) {
        return (*recording.logs[piece.span->log])[piece.span->index].label;
    };
    for (std::size_t k = 0; k < pieces.size();) {
        const TimelineIndex::Piece& head = pieces[k];
        const std::uint32_t label = labelAt(head);
        double x1 = head.x1;
        std::size_t spans = 0;
        std::size_t next = k;
        for (; next < pieces.size(); ++next) {
            const TimelineIndex::Piece& piece = pieces[next];
            const bool ownBar = row.kind == RowKind::Pool && piece.count == 1;
            if (next > k && (piece.x0 > x1 + 1.0 || labelAt(piece) != label || ownBar))
                break;
            x1 = std::max(x1, piece.x1);
            spans += piece.count;
        }
        if (x1 - head.x0 >= minText) {
            // Merged pieces show one label for many; the count is every call in the group's spans.
            const std::uint64_t calls = m_view.m_index.callsIn(laneRow, head.first, spans);
            QString text = m_view.labelOf(label);
            if (calls > 1)
                text = tr("%1 ×%L2").arg(text).arg(calls);
            drawLabel(text, head.x0, x1, top, height, PhaseColors::textOn(barColor(row, head.span->sub)));
        }
        k = next;
    }
}

// The callback running now is not recorded until it returns; a blocked loop still shows it, growing.
void TimelinePainter::paintRunningCallback()
{
    // At a playhead the callback's whole record is drawn already.
    const loopscope::LiveState* live = m_view.m_feed && !m_view.m_feed->playhead() ? m_view.m_feed->live() : nullptr;
    if (!live || !live->inCallback.load(std::memory_order_relaxed) || live->finished.load(std::memory_order_relaxed))
        return;
    const CallbackKind kind = CallbackKind(live->callbackKind.load(std::memory_order_relaxed));
    const std::int64_t started = live->callbackStartNs.load(std::memory_order_relaxed);
    const std::int64_t until = m_view.nowNs();
    const int row = m_view.m_index.rowOf(RowKind::Callbacks, MainThread, int(kind));
    for (const TimelineView::Lane& lane : m_view.m_lanes) {
        if (lane.row != row || until - started < TimeMapping::pixelsToDuration(2, m_window, m_width))
            continue;
        const double x0 = std::max(m_left, TimeMapping::mapTimeToX(started, m_window, m_left, m_width));
        const double x1 = TimeMapping::mapTimeToX(until, m_window, m_left, m_width);
        const QColor color = PhaseColors::kind(kind);
        const QRectF bar(x0, lane.top + 2, x1 - x0, lane.height - 4);
        m_painter.fillRect(bar, QBrush(color, Qt::BDiagPattern));
        m_painter.setPen(QPen(color, 1.5));
        m_painter.drawRect(bar);
        drawLabel(tr("%1 · running %2")
                      .arg(m_view.labelOf(live->callbackLabel.load(std::memory_order_relaxed)),
                          TimeMapping::formatDuration(until - started)),
            x0, x1, bar.top(), bar.height(), m_palette.color(QPalette::Text));
    }
}

// Where the user held the loop: a hatched grey mark across the rows. It has no width in the program's
// time, which leaves the hold out; how long it lasted is written beside it when there is room.
void TimelinePainter::paintHolds()
{
    const std::vector<TimelineIndex::Hold>& holds = m_view.m_index.holds();
    auto first = std::lower_bound(holds.begin(), holds.end(), m_window.startNs,
        [](const TimelineIndex::Hold& hold, std::int64_t at) { return hold.atNs < at; });
    const double top = m_view.m_rulerHeight;
    const double bottom = m_view.m_contentHeight;
    const QColor grey = withAlpha(m_palette.color(QPalette::Text), 0.45);
    double lastLabelEnd = -1;
    for (auto hold = first; hold != holds.end() && hold->atNs <= m_window.endNs; ++hold) {
        const double x = TimeMapping::mapTimeToX(hold->atNs, m_window, m_left, m_width);
        m_painter.fillRect(QRectF(x - 3, top, 6, bottom - top), QBrush(grey, Qt::BDiagPattern));
        m_painter.setPen(QPen(grey, 1));
        m_painter.drawLine(QPointF(x, top), QPointF(x, bottom));
        const QString label = tr("held %1").arg(TimeMapping::formatDuration(hold->heldNs));
        const double labelWidth = m_metrics.horizontalAdvance(label) + 6;
        if (x + 4 > lastLabelEnd && x + 4 + labelWidth < m_left + m_width) {
            m_painter.drawText(QRectF(x + 4, top, labelWidth, m_metrics.height()), Qt::AlignLeft | Qt::AlignTop, label);
            lastLabelEnd = x + 4 + labelWidth;
        }
    }
}

void TimelinePainter::paintSelection()
{
    if (!m_view.m_hasSelection)
        return;
    for (const TimelineView::Lane& lane : m_view.m_lanes) {
        if (lane.row != m_view.m_selectedRow)
            continue;
        const double x0 = TimeMapping::mapTimeToX(m_view.m_selected.startNs, m_window, m_left, m_width);
        const double x1 = std::max(x0 + 1, TimeMapping::mapTimeToX(m_view.m_selected.endNs, m_window, m_left, m_width));
        m_painter.setPen(QPen(m_palette.color(QPalette::Highlight), 2));
        m_painter.setBrush(Qt::NoBrush);
        m_painter.drawRect(QRectF(x0 - 1, lane.top, x1 - x0 + 2, lane.height));
    }
    paintFlow();
}

// From where the selected callback was queued to where it ran: a curve with an arrowhead.
void TimelinePainter::paintFlow()
{
    if (!m_view.m_flow)
        return;
    const TimelineView::Flow& flow = *m_view.m_flow;
    double fromY = -1, toY = -1;
    for (const TimelineView::Lane& lane : m_view.m_lanes) {
        if (lane.row == flow.fromRow)
            fromY = lane.top + lane.height / 2;
        if (lane.row == flow.toRow)
            toY = lane.top + lane.height / 2;
    }
    if (fromY < 0 || toY < 0)
        return;
    const QPointF from(TimeMapping::mapTimeToX(flow.fromNs, m_window, m_left, m_width), fromY);
    const QPointF to(TimeMapping::mapTimeToX(flow.toNs, m_window, m_left, m_width), toY);
    const double bend = std::max(24.0, std::abs(to.y() - from.y()) / 2);
    QPainterPath path(from);
    path.cubicTo(from + QPointF(0, from.y() <= to.y() ? bend : -bend), to - QPointF(bend, 0), to);
    QColor color = m_palette.color(QPalette::Text);
    color.setAlphaF(0.75);
    m_painter.setPen(QPen(color, 1.5));
    m_painter.setBrush(Qt::NoBrush);
    m_painter.drawPath(path);
    m_painter.setPen(Qt::NoPen);
    m_painter.setBrush(color);
    m_painter.drawEllipse(from, 3, 3);
    const QPointF head[] = { to, to + QPointF(-8, -4), to + QPointF(-8, 4) };
    m_painter.drawPolygon(head, 3);
}

// One slot per callback: the main loop's callbacks in the window side by side in the order they began,
// each in its row, numbered along the ruler, with the phase it ran in as a strip in the phases row.
void TimelinePainter::paintSlots()
{
    const double ruler = m_view.m_rulerHeight;
    m_painter.fillRect(QRectF(0, 0, m_view.width(), ruler), m_palette.color(QPalette::Window));
    m_painter.setClipRect(QRectF(m_left, 0, m_width, m_view.height()));
    const std::vector<TimelineView::Slot> cells = m_view.visibleSlots();
    if (cells.empty())
        return;
    const double width = m_width / double(cells.size());
    const int phasesRow = m_view.m_index.rowOf(RowKind::Phases, MainThread, -1);
    const loopscope::Recording* recording = m_view.m_feed ? m_view.m_feed->recording() : nullptr;
    // Numbers along the ruler, as many as fit.
    const double label = m_metrics.horizontalAdvance(QStringLiteral("#0000")) + 8;
    const auto every = std::max<std::size_t>(1, std::size_t(std::ceil(label / width)));
    m_painter.setPen(m_faint);
    for (std::size_t i = 0; i < cells.size(); i += every) {
        const double x = m_left + double(i) * width;
        m_painter.drawLine(QPointF(x, ruler - 5), QPointF(x, ruler));
        m_painter.drawText(
            QRectF(x + 3, 0, label, ruler - 2), Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("#%1").arg(i + 1));
    }
    const double gap = width > 4 ? 1 : 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const TimelineSpan& span = *cells[i].span;
        const double x0 = m_left + double(i) * width + gap;
        const double x1 = m_left + double(i + 1) * width - gap;
        for (const TimelineView::Lane& lane : m_view.m_lanes) {
            if (lane.row == phasesRow) {
                if (const TimelineSpan* phase = m_view.m_index.spanAt(phasesRow, span.startNs, 0))
                    m_painter.fillRect(
                        QRectF(x0, lane.top + 2, x1 - x0, lane.height - 4), PhaseColors::phase(Phase(phase->sub)));
            }
            if (lane.row != cells[i].row)
                continue;
            const QColor color = PhaseColors::kind(CallbackKind(span.sub));
            m_painter.fillRect(QRectF(x0, lane.top + 2, x1 - x0, lane.height - 4), color);
            if (recording && x1 - x0 > m_metrics.horizontalAdvance(QStringLiteral("www"))) {
                const Record& r = (*recording->logs[span.log])[span.index];
                QString text = m_view.labelOf(r.label);
                if (r.span.count > 1)
                    text = tr("%1 ×%L2").arg(text).arg(r.span.count);
                drawLabel(text, x0, x1, lane.top + 2, lane.height - 4, PhaseColors::textOn(color));
            }
        }
        if (m_view.m_hasSelection && m_view.m_selected.startNs == span.startNs
            && m_view.m_selectedRow == cells[i].row) {
            m_painter.setPen(QPen(m_palette.color(QPalette::Highlight), 2));
            m_painter.setBrush(Qt::NoBrush);
            m_painter.drawRect(QRectF(x0 - 1, ruler, x1 - x0 + 2, m_view.m_contentHeight - ruler));
        }
    }
}

// Shift and drag: the span marked, and how long it lasts.
void TimelinePainter::paintMeasure()
{
    if (!m_view.m_hasMeasure)
        return;
    const std::int64_t from = std::min(m_view.m_measureFromNs, m_view.m_measureToNs);
    const std::int64_t to = std::max(m_view.m_measureFromNs, m_view.m_measureToNs);
    const double x0 = TimeMapping::mapTimeToX(from, m_window, m_left, m_width);
    const double x1 = std::max(x0 + 1, TimeMapping::mapTimeToX(to, m_window, m_left, m_width));
    QColor fill = m_palette.color(QPalette::Highlight);
    fill.setAlphaF(0.15);
    const double top = m_view.m_rulerHeight;
    m_painter.fillRect(QRectF(x0, top, x1 - x0, m_view.m_contentHeight - top), fill);
    m_painter.setPen(QPen(m_palette.color(QPalette::Highlight), 1, Qt::DashLine));
    m_painter.drawLine(QPointF(x0, top), QPointF(x0, m_view.m_contentHeight));
    m_painter.drawLine(QPointF(x1, top), QPointF(x1, m_view.m_contentHeight));
    const QString text = TimeMapping::formatDuration(to - from);
    const double width = m_metrics.horizontalAdvance(text) + 10;
    const QRectF box((x0 + x1 - width) / 2, top + 2, width, m_metrics.height() + 4);
    m_painter.fillRect(box, m_palette.color(QPalette::Base));
    m_painter.setPen(m_palette.color(QPalette::Text));
    m_painter.drawText(box, Qt::AlignCenter, text);
}

// The live edge, or the playhead with its handle in the ruler (drag it to scrub).
void TimelinePainter::paintLiveEdge()
{
    const std::int64_t now = m_view.nowNs();
    if (now < m_window.startNs || now > m_window.endNs)
        return;
    const double x = TimeMapping::mapTimeToX(now, m_window, m_left, m_width);
    const QColor color = m_palette.color(QPalette::Highlight);
    const bool playhead = m_view.m_feed && m_view.m_feed->playhead();
    m_painter.setPen(QPen(color, playhead ? 2.0 : 1.5));
    m_painter.drawLine(QPointF(x - 1, m_view.m_rulerHeight), QPointF(x - 1, m_view.m_contentHeight));
    if (!playhead)
        return;
    const double size = m_view.m_rulerHeight * 0.45;
    const QPointF handle[] = { { x - 1 - size / 2, m_view.m_rulerHeight - size },
        { x - 1 + size / 2, m_view.m_rulerHeight - size }, { x - 1, m_view.m_rulerHeight } };
    m_painter.setClipping(false);
    m_painter.setPen(Qt::NoPen);
    m_painter.setBrush(color);
    m_painter.drawPolygon(handle, 3);
}

// What the view shows, top left: the live edge, a whole finished run, or where the user panned.
void TimelinePainter::paintViewState()
{
    const double ruler = m_view.m_rulerHeight;
    m_painter.setPen(m_view.m_following ? m_palette.color(QPalette::Highlight) : m_faint);
    QFont bold = m_view.font();
    bold.setBold(true);
    m_painter.setFont(bold);
    m_painter.drawText(QRectF(10, 0, m_left - 14, ruler), Qt::AlignLeft | Qt::AlignVCenter,
        m_view.m_following        ? tr("live · %1").arg(TimeMapping::formatDuration(m_window.spanNs()))
            : m_view.m_slotMode   ? tr("one slot per callback · S")
            : m_view.m_autoFitted ? tr("whole run · Home")
                                  : tr("paused · Home"));
    m_painter.setPen(m_grid);
    m_painter.drawLine(QPointF(0, ruler), QPointF(m_view.width(), ruler));
    m_painter.drawLine(QPointF(m_left - 1, ruler), QPointF(m_left - 1, m_view.height()));
}
