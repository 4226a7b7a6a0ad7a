#pragma once

#include "catalog/scenariocatalog.h"
#include "widgets/export/animationexport.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/mainwindow.h"

#include <QObject>

class AnimationDialog;
class QAction;
class QMenu;
class QMimeData;

// The window's File menu but for Node.js programs: open a program or a recording (from the menu, the
// recent list or dropped onto the window), export the recording (FileActions reads and writes those),
// pictures of a view, an animation and the PDF report. Errors are shown as FileActions shows them.
class FilesController : public QObject
{
    Q_OBJECT

public:
    using View = MainWindow::View;
    using ExportFormat = FileActions::ExportFormat;

    FilesController(MainWindow* window, SessionController* controller, ConsoleModel* console);

    FileActions* fileActions() const { return m_files; }
    // The File menu's entries, in its order, made for the window, which adds them where its menu lists
    // them: opening (then Open recent), and exporting (the pictures' submenu among them).
    QAction* openProgramAction() const { return m_openProgram; }
    QAction* openRecordingAction() const { return m_openRecording; }
    QMenu* recentMenu() const { return m_recent; }
    QAction* exportTraceAction() const { return m_exportTrace; }
    QAction* exportCsvAction() const { return m_exportCsv; }
    QMenu* picturesMenu() const { return m_pictures; }
    QAction* animationAction() const { return m_animation; }
    QAction* reportAction() const { return m_report; }

    // Loads and runs a program file (with --set overrides); on a bad file the error is shown (a dialog
    // when the window is visible) and the running session is left as it was.
    bool openProgram(const QString& path, const ScenarioCatalog::Overrides& overrides = {});
    // Opens a recorded trace for replay in the views; the live session ends. On a bad file the
    // error is shown and everything stays as it was.
    bool openRecording(const QString& path);
    // Writes what the session has recorded so far to `path` (asks for one when empty).
    bool exportRecording(ExportFormat format, const QString& path = {});
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
    QString lastError() const { return m_files->lastError(); }
    // A program or a recording dropped onto the window opens as File > Open would open it: one
    // local file, told apart by what it holds.
    static QString droppedFile(const QMimeData& mime);
    void openDropped(const QMimeData& mime);

protected:
    // The window's drags and drops.
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* viewWidget(View view) const;

    MainWindow* m_window = nullptr;
    SessionController* m_controller = nullptr;
    ConsoleModel* m_console = nullptr;
    FileActions* m_files = nullptr;
    QAction* m_openProgram = nullptr;
    QAction* m_openRecording = nullptr;
    QMenu* m_recent = nullptr;
    QAction* m_exportTrace = nullptr;
    QAction* m_exportCsv = nullptr;
    QMenu* m_pictures = nullptr;
    QAction* m_animation = nullptr;
    QAction* m_report = nullptr;
};
