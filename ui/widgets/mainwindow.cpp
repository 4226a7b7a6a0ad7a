#include "widgets/mainwindow.h"

#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/queueboard.h"
#include "models/sessioncontroller.h"
#include "models/statusmodel.h"
#include "recording/recording.h"
#include "widgets/fileactions.h"
#include "widgets/helpdialogs.h"
#include "widgets/latencychart.h"
#include "widgets/lessonpanel.h"
#include "widgets/nodecomparedialog.h"
#include "widgets/nodetimingdialog.h"
#include "widgets/panelhighlight.h"
#include "widgets/phasewheel.h"
#include "widgets/pointerhighlight.h"
#include "widgets/poollanesview.h"
#include "widgets/runmanydialog.h"
#include "widgets/scenariobrowser.h"
#include "widgets/steppingcontrols.h"
#include "widgets/timelineview.h"
#include "widgets/workloadpalette.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

namespace {

const char* const GeometryKey = "window/geometry";
const char* const StateKey = "window/state";

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
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    return scroll;
}

// As verticalScroller, for a view that fits its content to a shorter height, down to its minimum size hint.
QScrollArea* fittingScroller(QWidget* content, QWidget* parent)
{
    QScrollArea* scroll = verticalScroller(content, parent);
    content->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    return scroll;
}

QString withShortcut(const QString& explanation, const QKeySequence& shortcut)
{
    if (shortcut.isEmpty())
        return explanation;
    return QStringLiteral("<p>%1</p><p><b>%2</b></p>")
        .arg(explanation.toHtmlEscaped(), shortcut.toString(QKeySequence::NativeText).toHtmlEscaped());
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);
    m_basePointSize = QApplication::font().pointSizeF();
    setAcceptDrops(true);

    m_controller = new SessionController(this);
    m_feed = m_controller->feed();
    m_status = new StatusModel(m_feed, this);
    m_console = new ConsoleModel(m_feed, this);
    m_queues = new QueueBoard(m_feed, m_status, this);
    connect(m_feed, &LiveFeed::ticked, this, &MainWindow::onTicked);
    connect(m_controller, &SessionController::started, this, &MainWindow::onSessionStarted);
    connect(m_controller, &SessionController::probesChanged, this, &MainWindow::showProbes);
    m_files = new FileActions(m_controller, m_console, this);
    connect(m_files, &FileActions::programLoaded, this,
        [this](const loopscope::Program& program, const QString& path, const ScenarioCatalog::Overrides& overrides) {
            runProgram(program);
            m_lastSource = NodeComparison::Source::fromFile(path, overrides);
        });
    connect(m_files, &FileActions::recordingOpened, this, &MainWindow::onRecordingOpened);
    connect(m_files, &FileActions::exported, this, [this](const QString& path) {
        setState([path] { return tr("Wrote %1").arg(QDir::toNativeSeparators(path)); });
    });

    m_wheel = new PhaseWheel(m_feed, m_status, this);
    m_wheel->setObjectName(QStringLiteral("phaseWheel"));
    setCentralWidget(m_wheel);

    createActions();
    createDocks();

    m_stateLabel = new QLabel(this);
    m_stateLabel->setObjectName(QStringLiteral("stateLabel"));
    statusBar()->addWidget(m_stateLabel, 1);
    m_versionLabel = new QLabel(this);
    statusBar()->addPermanentWidget(m_versionLabel);
    setState([] { return QString(); }, [] { return tr("LoopScope %1").arg(QStringLiteral(LOOPSCOPE_VERSION)); });
    Language::follow(m_stateLabel, [this] {
        m_versionLabel->setText(tr("LoopScope %1").arg(QStringLiteral(LOOPSCOPE_VERSION)));
        setWindowTitle(m_titleText());
        m_stateLabel->setText(m_heldText.isEmpty() ? m_stateText() : m_heldText);
        // Texts of another length: the tool bars lay their buttons out anew (or keep some behind »).
        for (QToolBar* bar : findChildren<QToolBar*>()) {
            if (bar->isVisible()) {
                bar->hide();
                bar->show();
            }
        }
    });

    m_pointer = new PointerHighlight(this);
    m_panelHighlight = new PanelHighlight(this);

    QSettings settings;
    if (!restoreGeometry(settings.value(QLatin1String(GeometryKey)).toByteArray())) {
        // First start: most of the screen, centred, so every dock has room.
        const QRect available = screen()->availableGeometry();
        const QSize size = QSize(1560, 960).boundedTo(available.size() * 0.94);
        setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
    }
    restoreState(settings.value(QLatin1String(StateKey)).toByteArray(), StateVersion);
    setTheme(Theme::saved());
    setFontScale(settings.value(QLatin1String(FontScaleKey), 1.0).toDouble());

    m_controller->startIdle();
}

MainWindow::~MainWindow() = default;

QString MainWindow::versionText() const
{
    return m_versionLabel->text();
}

QAction* MainWindow::addControl(const QKeySequence& shortcut, std::function<ControlTexts()> texts)
{
    auto* action = new QAction(this);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WindowShortcut);
    Language::follow(action, [action, shortcut, texts = std::move(texts)] {
        const ControlTexts said = texts();
        action->setText(said.name);
        action->setToolTip(withShortcut(said.explanation, shortcut));
        action->setStatusTip(said.explanation);
    });
    addAction(action);
    return action;
}

void MainWindow::createActions()
{
    createLoopActions();
    createSlowMotion();
    createFileMenu();
    createLoopMenu();
    createViewMenu();
    createHelpMenu();
    createToolBar();
}

void MainWindow::createLoopActions()
{
    m_runAction = addControl(QKeySequence(Qt::Key_F5), [] {
        return ControlTexts { tr("Run"),
            tr("Runs the scenario selected in the browser on a fresh loop; the previous run stops.") };
    });
    connect(m_runAction, &QAction::triggered, this, [this] { m_browser->run(); });

    m_stopAction = addControl(QKeySequence(Qt::Key_Escape), [] {
        return ControlTexts { tr("Stop"),
            tr("Abandons runaway work (a long block, a nextTick storm): the server loop goes on; a scenario's run "
               "ends and the server loop takes over.") };
    });
    m_stopAction->setObjectName(QStringLiteral("stopAction"));
    connect(m_stopAction, &QAction::triggered, this, &MainWindow::stopRunaway);

    m_stepping = new SteppingControls(
        m_controller,
        [this](const QKeySequence& shortcut, std::function<ControlTexts()> texts) {
            return addControl(shortcut, std::move(texts));
        },
        this);

    m_healthAction = addControl(QKeySequence(Qt::Key_H), [] {
        return ControlTexts { tr("/health probe"),
            tr("Sends a request to the built-in server every 20 ms, like a load balancer: a blocked loop answers "
               "late.") };
    });
    m_healthAction->setCheckable(true);
    connect(m_healthAction, &QAction::toggled, m_controller, &SessionController::setHealthProbe);
    m_delayAction = addControl(QKeySequence(Qt::Key_D), [] {
        return ControlTexts { tr("Delay monitor"),
            tr("Measures how late a 10 ms timer fires, like perf_hooks.monitorEventLoopDelay.") };
    });
    m_delayAction->setCheckable(true);
    m_delayAction->setChecked(true);
    connect(m_delayAction, &QAction::toggled, m_controller, &SessionController::setDelayMonitor);
}

void MainWindow::createSlowMotion()
{
    m_slowMotion = new QSlider(Qt::Horizontal, this);
    m_slowMotion->setObjectName(QStringLiteral("slowMotion"));
    m_slowMotion->setRange(0, 1000);
    m_slowMotion->setSingleStep(50);
    m_slowMotion->setPageStep(100);
    m_slowMotion->setFixedWidth(160);
    m_slowMotion->setFocusPolicy(Qt::NoFocus);
    m_slowMotionLabel = new QLabel(this);
    auto showSlowMotion = [this] {
        const int ms = m_slowMotion->value();
        m_slowMotionLabel->setText(ms == 0 ? tr("real time") : tr("%1 ms/step").arg(ms));
    };
    connect(m_slowMotion, &QSlider::valueChanged, this, [this, showSlowMotion](int ms) {
        m_controller->setSlowMotion(ms);
        showSlowMotion();
    });
    Language::follow(m_slowMotion, [this, showSlowMotion] {
        m_slowMotion->setToolTip(
            withShortcut(tr("Slow motion: holds every phase, and the queues after every callback, this long, so the "
                            "cursor can be followed. The time held is left out of the program's clock."),
                QKeySequence(QStringLiteral("[, ]"))));
        m_slowMotionLabel->setMinimumWidth(m_slowMotionLabel->fontMetrics().horizontalAdvance(tr("1000 ms/step")) + 8);
        showSlowMotion();
    });
    m_slowerAction = addControl(QKeySequence(Qt::Key_BracketRight), [] {
        return ControlTexts { tr("Slower"), tr("More slow motion.") };
    });
    connect(m_slowerAction, &QAction::triggered, this,
        [this] { m_slowMotion->setValue(m_slowMotion->value() + m_slowMotion->pageStep()); });
    m_fasterAction = addControl(QKeySequence(Qt::Key_BracketLeft), [] {
        return ControlTexts { tr("Faster"), tr("Less slow motion.") };
    });
    connect(m_fasterAction, &QAction::triggered, this,
        [this] { m_slowMotion->setValue(m_slowMotion->value() - m_slowMotion->pageStep()); });
}

void MainWindow::createLoopMenu()
{
    auto* compare = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+N")), [] {
        return ControlTexts { tr("Compare with Node.js…"),
            tr("Runs the current program in node and in LoopScope, several times when its order depends on timing, "
               "and shows both consoles side by side with the first difference highlighted.") };
    });
    compare->setObjectName(QStringLiteral("compareAction"));
    connect(compare, &QAction::triggered, this, [this] { compareWithNode(); });
    QMenu* loopMenu = menuBar()->addMenu(QString());
    Language::follow(loopMenu, [loopMenu] { loopMenu->setTitle(tr("&Loop")); });
    loopMenu->setToolTipsVisible(true);
    for (QAction* action : { m_runAction, m_stepping->startPausedAction(), m_stopAction, m_stepping->pauseAction() })
        loopMenu->addAction(action);
    loopMenu->addActions(m_stepping->stepActions());
    loopMenu->addActions(m_stepping->stepBackActions());
    loopMenu->addAction(m_stepping->playAction());
    loopMenu->addMenu(m_stepping->speedMenu());
    for (QAction* action : { m_slowerAction, m_fasterAction, m_healthAction, m_delayAction })
        loopMenu->addAction(action);
    loopMenu->addSeparator();
    QAction* timing = loopMenu->addAction(QString());
    Language::follow(timing, [timing] {
        timing->setText(tr("Node.js &timing…"));
        timing->setToolTip(tr("The time Node.js spends that LoopScope models (its first console.log, a worker's "
                              "start-up, the start-up gap): it decides races such as setTimeout(0) against "
                              "setImmediate."));
    });
    connect(timing, &QAction::triggered, this, [this] {
        NodeTimingDialog dialog(this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        dialog.save();
        SessionController::setNodeCosts(dialog.costs());
    });
    loopMenu->addAction(compare);
    auto* runMany = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+R")), [] {
        return ControlTexts { tr("Run &many times…"),
            tr("Runs the current program a hundred times on fresh loops and shows how often each output came: a race "
               "such as setTimeout(0) against setImmediate shows both orders with their frequencies.") };
    });
    runMany->setObjectName(QStringLiteral("runManyAction"));
    connect(runMany, &QAction::triggered, this, [this] { runManyTimes(); });
    loopMenu->addAction(runMany);
    loopMenu->addSeparator();
    QAction* rolling = loopMenu->addAction(QString());
    rolling->setCheckable(true);
    rolling->setChecked(SessionController::rollingWindow());
    Language::follow(rolling, [rolling] {
        rolling->setText(tr("&Rolling window past the memory budget"));
        rolling->setToolTip(tr("When a run's recording outgrows the memory budget (%1 MB), let go of its oldest "
                               "events instead of spilling them to a temporary file: a storm can run all lesson "
                               "long, and the timeline keeps a summary of what was let go. Applies to the next run.")
                                .arg(SessionController::memoryBudgetMb()));
    });
    connect(rolling, &QAction::toggled, this, [](bool on) {
        SessionController::setRollingWindow(on);
        QSettings().setValue(QLatin1String(SessionController::RollingWindowKey), on);
    });
}

void MainWindow::createHelpMenu()
{
    auto* shortcuts = addControl(QKeySequence(Qt::Key_F1), [] {
        return ControlTexts { tr("Keyboard shortcuts"), tr("Every key LoopScope answers to, with what it does.") };
    });
    connect(shortcuts, &QAction::triggered, this, [this] { HelpDialogs::showShortcuts(this, actions()); });
    auto* explained = addControl(QKeySequence(QStringLiteral("Shift+F1")), [] {
        return ControlTexts { tr("What am I looking at?"),
            tr("The circle, its centre, the queues and the docks explained in a few sentences.") };
    });
    connect(explained, &QAction::triggered, this, [this] { HelpDialogs::showWhatAmILookingAt(this); });
    auto* about = addControl({}, [] {
        return ControlTexts { tr("About LoopScope"),
            tr("The version of LoopScope, of the libuv it runs and of Node.js.") };
    });
    connect(about, &QAction::triggered, this, [this] {
        const loopscope::Recording* recording = m_feed->recording();
        HelpDialogs::showAbout(this, recording ? QString::fromStdString(recording->info.libuv) : QString());
    });
    QMenu* help = menuBar()->addMenu(QString());
    Language::follow(help, [help] { help->setTitle(tr("&Help")); });
    help->setToolTipsVisible(true);
    help->addActions({ shortcuts, explained, about });
}

void MainWindow::createToolBar()
{
    auto* toolbar = addToolBar(QString());
    Language::follow(toolbar, [toolbar] { toolbar->setWindowTitle(tr("Loop controls")); });
    toolbar->setObjectName(QStringLiteral("loopControls"));
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar->setMovable(false);
    toolbar->addAction(m_runAction);
    toolbar->addAction(m_stopAction);
    toolbar->addSeparator();
    toolbar->addAction(m_stepping->pauseAction());
    auto* stepLabel = new QLabel(this);
    Language::follow(stepLabel, [stepLabel] { stepLabel->setText(QLatin1Char(' ') + SteppingControls::stepLabel()); });
    toolbar->addWidget(stepLabel);
    toolbar->addAction(m_stepping->stepBackActions().front());
    toolbar->addActions(m_stepping->stepActions());
    // Slow motion, the probes and the theme have a toolbar of their own, which presentation mode puts on
    // a second row so that its larger text leaves every control in view.
    m_probeBar = addToolBar(QString());
    Language::follow(m_probeBar, [this] { m_probeBar->setWindowTitle(tr("Slow motion, probes and theme")); });
    m_probeBar->setObjectName(QStringLiteral("probeControls"));
    m_probeBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_probeBar->setMovable(false);
    auto* slowLabel = new QLabel(this);
    Language::follow(slowLabel, [this, slowLabel] {
        slowLabel->setText(tr("Slow motion "));
        slowLabel->setToolTip(m_slowMotion->toolTip());
    });
    m_probeBar->addWidget(slowLabel);
    m_probeBar->addWidget(m_slowMotion);
    m_probeBar->addWidget(m_slowMotionLabel);
    m_probeBar->addSeparator();
    m_probeBar->addAction(m_healthAction);
    m_probeBar->addAction(m_delayAction);
    m_probeBar->addSeparator();
    m_probeBar->addAction(m_themeAction);
}

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

    // The lesson follows the scenario selected; its run is the window's, and its answer comes when it ends.
    m_lesson = new LessonPanel(this);
    connect(m_browser, &ScenarioBrowser::selected, m_lesson, &LessonPanel::setScenario);
    m_lesson->setScenario(m_browser->current(), m_browser->overrides());
    connect(m_lesson, &LessonPanel::runRequested, this,
        [this](const QString& name, const ScenarioCatalog::Overrides& overrides) {
            m_browser->select(name);
            m_lessonRunPending = runScenario(name, overrides);
        });
    connect(m_lesson, &LessonPanel::lookAt, this, [this](const QString& dockName) {
        if (auto* dock = findChild<QDockWidget*>(dockName)) {
            dock->show();
            dock->raise();
            m_panelHighlight->ring(dock);
        }
    });
    auto* lesson = addDock(QStringLiteral("lessonDock"), m_lesson, Qt::LeftDockWidgetArea, [] {
        return ControlTexts { tr("Lesson"),
            tr("Guess first, then run: the selected scenario's lines to put in the order you expect, checked against "
               "the real run.") };
    });

    m_palette = new WorkloadPalette(this);
    connect(m_palette, &WorkloadPalette::workloadRequested, this, &MainWindow::injectWorkload);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_palette);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    // Every button and value in full, in every language: the dock is as wide as the palette needs and
    // scrolls only downwards (a short window).
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_palette->minimumSizeHint().width()
        + scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, scroll));
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
        auto update = [title, queue](std::size_t total) {
            title->setText(tr("%1 · %2").arg(QueueModel::title(queue)).arg(total));
        };
        connect(model, &QueueModel::totalChanged, title, update);
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
    m_consoleView->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_consoleView->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    connect(m_console, &QAbstractItemModel::rowsInserted, m_consoleView, [this] { m_consoleView->scrollToBottom(); });
    auto* consoleDock = addDock(QStringLiteral("consoleDock"), m_consoleView, Qt::BottomDockWidgetArea, [] {
        return ControlTexts { tr("Console"),
            tr("The program's console.log output in the order the runtime printed it, with errors in red.") };
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
    workloads->raise();
    resizeDocks({ workloads, queuesDock }, { 420, 380 }, Qt::Horizontal);
    resizeDocks({ queuesDock, poolDock }, { 290, 330 }, Qt::Vertical);
    resizeDocks({ latencyDock }, { 300 }, Qt::Vertical);
    resizeDocks({ latencyDock, timelineDock, consoleDock }, { 640, 520, 400 }, Qt::Horizontal);
}

void MainWindow::runProgram(const loopscope::Program& program)
{
    // Callers that know where the program came from say so after this.
    m_lastSource = {};
    m_lastProgram = program;
    m_console->clear();
    m_stepping->setProgram(QString::fromStdString(program.name));
    m_controller->start(
        program, m_stepping->startsPaused() ? SessionController::Start::Paused : SessionController::Start::Running);
}

bool MainWindow::runScenario(const QString& name, const ScenarioCatalog::Overrides& overrides)
{
    auto loaded = ScenarioCatalog::loadScenario(name, overrides);
    if (auto* error = std::get_if<QString>(&loaded)) {
        m_console->appendNote(*error);
        return false;
    }
    m_browser->select(name);
    // The script being run stays in view beside the circle.
    if (auto* dock = qobject_cast<QDockWidget*>(m_browser->parentWidget()))
        dock->raise();
    runProgram(std::get<loopscope::Program>(std::move(loaded)));
    m_lastSource = NodeComparison::Source::fromScenario(name, overrides);
    return true;
}

bool MainWindow::injectWorkload(const QByteArray& programText, const QString& summary)
{
    auto parsed = ScenarioCatalog::parse(programText, tr("workload"));
    if (auto* error = std::get_if<QString>(&parsed)) {
        m_console->appendNote(tr("%1: not supported by this engine: %2").arg(summary, *error));
        return false;
    }
    m_console->appendNote(tr("▶ injected: %1").arg(summary));
    m_controller->inject(std::get<loopscope::Program>(std::move(parsed)));
    return true;
}

void MainWindow::stopRunaway()
{
    if (!m_controller->session())
        return;
    if (m_controller->serving()) {
        m_controller->stopWork();
        m_console->appendNote(tr("■ stopped: the work in progress was abandoned; the server loop goes on"));
        setState([] { return tr("Work abandoned. The server loop goes on: inject workloads or run a scenario."); });
        return;
    }
    const QString aborted = m_controller->programName();
    m_console->appendNote(tr("■ stopped: the run of %1 was aborted; the loop continues idle").arg(aborted));
    m_status->setAborted(true);
    m_controller->startIdle();
    setState([aborted] { return tr("Previous run (%1) aborted. Inject workloads or run a scenario.").arg(aborted); });
}

NodeCompareDialog* MainWindow::compareWithNode(const NodeComparison::Source& source)
{
    NodeComparison::Source chosen = source;
    if (!chosen.isValid())
        chosen = m_lastSource.isValid()
            ? m_lastSource
            : NodeComparison::Source::fromScenario(m_browser->current(), m_browser->overrides());
    if (!m_compareDialog)
        m_compareDialog = new NodeCompareDialog(this);
    if (!m_compareDialog->comparison()->isRunning())
        m_compareDialog->setSource(chosen);
    m_compareDialog->show();
    m_compareDialog->raise();
    m_compareDialog->activateWindow();
    return m_compareDialog;
}

RunManyDialog* MainWindow::runManyTimes()
{
    std::optional<loopscope::Program> program = m_lastProgram;
    if (!program) {
        auto loaded = ScenarioCatalog::loadScenario(m_browser->current(), m_browser->overrides());
        if (auto* error = std::get_if<QString>(&loaded)) {
            m_console->appendNote(*error);
            return nullptr;
        }
        program = std::get<loopscope::Program>(std::move(loaded));
    }
    // Runs in progress go on; otherwise the program as it is now (its parameters may have changed) and
    // the timing settings as they are now get a fresh dialog.
    if (!m_runManyDialog || !m_runManyDialog->isRunning()) {
        delete m_runManyDialog;
        m_runManyDialog = new RunManyDialog(std::move(*program), this);
        m_runManyDialog->run();
    }
    m_runManyDialog->show();
    m_runManyDialog->raise();
    m_runManyDialog->activateWindow();
    return m_runManyDialog;
}

loopscope::Session* MainWindow::session() const
{
    return m_controller->session();
}

bool MainWindow::replaying() const
{
    return m_controller->replaying();
}

QueueModel* MainWindow::queueModel(QueueModel::Queue queue) const
{
    return m_queues->model(queue);
}

void MainWindow::onSessionStarted()
{
    m_stepping->sessionStarted();
    const QString name = m_controller->programName();
    const loopscope::RecordingInfo& info = m_feed->recording()->info;
    m_heldText.clear();
    setState(
        [name, libuv = QString::fromStdString(info.libuv), threads = info.threadpoolSize] {
            return tr("Running %1 on libuv %2, thread pool of %3").arg(name, libuv).arg(threads);
        },
        [name] { return tr("LoopScope — %1").arg(name); });
    updateControls();
}

void MainWindow::showProbes()
{
    for (auto [action, on] : { std::pair { m_delayAction, m_controller->delayMonitor() },
             std::pair { m_healthAction, m_controller->healthProbe() } }) {
        const QSignalBlocker blocker(action);
        action->setChecked(on);
    }
}

void MainWindow::onTicked()
{
    m_stepping->sync();
    // The lesson's run has ended: its answer, from what the console shows.
    if (m_lessonRunPending && m_feed->finished() && !m_controller->replaying()) {
        m_lessonRunPending = false;
        switch (m_lesson->asks()) {
        case LessonPanel::Question::Order:
            m_lesson->showRun(m_console->outputLines());
            break;
        case LessonPanel::Question::Health: {
            const auto [slowestMs, failed] = m_feed->slowestHealthAnswer();
            m_lesson->showWait(slowestMs, failed);
            break;
        }
        case LessonPanel::Question::Delay:
            m_lesson->showWait(m_feed->longestLoopDelayMs(), 0);
            break;
        }
    }
    // The script beside the circle marks the line whose callback runs next, when it is this program's.
    const int nextLine = m_stepping->nextSourceLine();
    m_browser->markSourceLine(nextLine > 0 && m_browser->nodeSource() == m_stepping->emittedSource() ? nextLine : 0);
    const QString held = m_stepping->heldText();
    if (held != m_heldText) {
        m_heldText = held;
        m_stateLabel->setText(held.isEmpty() ? m_stateText() : held);
    }
    noteMemory();
    const std::uint64_t dropped = m_feed->droppedEvents();
    const int shown = int(std::min<std::uint64_t>(dropped, INT_MAX));
    if (dropped > 0)
        m_stateLabel->setText(m_feed->rollingWindow()
                ? tr("Rolling window: the oldest %n events were let go to stay within the memory budget.", "", shown)
                : tr("%n events could not be recorded (the recording is full).", "", shown));
}

// Says once per session that its recording began to spill to disk, and why a run ended for its budget.
void MainWindow::noteMemory()
{
    const loopscope::Session* session = m_controller->session();
    if (m_feed->rollingWindow() && m_feed->droppedEvents() > 0 && session != m_spillNoted) {
        m_spillNoted = session;
        m_console->appendNote(tr("■ the recording passed %1 MB of memory: the rolling window now lets go of its "
                                 "oldest events (Loop menu)")
                                  .arg(SessionController::memoryBudgetMb()));
    }
    if (m_feed->spilledBytes() > 0 && session != m_spillNoted) {
        m_spillNoted = session;
        m_console->appendNote(tr("■ the recording passed %1 MB of memory: its older events now go to a temporary "
                                 "file in %2, and nothing is lost (--memory-budget)")
                                  .arg(SessionController::memoryBudgetMb())
                                  .arg(m_feed->spillDirectory()));
    }
    if (!m_feed->memoryBudgetExceeded() || session == m_budgetNoted)
        return;
    m_budgetNoted = session;
    const QString problem = m_feed->spillProblem();
    const QString note = problem.isEmpty()
        ? tr("■ memory budget exceeded: the queues needed more than %1 MB; the run was aborted (--memory-budget)")
              .arg(SessionController::memoryBudgetMb())
        : tr("■ the recording passed %1 MB and could not spill to disk (%2); the run was aborted (--memory-budget)")
              .arg(SessionController::memoryBudgetMb())
              .arg(problem);
    m_console->appendNote(note);
    setState([note] { return note; });
}

void MainWindow::setState(std::function<QString()> state, std::function<QString()> title)
{
    m_stateText = std::move(state);
    if (title)
        m_titleText = std::move(title);
    setWindowTitle(m_titleText());
    if (m_heldText.isEmpty())
        m_stateLabel->setText(m_stateText());
}

void MainWindow::updateControls()
{
    m_stepping->sync();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    // The window's own layout is remembered, not the presentation's.
    setPresenting(false);
    QSettings settings;
    settings.setValue(QLatin1String(GeometryKey), saveGeometry());
    settings.setValue(QLatin1String(StateKey), saveState(StateVersion));
    QMainWindow::closeEvent(event);
}
