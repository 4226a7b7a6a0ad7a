#include "widgets/window/fileactions.h"

#include "catalog/scenariocatalog.h"
#include "control/sessioncontroller.h"
#include "formats/latencycsv.h"
#include "formats/traceio.h"
#include "models/consolemodel.h"
#include "recording/recording.h"
#include "widgets/window/language.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QWidget>

#include <cerrno>
#include <cstdio>
#include <optional>
#include <system_error>

namespace {

const char* const ProgramDirKey = "files/programDir";
const char* const ExportDirKey = "files/exportDir";
const char* const RecentKey = "files/recent";

QString settingsDir(const char* key, const QString& fallback = {})
{
    return QSettings().value(QLatin1String(key), fallback).toString();
}

void rememberDir(const char* key, const QString& path)
{
    QSettings().setValue(QLatin1String(key), QFileInfo(path).absolutePath());
}

// Exports go to a hidden file next to the target, with the same ending (".json.gz" compresses), and
// replace the target only when complete, so a failed or cancelled export leaves the target as it was.
QString partialPath(const QString& path)
{
    const QFileInfo info(path);
    return info.dir().filePath(QStringLiteral(".~") + info.fileName());
}

} // namespace

FileActions::FileActions(SessionController* controller, ConsoleModel* console, QWidget* window)
    : QObject(window)
    , m_controller(controller)
    , m_console(console)
    , m_window(window)
{ }

void FileActions::showError(const QString& title, const QString& message)
{
    m_lastError = message;
    m_console->appendNote(message);
    emit failed(message);
    // A window kept off the screen (pictures of a headless run) has no one to close a dialog.
    if (m_window->isVisible() && !m_window->testAttribute(Qt::WA_DontShowOnScreen))
        QMessageBox::warning(m_window, title, message);
}

bool FileActions::openProgram(const QString& path, const ScenarioCatalog::Overrides& overrides)
{
    // A program of tens of megabytes takes seconds to read: off the GUI thread, as a recording is.
    auto loaded = std::make_shared<std::optional<loopscope::Program>>();
    const std::size_t budgetBytes = SessionController::memoryBudgetMb() << 20;
    const ProgressTask::Result result = m_tasks.run(m_window, tr("Reading %1…").arg(QFileInfo(path).fileName()),
        [loaded, path, overrides, budgetBytes](const loopscope::Progress& progress, std::string* error) {
            loopscope::ProgramReading reading;
            reading.memoryBudgetBytes = budgetBytes;
            reading.progress = progress;
            auto read = ScenarioCatalog::loadFile(path, overrides, reading);
            if (auto* message = std::get_if<QString>(&read)) {
                *error = message->toStdString();
                return false;
            }
            loaded->emplace(std::get<loopscope::Program>(std::move(read)));
            return true;
        });
    if (result.outcome == ProgressTask::Outcome::Failed)
        showError(tr("Cannot open the program"), result.error);
    if (result.outcome != ProgressTask::Outcome::Succeeded)
        return false;
    rememberDir(ProgramDirKey, path);
    remember(path);
    emit programLoaded(**loaded, path, overrides);
    return true;
}

bool FileActions::openFile(const QString& path)
{
    return ScenarioCatalog::isProgramFile(path) ? openProgram(path) : openRecording(path);
}

void FileActions::remember(const QString& path)
{
    QStringList recent = QSettings().value(QLatin1String(RecentKey)).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > MaxRecent)
        recent.removeLast();
    QSettings().setValue(QLatin1String(RecentKey), recent);
}

QStringList FileActions::recentFiles() const
{
    QStringList recent;
    for (const QString& path : QSettings().value(QLatin1String(RecentKey)).toStringList()) {
        if (QFileInfo::exists(path))
            recent.append(path);
    }
    return recent;
}

QMenu* FileActions::recentMenu(QWidget* parent)
{
    auto* menu = new QMenu(parent);
    Language::follow(menu, [menu] { menu->setTitle(tr("Open recent")); });
    menu->setToolTipsVisible(true);
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        menu->clear();
        const QStringList recent = recentFiles();
        for (int i = 0; i < recent.size(); ++i) {
            const QString& path = recent[i];
            // &1 .. &8: a digit opens it from the keyboard.
            QAction* action = menu->addAction(QStringLiteral("&%1  %2").arg(i + 1).arg(QFileInfo(path).fileName()));
            action->setToolTip(QDir::toNativeSeparators(path));
            connect(action, &QAction::triggered, this, [this, path] { openFile(path); });
        }
        if (recent.isEmpty())
            menu->addAction(tr("No files opened yet"))->setEnabled(false);
        menu->addSeparator();
        QAction* clear = menu->addAction(tr("Clear the list"));
        clear->setEnabled(!recent.isEmpty());
        connect(clear, &QAction::triggered, this, [] { QSettings().remove(QLatin1String(RecentKey)); });
    });
    return menu;
}

void FileActions::openProgramFile()
{
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open program"), settingsDir(ProgramDirKey), tr("LoopScope programs (*.json);;All files (*)"));
    if (!path.isEmpty())
        openProgram(path);
}

bool FileActions::openRecording(const QString& path)
{
    auto loaded = std::make_shared<loopscope::Recording>();
    const std::string file = path.toStdString();
    const ProgressTask::Result result = m_tasks.run(m_window, tr("Reading %1…").arg(QFileInfo(path).fileName()),
        [loaded, file](const loopscope::Progress& progress, std::string* error) {
            loopscope::TraceReadOptions reading;
            reading.memoryBudgetBytes = SessionController::memoryBudgetMb() << 20;
            return loopscope::readTrace(file, *loaded, error, progress, nullptr, reading);
        });
    if (result.outcome == ProgressTask::Outcome::Failed)
        showError(tr("Cannot open the recording"), result.error);
    if (result.outcome != ProgressTask::Outcome::Succeeded)
        return false;
    rememberDir(ExportDirKey, path);
    remember(path);
    m_controller->replay(std::move(loaded));
    emit recordingOpened(path);
    return true;
}

void FileActions::openRecordingFile()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open recording"),
        settingsDir(ExportDirKey, QDir::homePath()), tr("Chrome trace JSON (*.json *.json.gz);;All files (*)"));
    if (!path.isEmpty())
        openRecording(path);
}

QString FileActions::askExportPath(ExportFormat format) const
{
    const bool trace = format == ExportFormat::Trace;
    const QString suggested
        = QDir(settingsDir(ExportDirKey, QDir::homePath()))
              .filePath(m_controller->programName() + (trace ? QStringLiteral(".json") : QStringLiteral(".csv")));
    QString path = QFileDialog::getSaveFileName(m_window, trace ? tr("Export trace") : tr("Export latency CSV"),
        suggested, trace ? tr("Chrome trace JSON (*.json);;Compressed trace JSON (*.json.gz)") : tr("CSV (*.csv)"));
    if (!path.isEmpty())
        rememberDir(ExportDirKey, path);
    return path;
}

bool FileActions::exportRecording(ExportFormat format, const QString& givenPath)
{
    // The writer shares the recording, so it outlives a session that ends meanwhile. Published
    // records never change: the loop may go on appending while the writer reads what came before.
    // A trace holds a program's child processes with it, whichever of them is shown; the latency CSV is the
    // shown one's.
    std::shared_ptr<const loopscope::Recording> recording
        = format == ExportFormat::Trace && m_controller->family() ? m_controller->family() : m_controller->recording();
    if (!recording)
        return false;
    const QString path = givenPath.isEmpty() ? askExportPath(format) : givenPath;
    if (path.isEmpty())
        return false;
    const std::string target = path.toStdString();
    const std::string partial = partialPath(path).toStdString();
    auto write = [recording, format, partial](const loopscope::Progress& progress, std::string* error) {
        return format == ExportFormat::Trace ? loopscope::writeTrace(*recording, partial, error, progress)
                                             : loopscope::writeLatencyCsv(*recording, partial, error, progress);
    };
    auto settle = [target, partial](bool keep, std::string* error) {
        if (keep && std::rename(partial.c_str(), target.c_str()) == 0)
            return true;
        const int renameError = errno;
        std::remove(partial.c_str());
        if (!keep)
            return true;
        *error = target + ": cannot replace: " + std::generic_category().message(renameError);
        return false;
    };
    const ProgressTask::Result result
        = m_tasks.run(m_window, tr("Writing %1…").arg(QFileInfo(path).fileName()), write, settle);
    if (result.outcome == ProgressTask::Outcome::Failed)
        showError(tr("Export failed"), QString(result.error).replace(partialPath(path), path));
    if (result.outcome != ProgressTask::Outcome::Succeeded)
        return false;
    emit exported(path);
    return true;
}
