// MainWindow: the File menu, laid out from the files' and the Node.js programs' controllers, and what the
// window shows of a recording opened.
#include "widgets/window/mainwindow.h"

#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "recording/recording.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/window/attachcontroller.h"
#include "widgets/window/filescontroller.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>

#include <algorithm>
#include <climits>

void MainWindow::createFileMenu()
{
    auto* quit = Language::control(this, QKeySequence::Quit, [] {
        return ControlTexts { tr("Quit"), tr("Closes LoopScope.") };
    });
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* fileMenu = menuBar()->addMenu(QString());
    Language::follow(fileMenu, [fileMenu] { fileMenu->setTitle(tr("&File")); });
    fileMenu->setToolTipsVisible(true);
    // The window lists its controls (Help > Keyboard shortcuts) in the order the menu does.
    const auto add = [this, fileMenu](QAction* action) {
        addAction(action);
        fileMenu->addAction(action);
    };
    add(m_files->openProgramAction());
    add(m_files->openRecordingAction());
    fileMenu->addMenu(m_files->recentMenu());
    add(m_attach->runWithNodeAction());
    add(m_attach->attachToProcessAction());
    fileMenu->addSeparator();
    add(m_files->exportTraceAction());
    add(m_files->exportCsvAction());
    fileMenu->addMenu(m_files->picturesMenu());
    add(m_files->animationAction());
    add(m_files->reportAction());
    fileMenu->addSeparator();
    add(quit);
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
