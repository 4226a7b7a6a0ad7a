#pragma once

#include "catalog/scenariocatalog.h"
#include "control/nodecomparison.h"
#include "models/queuemodel.h"
#include "program/program.h"
#include "widgets/window/language.h"
#include "widgets/window/memorynotes.h"
#include "widgets/window/theme.h"

#include <QMainWindow>

#include <memory>
#include <optional>

namespace loopscope {
class LiveLoop;
class Session;
} // namespace loopscope
class AttachController;
class ConsoleModel;
class FileActions;
class FilesController;
class LatencyChart;
class LessonPanel;
class LiveFeed;
class NodeCompareDialog;
class LessonsController;
class PhaseWheel;
class PoolLanesView;
class PresentationController;
class QueueBoard;
class ComparisonWindow;
class RunManyDialog;
class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QSlider;
class QToolBar;
class QTreeView;
class ScenarioBrowser;
class SessionController;
class SteppingControls;
class StatusModel;
class BlockFlameView;
class TimelineView;
class WorkloadPalette;

// The LoopScope main window: the circle of phases in the middle, docks for the
// scenarios, workloads, queues, loop status and console around it, and the
// loop controls in the tool bar. The session controller runs the sessions; the
// window's controllers own presentation mode (PresentationController), the
// lesson's flow (LessonsController), Node.js programs (AttachController) and
// files (FilesController); the window lays out, keeps the status line and wires.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The version text shown in the status bar.
    QString versionText() const;
    // What the status line says now: the run's state, and while stepping what runs next and why.
    QString stateText() const;

    // Starts a new session for `program`; the previous one is stopped.
    void runProgram(const loopscope::Program& program);
    // Loads and runs a built-in scenario; false (with the error in the console) when it does not load.
    bool runScenario(const QString& name, const ScenarioCatalog::Overrides& overrides = {});
    // Parses a workload program and injects it into the running loop; false when it does not parse.
    bool injectWorkload(const QByteArray& programText, const QString& summary);
    bool replaying() const;
    // The views a picture can be taken of (FilesController::exportPicture).
    enum class View { Circle, Chart, Timeline, Window };
    // Abandons runaway work and continues on a fresh, idle loop.
    void stopRunaway();
    // Opens Compare with Node.js for `source`; without one, for the program run last (a scenario or a
    // file), else the scenario selected in the browser.
    NodeCompareDialog* compareWithNode(const NodeComparison::Source& source = {});
    // Opens Run many times for the program run last, else the scenario selected in the browser, and
    // starts the runs; null when there is no program to run (the error is shown in the console).
    RunManyDialog* runManyTimes();
    // Loop > Compare two runs: the comparison window, shown.
    ComparisonWindow* compareTwoRuns();

    // The window's controllers: text size and presentation mode; the lesson; Node.js programs; files.
    PresentationController* presentation() const { return m_presentation; }
    LessonsController* lessons() const { return m_lessons; }
    AttachController* attach() const { return m_attach; }
    FilesController* files() const { return m_files; }

    LiveFeed* feed() const { return m_feed; }
    loopscope::Session* session() const;
    SessionController* controller() const { return m_controller; }
    FileActions* fileActions() const;
    SteppingControls* stepping() const { return m_stepping; }
    StatusModel* statusModel() const { return m_status; }
    ConsoleModel* consoleModel() const { return m_console; }
    QueueModel* queueModel(QueueModel::Queue queue) const;
    ScenarioBrowser* scenarioBrowser() const { return m_browser; }
    LessonPanel* lessonPanel() const;
    WorkloadPalette* workloadPalette() const { return m_palette; }
    PhaseWheel* phaseWheel() const { return m_wheel; }
    PoolLanesView* poolLanes() const { return m_poolLanes; }
    TimelineView* timeline() const { return m_timeline; }
    BlockFlameView* blockFlame() const { return m_blockFlame; }
    LatencyChart* latencyChart() const { return m_latency; }

    // Bump when the dock layout changes, so an old saved state does not scramble a new layout.
    static constexpr int StateVersion = 3;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createLoopActions();
    void createSlowMotion();
    void createFileMenu();
    void createLoopMenu();
    void createViewMenu();
    void createHelpMenu();
    QMenu* createLanguageMenu();
    void createToolBar();
    void createDocks();
    void onSessionStarted();
    void onRecordingOpened(const QString& path);
    void showProbes();
    void updateControls();
    void setTheme(Theme::Mode mode);
    void onTicked();
    // The window's title and its status line say what it shows; both are written again when the
    // language changes (`title` empty: the title stays).
    void setState(std::function<QString()> state, std::function<QString()> title = {});
    // A window-wide action with its shortcut, named and explained by `texts` in the language of the moment.
    QAction* addControl(const QKeySequence& shortcut, std::function<ControlTexts()> texts);

    SessionController* m_controller = nullptr;
    LiveFeed* m_feed = nullptr;
    PresentationController* m_presentation = nullptr;
    LessonsController* m_lessons = nullptr;
    AttachController* m_attach = nullptr;
    FilesController* m_files = nullptr;
    StatusModel* m_status = nullptr;
    ConsoleModel* m_console = nullptr;
    QueueBoard* m_queues = nullptr;
    PhaseWheel* m_wheel = nullptr;
    ScenarioBrowser* m_browser = nullptr;
    WorkloadPalette* m_palette = nullptr;
    QTreeView* m_consoleView = nullptr;
    PoolLanesView* m_poolLanes = nullptr;
    TimelineView* m_timeline = nullptr;
    BlockFlameView* m_blockFlame = nullptr;
    QDockWidget* m_timelineDock = nullptr;
    LatencyChart* m_latency = nullptr;
    NodeCompareDialog* m_compareDialog = nullptr;
    NodeComparison::Source m_lastSource; // what runProgram() was last given, for Compare with Node.js
    std::optional<loopscope::Program> m_lastProgram; // the program runProgram() was last given
    RunManyDialog* m_runManyDialog = nullptr;
    ComparisonWindow* m_comparison = nullptr;
    std::unique_ptr<MemoryNotes> m_memoryNotes; // what the console says of the recording's memory

    QAction* m_runAction = nullptr;
    QAction* m_stopAction = nullptr;
    SteppingControls* m_stepping = nullptr;
    // The window's title and the status line while the loop is not held, written in the language of the
    // moment (setState()).
    std::function<QString()> m_titleText;
    std::function<QString()> m_stateText;
    QString m_heldText; // the status line while it is held, as last shown
    bool m_runEndSaid = false; // the status line says that the run shown has finished
    QAction* m_healthAction = nullptr;
    QAction* m_delayAction = nullptr;
    QAction* m_themeAction = nullptr;
    QAction* m_slowerAction = nullptr;
    QAction* m_fasterAction = nullptr;
    QSlider* m_slowMotion = nullptr;
    QLabel* m_slowMotionLabel = nullptr;
    QLabel* m_stateLabel = nullptr;
    QLabel* m_versionLabel = nullptr;
    Theme::Mode m_theme = Theme::Mode::Light;
    QToolBar* m_probeBar = nullptr;
};
