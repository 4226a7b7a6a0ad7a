#pragma once

#include "catalog/scenariocatalog.h"
#include "control/nodecomparison.h"
#include "models/queuemodel.h"
#include "program/program.h"
#include "widgets/export/animationexport.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/language.h"
#include "widgets/window/theme.h"

#include <QMainWindow>

#include <optional>

namespace loopscope {
class LiveLoop;
class Session;
} // namespace loopscope
class AnimationDialog;
class ConsoleModel;
class LatencyChart;
class LessonPanel;
class LiveFeed;
class NodeCompareDialog;
class NodeRunDialog;
class AttachProcessDialog;
class PhaseWheel;
class PoolLanesView;
class PanelHighlight;
class PointerHighlight;
class QueueBoard;
class ComparisonWindow;
class PresenterView;
class RunManyDialog;
class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QMimeData;
class QTemporaryDir;
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
// loop controls in the tool bar. The session controller runs the sessions and
// the file actions read and write files; the window lays out and wires.
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
    // Loads and runs a program file (with --set overrides); on a bad file the error is shown (a dialog
    // when the window is visible) and the running session is left as it was.
    bool openProgram(const QString& path, const ScenarioCatalog::Overrides& overrides = {});
    // Opens a recorded trace for replay in the views; the live session ends. On a bad file the
    // error is shown and everything stays as it was.
    bool openRecording(const QString& path);
    // Runs the Node.js program `script` with LoopScope's probe inside and shows its loop live (--attach,
    // File > Run with Node…); false, with the error shown, when it cannot.
    bool attachProgram(const QString& script, const QStringList& arguments = {});
    // The node attachProgram() runs (--node): a path, or a name looked up in PATH; empty: `node`.
    void setNode(const QString& node) { m_node = node; }
    // Node's own options that attachProgram() gives before the script (--node-option).
    void setNodeOptions(const QStringList& options) { m_nodeOptions = options; }
    // The programs attached from now on have their child node processes recorded too (--follow-children).
    void setFollowChildren(bool on);
    // Loop > Label every callback (--probe): every callback of a Node.js program labelled, or its phases
    // marked only; a program running is switched.
    void setLabelEveryCallback(bool on);
    // File > Run with Node…: asks for a file or JavaScript to type, then attaches to it; the dialog.
    NodeRunDialog* runWithNode();
    // File > Attach to a running Node.js process… (and --attach-pid): attaches to process `pid` as it runs
    // and shows its loop live; false, with the reason shown, when it cannot.
    bool attachToProcess(int pid);
    // File > Attach to a running Node.js process…: the dialog that lists this user's node processes.
    AttachProcessDialog* chooseProcess();
    bool replaying() const;
    using ExportFormat = FileActions::ExportFormat;
    // Writes what the session has recorded so far to `path` (asks for one when empty).
    bool exportRecording(ExportFormat format, const QString& path = {});
    // The views a picture can be taken of.
    enum class View { Circle, Chart, Timeline, Window };
    // Writes a picture of `view` as drawn now, PNG or SVG as the path's suffix says (asks for a path
    // when empty); a failure is shown as an error.
    bool exportPicture(View view, const QString& path = {});
    // Writes an animation of `view` over `range` of the recording shown (a replay, or a run paused or
    // ended) to `path`, .gif or .webp, each frame drawn as exportPicture() draws it. A progress dialog
    // with Cancel shows while the window is on the screen; a cancel leaves no file and is no error, a
    // failure is shown as an error. The playhead goes back where it was.
    bool exportAnimation(View view, const QString& path, const AnimationExport::Range& range);
    // File > Export animation…: asks for the view, the range, the speed and the file, then exports; the
    // dialog, or null (with the error shown) when there is no recording to replay.
    AnimationDialog* chooseAnimation();
    // Writes a one-page PDF report of what is shown: the program, its console, circle, chart and
    // the recording's summary (asks for a path when empty).
    bool exportReport(const QString& path = {});
    // The last error shown to the user (tests read it).
    QString lastError() const;
    // A program or a recording dropped onto the window opens as File > Open would open it: one
    // local file, told apart by what it holds.
    static QString droppedFile(const QMimeData& mime);
    void openDropped(const QMimeData& mime);
    // Abandons runaway work and continues on a fresh, idle loop.
    void stopRunaway();
    // Opens Compare with Node.js for `source`; without one, for the program run last (a scenario or a
    // file), else the scenario selected in the browser.
    NodeCompareDialog* compareWithNode(const NodeComparison::Source& source = {});
    // Presentation mode (F11, View menu): full screen, only the circle and the panels chosen for it (the
    // queues, the console and the latency chart unless changed), everything larger, the pointer ringed.
    // Leaving it restores the window as it was.
    void setPresenting(bool on);
    bool presenting() const { return m_presenting; }
    // Opens Run many times for the program run last, else the scenario selected in the browser, and
    // starts the runs; null when there is no program to run (the error is shown in the console).
    RunManyDialog* runManyTimes();
    // View > Presenter's view: made on first use.
    PresenterView* presenterView();
    // Loop > Compare two runs: the comparison window, shown.
    ComparisonWindow* compareTwoRuns();

    LiveFeed* feed() const { return m_feed; }
    loopscope::Session* session() const;
    SessionController* controller() const { return m_controller; }
    FileActions* fileActions() const { return m_files; }
    StatusModel* statusModel() const { return m_status; }
    ConsoleModel* consoleModel() const { return m_console; }
    QueueModel* queueModel(QueueModel::Queue queue) const;
    ScenarioBrowser* scenarioBrowser() const { return m_browser; }
    LessonPanel* lessonPanel() const { return m_lesson; }
    WorkloadPalette* workloadPalette() const { return m_palette; }
    PhaseWheel* phaseWheel() const { return m_wheel; }
    PoolLanesView* poolLanes() const { return m_poolLanes; }
    TimelineView* timeline() const { return m_timeline; }
    BlockFlameView* blockFlame() const { return m_blockFlame; }
    LatencyChart* latencyChart() const { return m_latency; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void createLoopActions();
    void createSlowMotion();
    void createFileMenu();
    void createLoopMenu();
    void createViewMenu();
    void createHelpMenu();
    QMenu* createLanguageMenu();
    QMenu* createPresentationPanelsMenu();
    void createToolBar();
    void createDocks();
    void onSessionStarted();
    void onAttachedEnded();
    static QString unseenByTheProbe(const std::string& what);
    void onRecordingOpened(const QString& path);
    void showProbes();
    void updateControls();
    void setTheme(Theme::Mode mode);
    // Text larger or smaller: the window's and the console's. Larger text never makes the
    // window larger than its screen: a step that would is not taken (false).
    void zoom(double step);
    bool setFontScale(double scale);
    void applyFontScale(double scale);
    bool fitsTheScreen();
    // Presentation mode: the side panels leave the circle most of the width.
    void fitPresentationDocks();
    void onTicked();
    void noteMemory();
    // The window's title and its status line say what it shows; both are written again when the
    // language changes (`title` empty: the title stays).
    void setState(std::function<QString()> state, std::function<QString()> title = {});
    // A window-wide action with its shortcut, named and explained by `texts` in the language of the moment.
    QAction* addControl(const QKeySequence& shortcut, std::function<ControlTexts()> texts);

    static constexpr const char* FontScaleKey = "window/fontScale";
    // Bump when the dock layout changes, so an old saved state does not scramble a new layout.
    static constexpr int StateVersion = 3;

    SessionController* m_controller = nullptr;
    LiveFeed* m_feed = nullptr;
    FileActions* m_files = nullptr;
    StatusModel* m_status = nullptr;
    ConsoleModel* m_console = nullptr;
    QueueBoard* m_queues = nullptr;
    PhaseWheel* m_wheel = nullptr;
    ScenarioBrowser* m_browser = nullptr;
    LessonPanel* m_lesson = nullptr;
    bool m_lessonRunPending = false; // the lesson asked for the run shown, and waits for its end
    WorkloadPalette* m_palette = nullptr;
    QTreeView* m_consoleView = nullptr;
    PoolLanesView* m_poolLanes = nullptr;
    TimelineView* m_timeline = nullptr;
    BlockFlameView* m_blockFlame = nullptr;
    QDockWidget* m_timelineDock = nullptr;
    LatencyChart* m_latency = nullptr;
    NodeCompareDialog* m_compareDialog = nullptr;
    NodeComparison::Source m_lastSource; // what runProgram() was last given, for Compare with Node.js
    QAction* m_everyCallbackAction = nullptr; // Loop > Label every callback, while a Node.js program runs
    QAction* m_followChildrenAction = nullptr; // Loop > Follow child processes, for the next Node.js program
    // Where JavaScript typed into Run with Node… is written to run, for as long as the window lives.
    std::unique_ptr<QTemporaryDir> m_typedScripts;
    QString m_node; // what attachProgram() runs; empty: `node`
    QStringList m_nodeOptions; // node's own options before the script
    std::optional<loopscope::Program> m_lastProgram; // the program runProgram() was last given
    RunManyDialog* m_runManyDialog = nullptr;
    ComparisonWindow* m_comparison = nullptr;
    PresenterView* m_presenter = nullptr;
    bool m_presenterOpenedByPresenting = false; // presentation mode closes it again
    const loopscope::Session* m_budgetNoted = nullptr; // the session whose exceeded budget the console told
    const loopscope::LiveLoop* m_spillNoted = nullptr; // the loop (a session, a program) whose spilling it told
    const loopscope::LiveLoop* m_budgetNotedProgram = nullptr; // the attached program whose failed spill it told

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
    double m_fontScale = 1.0;
    QAction* m_presentAction = nullptr;
    QToolBar* m_probeBar = nullptr;
    PointerHighlight* m_pointer = nullptr;
    PanelHighlight* m_panelHighlight = nullptr; // rings the panel a lesson's answer is about
    bool m_presenting = false;
    struct BeforePresenting
    {
        QByteArray geometry;
        QByteArray state;
        double fontScale = 1.0;
        bool maximized = false;
    } m_beforePresenting;
    double m_basePointSize = 0;
};
