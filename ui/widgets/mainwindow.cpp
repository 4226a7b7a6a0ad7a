#include "widgets/mainwindow.h"

#include "models/consolemodel.h"
#include "models/figuretexts.h"
#include "models/livefeed.h"
#include "models/queueboard.h"
#include "models/sessioncontroller.h"
#include "models/statusmodel.h"
#include "recording/liveloop.h"
#include "recording/recording.h"
#include "widgets/comparisonwindow.h"
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
#include <QLabel>
#include <QMenuBar>
#include <QScreen>
#include <QSettings>
#include <QSlider>
#include <QStatusBar>
#include <QStyle>
#include <QTemporaryDir>
#include <QToolBar>

#include <algorithm>
#include <atomic>
#include <initializer_list>

namespace {

const char* const GeometryKey = "window/geometry";
const char* const StateKey = "window/state";

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
    connect(m_controller, &SessionController::attachedEnded, this, &MainWindow::onAttachedEnded);
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
               "ends and the server loop takes over. A Node.js program run with the probe ends; one attached to as "
               "it ran is detached from and runs on.") };
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
    NodeTimingDialog::addActions(loopMenu, this);
    loopMenu->addAction(compare);
    auto* runMany = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+R")), [] {
        return ControlTexts { tr("Run &many times…"),
            tr("Runs the current program a hundred times on fresh loops and shows how often each output came: a race "
               "such as setTimeout(0) against setImmediate shows both orders with their frequencies.") };
    });
    runMany->setObjectName(QStringLiteral("runManyAction"));
    connect(runMany, &QAction::triggered, this, [this] { runManyTimes(); });
    loopMenu->addAction(runMany);
    auto* compareRuns = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+K")), [] {
        return ControlTexts { tr("Compare t&wo runs…"),
            tr("Runs two scenarios, or two variants of one (CommonJS or ES module, Node 10's await, another thread "
               "pool size), and replays them side by side with one playhead: the comparisons the articles make.") };
    });
    compareRuns->setObjectName(QStringLiteral("compareRunsAction"));
    connect(compareRuns, &QAction::triggered, this, [this] { compareTwoRuns(); });
    loopMenu->addAction(compareRuns);
    loopMenu->addSeparator();
    // A Node.js program run with the probe: every callback labelled, or the phases alone.
    m_everyCallbackAction = loopMenu->addAction(QString());
    m_everyCallbackAction->setCheckable(true);
    m_everyCallbackAction->setChecked(m_controller->everyCallback());
    m_everyCallbackAction->setEnabled(false);
    Language::follow(m_everyCallbackAction, [action = m_everyCallbackAction] {
        action->setText(tr("&Label every callback (Node.js program)"));
        action->setToolTip(tr("For a program run with Node: label and time every callback it runs (the default), "
                              "or mark the loop's phases only, which costs the program next to nothing. Switches "
                              "while it runs."));
    });
    connect(m_everyCallbackAction, &QAction::toggled, m_controller, &SessionController::setEveryCallback);
    m_followChildrenAction = loopMenu->addAction(QString());
    m_followChildrenAction->setCheckable(true);
    m_followChildrenAction->setChecked(m_controller->followChildren());
    Language::follow(m_followChildrenAction, [action = m_followChildrenAction] {
        action->setText(tr("Follow &child processes (Node.js program)"));
        action->setToolTip(tr("For the next program run with Node: record its forks, cluster workers and child node "
                              "processes too, each as a process of its own in the saved recording. Their "
                              "environment then carries the probe's NODE_OPTIONS."));
    });
    connect(m_followChildrenAction, &QAction::toggled, m_controller, &SessionController::setFollowChildren);
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
    // A Node.js program: ended, or let go of when it was attached to as it ran; its end is told as ever.
    if (m_controller->stopAttached())
        return;
    if (!m_controller->session())
        return;
    if (m_controller->serving()) {
        // Work in progress is a callback running, or anything waiting to run: a queued callback, a timer,
        // thread-pool work, a request's answer, a worker loop.
        const loopscope::LiveState& live = m_feed->loop()->liveState();
        const auto any = [&live](std::initializer_list<const std::atomic<std::uint32_t>*> counts) {
            return std::any_of(counts.begin(), counts.end(),
                [](const std::atomic<std::uint32_t>* count) { return count->load(std::memory_order_relaxed) > 0; });
        };
        const bool working = live.inCallback.load(std::memory_order_relaxed)
            || live.workerLoops.load(std::memory_order_relaxed) > 0
            || any({ &live.nextTick, &live.microtask, &live.immediate, &live.timers, &live.poolQueued, &live.poolActive,
                &live.requests });
        if (!working) {
            m_console->appendNote(tr("■ nothing to stop: the server loop is idle, waiting in poll"));
            setState([] {
                return tr("Nothing to stop: the server loop waits for work. Inject a workload or run a scenario.");
            });
            return;
        }
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

ComparisonWindow* MainWindow::compareTwoRuns()
{
    if (!m_comparison)
        m_comparison = new ComparisonWindow(this);
    m_comparison->show();
    m_comparison->raise();
    m_comparison->activateWindow();
    return m_comparison;
}

QString MainWindow::stateText() const
{
    return m_stateLabel->text();
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
    m_runEndSaid = false;
    m_everyCallbackAction->setEnabled(m_controller->attached() != nullptr);
    // Workloads go into LoopScope's own loop: not into a Node.js program's, which injecting would end.
    m_palette->setEnabled(m_controller->attached() == nullptr);
    if (m_controller->attached()) {
        setState([name] { return tr("Running %1 under node with LoopScope's probe inside").arg(name); },
            [name] { return tr("LoopScope — node %1").arg(name); });
        updateControls();
        return;
    }
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
            const loopscope::Figures figures = m_feed->figures();
            m_lesson->showWait(figures.health.known() ? figures.health.max : -1, int(figures.healthFailures),
                FigureTexts::beforeLoop(figures));
            break;
        }
        case LessonPanel::Question::Delay: {
            const loopscope::Figures figures = m_feed->figures();
            m_lesson->showWait(figures.longestLateMs(), 0, FigureTexts::beforeLoop(figures));
            break;
        }
        }
    }
    // The run shown has ended: the status line says so at once, in the loop status's words. The end of a
    // Node.js program is told by onAttachedEnded(), a run stopped or over its budget where that happens.
    if (!m_runEndSaid && m_feed->finished() && m_controller->session() && !m_controller->serving()
        && !m_feed->memoryBudgetExceeded()) {
        m_runEndSaid = true;
        setState([name = m_controller->programName()] { return tr("%1 finished: nothing left to do").arg(name); });
    }
    // The lesson's offscreen runs stepped aside for the program (LessonPanel::yieldToRun): on with them.
    if (m_feed->finished() || m_controller->serving())
        m_lesson->resumeProbing();
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
    const loopscope::LiveLoop* followed = m_feed->loop();
    if (m_feed->rollingWindow() && m_feed->droppedEvents() > 0 && followed != m_spillNoted) {
        m_spillNoted = followed;
        m_console->appendNote(tr("■ the recording passed %1 MB of memory: the rolling window now lets go of its "
                                 "oldest events (Loop menu)")
                                  .arg(SessionController::memoryBudgetMb()));
    }
    if (m_feed->spilledBytes() > 0 && followed != m_spillNoted) {
        m_spillNoted = followed;
        m_console->appendNote(tr("■ the recording passed %1 MB of memory: its older events now go to a temporary "
                                 "file in %2, and nothing is lost (--memory-budget)")
                                  .arg(SessionController::memoryBudgetMb())
                                  .arg(m_feed->spillDirectory()));
    }
    // An attached program is never held back for its recording: past a spill that failed, its oldest
    // events are let go.
    if (!session && !m_feed->spillProblem().isEmpty() && followed != m_budgetNotedProgram) {
        m_budgetNotedProgram = followed;
        m_console->appendNote(tr("■ the recording passed %1 MB and could not spill to disk (%2); its oldest events "
                                 "are let go (--memory-budget)")
                                  .arg(SessionController::memoryBudgetMb())
                                  .arg(m_feed->spillProblem()));
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
