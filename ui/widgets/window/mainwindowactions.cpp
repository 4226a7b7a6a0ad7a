// MainWindow: its actions (the loop's controls, slow motion), its Loop and Help menus and its toolbar.
#include "widgets/window/mainwindow.h"

#include "control/sessioncontroller.h"
#include "models/livefeed.h"
#include "recording/recording.h"
#include "widgets/dialogs/helpdialogs.h"
#include "widgets/dialogs/nodetimingdialog.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/window/attachcontroller.h"
#include "widgets/window/language.h"
#include "widgets/window/steppingcontrols.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSlider>
#include <QToolBar>

QAction* MainWindow::addControl(const QKeySequence& shortcut, std::function<ControlTexts()> texts)
{
    QAction* action = Language::control(this, shortcut, std::move(texts));
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
        m_slowMotion->setToolTip(Language::withShortcut(
            tr("Slow motion: holds every phase, and the queues after every callback, this long, so the "
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
    loopMenu->addAction(m_attach->everyCallbackAction());
    loopMenu->addAction(m_attach->followChildrenAction());
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
