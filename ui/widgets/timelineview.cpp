#include "widgets/timelineview.h"

#include "models/livefeed.h"
#include "models/timelinetexts.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "widgets/timelinepainter.h"

#include <QApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Record;
using loopscope::RecordType;
using loopscope::WorkerThreadBase;
using RowKind = TimelineIndex::RowKind;

namespace {

constexpr std::int64_t MinSpanNs = 2'000; // 2 µs across the view
constexpr double ZoomStep = 1.25;

// The rows of the main loop's callbacks, in the order people read the loop.
const CallbackKind AlwaysShown[] = { CallbackKind::Main, CallbackKind::Timer, CallbackKind::Io, CallbackKind::Immediate,
    CallbackKind::NextTick, CallbackKind::Microtask };
const CallbackKind ShownWhenUsed[] = { CallbackKind::Close, CallbackKind::Work };

} // namespace

TimelineView::TimelineView(LiveFeed* feed, QWidget* parent)
    : QWidget(parent)
    , m_feed(feed)
{
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(false);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    setAccessibleName(tr("Timeline"));

    m_detailsPanel = new QLabel(this);
    m_detailsPanel->setTextFormat(Qt::RichText);
    m_detailsPanel->setWordWrap(true);
    m_detailsPanel->setFrameShape(QFrame::Box);
    m_detailsPanel->setMargin(6);
    m_detailsPanel->setAutoFillBackground(true);
    m_detailsPanel->setForegroundRole(QPalette::ToolTipText);
    m_detailsPanel->setBackgroundRole(QPalette::ToolTipBase);
    m_detailsPanel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detailsPanel->hide();

    if (m_feed) {
        connect(m_feed, &LiveFeed::reset, this, &TimelineView::onReset);
        connect(m_feed, &LiveFeed::advanced, this, &TimelineView::onAdvanced);
        connect(m_feed, &LiveFeed::ticked, this, &TimelineView::onTicked);
        connect(m_feed, &LiveFeed::playheadMoved, this, &TimelineView::onPlayheadMoved);
    }
    onReset();
}

TimelineView::~TimelineView() = default;

void TimelineView::onReset()
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    m_index.reset(recording ? recording->info.threadpoolSize : 0);
    m_hasSelection = false;
    m_flow.reset();
    m_selectedRow = -1;
    m_details.clear();
    m_detailsPanel->hide();
    m_following = true;
    m_wasFinished = false;
    m_autoFitted = false;
    m_spanNs = DefaultSpanNs;
    updateWindow();
    relayout();
    updateGeometry();
    update();
}

void TimelineView::onAdvanced(int logIndex, std::size_t from, std::size_t to)
{
    const loopscope::EventLog* followed = m_feed ? m_feed->log(logIndex) : nullptr;
    if (!followed)
        return;
    const loopscope::EventLog& log = *followed;
    bool rowsChanged = false;
    for (std::size_t i = from; i < to; ++i) {
        const Record& record = log[i];
        const int rowsBefore = int(m_index.rows().size());
        const bool callback = record.type == RecordType::Callback;
        const CallbackKind kind = loopscope::callbackKindOf(record);
        const int row
            = callback && record.thread == MainThread ? m_index.rowOf(RowKind::Callbacks, MainThread, int(kind)) : -1;
        const bool wasEmpty = row >= 0 && m_index.rows()[std::size_t(row)].spans.empty();
        if (m_index.add(record, std::uint16_t(logIndex), std::uint32_t(i)) || int(m_index.rows().size()) != rowsBefore)
            rowsChanged = true;
        // Close and work rows appear when first used.
        if (wasEmpty && (kind == CallbackKind::Close || kind == CallbackKind::Work))
            rowsChanged = true;
    }
    if (rowsChanged) {
        relayout();
        updateGeometry();
    }
    update();
}

void TimelineView::onTicked()
{
    fitFinishedRun();
    updateWindow();
    if (m_following)
        update();
}

// A program that ends within the visible span would be a sliver at the live edge: when it ends,
// show the whole run instead. Work injected afterwards brings the live edge back.
void TimelineView::fitFinishedRun()
{
    // A replayed recording has ended as a whole: it counts as a finished run.
    const bool replay = m_feed && m_feed->replaying();
    const bool finished = m_feed && m_feed->finished();
    if (finished && !m_wasFinished && m_following && (replay || m_feed->hasMainModule())) {
        const std::int64_t end = m_index.lastEndNs();
        // A recording's records arrive on the tick after it opens.
        if (end == 0)
            return;
        if (replay || end < m_spanNs)
            fitWholeRun();
    } else if (!finished && m_wasFinished && m_autoFitted) {
        m_autoFitted = false;
        m_spanNs = DefaultSpanNs;
        followLive();
    }
    m_wasFinished = finished;
}

// From the first event to the last, with a margin: the start-up before the first event is not shown.
void TimelineView::fitWholeRun()
{
    const std::int64_t first = m_feed ? std::max<std::int64_t>(0, m_feed->firstNs()) : 0;
    const std::int64_t last = std::max(m_index.lastEndNs(), first + MinSpanNs);
    const std::int64_t margin = (last - first) / 30;
    setWindow({ first - margin, last + margin });
    m_autoFitted = true;
}

std::int64_t TimelineView::nowNs() const
{
    return m_feed ? m_feed->nowNs() : 0;
}

void TimelineView::updateWindow()
{
    if (m_following)
        m_window = TimeMapping::following(nowNs(), m_spanNs);
}

void TimelineView::setFollowing(bool following)
{
    if (m_following == following)
        return;
    m_following = following;
    updateWindow();
    emit followingChanged(following);
    update();
}

void TimelineView::setSlotMode(bool on)
{
    if (m_slotMode == on)
        return;
    m_slotMode = on;
    emit slotModeChanged(on);
    update();
}

std::vector<TimelineView::Slot> TimelineView::visibleSlots() const
{
    std::vector<Slot> cells;
    for (const Lane& lane : m_lanes) {
        const TimelineIndex::Row* row = indexRow(lane.row);
        if (!row || row->kind != RowKind::Callbacks || row->thread != MainThread)
            continue;
        const auto& spans = row->spans;
        auto it = std::lower_bound(spans.begin(), spans.end(), m_window.startNs,
            [](const TimelineSpan& span, std::int64_t t) { return span.endNs < t; });
        for (; it != spans.end(); ++it) {
            if (it->startNs <= m_window.endNs && it->endNs >= m_window.startNs)
                cells.push_back({ lane.row, &*it });
        }
    }
    std::stable_sort(
        cells.begin(), cells.end(), [](const Slot& a, const Slot& b) { return a.span->startNs < b.span->startNs; });
    return cells;
}

void TimelineView::followLive()
{
    setFollowing(true);
}

void TimelineView::setWindow(const TimeWindow& window)
{
    if (window.spanNs() <= 0)
        return;
    m_window = window;
    m_spanNs = window.spanNs();
    setFollowing(false);
    update();
}

double TimelineView::plotWidth() const
{
    return std::max(1.0, double(width()) - m_labelWidth - 4);
}

void TimelineView::zoomBy(double factor, std::int64_t anchorNs)
{
    const std::int64_t maxSpan = std::max<std::int64_t>(60'000'000'000, m_index.lastEndNs() + m_index.lastEndNs() / 5);
    m_autoFitted = false; // the user has taken over the window
    if (m_following) {
        m_spanNs = TimeMapping::zoomed(m_window, m_window.endNs, factor, MinSpanNs, maxSpan).spanNs();
        updateWindow();
    } else {
        m_window = TimeMapping::zoomed(m_window, anchorNs, factor, MinSpanNs, maxSpan);
        m_spanNs = m_window.spanNs();
    }
    update();
}

void TimelineView::panBy(std::int64_t deltaNs)
{
    m_autoFitted = false;
    const std::int64_t now = nowNs();
    const TimeWindow from = m_following ? TimeMapping::following(now, m_spanNs) : m_window;
    const TimeWindow to = TimeMapping::panned(from, deltaNs, -from.spanNs() / 2, now);
    // Panning back onto the live edge follows it again.
    if (deltaNs > 0 && to.endNs >= now) {
        setFollowing(true);
        return;
    }
    m_window = to;
    setFollowing(false);
    update();
}

void TimelineView::relayout()
{
    const QFontMetricsF fm(font());
    const double rowHeight = std::max(18.0, std::ceil(fm.height() + 6));
    const double headingHeight = std::ceil(fm.height() + 4);
    m_rulerHeight = std::ceil(fm.height() + 10);

    // The lanes in order, at their natural height.
    m_lanes.clear();
    auto addLane = [&](int row, double height, int laneGroup) {
        if (row >= 0)
            m_lanes.push_back({ row, 0, height, laneGroup });
    };
    addLane(m_index.rowOf(RowKind::Phases, MainThread, -1), rowHeight + 6, 0);
    for (CallbackKind kind : AlwaysShown)
        addLane(m_index.rowOf(RowKind::Callbacks, MainThread, int(kind)), rowHeight, 0);
    for (CallbackKind kind : ShownWhenUsed) {
        const int row = m_index.rowOf(RowKind::Callbacks, MainThread, int(kind));
        if (row >= 0 && !m_index.rows()[std::size_t(row)].spans.empty())
            addLane(row, rowHeight, 0);
    }
    const auto& rows = m_index.rows();
    std::vector<std::uint16_t> pool, workers;
    for (const TimelineIndex::Row& row : rows) {
        if (row.kind == RowKind::Pool)
            pool.push_back(row.thread);
        else if (row.thread >= WorkerThreadBase)
            workers.push_back(row.thread); // a worker whose loop never iterated has callbacks only
    }
    std::sort(pool.begin(), pool.end());
    std::sort(workers.begin(), workers.end());
    workers.erase(std::unique(workers.begin(), workers.end()), workers.end());
    for (std::uint16_t worker : pool)
        addLane(m_index.rowOf(RowKind::Pool, worker, -1), rowHeight, 1);
    for (std::uint16_t thread : workers) {
        const int laneGroup = 2 + int(thread - WorkerThreadBase);
        addLane(m_index.rowOf(RowKind::Phases, thread, -1), rowHeight, laneGroup);
        addLane(m_index.rowOf(RowKind::Callbacks, thread, -1), rowHeight, laneGroup);
    }

    // Lanes shrink, down to a line of text each, so that every lane fits the dock: the thread pool is
    // never below the fold. Where even that is too tall, the main loop's rows that hold nothing give
    // way; below that the dock scrolls.
    const double minimumLane = std::ceil(fm.height() + 2);
    double fixed = 0;
    double lanes = 0;
    const auto measure = [&] {
        fixed = m_rulerHeight + 2 + 4;
        lanes = 0;
        int previous = -1;
        for (const Lane& lane : m_lanes) {
            fixed += lane.group != previous ? headingHeight + 1 : 1;
            previous = lane.group;
            lanes += lane.height;
        }
        m_naturalHeight = fixed + lanes;
        m_minimumHeight = fixed + minimumLane * double(m_lanes.size());
    };
    measure();
    const double available = availableHeight();
    if (available > 0 && available < m_minimumHeight) {
        const int phases = m_index.rowOf(RowKind::Phases, MainThread, -1);
        m_lanes.erase(std::remove_if(m_lanes.begin(), m_lanes.end(),
                          [&](const Lane& lane) {
                              const TimelineIndex::Row* row = indexRow(lane.row);
                              return lane.group == 0 && lane.row != phases && row && row->spans.empty();
                          }),
            m_lanes.end());
        measure();
    }
    int group = -1;
    const double scale
        = available > 0 && available < m_naturalHeight && lanes > 0 ? std::max(0.0, available - fixed) / lanes : 1.0;
    double y = m_rulerHeight + 2;
    group = -1;
    for (Lane& lane : m_lanes) {
        if (lane.group != group) {
            y += headingHeight;
            group = lane.group;
        }
        lane.height = std::max(minimumLane, std::floor(lane.height * scale));
        lane.top = y;
        y += lane.height + 1;
    }
    m_contentHeight = y + 4;

    // The state of the view is written in bold above the row names.
    QFont bold = font();
    bold.setBold(true);
    const QFontMetricsF boldMetrics(bold);
    double widest = std::max(
        { boldMetrics.horizontalAdvance(tr("paused · Home")), boldMetrics.horizontalAdvance(tr("whole run · Home")),
            boldMetrics.horizontalAdvance(tr("one slot per callback · S")) });
    for (const Lane& lane : m_lanes)
        widest = std::max(widest, fm.horizontalAdvance(rowName(lane.row)));
    m_labelWidth = std::ceil(widest + fm.height() + 16);
}

// The height the dock gives: in a scroll area, its viewport's, which the view may be taller than.
double TimelineView::availableHeight() const
{
    const QWidget* parent = parentWidget();
    if (parent && parent->objectName() == QLatin1String("qt_scrollarea_viewport"))
        return parent->height();
    return height();
}

bool TimelineView::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == parentWidget() && event->type() == QEvent::Resize) {
        relayout();
        updateGeometry();
    }
    return QWidget::eventFilter(watched, event);
}

int TimelineView::rowAtY(double y) const
{
    for (const Lane& lane : m_lanes) {
        if (y >= lane.top && y < lane.top + lane.height)
            return lane.row;
    }
    return -1;
}

QSize TimelineView::sizeHint() const
{
    return QSize(900, int(std::ceil(m_naturalHeight)));
}

QSize TimelineView::minimumSizeHint() const
{
    return QSize(400, int(std::ceil(std::max(m_minimumHeight, m_rulerHeight * 4))));
}

const TimelineIndex::Row* TimelineView::indexRow(int rowIndex) const
{
    if (rowIndex < 0 || rowIndex >= int(m_index.rows().size()))
        return nullptr;
    return &m_index.rows()[std::size_t(rowIndex)];
}

QString TimelineView::rowName(int rowIndex) const
{
    const TimelineIndex::Row* found = indexRow(rowIndex);
    return found ? TimelineTexts::rowName(*found) : QString();
}

QString TimelineView::rowToolTip(int rowIndex) const
{
    const TimelineIndex::Row* found = indexRow(rowIndex);
    return found ? TimelineTexts::rowToolTip(*found) : QString();
}

QString TimelineView::labelOf(std::uint32_t label) const
{
    return TimelineTexts::label(m_feed ? m_feed->recording() : nullptr, label);
}

QString TimelineView::describe(const TimelineSpan& span) const
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    return recording ? TimelineTexts::describe(span, m_index, *recording) : QString();
}

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
        return {};
    }
    m_selected = *span;
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
    m_details = text;
    emit itemSelected(text);
    update();
    return text;
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
        if (r.label != ran.label || loopscope::callbackKindOf(r) != kind || r.startNs > ran.startNs)
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

void TimelineView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (event->size().height() != event->oldSize().height())
        relayout();
    updateWindow();
}

void TimelineView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::ParentChange && parentWidget())
        parentWidget()->installEventFilter(this);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        relayout();
        updateGeometry();
    }
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

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    TimelinePainter(*this, painter).paint();
}
