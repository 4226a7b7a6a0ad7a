#include "widgets/timeline/timelineview.h"

#include "models/livefeed.h"
#include "models/timelinetexts.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "widgets/timeline/timelinepainter.h"
#include "widgets/window/language.h"

#include <QLabel>
#include <QPainter>
#include <QResizeEvent>

#include <algorithm>
#include <cmath>

using loopscope::CallbackKind;
using loopscope::MainThread;
using loopscope::Record;
using loopscope::RecordType;
using loopscope::WorkerThreadBase;
using RowKind = TimelineIndex::RowKind;

namespace {

constexpr std::int64_t MinSpanNs = 2'000; // 2 µs across the view

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
    Language::follow(this, [this] { setAccessibleName(tr("Timeline")); });

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
    const std::size_t rowsBefore = m_index.rows().size();
    const std::uint32_t filledBefore = filledMainRows();
    m_index.add(log, std::uint16_t(logIndex), from, to);
    // The lanes follow the rows: a row new to the index, or a main-loop row that held nothing until now,
    // which relayout() leaves out (close and work rows always, every other where the dock is short).
    if (m_index.rows().size() != rowsBefore || filledMainRows() != filledBefore) {
        relayout();
        updateGeometry();
    }
    update();
}

std::uint32_t TimelineView::filledMainRows() const
{
    std::uint32_t filled = 0;
    for (int kind = 0; kind <= int(CallbackKind::Main); ++kind) {
        const TimelineIndex::Row* row = indexRow(m_index.rowOf(RowKind::Callbacks, MainThread, kind));
        if (row && !row->spans.empty())
            filled |= std::uint32_t(1) << kind;
    }
    return filled;
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
    const std::int64_t first = std::max<std::int64_t>(0, m_index.firstStartNs());
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

void TimelineView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    TimelinePainter(*this, painter).paint();
}
