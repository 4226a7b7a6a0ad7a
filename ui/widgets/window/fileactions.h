#pragma once

#include "catalog/scenariocatalog.h"
#include "program/program.h"
#include "widgets/window/progresstask.h"

#include <QObject>
#include <QString>

class ConsoleModel;
class QMenu;
class QWidget;
class SessionController;

// What the window does with files: opening programs and recordings, exporting the recording as a
// trace or latency CSV. Recordings are read and written off the GUI thread with a progress dialog;
// a bad file or a failed write is an error and changes nothing, and so does a cancel.
class FileActions : public QObject
{
    Q_OBJECT

public:
    enum class ExportFormat { Trace, LatencyCsv };

    FileActions(SessionController* controller, ConsoleModel* console, QWidget* window);

    // Loads a program file (with --set overrides) and hands it to programLoaded(); on a bad file the
    // error is shown.
    bool openProgram(const QString& path, const ScenarioCatalog::Overrides& overrides = {});
    // Reads a recorded trace and replays it; on a bad file or a cancel everything stays as it was.
    bool openRecording(const QString& path);
    // Writes what the session has recorded so far to `path` (asks for one when empty).
    bool exportRecording(ExportFormat format, const QString& path = {});
    // The dialogs that ask for a file first.
    void openProgramFile();
    void openRecordingFile();
    // Opens a program or a recording, told apart by what the file holds (a dropped file, a recent one).
    bool openFile(const QString& path);
    // The files opened last, newest first (at most MaxRecent), that still exist.
    QStringList recentFiles() const;
    static constexpr int MaxRecent = 8;
    // File > Open recent: rebuilt each time it opens; a file that went away is dropped from it.
    QMenu* recentMenu(QWidget* parent);

    // Bad files and failed writes are told in the console, which keeps them, and in a dialog when
    // the window is visible.
    void showError(const QString& title, const QString& message);
    // The last error shown to the user (tests read it).
    QString lastError() const { return m_lastError; }
    // Reads and writes still running, cancelled ones included.
    int pendingTasks() const { return m_tasks.pending(); }

signals:
    // `program` was loaded from `path` with `overrides`.
    void programLoaded(
        const loopscope::Program& program, const QString& path, const ScenarioCatalog::Overrides& overrides);
    // A recording from `path` replays in the views.
    void recordingOpened(const QString& path);
    // `path` was written.
    void exported(const QString& path);
    // A file could not be opened or written: `message` says which and why, as the dialog shown next does.
    void failed(const QString& message);

private:
    QString askExportPath(ExportFormat format) const;
    void remember(const QString& path);

    SessionController* m_controller = nullptr;
    ConsoleModel* m_console = nullptr;
    QWidget* m_window = nullptr;
    ProgressTask m_tasks;
    QString m_lastError;
};
