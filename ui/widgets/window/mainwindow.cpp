#include "widgets/window/mainwindow.h"

#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/queueboard.h"
#include "models/statusmodel.h"
#include "recording/liveloop.h"
#include "recording/recording.h"
#include "widgets/chart/latencychart.h"
#include "widgets/compare/comparisonwindow.h"
#include "widgets/dialogs/nodecomparedialog.h"
#include "widgets/dialogs/runmanydialog.h"
#include "widgets/lanes/poollanesview.h"
#include "widgets/lessons/lessonpanel.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/panels/workloadpalette.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/attachcontroller.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/lessonscontroller.h"
#include "widgets/window/memorynotes.h"
#include "widgets/window/presentationcontroller.h"
#include "widgets/window/steppingcontrols.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>

#include <algorithm>
#include <atomic>
#include <initializer_list>

namespace {

const char* const GeometryKey = "window/geometry";
const char* const StateKey = "window/state";

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks | QMainWindow::AllowNestedDocks);

    m_controller = new SessionController(this);
    m_feed = m_controller->feed();
    m_status = new StatusModel(m_feed, this);
    m_console = new ConsoleModel(m_feed, this);
    m_memoryNotes = std::make_unique<MemoryNotes>(m_feed, m_console);
    m_queues = new QueueBoard(m_feed, m_status, this);
    connect(m_feed, &LiveFeed::ticked, this, &MainWindow::onTicked);
    connect(m_controller, &SessionController::started, this, &MainWindow::onSessionStarted);
    connect(m_controller, &SessionController::probesChanged, this, &MainWindow::showProbes);
    m_files = new FilesController(this, m_controller, m_console);
    FileActions* files = m_files->fileActions();
    connect(files, &FileActions::programLoaded, this,
        [this](const loopscope::Program& program, const QString& path, const ScenarioCatalog::Overrides& overrides) {
            runProgram(program);
            m_lastSource = NodeComparison::Source::fromFile(path, overrides);
        });
    connect(files, &FileActions::recordingOpened, this, &MainWindow::onRecordingOpened);
    connect(files, &FileActions::exported, this, [this](const QString& path) {
        setState([path] { return tr("Wrote %1").arg(QDir::toNativeSeparators(path)); });
    });
    m_attach = new AttachController(this, m_controller, m_console, files);
    // A Node.js program shown: neither the browser nor Compare with Node.js speak of what ran before it.
    connect(m_attach, &AttachController::attached, this, [this] {
        m_lastSource = {};
        m_browser->selectNone();
    });
    // It has ended: the workloads go into LoopScope's own loop again, and the status line says how it ended.
    connect(m_attach, &AttachController::ended, this, [this](const std::function<QString()>& said) {
        m_palette->setEnabled(true);
        setState(said);
    });

    m_wheel = new PhaseWheel(m_feed, m_status, this);
    m_wheel->setObjectName(QStringLiteral("phaseWheel"));
    setCentralWidget(m_wheel);
    m_presentation = new PresentationController(this, m_wheel);

    createActions();
    createDocks();
    m_presentation->setSecondRow(m_probeBar);
    connect(m_presentation, &PresentationController::fixedFontChanged, this, [this](const QFont& fixed) {
        m_consoleView->setFont(fixed);
        m_browser->setCodeFont(fixed);
        m_lessons->panel()->setCodeFont(fixed);
    });

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

    QSettings settings;
    if (!restoreGeometry(settings.value(QLatin1String(GeometryKey)).toByteArray())) {
        // First start: most of the screen, centred, so every dock has room.
        const QRect available = screen()->availableGeometry();
        const QSize size = QSize(1560, 960).boundedTo(available.size() * 0.94);
        setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
    }
    restoreState(settings.value(QLatin1String(StateKey)).toByteArray(), StateVersion);
    setTheme(Theme::saved());
    m_presentation->restoreFontScale();

    m_controller->startIdle();
}

MainWindow::~MainWindow() = default;

QString MainWindow::versionText() const
{
    return m_versionLabel->text();
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

FileActions* MainWindow::fileActions() const
{
    return m_files->fileActions();
}

LessonPanel* MainWindow::lessonPanel() const
{
    return m_lessons->panel();
}

void MainWindow::onSessionStarted()
{
    m_stepping->sessionStarted();
    const QString name = m_controller->programName();
    const loopscope::RecordingInfo& info = m_feed->recording()->info;
    m_heldText.clear();
    m_runEndSaid = false;
    m_memoryNotes->newRun();
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
    // The run shown has ended: the status line says so at once, in the loop status's words. The end of a
    // Node.js program is told by the AttachController, a run stopped or over its budget where that happens.
    if (!m_runEndSaid && m_feed->finished() && m_controller->session() && !m_controller->serving()
        && !m_feed->memoryBudgetExceeded()) {
        m_runEndSaid = true;
        setState([name = m_controller->programName()] { return tr("%1 finished: nothing left to do").arg(name); });
    }
    // The script beside the circle marks the line whose callback runs next, when it is this program's.
    const int nextLine = m_stepping->nextSourceLine();
    m_browser->markSourceLine(nextLine > 0 && m_browser->nodeSource() == m_stepping->emittedSource() ? nextLine : 0);
    const QString held = m_stepping->heldText();
    if (held != m_heldText) {
        m_heldText = held;
        m_stateLabel->setText(held.isEmpty() ? m_stateText() : held);
    }
    const QString budgetNote = m_memoryNotes->note(m_controller->session() != nullptr);
    if (!budgetNote.isEmpty())
        setState([budgetNote] { return budgetNote; });
    const std::uint64_t dropped = m_feed->droppedEvents();
    const int shown = int(std::min<std::uint64_t>(dropped, INT_MAX));
    if (dropped > 0)
        m_stateLabel->setText(m_feed->rollingWindow()
                ? tr("Rolling window: the oldest %n events were let go to stay within the memory budget.", "", shown)
                : tr("%n events could not be recorded (the recording is full).", "", shown));
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
    m_presentation->setPresenting(false);
    QSettings settings;
    settings.setValue(QLatin1String(GeometryKey), saveGeometry());
    settings.setValue(QLatin1String(StateKey), saveState(StateVersion));
    QMainWindow::closeEvent(event);
}
