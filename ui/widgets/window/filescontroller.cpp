#include "widgets/window/filescontroller.h"

#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "models/figuretexts.h"
#include "models/livefeed.h"
#include "recording/recording.h"
#include "widgets/chart/latencychart.h"
#include "widgets/dialogs/animationdialog.h"
#include "widgets/export/pictures.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/language.h"
#include "widgets/window/steppingcontrols.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMimeData>
#include <QProgressDialog>
#include <QTimer>
#include <QUrl>

#include <memory>

FilesController::FilesController(MainWindow* window, SessionController* controller, ConsoleModel* console)
    : QObject(window)
    , m_window(window)
    , m_controller(controller)
    , m_console(console)
    , m_files(new FileActions(controller, console, window))
{
    m_openProgram = Language::control(window, QKeySequence::Open, [] {
        return ControlTexts { tr("Open program…"),
            tr("Loads a program file (JSON, see docs/PROGRAMS.md) and runs it on a fresh loop.") };
    });
    connect(m_openProgram, &QAction::triggered, m_files, &FileActions::openProgramFile);
    m_openRecording = Language::control(window, QKeySequence(QStringLiteral("Ctrl+Shift+O")), [] {
        return ControlTexts { tr("Open recording…"),
            tr("Opens a recorded trace (exported here or by --trace) to look at its timeline, latency and console "
               "again.") };
    });
    connect(m_openRecording, &QAction::triggered, m_files, &FileActions::openRecordingFile);
    m_recent = m_files->recentMenu(window);
    m_exportTrace = Language::control(window, QKeySequence::Save, [] {
        return ControlTexts { tr("Export trace…"),
            tr("Writes what has been recorded so far as Chrome trace JSON, which Perfetto and LoopScope open.") };
    });
    connect(m_exportTrace, &QAction::triggered, this, [this] { exportRecording(ExportFormat::Trace); });
    m_exportCsv = Language::control(window, QKeySequence(QStringLiteral("Ctrl+Shift+S")), [] {
        return ControlTexts { tr("Export latency CSV…"),
            tr("Writes the loop-delay and /health samples recorded so far as CSV, for a spreadsheet.") };
    });
    connect(m_exportCsv, &QAction::triggered, this, [this] { exportRecording(ExportFormat::LatencyCsv); });

    m_pictures = new QMenu(window);
    m_pictures->setToolTipsVisible(true);
    for (const View view : { View::Circle, View::Chart, View::Timeline, View::Window }) {
        QAction* action = m_pictures->addAction(QString());
        connect(action, &QAction::triggered, this, [this, view] { exportPicture(view); });
    }
    Language::follow(m_pictures, [pictures = m_pictures] {
        pictures->setTitle(tr("Export picture"));
        const QString names[] = { tr("Circle…"), tr("Latency chart…"), tr("Timeline…"), tr("Whole window…") };
        for (int i = 0; i < pictures->actions().size(); ++i) {
            pictures->actions()[i]->setText(names[i]);
            pictures->actions()[i]->setToolTip(
                tr("Saves it as drawn now: PNG, or SVG with vector shapes and text for slides."));
        }
    });
    m_animation = Language::control(window, QKeySequence(), [] {
        return ControlTexts { tr("Export animation…"),
            tr("Replays a stretch of the recording and writes the circle, the chart, the timeline or the window as "
               "an animated GIF or WebP, frame by frame, for slides and web pages.") };
    });
    connect(m_animation, &QAction::triggered, this, [this] { chooseAnimation(); });
    m_report = Language::control(window, QKeySequence(QStringLiteral("Ctrl+Shift+P")), [] {
        return ControlTexts { tr("Export report…"),
            tr("Writes one PDF page about the run shown: the program, its console, the circle, the latency chart and "
               "the recording's summary.") };
    });
    connect(m_report, &QAction::triggered, this, [this] { exportReport(); });

    window->setAcceptDrops(true);
    window->installEventFilter(this);
}

bool FilesController::openProgram(const QString& path, const ScenarioCatalog::Overrides& overrides)
{
    return m_files->openProgram(path, overrides);
}

bool FilesController::openRecording(const QString& path)
{
    return m_files->openRecording(path);
}

bool FilesController::exportRecording(ExportFormat format, const QString& path)
{
    return m_files->exportRecording(format, path);
}

QString FilesController::droppedFile(const QMimeData& mime)
{
    const QList<QUrl> urls = mime.urls();
    return urls.size() == 1 && urls.front().isLocalFile() ? urls.front().toLocalFile() : QString();
}

void FilesController::openDropped(const QMimeData& mime)
{
    const QString path = droppedFile(mime);
    // After the drop has returned: a recording's progress dialog must not run inside the drag.
    if (!path.isEmpty())
        QTimer::singleShot(0, this, [this, path] { m_files->openFile(path); });
}

bool FilesController::eventFilter(QObject* watched, QEvent* event)
{
    if (watched != m_window)
        return false;
    if (event->type() == QEvent::DragEnter) {
        auto* drag = static_cast<QDragEnterEvent*>(event);
        if (droppedFile(*drag->mimeData()).isEmpty())
            return false;
        drag->acceptProposedAction();
        return true;
    }
    if (event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        if (droppedFile(*drop->mimeData()).isEmpty())
            return false;
        drop->acceptProposedAction();
        openDropped(*drop->mimeData());
        return true;
    }
    return false;
}

QWidget* FilesController::viewWidget(View view) const
{
    QWidget* const widgets[] = { m_window->phaseWheel(), m_window->latencyChart(), m_window->timeline(), m_window };
    return widgets[int(view)];
}

bool FilesController::exportPicture(View view, const QString& path)
{
    QWidget& widget = *viewWidget(view);
    const QString target = path.isEmpty()
        ? QFileDialog::getSaveFileName(m_window, tr("Export picture"), QString(), Pictures::filters())
        : path;
    QString error;
    if (target.isEmpty())
        return false;
    bool saved = false;
    // A picture of the chart is of its data, without the chart's own controls.
    if (view == View::Chart)
        m_window->latencyChart()->withoutControls([&] { saved = Pictures::save(widget, target, &error); });
    else
        saved = Pictures::save(widget, target, &error);
    if (saved)
        return true;
    m_files->showError(tr("Export picture"), error);
    return false;
}

bool FilesController::exportAnimation(View view, const QString& path, const AnimationExport::Range& range)
{
    QWidget& widget = *viewWidget(view);
    LatencyChart* chart = m_window->latencyChart();
    // The frames move the playhead: a replay playing would move it too, between a frame and its picture.
    m_window->stepping()->stopPlaying();
    // Each frame as exportPicture() draws the view: the chart without its own controls.
    const AnimationExport::Grab grab = [chart, view, &widget] {
        QImage frame;
        if (view == View::Chart)
            chart->withoutControls([&] { frame = widget.grab().toImage(); });
        else
            frame = widget.grab().toImage();
        return frame;
    };
    // A window kept off the screen (pictures of a headless run) has no one to press Cancel.
    std::unique_ptr<QProgressDialog> progress;
    if (m_window->isVisible() && !m_window->testAttribute(Qt::WA_DontShowOnScreen)) {
        progress = std::make_unique<QProgressDialog>(
            tr("Drawing the animation %1…").arg(QFileInfo(path).fileName()), tr("Cancel"), 0, 1, m_window);
        progress->setWindowTitle(tr("Export animation"));
        progress->setWindowModality(Qt::WindowModal);
        progress->setMinimumDuration(0);
        progress->setAutoReset(false);
        progress->setAutoClose(false);
    }
    const AnimationExport::Result result
        = AnimationExport::run(*m_window->feed(), path, range, grab, [&progress](int done, int total) {
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

AnimationDialog* FilesController::chooseAnimation()
{
    LiveFeed* feed = m_window->feed();
    if (!feed->recording() || !feed->canReplay()) {
        m_files->showError(tr("Export animation"),
            tr("An animation replays a recording: open one, or pause the run or let it end, then export."));
        return nullptr;
    }
    auto* dialog = new AnimationDialog(feed->firstNs(), feed->lastEndNs(), m_window);
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

bool FilesController::exportReport(const QString& path)
{
    const QString target = path.isEmpty()
        ? QFileDialog::getSaveFileName(m_window, tr("Export report"), QString(), tr("PDF document (*.pdf)"))
        : path;
    if (target.isEmpty())
        return false;
    Pictures::Report report;
    report.title = m_controller->programName().isEmpty() ? tr("the idle loop") : m_controller->programName();
    report.console = m_console->outputLines();
    if (const loopscope::Recording* recording = m_window->feed()->recording())
        report.summary = FigureTexts::lines(loopscope::figuresOf(*recording), *recording).join(QLatin1Char('\n'));
    report.circle = m_window->phaseWheel();
    report.chart = m_window->latencyChart()->picture();
    QString error;
    if (Pictures::saveReport(report, target, &error))
        return true;
    m_files->showError(tr("Export report"), error);
    return false;
}
