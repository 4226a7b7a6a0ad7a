#include "widgets/timelineview.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "recording/recorder.h"
#include "recording/recording.h"

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

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Phase;
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

QString secondsText(std::int64_t ns, int decimals)
{
    return QCoreApplication::translate("TimelineView", "%1 s").arg(double(ns) / 1e9, 0, 'f', decimals);
}

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
    }
    onReset();
}

TimelineView::~TimelineView() = default;

void TimelineView::onReset()
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    m_index.reset(recording ? recording->info.threadpoolSize : 0);
    m_hasSelection = false;
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
        const int row = record.type == RecordType::Callback && record.thread == MainThread
            ? m_index.rowOf(RowKind::Callbacks, MainThread, record.sub)
            : -1;
        const bool wasEmpty = row >= 0 && m_index.rows()[std::size_t(row)].spans.empty();
        if (m_index.add(record, std::uint16_t(logIndex), std::uint32_t(i)) || int(m_index.rows().size()) != rowsBefore)
            rowsChanged = true;
        // Close and work rows appear when first used.
        if (wasEmpty
            && (record.sub == std::uint8_t(CallbackKind::Close) || record.sub == std::uint8_t(CallbackKind::Work)))
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
        if (end > 0 && (replay || end < m_spanNs)) {
            setWindow({ -end / 40, end + end / 20 });
            m_autoFitted = true;
        }
    } else if (!finished && m_wasFinished && m_autoFitted) {
        m_autoFitted = false;
        m_spanNs = DefaultSpanNs;
        followLive();
    }
    m_wasFinished = finished;
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

    m_lanes.clear();
    double y = m_rulerHeight + 2;
    int group = -1;
    auto addLane = [&](int row, double height, int laneGroup) {
        if (row < 0)
            return;
        if (laneGroup != group) {
            y += headingHeight;
            group = laneGroup;
        }
        m_lanes.push_back({ row, y, height, laneGroup });
        y += height + 1;
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
        else if (row.thread >= WorkerThreadBase && row.kind == RowKind::Phases)
            workers.push_back(row.thread);
    }
    std::sort(pool.begin(), pool.end());
    std::sort(workers.begin(), workers.end());
    for (std::uint16_t worker : pool)
        addLane(m_index.rowOf(RowKind::Pool, worker, -1), rowHeight, 1);
    for (std::uint16_t thread : workers) {
        const int laneGroup = 2 + int(thread - WorkerThreadBase);
        addLane(m_index.rowOf(RowKind::Phases, thread, -1), rowHeight, laneGroup);
        addLane(m_index.rowOf(RowKind::Callbacks, thread, -1), rowHeight, laneGroup);
    }
    m_contentHeight = y + 4;

    double widest = std::max(fm.horizontalAdvance(tr("paused · Home")), fm.horizontalAdvance(tr("whole run · Home")));
    for (const Lane& lane : m_lanes)
        widest = std::max(widest, fm.horizontalAdvance(rowName(lane.row)));
    m_labelWidth = std::ceil(widest + fm.height() + 16);
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
    return QSize(900, int(std::ceil(m_contentHeight)));
}

QSize TimelineView::minimumSizeHint() const
{
    return QSize(400, int(std::ceil(m_rulerHeight * 4)));
}

QString TimelineView::rowName(int rowIndex) const
{
    if (rowIndex < 0 || rowIndex >= int(m_index.rows().size()))
        return {};
    const TimelineIndex::Row& row = m_index.rows()[std::size_t(rowIndex)];
    if (row.kind == RowKind::Pool)
        return tr("pool worker %1").arg(row.thread);
    if (row.thread >= WorkerThreadBase)
        return row.kind == RowKind::Phases ? tr("phases") : tr("callbacks");
    if (row.kind == RowKind::Phases)
        return tr("phases");
    switch (CallbackKind(row.callbackKind)) {
    case CallbackKind::Timer:
        return tr("timers");
    case CallbackKind::Immediate:
        return tr("immediates");
    case CallbackKind::NextTick:
        return tr("nextTick");
    case CallbackKind::Microtask:
        return tr("microtasks");
    case CallbackKind::Io:
        return tr("I/O callbacks");
    case CallbackKind::Close:
        return tr("close callbacks");
    case CallbackKind::Work:
        return tr("pool callbacks");
    case CallbackKind::Main:
        return tr("main module");
    }
    return {};
}

QString TimelineView::rowToolTip(int rowIndex) const
{
    if (rowIndex < 0 || rowIndex >= int(m_index.rows().size()))
        return {};
    const TimelineIndex::Row& row = m_index.rows()[std::size_t(rowIndex)];
    if (row.kind == RowKind::Pool)
        return tr("A pool lane: one of libuv's worker threads (UV_THREADPOOL_SIZE of them). File system calls, DNS "
                  "lookups and crypto such as pbkdf2 run here, off the loop thread. When every lane is busy, new "
                  "work waits in a queue.");
    if (row.thread >= WorkerThreadBase)
        return tr("A worker thread: a second event loop with its own phases and callbacks, sharing the "
                  "process-wide thread pool with the main loop.");
    if (row.kind == RowKind::Phases)
        return tr("The phases of every loop iteration in libuv's order: timers, pending, idle, prepare, poll, check, "
                  "close. Thin ticks are phases the loop passed with nothing to run; a pale poll bar is the loop "
                  "asleep, waiting for I/O or for the next timer.");
    switch (CallbackKind(row.callbackKind)) {
    case CallbackKind::Timer:
        return tr("setTimeout and setInterval callbacks. They run in the timers phase once their time has come.");
    case CallbackKind::Immediate:
        return tr("setImmediate callbacks. They run in the check phase, right after poll.");
    case CallbackKind::NextTick:
        return tr("process.nextTick callbacks. Node drains this queue completely after every callback, before "
                  "promises, so a long chain here keeps the loop from moving on.");
    case CallbackKind::Microtask:
        return tr("Promise reactions and queueMicrotask jobs. They run as soon as the nextTick queue is empty.");
    case CallbackKind::Io:
        return tr("I/O callbacks (files, DNS, network). They run in the poll phase when their operation completes.");
    case CallbackKind::Close:
        return tr("Close callbacks ('close' events). They run in the close phase.");
    case CallbackKind::Work:
        return tr("Completion callbacks of thread-pool work, delivered back on the loop thread in the poll phase.");
    case CallbackKind::Main:
        return tr("The main module: the program's top-level code, run once before the loop starts.");
    }
    return {};
}

QString TimelineView::labelOf(std::uint32_t label) const
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (!recording || label >= recording->strings.size())
        return {};
    return QString::fromStdString(recording->strings.at(label));
}

QString TimelineView::describe(const TimelineSpan& span, int rowIndex) const
{
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    if (!recording || span.log >= recording->logs.size())
        return {};
    const Record& r = (*recording->logs[span.log])[span.index];
    QStringList lines;
    const QString started = tr("Started at %1").arg(secondsText(r.startNs, 6));
    switch (r.type) {
    case RecordType::Phase: {
        const Phase phase = Phase(r.sub);
        lines << tr("%1 phase").arg(QString::fromLatin1(loopscope::phaseName(phase)));
        lines << tr("Iteration %L1").arg(r.span.iteration);
        if (span.timed == 0) {
            lines << tr("Passed, not timed: the loop went through it with nothing to run.");
        } else {
            lines << tr("Lasted %1").arg(TimeMapping::formatDuration(r.span.durNs));
            if (phase == Phase::Poll) {
                lines << (r.span.maxNs < 0 ? tr("Poll timeout: infinite (nothing but I/O to wait for)")
                                           : tr("Poll timeout: %L1 ms").arg(r.span.maxNs));
            }
        }
        lines << started;
        break;
    }
    case RecordType::Callback: {
        const QString label = labelOf(r.label);
        lines
            << tr("%1 callback “%2”").arg(QString::fromLatin1(loopscope::callbackKindName(CallbackKind(r.sub))), label);
        // The phase it ran in: the phase span of the same thread that contains its start.
        QString phaseText = tr("before the loop started");
        const int phaseRow = m_index.rowOf(RowKind::Phases, r.thread, -1);
        if (phaseRow >= 0) {
            const auto& phases = m_index.rows()[std::size_t(phaseRow)].spans;
            auto it = std::lower_bound(phases.begin(), phases.end(), r.startNs,
                [](const TimelineSpan& s, std::int64_t t) { return s.endNs < t; });
            if (it != phases.end() && it->startNs <= r.startNs)
                phaseText = tr("in the %1 phase").arg(QString::fromLatin1(loopscope::phaseName(Phase(it->sub))));
        }
        lines << tr("Iteration %L1, %2").arg(r.span.iteration).arg(phaseText);
        if (r.span.count > 1) {
            lines << tr("A run of %L1 identical callbacks, drawn as one bar").arg(r.span.count);
            lines << tr("Wall time %1 · total %2 · longest %3 · mean %4")
                         .arg(TimeMapping::formatDuration(r.span.durNs), TimeMapping::formatDuration(r.span.busyNs),
                             TimeMapping::formatDuration(r.span.maxNs),
                             TimeMapping::formatDuration(r.span.busyNs / std::int64_t(r.span.count)));
        } else {
            lines << tr("Duration %1").arg(TimeMapping::formatDuration(r.span.durNs));
        }
        lines << started;
        break;
    }
    case RecordType::Pool:
        lines << tr("%1 on pool worker %2").arg(labelOf(r.label)).arg(r.thread);
        lines << tr("Waited %1 in the queue for a free thread").arg(TimeMapping::formatDuration(r.span.busyNs));
        lines << tr("Ran for %1").arg(TimeMapping::formatDuration(r.span.durNs));
        lines << tr("Completed during iteration %L1").arg(r.span.iteration);
        lines << started;
        break;
    default:
        break;
    }
    Q_UNUSED(rowIndex);
    return lines.join(QLatin1Char('\n'));
}

QString TimelineView::selectAt(int row, std::int64_t timeNs)
{
    const std::int64_t tolerance = TimeMapping::pixelsToDuration(3, m_window, plotWidth());
    const TimelineSpan* span = m_index.spanAt(row, timeNs, tolerance);
    if (!span) {
        m_hasSelection = false;
        m_details.clear();
        m_detailsPanel->hide();
        update();
        return {};
    }
    m_selected = *span;
    m_selectedRow = row;
    m_hasSelection = true;
    QString text = describe(*span, row);
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
    updateWindow();
}

void TimelineView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
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

void TimelineView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return QWidget::mousePressEvent(event);
    m_pressed = true;
    m_dragged = false;
    m_pressPos = event->position().toPoint();
    m_pressWindow = m_window;
    setFocus(Qt::MouseFocusReason);
}

void TimelineView::mouseMoveEvent(QMouseEvent* event)
{
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
    if (event->button() != Qt::LeftButton || !m_pressed)
        return QWidget::mouseReleaseEvent(event);
    m_pressed = false;
    unsetCursor();
    if (m_dragged)
        return;
    const QPointF pos = event->position();
    const int row = pos.x() >= plotLeft() ? rowAtY(pos.y()) : -1;
    const QString text
        = row >= 0 ? selectAt(row, TimeMapping::mapXToTime(pos.x(), m_window, plotLeft(), plotWidth())) : QString();
    if (row < 0) {
        m_hasSelection = false;
        update();
    }
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
    case Qt::Key_Home:
        followLive();
        break;
    case Qt::Key_Escape:
        m_detailsPanel->hide();
        m_hasSelection = false;
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
        } else if (pos.x() < plotLeft()) {
            text = rowToolTip(row);
        } else if (row >= 0) {
            const std::int64_t tolerance = TimeMapping::pixelsToDuration(3, m_window, plotWidth());
            if (const TimelineSpan* span
                = m_index.spanAt(row, TimeMapping::mapXToTime(pos.x(), m_window, plotLeft(), plotWidth()), tolerance))
                text = describe(*span, row);
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
    QPainter p(this);
    const QPalette pal = palette();
    const QRectF all = rect();
    p.fillRect(all, pal.color(QPalette::Base));

    const QFontMetricsF fm(font());
    const double left = plotLeft();
    const double width = plotWidth();
    const TimeWindow window = m_window;
    QColor grid = pal.color(QPalette::Text);
    grid.setAlphaF(0.10);
    QColor faint = pal.color(QPalette::Text);
    faint.setAlphaF(0.55);

    // Lanes: alternating backgrounds, the label column, group headings.
    int lastGroup = -1;
    for (std::size_t i = 0; i < m_lanes.size(); ++i) {
        const Lane& lane = m_lanes[i];
        const QRectF band(0, lane.top, all.width(), lane.height);
        if (i % 2 == 1)
            p.fillRect(band, pal.color(QPalette::AlternateBase));
        if (lane.group != lastGroup) {
            lastGroup = lane.group;
            QString heading = lane.group == 0 ? tr("MAIN LOOP")
                : lane.group == 1             ? tr("THREAD POOL")
                                              : tr("WORKER LOOP %1").arg(lane.group - 1);
            QFont bold = font();
            bold.setBold(true);
            p.setFont(bold);
            p.setPen(faint);
            const double headingTop = lane.top - std::ceil(fm.height() + 4);
            p.drawText(
                QRectF(8, headingTop, all.width() - 16, fm.height() + 4), Qt::AlignLeft | Qt::AlignVCenter, heading);
            p.setPen(grid);
            p.drawLine(QPointF(0, headingTop), QPointF(all.width(), headingTop));
            p.setFont(font());
        }
        // A swatch of the row's colour and its name.
        const TimelineIndex::Row& row = m_index.rows()[std::size_t(lane.row)];
        QColor swatch = row.kind == RowKind::Pool ? PhaseColors::pool()
            : row.kind == RowKind::Phases         ? QColor()
            : row.callbackKind >= 0               ? PhaseColors::kind(CallbackKind(row.callbackKind))
                                                  : QColor();
        const double sw = std::round(fm.height() * 0.6);
        const QRectF swatchRect(10, lane.top + (lane.height - sw) / 2, sw, sw);
        if (swatch.isValid()) {
            p.fillRect(swatchRect, swatch);
        } else {
            // The phases row gets a little rainbow of the seven phase colours.
            for (int k = 0; k < loopscope::PhaseCount; ++k)
                p.fillRect(QRectF(swatchRect.left() + k * sw / 7.0, swatchRect.top(), sw / 7.0 + 0.5, sw),
                    PhaseColors::phase(Phase(k)));
        }
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(swatchRect.right() + 6, lane.top, left - swatchRect.right() - 10, lane.height),
            Qt::AlignLeft | Qt::AlignVCenter, rowName(lane.row));
    }

    // The time axis.
    const QRectF ruler(0, 0, all.width(), m_rulerHeight);
    p.fillRect(ruler, pal.color(QPalette::Window));
    const double minTickPixels = fm.horizontalAdvance(QStringLiteral("00.000000 s")) + 16;
    const std::int64_t step = TimeMapping::tickStep(window.spanNs(), width, minTickPixels);
    const int decimals = std::clamp(int(std::ceil(-std::log10(double(step) / 1e9) - 1e-9)), 0, 9);
    std::int64_t tick = window.startNs <= 0 ? 0 : (window.startNs + step - 1) / step * step;
    p.setClipRect(QRectF(left, 0, width, all.height()));
    for (; tick <= window.endNs; tick += step) {
        const double x = std::round(TimeMapping::mapTimeToX(tick, window, left, width));
        p.setPen(grid);
        p.drawLine(QPointF(x, m_rulerHeight), QPointF(x, all.height()));
        p.setPen(faint);
        p.drawLine(QPointF(x, m_rulerHeight - 5), QPointF(x, m_rulerHeight));
        const QString label = secondsText(tick, decimals);
        if (x + 3 + fm.horizontalAdvance(label) <= left + width)
            p.drawText(QRectF(x + 3, 0, minTickPixels, m_rulerHeight - 2), Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    // Before the run started there is nothing to show.
    if (window.startNs < 0) {
        const double x0 = TimeMapping::mapTimeToX(0, window, left, width);
        QColor before = pal.color(QPalette::Window);
        before.setAlphaF(0.6);
        p.fillRect(QRectF(left, m_rulerHeight, std::max(0.0, x0 - left), all.height()), before);
    }

    // The bars.
    const double minText = fm.horizontalAdvance(QStringLiteral("wwww"));
    const loopscope::Recording* recording = m_feed ? m_feed->recording() : nullptr;
    auto drawLabel = [&](const QString& text, double x0, double x1, double top, double height, const QColor& pen) {
        const double from = std::max(x0, left) + 4;
        const double to = std::min(x1, left + width) - 4;
        if (to - from <= 8)
            return;
        p.setPen(pen);
        p.drawText(QRectF(from, top, to - from, height), Qt::AlignLeft | Qt::AlignVCenter,
            fm.elidedText(text, Qt::ElideRight, to - from));
    };
    for (const Lane& lane : m_lanes) {
        m_index.visiblePieces(lane.row, window, left, width, m_pieces);
        const TimelineIndex::Row& row = m_index.rows()[std::size_t(lane.row)];
        const double top = lane.top + 2;
        const double height = lane.height - 4;
        for (const TimelineIndex::Piece& piece : m_pieces) {
            const TimelineSpan& span = *piece.span;
            QColor color = row.kind == RowKind::Pool ? PhaseColors::pool()
                : row.kind == RowKind::Phases        ? PhaseColors::phase(Phase(span.sub))
                                                     : PhaseColors::kind(CallbackKind(span.sub));
            const double x0 = std::max(piece.x0, left - 2);
            const double x1 = std::min(std::max(piece.x1, piece.x0 + 1), left + width + 2);
            if (row.kind == RowKind::Phases && span.timed == 0) {
                // Passed, not timed: a thin tick in the lower part of the row.
                p.fillRect(QRectF(x0, top + height * 0.55, 1, height * 0.45), color);
                continue;
            }
            const bool sleeping = row.kind == RowKind::Phases && Phase(span.sub) == Phase::Poll && piece.count == 1
                && piece.x1 - piece.x0 > 3;
            if (sleeping) {
                QColor pale = color;
                pale.setAlphaF(0.35);
                p.fillRect(QRectF(x0, top, x1 - x0, height), pale);
                p.fillRect(QRectF(x0, top + height - 2, x1 - x0, 2), color);
            } else {
                p.fillRect(QRectF(x0, top, x1 - x0, height), color);
            }
            if (row.kind == RowKind::Phases && piece.count == 1 && x1 - x0 >= minText && recording) {
                const Record& r = (*recording->logs[span.log])[span.index];
                QString text = QString::fromLatin1(loopscope::phaseName(Phase(span.sub)));
                if (Phase(span.sub) == Phase::Poll)
                    text = r.span.maxNs < 0 ? tr("poll · waiting for I/O")
                                            : tr("poll · timeout %L1 ms").arg(r.span.maxNs);
                drawLabel(text, x0, x1, top, height, sleeping ? pal.color(QPalette::Text) : PhaseColors::textOn(color));
            }
        }
        if (row.kind == RowKind::Phases || !recording)
            continue;
        // Callbacks and pool work: touching pieces with one label read as one bar, "label ×count",
        // so a storm cut into many runs still says what it is and how many calls it made.
        for (std::size_t k = 0; k < m_pieces.size();) {
            const TimelineIndex::Piece& head = m_pieces[k];
            const std::uint32_t label = (*recording->logs[head.span->log])[head.span->index].label;
            double x1 = head.x1;
            std::size_t spans = 0;
            std::size_t next = k;
            while (next < m_pieces.size()) {
                const TimelineIndex::Piece& piece = m_pieces[next];
                const Record& r = (*recording->logs[piece.span->log])[piece.span->index];
                if (next > k && (piece.x0 > x1 + 1.0 || r.label != label))
                    break;
                x1 = std::max(x1, piece.x1);
                spans += piece.count;
                ++next;
            }
            const double x0 = head.x0;
            if (x1 - x0 >= minText) {
                // Merged pieces show one label for many; the count is every call in the group's spans.
                const std::uint64_t calls = m_index.callsIn(lane.row, head.first, spans);
                QString text = labelOf(label);
                if (calls > 1)
                    text = tr("%1 ×%L2").arg(text).arg(calls);
                const QColor color
                    = row.kind == RowKind::Pool ? PhaseColors::pool() : PhaseColors::kind(CallbackKind(head.span->sub));
                drawLabel(text, x0, x1, top, height, PhaseColors::textOn(color));
            }
            k = next;
        }
    }

    // The callback running now is not recorded until it returns; a blocked loop still shows it, growing.
    const loopscope::LiveState* live = m_feed ? m_feed->live() : nullptr;
    if (live && live->inCallback.load(std::memory_order_relaxed) && !live->finished.load(std::memory_order_relaxed)) {
        const CallbackKind kind = CallbackKind(live->callbackKind.load(std::memory_order_relaxed));
        const std::int64_t started = live->callbackStartNs.load(std::memory_order_relaxed);
        const std::int64_t until = nowNs();
        const int row = m_index.rowOf(RowKind::Callbacks, MainThread, int(kind));
        for (const Lane& lane : m_lanes) {
            if (lane.row != row || until - started < TimeMapping::pixelsToDuration(2, window, width))
                continue;
            const double x0 = std::max(left, TimeMapping::mapTimeToX(started, window, left, width));
            const double x1 = TimeMapping::mapTimeToX(until, window, left, width);
            const QColor color = PhaseColors::kind(kind);
            p.fillRect(QRectF(x0, lane.top + 2, x1 - x0, lane.height - 4), QBrush(color, Qt::BDiagPattern));
            p.setPen(QPen(color, 1.5));
            p.drawRect(QRectF(x0, lane.top + 2, x1 - x0, lane.height - 4));
            drawLabel(tr("%1 · running %2")
                          .arg(labelOf(live->callbackLabel.load(std::memory_order_relaxed)),
                              TimeMapping::formatDuration(until - started)),
                x0, x1, lane.top + 2, lane.height - 4, pal.color(QPalette::Text));
        }
    }

    // The selection.
    if (m_hasSelection) {
        for (const Lane& lane : m_lanes) {
            if (lane.row != m_selectedRow)
                continue;
            const double x0 = TimeMapping::mapTimeToX(m_selected.startNs, window, left, width);
            const double x1 = std::max(x0 + 1, TimeMapping::mapTimeToX(m_selected.endNs, window, left, width));
            p.setPen(QPen(pal.color(QPalette::Highlight), 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(QRectF(x0 - 1, lane.top, x1 - x0 + 2, lane.height));
        }
    }

    // The live edge.
    const std::int64_t now = nowNs();
    if (now >= window.startNs && now <= window.endNs) {
        const double x = TimeMapping::mapTimeToX(now, window, left, width);
        QColor edge = pal.color(QPalette::Highlight);
        p.setPen(QPen(edge, 1.5));
        p.drawLine(QPointF(x - 1, m_rulerHeight), QPointF(x - 1, m_contentHeight));
    }
    p.setClipping(false);

    // The state of the view, top left.
    p.setPen(m_following ? pal.color(QPalette::Highlight) : faint);
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.drawText(QRectF(10, 0, left - 14, m_rulerHeight), Qt::AlignLeft | Qt::AlignVCenter,
        m_following        ? tr("live · %1").arg(TimeMapping::formatDuration(window.spanNs()))
            : m_autoFitted ? tr("whole run · Home")
                           : tr("paused · Home"));
    p.setPen(grid);
    p.drawLine(QPointF(0, m_rulerHeight), QPointF(all.width(), m_rulerHeight));
    p.drawLine(QPointF(left - 1, m_rulerHeight), QPointF(left - 1, all.height()));
}
