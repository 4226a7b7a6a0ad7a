// MainWindow: files. The File menu, opening programs and recordings (also dropped onto the window or
// from the recent list), exporting the recording, pictures and the report.
#include "widgets/window/mainwindow.h"

#include "attach/attachedprogram.h"
#include "control/sessioncontroller.h"
#include "formats/summary.h"
#include "models/consolemodel.h"
#include "models/figuretexts.h"
#include "models/livefeed.h"
#include "recording/recording.h"
#include "widgets/chart/latencychart.h"
#include "widgets/dialogs/animationdialog.h"
#include "widgets/dialogs/attachprocessdialog.h"
#include "widgets/dialogs/noderundialog.h"
#include "widgets/export/pictures.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/panels/workloadpalette.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/steppingcontrols.h"

#include <QAction>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressDialog>
#include <QTemporaryDir>
#include <QTimer>
#include <QUrl>

#include <algorithm>
#include <climits>

void MainWindow::createFileMenu()
{
    auto* openProgram = addControl(QKeySequence::Open, [] {
        return ControlTexts { tr("Open program…"),
            tr("Loads a program file (JSON, see docs/PROGRAMS.md) and runs it on a fresh loop.") };
    });
    connect(openProgram, &QAction::triggered, m_files, &FileActions::openProgramFile);
    auto* openTrace = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+O")), [] {
        return ControlTexts { tr("Open recording…"),
            tr("Opens a recorded trace (exported here or by --trace) to look at its timeline, latency and console "
               "again.") };
    });
    connect(openTrace, &QAction::triggered, m_files, &FileActions::openRecordingFile);
    auto* runNode = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+J")), [] {
        return ControlTexts { tr("Run with Node…"),
            tr("Runs a real Node.js program (a .js file, or JavaScript typed in) with LoopScope's probe inside and "
               "shows its own event loop live: its phases, its callbacks and their kinds, its loop delay.") };
    });
    connect(runNode, &QAction::triggered, this, [this] { runWithNode(); });
    auto* attachRunning = addControl(QKeySequence(), [] {
        return ControlTexts { tr("Attach to a running Node.js process…"),
            tr("Lists your Node.js processes and attaches to one without a restart: its inspector is opened on "
               "127.0.0.1 just long enough to load the probe. Stopping detaches; the program runs on.") };
    });
    connect(attachRunning, &QAction::triggered, this, [this] { chooseProcess(); });
    auto* exportTrace = addControl(QKeySequence::Save, [] {
        return ControlTexts { tr("Export trace…"),
            tr("Writes what has been recorded so far as Chrome trace JSON, which Perfetto and LoopScope open.") };
    });
    connect(exportTrace, &QAction::triggered, this, [this] { exportRecording(ExportFormat::Trace); });
    auto* exportCsv = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+S")), [] {
        return ControlTexts { tr("Export latency CSV…"),
            tr("Writes the loop-delay and /health samples recorded so far as CSV, for a spreadsheet.") };
    });
    connect(exportCsv, &QAction::triggered, this, [this] { exportRecording(ExportFormat::LatencyCsv); });

    auto* pictures = new QMenu(this);
    pictures->setToolTipsVisible(true);
    for (const View view : { View::Circle, View::Chart, View::Timeline, View::Window }) {
        QAction* action = pictures->addAction(QString());
        connect(action, &QAction::triggered, this, [this, view] { exportPicture(view); });
    }
    Language::follow(pictures, [pictures] {
        pictures->setTitle(tr("Export picture"));
        const QString names[] = { tr("Circle…"), tr("Latency chart…"), tr("Timeline…"), tr("Whole window…") };
        for (int i = 0; i < pictures->actions().size(); ++i) {
            pictures->actions()[i]->setText(names[i]);
            pictures->actions()[i]->setToolTip(
                tr("Saves it as drawn now: PNG, or SVG with vector shapes and text for slides."));
        }
    });
    auto* animation = addControl(QKeySequence(), [] {
        return ControlTexts { tr("Export animation…"),
            tr("Replays a stretch of the recording and writes the circle, the chart, the timeline or the window as "
               "an animated GIF or WebP, frame by frame, for slides and web pages.") };
    });
    connect(animation, &QAction::triggered, this, [this] { chooseAnimation(); });
    auto* report = addControl(QKeySequence(QStringLiteral("Ctrl+Shift+P")), [] {
        return ControlTexts { tr("Export report…"),
            tr("Writes one PDF page about the run shown: the program, its console, the circle, the latency chart and "
               "the recording's summary.") };
    });
    connect(report, &QAction::triggered, this, [this] { exportReport(); });

    auto* quit = addControl(QKeySequence::Quit, [] { return ControlTexts { tr("Quit"), tr("Closes LoopScope.") }; });
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* fileMenu = menuBar()->addMenu(QString());
    Language::follow(fileMenu, [fileMenu] { fileMenu->setTitle(tr("&File")); });
    fileMenu->setToolTipsVisible(true);
    fileMenu->addAction(openProgram);
    fileMenu->addAction(openTrace);
    fileMenu->addMenu(m_files->recentMenu(this));
    fileMenu->addAction(runNode);
    fileMenu->addAction(attachRunning);
    fileMenu->addSeparator();
    fileMenu->addAction(exportTrace);
    fileMenu->addAction(exportCsv);
    fileMenu->addMenu(pictures);
    fileMenu->addAction(animation);
    fileMenu->addAction(report);
    fileMenu->addSeparator();
    fileMenu->addAction(quit);
}

bool MainWindow::attachProgram(const QString& script, const QStringList& arguments)
{
    QString error;
    if (!m_controller->attach(script, arguments, &error, m_node, m_nodeOptions)) {
        m_files->showError(tr("Run with Node.js"), error);
        return false;
    }
    m_lastSource = {};
    m_browser->selectNone();
    m_console->clear();
    m_console->appendNote(tr("▶ node %1, with LoopScope's probe inside").arg(QFileInfo(script).fileName()));
    return true;
}

bool MainWindow::attachToProcess(int pid)
{
    QString error;
    if (!m_controller->attachToProcess(pid, &error)) {
        m_files->showError(tr("Attach to a running Node.js process"), error);
        return false;
    }
    m_lastSource = {};
    m_browser->selectNone();
    m_console->clear();
    m_console->appendNote(tr("▶ process %1, attached as it runs; its output stays its own").arg(pid));
    return true;
}

AttachProcessDialog* MainWindow::chooseProcess()
{
    auto* dialog = new AttachProcessDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->pid() > 0)
            attachToProcess(dialog->pid());
    });
    dialog->open();
    return dialog;
}

void MainWindow::setLabelEveryCallback(bool on)
{
    m_everyCallbackAction->setChecked(on); // toggled: the session follows
}

void MainWindow::setFollowChildren(bool on)
{
    m_followChildrenAction->setChecked(on); // toggled: the controller follows
}

NodeRunDialog* MainWindow::runWithNode()
{
    auto* dialog = new NodeRunDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (!m_typedScripts)
            m_typedScripts = std::make_unique<QTemporaryDir>();
        QString error;
        const QString script = dialog->script(m_typedScripts->filePath(QStringLiteral("typed.js")), &error);
        if (script.isEmpty())
            m_files->showError(tr("Run with Node.js"), error);
        else
            attachProgram(script, dialog->arguments());
    });
    dialog->open();
    return dialog;
}

// What the probe says it cannot see, in the window's language where the text is one it is known to say.
QString MainWindow::unseenByTheProbe(const std::string& what)
{
    if (what == "the pending, idle and prepare phases' durations")
        return tr("the pending, idle and prepare phases' durations");
    if (what == "the microtask queue's length")
        return tr("the microtask queue's length");
    if (what == loopscope::wire::QueuesUnavailable)
        return tr("the JavaScript queues' contents");
    const std::string pool = "the thread pool (";
    if (what.compare(0, pool.size(), pool) == 0 && what.back() == ')')
        return tr("the thread pool (%1)")
            .arg(QString::fromStdString(what.substr(pool.size(), what.size() - pool.size() - 1)));
    return QString::fromStdString(what);
}

// The attached program has ended: how, in the console and the status line.
void MainWindow::onAttachedEnded()
{
    const loopscope::wire::AttachedProgram* attached = m_controller->attached();
    if (!attached)
        return;
    const loopscope::wire::AttachResult& result = attached->result();
    const QString name = m_controller->programName();
    m_everyCallbackAction->setEnabled(false);
    m_palette->setEnabled(true);
    // How it ended, as its recording says it (the trace and the summary say the same).
    const loopscope::RecordingInfo& info = attached->recording().info;
    const auto said = [name, started = result.started, error = QString::fromStdString(result.error),
                          attachedWhileRunning = attached->attachedWhileRunning(), detached = info.detached,
                          signal = info.exitSignal, status = info.exitStatus] {
        if (!started && attachedWhileRunning)
            return tr("■ LoopScope could not attach: %1").arg(error);
        if (!started)
            return tr("■ node could not start: %1").arg(error);
        if (detached)
            return tr("■ detached from %1, which runs on as before").arg(name);
        if (signal > 0)
            return tr("■ %1 was ended by signal %2").arg(name).arg(signal);
        return tr("■ %1 exited with code %2").arg(name).arg(status);
    };
    m_console->appendNote(said());
    if (result.started && !result.probed) {
        m_console->appendNote(
            tr("■ the probe's recording is incomplete: %1").arg(QString::fromStdString(result.streamError)));
    }
    // The child processes followed with it, each as its recording says it ended.
    for (const auto& child : attached->recording().children) {
        const loopscope::RecordingInfo& childInfo = child->info;
        const QString which = tr("child process %1 (%2)")
                                  .arg(childInfo.pid)
                                  .arg(QString::fromStdString(childInfo.program).section(QLatin1Char(' '), 0, 1));
        if (childInfo.exitStatus >= 0)
            m_console->appendNote(tr("■ %1 exited with code %2").arg(which).arg(childInfo.exitStatus));
        else if (childInfo.stoppedBy == loopscope::RecordingInfo::StoppedBy::Parent)
            m_console->appendNote(tr("■ %1 still ran when %2 ended: LoopScope ended it").arg(which, name));
        else
            m_console->appendNote(tr("■ %1 ended without saying how (killed by a signal?)").arg(which));
    }
    if (!attached->recording().children.empty()) {
        m_console->appendNote(tr("The child processes' recordings are written with this one (File > Export trace…), "
                                 "each as a process of its own"));
    }
    if (!result.unavailable.empty()) {
        QStringList unseen;
        for (const std::string& what : result.unavailable)
            unseen << unseenByTheProbe(what);
        m_console->appendNote(tr("Not seen by the probe: %1").arg(unseen.join(QStringLiteral("; "))));
    }
    setState(said);
}

bool MainWindow::openProgram(const QString& path, const ScenarioCatalog::Overrides& overrides)
{
    return m_files->openProgram(path, overrides);
}

bool MainWindow::openRecording(const QString& path)
{
    return m_files->openRecording(path);
}

bool MainWindow::exportRecording(ExportFormat format, const QString& path)
{
    return m_files->exportRecording(format, path);
}

QString MainWindow::droppedFile(const QMimeData& mime)
{
    const QList<QUrl> urls = mime.urls();
    return urls.size() == 1 && urls.front().isLocalFile() ? urls.front().toLocalFile() : QString();
}

void MainWindow::openDropped(const QMimeData& mime)
{
    const QString path = droppedFile(mime);
    // After the drop has returned: a recording's progress dialog must not run inside the drag.
    if (!path.isEmpty())
        QTimer::singleShot(0, this, [this, path] { m_files->openFile(path); });
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!droppedFile(*event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    if (droppedFile(*event->mimeData()).isEmpty())
        return;
    event->acceptProposedAction();
    openDropped(*event->mimeData());
}

bool MainWindow::exportPicture(View view, const QString& path)
{
    QWidget* const widgets[] = { m_wheel, m_latency, m_timeline, this };
    QWidget& widget = *widgets[int(view)];
    const QString target = path.isEmpty()
        ? QFileDialog::getSaveFileName(this, tr("Export picture"), QString(), Pictures::filters())
        : path;
    QString error;
    if (target.isEmpty())
        return false;
    bool saved = false;
    // A picture of the chart is of its data, without the chart's own controls.
    if (view == View::Chart)
        m_latency->withoutControls([&] { saved = Pictures::save(widget, target, &error); });
    else
        saved = Pictures::save(widget, target, &error);
    if (saved)
        return true;
    m_files->showError(tr("Export picture"), error);
    return false;
}

bool MainWindow::exportAnimation(View view, const QString& path, const AnimationExport::Range& range)
{
    QWidget* const widgets[] = { m_wheel, m_latency, m_timeline, this };
    QWidget& widget = *widgets[int(view)];
    // The frames move the playhead: a replay playing would move it too, between a frame and its picture.
    m_stepping->stopPlaying();
    // Each frame as exportPicture() draws the view: the chart without its own controls.
    const AnimationExport::Grab grab = [this, view, &widget] {
        QImage frame;
        if (view == View::Chart)
            m_latency->withoutControls([&] { frame = widget.grab().toImage(); });
        else
            frame = widget.grab().toImage();
        return frame;
    };
    // A window kept off the screen (pictures of a headless run) has no one to press Cancel.
    std::unique_ptr<QProgressDialog> progress;
    if (isVisible() && !testAttribute(Qt::WA_DontShowOnScreen)) {
        progress = std::make_unique<QProgressDialog>(
            tr("Drawing the animation %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 1, this);
        progress->setWindowTitle(tr("Export animation"));
        progress->setWindowModality(Qt::WindowModal);
        progress->setMinimumDuration(0);
        progress->setAutoReset(false);
        progress->setAutoClose(false);
    }
    const AnimationExport::Result result
        = AnimationExport::run(*m_feed, path, range, grab, [&progress](int done, int total) {
              if (!progress)
                  return true;
              progress->setMaximum(total);
              progress->setValue(done);
              return !progress->wasCanceled();
          });
    if (result.outcome == AnimationExport::Outcome::Written)
        return true;
    if (result.outcome == AnimationExport::Outcome::Failed)
        m_files->showError(tr("Export animation"), result.error);
    return false;
}

AnimationDialog* MainWindow::chooseAnimation()
{
    if (!m_feed->recording() || !m_feed->canReplay()) {
        m_files->showError(tr("Export animation"),
            tr("An animation replays a recording: open one, or pause the run or let it end, then export."));
        return nullptr;
    }
    auto* dialog = new AnimationDialog(m_feed->firstNs(), m_feed->lastEndNs(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Once the dialog has closed: the export's progress runs the event loop, which deletes the dialog.
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QTimer::singleShot(0, this, [this, view = dialog->view(), path = dialog->path(), range = dialog->range()] {
            exportAnimation(view, path, range);
        });
    });
    dialog->open();
    return dialog;
}

bool MainWindow::exportReport(const QString& path)
{
    const QString target = path.isEmpty()
        ? QFileDialog::getSaveFileName(this, tr("Export report"), QString(), tr("PDF document (*.pdf)"))
        : path;
    if (target.isEmpty())
        return false;
    Pictures::Report report;
    report.title = m_controller->programName().isEmpty() ? tr("the idle loop") : m_controller->programName();
    report.console = m_console->outputLines();
    if (const loopscope::Recording* recording = m_feed->recording())
        report.summary = FigureTexts::lines(loopscope::figuresOf(*recording), *recording).join(QLatin1Char('\n'));
    report.circle = m_wheel;
    report.chart = m_latency->picture();
    QString error;
    if (Pictures::saveReport(report, target, &error))
        return true;
    m_files->showError(tr("Export report"), error);
    return false;
}

QString MainWindow::lastError() const
{
    return m_files->lastError();
}

void MainWindow::onRecordingOpened(const QString& path)
{
    m_console->clear();
    const loopscope::Recording& loaded = *m_feed->recording();
    // The browser shows the recorded program's script where it is a built-in scenario, and no other's.
    if (!m_browser->select(QString::fromStdString(loaded.info.program)))
        m_browser->selectNone();
    const QString fileName = QFileInfo(path).fileName();
    std::size_t events = 0;
    for (const auto& log : loaded.logs)
        events += log->size();
    auto state = [name = m_controller->programName(), fileName, info = loaded.info,
                     events = int(std::min<std::size_t>(events, INT_MAX))] {
        QString said = tr("Recording of %1 from %2 (libuv %3, thread pool of %4): %n events", "", events)
                           .arg(name, fileName, QString::fromStdString(info.libuv))
                           .arg(info.threadpoolSize);
        if (info.aborted)
            said += tr("; the run was aborted");
        if (info.exitSignal > 0)
            said += tr("; the program was ended by signal %1").arg(info.exitSignal);
        else if (info.exitStatus >= 0)
            said += tr("; the program exited with code %1").arg(info.exitStatus);
        if (info.droppedEvents > 0)
            said += tr("; %n events were not recorded", "", int(std::min<std::uint64_t>(info.droppedEvents, INT_MAX)));
        return said;
    };
    m_heldText.clear();
    setState(state, [fileName] { return tr("LoopScope — %1 (recording)").arg(fileName); });
    // The status line soon says where the playhead is; what is missing from the file stays in view.
    if (loaded.info.aborted || loaded.info.droppedEvents > 0)
        m_console->appendNote(state());
    m_timelineDock->raise();
    updateControls();
}
