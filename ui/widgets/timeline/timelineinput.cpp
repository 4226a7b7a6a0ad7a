// TimelineView: what the user does with it. Selecting an item (its details, where it was queued),
// the wheel and the keys, dragging to pan, Shift and drag to measure, the ruler to move the playhead,
// and the tooltips that teach all of it.
#include "widgets/timeline/timelineview.h"

#include "models/livefeed.h"
#include "models/timelinetexts.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Record;
using loopscope::RecordType;
using RowKind = TimelineIndex::RowKind;

QString TimelineView::selectAt(int row, std::int64_t timeNs)
{
    const std::int64_t tolerance = TimeMapping::pixelsToDuration(3, m_window, plotWidth());
    const TimelineSpan* span = m_index.spanAt(row, timeNs, tolerance);
    if (!span) {
        m_hasSelection = false;
        m_flow.reset();
        m_details.clear();
        m_detailsPanel->hide();
        update();
        emit callbackSelected(-1, 0);
        return {};
    }
    m_selected = *span;
    {
        const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
        const bool known = recording && span->log < recording->logs.size();
        const Record record = known ? (*recording->logs[span->log])[span->index] : Record();
        if (known && record.type == RecordType::Callback)
            emit callbackSelected(record.thread, record.startNs);
        else
            emit callbackSelected(-1, 0);
    }
    m_selectedRow = row;
    m_hasSelection = true;
    QString text = describe(*span);
    QString queuedBy;
    m_flow = flowTo(*span, row, &queuedBy);
    if (m_flow)
        text += QLatin1Char('\n') + queuedBy;
    const auto [first, last] = m_index.spansNear(row, timeNs, tolerance);
    const std::int64_t onePixel = TimeMapping::pixelsToDuration(1, m_window, plotWidth());
    m_mergedSelection = last - first > 1 && span->endNs - span->startNs < onePixel;
    if (m_mergedSelection)
        text = tr("%L1 items are merged at this zoom; zoom in to tell them apart.").arg(last - first)
            + QLatin1Char('\n') + text;
    const std::uint64_t folded = foldedItems(row, *span);
    if (folded > 0) {
        text = tr("This bar folds %L1 items of the run's early history together: the timeline keeps a long run "
                  "compact. The recording, and a trace exported from it, hold every one.")
                   .arg(folded)
            + QLatin1Char('\n') + text;
        m_mergedSelection = true; // the note comes first, the item's title after it
    }
    m_details = text;
    emit itemSelected(text);
    update();
    return text;
}

std::uint64_t TimelineView::foldedItems(int row, const TimelineSpan& span) const
{
    const TimelineIndex::Row* indexed = indexRow(row);
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (!indexed || !recording || span.log >= recording->logs.size())
        return 0;
    const std::uint64_t calls = m_index.foldedCount(row, std::size_t(&span - indexed->spans.data()));
    const Record& first = (*recording->logs[span.log])[span.index];
    const std::uint64_t own = first.type == RecordType::Callback ? first.span.count : 1;
    return calls > own ? calls : 0;
}

std::optional<TimelineView::Flow> TimelineView::flowTo(const TimelineSpan& span, int row, QString* queuedBy) const
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (!recording || span.log >= recording->logs.size())
        return std::nullopt;
    const loopscope::EventLog& log = *recording->logs[span.log];
    const Record& ran = log[span.index];
    const CallbackKind kind = loopscope::callbackKindOf(ran);
    if (ran.type != RecordType::Callback || kind == CallbackKind::Main || kind == CallbackKind::Io
        || kind == CallbackKind::Work)
        return std::nullopt;
    // The job joined its queue before it ran: a Queued record of its label and kind, or the call
    // before it of a chain that queues itself. Looked for among the records written shortly before.
    constexpr std::size_t Lookback = 100'000;
    const std::size_t stop = span.index > Lookback ? span.index - Lookback : 0;
    std::int64_t queuedAt = -1;
    for (std::size_t i = span.index; i-- > stop;) {
        const Record& r = log[i];
        if (r.label != ran.label || loopscope::callbackKindOf(r) != kind || r.startNs > ran.startNs
            || loopscope::leftWithoutRunning(r))
            continue;
        if (r.type == RecordType::Queued) {
            queuedAt = r.startNs;
            break;
        }
        if (r.type == RecordType::Callback && loopscope::requeuedItself(r)) {
            queuedAt = r.startNs + r.span.durNs;
            break;
        }
    }
    if (queuedAt < 0)
        return std::nullopt;
    // What ran when it was queued: the shortest callback of the main loop that spans the moment.
    Flow flow { queuedAt, -1, ran.startNs, row };
    std::int64_t shortest = std::numeric_limits<std::int64_t>::max();
    for (const Lane& lane : m_lanes) {
        const TimelineIndex::Row* candidate = indexRow(lane.row);
        if (!candidate || candidate->kind != RowKind::Callbacks || candidate->thread != ran.thread)
            continue;
        const TimelineSpan* caller = m_index.spanAt(lane.row, queuedAt, 0);
        if (caller && caller->startNs <= queuedAt && queuedAt <= caller->endNs
            && caller->endNs - caller->startNs < shortest) {
            shortest = caller->endNs - caller->startNs;
            flow.fromRow = lane.row;
            const Record& by = (*recording->logs[caller->log])[caller->index];
            *queuedBy = tr("Queued at %1 by “%2”").arg(TimelineTexts::seconds(queuedAt, 6), labelOf(by.label));
        }
    }
    if (flow.fromRow < 0) {
        flow.fromRow = row;
        *queuedBy = tr("Queued at %1").arg(TimelineTexts::seconds(queuedAt, 6));
    }
    return flow;
}

void TimelineView::showDetails(const QString& text, const QPoint& near)
{
    if (text.isEmpty()) {
        m_detailsPanel->hide();
        return;
    }
    const QStringList lines = text.split(QLatin1Char('\n'));
    // The item's own title is the first line after the merge note, if there is one.
    const int titleLine = m_mergedSelection && lines.size() > 1 ? 1 : 0;
    QString html;
    for (int i = 0; i < lines.size(); ++i) {
        const QString escaped = lines[i].toHtmlEscaped();
        html += i == titleLine ? QStringLiteral("<b>%1</b>").arg(escaped) : escaped;
        if (i + 1 < lines.size())
            html += QStringLiteral("<br>");
    }
    m_detailsPanel->setText(html);
    m_detailsPanel->setMaximumWidth(std::max(200, width() / 2));
    m_detailsPanel->adjustSize();
    QPoint at = near + QPoint(12, 12);
    at.setX(std::clamp(at.x(), 0, std::max(0, width() - m_detailsPanel->width())));
    if (at.y() + m_detailsPanel->height() > height())
        at.setY(std::max(0, near.y() - m_detailsPanel->height() - 12));
    m_detailsPanel->move(at);
    m_detailsPanel->show();
    m_detailsPanel->raise();
}

void TimelineView::wheelEvent(QWheelEvent* event)
{
    const QPoint delta = event->angleDelta();
    if (delta.y() != 0 && !(event->modifiers() & Qt::ShiftModifier)) {
        const double factor = std::pow(ZoomStep, double(delta.y()) / 120.0);
        zoomBy(factor, TimeMapping::mapXToTime(event->position().x(), m_window, plotLeft(), plotWidth()));
    } else {
        const int steps = delta.x() != 0 ? delta.x() : delta.y();
        panBy(-TimeMapping::pixelsToDuration(double(steps) / 2.0, m_window, plotWidth()));
    }
    event->accept();
}

void TimelineView::onPlayheadMoved()
{
    const std::optional<std::int64_t> playhead = m_feed ? m_feed->playhead() : std::nullopt;
    if (playhead && !m_following && (*playhead < m_window.startNs || *playhead > m_window.endNs)) {
        const std::int64_t span = m_window.spanNs();
        m_window = { *playhead - span / 2, *playhead - span / 2 + span };
    }
    update();
}

bool TimelineView::scrubTo(double x)
{
    if (!m_feed || !m_feed->canReplay())
        return false;
    const double clamped = std::clamp(x, plotLeft(), plotLeft() + plotWidth());
    m_feed->setPlayhead(TimeMapping::mapXToTime(clamped, m_window, plotLeft(), plotWidth()));
    return true;
}

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    const QPointF pos = event->position();
    // Shift and drag measures a span.
    if ((event->modifiers() & Qt::ShiftModifier) && pos.x() >= plotLeft()) {
        m_measuring = true;
        m_hasMeasure = true;
        m_measureFromNs = m_measureToNs = TimeMapping::mapXToTime(pos.x(), m_window, plotLeft(), plotWidth());
        setFocus(Qt::MouseFocusReason);
        update();
        return;
    }
    // The ruler is the playhead's track: press and drag there to scrub.
    m_scrubbing = pos.y() < m_rulerHeight && pos.x() >= plotLeft() && scrubTo(pos.x());
    if (m_scrubbing) {
        if (m_following)
            setWindow(m_window);
        setFocus(Qt::MouseFocusReason);
        return;
    }
    m_pressed = true;
    m_dragged = false;
    m_pressPos = event->position().toPoint();
    m_pressWindow = m_window;
    setFocus(Qt::MouseFocusReason);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_measuring) {
        const double x = std::clamp(event->position().x(), plotLeft(), plotLeft() + plotWidth());
        m_measureToNs = TimeMapping::mapXToTime(x, m_window, plotLeft(), plotWidth());
        update();
        return;
    }
    if (m_scrubbing) {
        scrubTo(event->position().x());
        return;
    }
    if (!m_pressed)
        return;
    const int dx = event->position().toPoint().x() - m_pressPos.x();
    if (!m_dragged && std::abs(dx) < QApplication::startDragDistance())
        return;
    if (!m_dragged) {
        m_dragged = true;
        setCursor(Qt::ClosedHandCursor);
    }
    const std::int64_t delta = -TimeMapping::pixelsToDuration(dx, m_pressWindow, plotWidth());
    const std::int64_t now = nowNs();
    m_window = TimeMapping::panned(m_pressWindow, delta, -m_pressWindow.spanNs() / 2, now);
    setFollowing(false);
    update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_scrubbing) {
        m_scrubbing = false;
        return;
    }
    if (event->button() == Qt::LeftButton && m_measuring) {
        m_measuring = false;
        // A click without a drag clears the measure.
        m_hasMeasure = m_measureFromNs != m_measureToNs;
        update();
        return;
    }
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    unsetCursor();
    if (m_dragged)
        return;
    const QPointF pos = event->position();
    int row = pos.x() >= plotLeft() ? rowAtY(pos.y()) : -1;
    std::int64_t at = TimeMapping::mapXToTime(pos.x(), m_window, plotLeft(), plotWidth());
    if (m_slotMode) {
        // The slot under the pointer, whichever callback row was clicked.
        const std::vector<Slot> cells = visibleSlots();
        const auto index
            = std::size_t(std::clamp((pos.x() - plotLeft()) / plotWidth(), 0.0, 0.999) * double(cells.size()));
        if (row >= 0 && index < cells.size()) {
            row = cells[index].row;
            at = (cells[index].span->startNs + cells[index].span->endNs) / 2;
        }
    }
    const QString text = row >= 0 ? selectAt(row, at) : QString();
    if (row < 0) {
        m_hasSelection = false;
        m_flow.reset();
        update();
    }
    // In a recording, a click on an item also takes the playhead to where it begins.
    if (!text.isEmpty() && m_feed && m_feed->canReplay())
        m_feed->setPlayhead(m_selected.startNs);
    showDetails(text, pos.toPoint());
}

void TimelineView::keyPressEvent(QKeyEvent* event)
{
    const std::int64_t centre = m_window.startNs + m_window.spanNs() / 2;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomBy(ZoomStep * ZoomStep, centre);
        break;
    case Qt::Key_Minus:
        zoomBy(1.0 / (ZoomStep * ZoomStep), centre);
        break;
    case Qt::Key_Left:
        panBy(-m_window.spanNs() / 10);
        break;
    case Qt::Key_Right:
        panBy(m_window.spanNs() / 10);
        break;
    case Qt::Key_S:
        setSlotMode(!m_slotMode);
        break;
    case Qt::Key_Home:
        // A run that has ended, or a recording, fits in view; a live one is followed again.
        if (m_feed && (m_feed->finished() || m_feed->playhead()) && m_index.lastEndNs() > 0)
            fitWholeRun();
        else
            followLive();
        break;
    case Qt::Key_Escape:
        m_detailsPanel->hide();
        m_hasSelection = false;
        m_hasMeasure = false;
        m_flow.reset();
        update();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TimelineView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPoint pos = help->pos();
        QString text;
        const int row = rowAtY(pos.y());
        if (pos.y() < m_rulerHeight) {
            text = tr("The last seconds of the loop, newest on the right. Scroll to zoom, drag or use the arrow keys "
                      "to pan, + and - to zoom, Home to follow live again; click an item for its details.");
            text += QLatin1Char('\n')
                + tr("Shift and drag measures a span; a selected callback shows an arrow from where it was queued; "
                     "S gives every callback one slot of its own.");
            if (m_feed && m_feed->canReplay())
                text += QLatin1Char('\n')
                    + tr("Press or drag here to move the playhead: the circle, the queues, the thread pool and the "
                         "console show that moment of the recording.");
        } else if (pos.x() < plotLeft()) {
            text = rowToolTip(row);
        } else if (row >= 0) {
            const std::int64_t tolerance = TimeMapping::pixelsToDuration(3, m_window, plotWidth());
            if (const TimelineSpan* span
                = m_index.spanAt(row, TimeMapping::mapXToTime(pos.x(), m_window, plotLeft(), plotWidth()), tolerance))
                text = describe(*span);
        }
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}
