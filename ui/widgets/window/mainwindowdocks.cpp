// The window's docks: the scenario browser, the lesson, the workloads, the queues, the loop status, the
// console, the thread pool, the timeline and the latency chart, and how they are laid out at first.
#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/queueboard.h"
#include "models/statusmodel.h"
#include "recording/recording.h"
#include "widgets/chart/latencychart.h"
#include "widgets/dialogs/nodecomparedialog.h"
#include "widgets/lanes/blockflameview.h"
#include "widgets/lanes/poollanesview.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/panels/columnshare.h"
#include "widgets/panels/figurespanel.h"
#include "widgets/panels/verticalscrollarea.h"
#include "widgets/panels/workloadpalette.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/window/lessonscontroller.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QClipboard>
#include <QDockWidget>
#include <QFontDatabase>
#include <QGuiApplication>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace {

QTreeView* makeTable(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTreeView(parent);
    view->setModel(model);
    view->setRootIsDecorated(false);
    view->setUniformRowHeights(true);
    view->setAlternatingRowColors(true);
    view->setSelectionMode(QAbstractItemView::NoSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setFocusPolicy(Qt::NoFocus);
    view->header()->setStretchLastSection(true);
    view->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    view->header()->setStretchLastSection(false);
    view->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    return view;
}

// Wraps a view whose height grows with its content (lanes, rows) so that a short dock scrolls it
// instead of squeezing it: without the shrink flag, the scroll area never makes it shorter than its size hint.
QScrollArea* verticalScroller(QWidget* content, QWidget* parent)
{
    content->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::MinimumExpanding);
    return new VerticalScrollArea(content, parent);
}

// As verticalScroller, for a view that fits its content to a shorter height, down to its minimum size hint.
QScrollArea* fittingScroller(QWidget* content, QWidget* parent)
{
    QScrollArea* scroll = verticalScroller(content, parent);
    content->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    return scroll;
}

} // namespace

void MainWindow::createDocks()
{
    auto* viewMenu = menuBar()->findChild<QMenu*>(QStringLiteral("viewMenu"));
    auto addDock = [this, viewMenu](const QString& name, QWidget* widget, Qt::DockWidgetArea area,
                       std::function<ControlTexts()> texts) {
        auto* dock = new QDockWidget(this);
        dock->setObjectName(name);
        dock->setWidget(widget);
        Language::follow(dock, [dock, texts = std::move(texts)] {
            const ControlTexts said = texts();
            dock->setWindowTitle(said.name);
            dock->setToolTip(said.explanation);
        });
        addDockWidget(area, dock);
        viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };

    m_browser = new ScenarioBrowser(this);
    connect(m_browser, &ScenarioBrowser::runRequested, this,
        [this](const QString& name, const ScenarioCatalog::Overrides& overrides) { runScenario(name, overrides); });
    connect(m_browser, &ScenarioBrowser::compareRequested, this,
        [this](const QString& name, const ScenarioCatalog::Overrides& overrides) {
            compareWithNode(NodeComparison::Source::fromScenario(name, overrides));
        });
    auto* scenarios = addDock(QStringLiteral("scenariosDock"), m_browser, Qt::LeftDockWidgetArea, [] {
        return ControlTexts { tr("Scenarios"),
            tr("The built-in experiments, with the Node.js script each one is equivalent to.") };
    });

    m_lessons = new LessonsController(this, m_controller, m_browser, m_stepping);
    // Large text in a short dock (presentation mode, zoomed in) scrolls rather than make the window taller
    // than the screen.
    auto* lessonScroll = new VerticalScrollArea(m_lessons->panel(), this);
    lessonScroll->setObjectName(QStringLiteral("lessonScroll"));
    auto* lesson = addDock(QStringLiteral("lessonDock"), lessonScroll, Qt::LeftDockWidgetArea, [] {
        return ControlTexts { tr("Lesson"),
            tr("Guess first, then run: the selected scenario's lines to put in the order you expect, checked against "
               "the real run.") };
    });

    m_palette = new WorkloadPalette(this);
    connect(m_palette, &WorkloadPalette::workloadRequested, this, &MainWindow::injectWorkload);
    // Every button and value in full, in every language: the dock is as wide as the palette needs and
    // scrolls only downwards (a short window).
    auto* scroll = new VerticalScrollArea(m_palette, this);
    auto* workloads = addDock(QStringLiteral("workloadsDock"), scroll, Qt::LeftDockWidgetArea, [] {
        return ControlTexts { tr("Workloads"), tr("Work to inject into the running loop while you watch.") };
    });

    auto* queues = new QWidget(this);
    auto* queuesLayout = new QVBoxLayout(queues);
    queuesLayout->setContentsMargins(4, 4, 4, 4);
    auto* splitter = new QSplitter(Qt::Vertical, queues);
    for (int i = 0; i < QueueModel::QueueCount; ++i) {
        const auto queue = QueueModel::Queue(i);
        auto* box = new QWidget(splitter);
        auto* layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 2, 0, 2);
        layout->setSpacing(2);
        auto* title = new QLabel(box);
        QFont bold = title->font();
        bold.setBold(true);
        title->setFont(bold);
        auto* view = makeTable(m_queues->model(queue), box);
        view->setObjectName(QStringLiteral("queueView%1").arg(i));
        view->header()->hide();
        view->setMinimumHeight(view->fontMetrics().height() + 8);
        layout->addWidget(title);
        layout->addWidget(view, 1);
        splitter->addWidget(box);
        QueueModel* model = m_queues->model(queue);
        // The feed, not the window: a feed reset as the window is destroyed (its session ended) still says it.
        auto update = [feed = m_feed, title, queue](std::size_t total) {
            title->setText(feed->sees(QueueBoard::unobservedFlags(queue))
                    ? tr("%1 · %2").arg(QueueModel::title(queue)).arg(total)
                    : tr("%1 · %2").arg(QueueModel::title(queue), StatusModel::notSeen()));
        };
        connect(model, &QueueModel::totalChanged, title, update);
        // A new session or recording: nothing queued yet, and whether its queues are seen at all.
        connect(m_feed, &LiveFeed::reset, title, [update] { update(0); });
        // Whether the queue is seen can change with no total changing: an attached program's queues are
        // known once it has ended (its replay shows them), and lost when the probe stops labelling.
        connect(m_feed, &LiveFeed::ticked, title,
            [feed = m_feed, queue, model, update, seen = std::optional<bool>()]() mutable {
                const bool now = feed->sees(QueueBoard::unobservedFlags(queue));
                if (seen != now) {
                    seen = now;
                    update(model->total());
                }
            });
        Language::follow(title, [title, view, model, queue, update] {
            title->setToolTip(QueueModel::explanation(queue));
            view->setToolTip(QueueModel::explanation(queue));
            update(model->total());
        });
    }
    queuesLayout->addWidget(splitter);
    auto* queuesDock = addDock(QStringLiteral("queuesDock"), queues, Qt::RightDockWidgetArea, [] {
        return ControlTexts { tr("Queues"), tr("What is waiting in each queue, in the order it will run.") };
    });

    auto* statusView = makeTable(m_status, this);
    statusView->setObjectName(QStringLiteral("statusView"));
    statusView->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    statusView->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    auto* statusDock = addDock(QStringLiteral("statusDock"), statusView, Qt::LeftDockWidgetArea, [] {
        return ControlTexts { tr("Loop status"), tr("The loop's phase, iteration, rates and what poll waits for.") };
    });

    m_consoleView = makeTable(m_console, this);
    m_consoleView->setObjectName(QStringLiteral("consoleView"));
    m_consoleView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_consoleView->header()->setStretchLastSection(false);
    m_consoleView->header()->setSectionResizeMode(ConsoleModel::TimeColumn, QHeaderView::ResizeToContents);
    m_consoleView->header()->setSectionResizeMode(ConsoleModel::TextColumn, QHeaderView::Stretch);
    // Who printed a line, at the right as a browser's console shows where: as wide as the labels shown, but
    // never more than a third of the console, whose output comes first.
    new ColumnShare(m_consoleView, ConsoleModel::FromColumn, 1.0 / 3);
    connect(m_console, &QAbstractItemModel::rowsInserted, m_consoleView, [this] { m_consoleView->scrollToBottom(); });
    // Lines can be selected and copied whole, however long (a long one is shown cut).
    m_consoleView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_consoleView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_consoleView->setFocusPolicy(Qt::StrongFocus);
    auto* copyLines = new QAction(m_consoleView);
    copyLines->setObjectName(QStringLiteral("copyConsoleLines"));
    copyLines->setShortcut(QKeySequence::Copy);
    copyLines->setShortcutContext(Qt::WidgetShortcut);
    Language::follow(copyLines, [copyLines] {
        copyLines->setText(tr("&Copy"));
        copyLines->setToolTip(tr("Copies the selected lines whole, as the program printed them."));
    });
    connect(copyLines, &QAction::triggered, m_consoleView, [this] {
        QModelIndexList rows = m_consoleView->selectionModel()->selectedRows(ConsoleModel::TextColumn);
        std::sort(
            rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
        QStringList lines;
        for (const QModelIndex& row : rows)
            lines << row.data(ConsoleModel::TextRole).toString();
        if (!lines.isEmpty())
            QGuiApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
    });
    m_consoleView->addAction(copyLines);
    m_consoleView->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto* consoleDock = addDock(QStringLiteral("consoleDock"), m_consoleView, Qt::BottomDockWidgetArea, [] {
        return ControlTexts { tr("Console"),
            tr("The program's console.log output in the order the runtime printed it, with errors in red.") };
    });

    auto* figures = new FiguresPanel(m_feed, this);
    figures->setObjectName(QStringLiteral("figuresPanel"));
    auto* figuresDock = addDock(QStringLiteral("figuresDock"), figures, Qt::BottomDockWidgetArea, [] {
        return ControlTexts { tr("Run figures"),
            tr("What the run measured once it has ended: loop delay as Node's monitorEventLoopDelay reports it, "
               "utilisation as its eventLoopUtilization computes it, /health, the thread pool, and the stretches "
               "a program measures, side by side.") };
    });

    m_poolLanes = new PoolLanesView(m_feed, this);
    m_poolLanes->setObjectName(QStringLiteral("poolLanes"));
    auto* poolDock
        = addDock(QStringLiteral("poolDock"), verticalScroller(m_poolLanes, this), Qt::RightDockWidgetArea, [] {
              return ControlTexts { tr("Thread pool"),
                  tr("libuv's worker threads: what each one runs and for how long, the work waiting for a free thread, "
                     "and the occupancy of the last seconds.") };
          });

    m_timeline = new TimelineView(m_feed, this);
    m_timeline->setObjectName(QStringLiteral("timeline"));
    if (auto* slotMode = findChild<QAction*>(QStringLiteral("slotModeAction")))
        connect(m_timeline, &TimelineView::slotModeChanged, slotMode, &QAction::setChecked);
    auto* timelineDock = m_timelineDock
        = addDock(QStringLiteral("timelineDock"), fittingScroller(m_timeline, this), Qt::BottomDockWidgetArea, [] {
              return ControlTexts { tr("Timeline"),
                  tr("The recent seconds as a Gantt chart: phases, callbacks by kind, pool workers and worker loops. "
                     "Wheel or +/- zooms, dragging or the arrow keys pan, Home follows the live edge, a click shows "
                     "details.") };
          });

    m_blockFlame = new BlockFlameView(m_feed, this);
    m_blockFlame->setObjectName(QStringLiteral("blockFlame"));
    connect(m_timeline, &TimelineView::callbackSelected, m_blockFlame, &BlockFlameView::showCallback);
    auto* blockDock = addDock(
        QStringLiteral("blockDock"), verticalScroller(m_blockFlame, this), Qt::BottomDockWidgetArea, [] {
            return ControlTexts { tr("Blocked by"),
                tr("Which JavaScript blocked the loop: the stacks the probe sampled while a callback of an attached "
                   "program ran past its threshold, outermost frame at the top, each frame as wide as its share of the "
                   "samples. It shows the callback selected in the timeline, else the one blocking now, else the last "
                   "one that blocked.") };
        });
    // A click on a callback that blocked brings its stacks forward: what blocked is one click away.
    connect(m_timeline, &TimelineView::callbackSelected, blockDock, [this, blockDock](int thread, qint64 startNs) {
        const std::optional<loopscope::BlockProfile>& shown = m_blockFlame->profile();
        if (thread >= 0 && shown && shown->thread == thread && shown->callbackStartNs == startNs)
            blockDock->raise();
    });

    m_latency = new LatencyChart(m_feed, this);
    m_latency->setObjectName(QStringLiteral("latencyChart"));
    auto* latencyDock = addDock(QStringLiteral("latencyDock"), m_latency, Qt::BottomDockWidgetArea, [] {
        return ControlTexts { tr("Latency"),
            tr("How much later than expected the loop's delay monitor ran (beyond its 10 ms resolution), the "
               "/health response time and event-loop utilisation; each sample covers the time it measured, a "
               "growing box is a probe still waiting, and shaded bands mark the workloads that ran.") };
    });

    // The bottom row shows the latency chart, the timeline and the console side by side from the
    // first start; the scenario browser is a tab beside the workloads (both are what to run).
    splitDockWidget(workloads, statusDock, Qt::Vertical);
    splitDockWidget(queuesDock, poolDock, Qt::Vertical);
    splitDockWidget(latencyDock, timelineDock, Qt::Horizontal);
    splitDockWidget(timelineDock, consoleDock, Qt::Horizontal);
    tabifyDockWidget(workloads, scenarios);
    tabifyDockWidget(scenarios, lesson);
    tabifyDockWidget(consoleDock, figuresDock);
    // Beside the timeline, behind the latency chart: a tab among the console's would cut their titles.
    tabifyDockWidget(latencyDock, blockDock);
    latencyDock->raise();
    consoleDock->raise();
    workloads->raise();
    resizeDocks({ workloads, queuesDock }, { 420, 380 }, Qt::Horizontal);
    resizeDocks({ queuesDock, poolDock }, { 290, 330 }, Qt::Vertical);
    resizeDocks({ latencyDock }, { 300 }, Qt::Vertical);
    resizeDocks({ latencyDock, timelineDock, consoleDock }, { 640, 520, 400 }, Qt::Horizontal);
}
