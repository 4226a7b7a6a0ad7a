#include "catalog/scenariocatalog.h"
#include "commandline.h"
#include "control/headlessattach.h"
#include "control/headlessrunner.h"
#include "control/nodecalibration.h"
#include "control/outputfiles.h"
#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "pictureoutput.h"
#include "signalnotifier.h"
#include "widgets/dialogs/nodetimingdialog.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/window/attachcontroller.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/language.h"
#include "widgets/window/mainwindow.h"

#include <QApplication>
#include <QFileInfo>
#include <QSaveFile>
#include <QSettings>
#include <QThread>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <system_error>

namespace {

void printOut(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stdout);
    std::fflush(stdout);
}

void printErr(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fflush(stderr);
}

// With --trace, --csv or --summary: writes what the window showed when it closed, its session
// (stopped, not aborted, so that the recording is complete) or the recording it replayed.
int writeShownRecording(const CommandLine& options, MainWindow& window)
{
    // Quitting cancelled any export still running; it ends at its next progress report, and must not be
    // reading the recording while stopping the session completes it.
    while (window.fileActions()->pendingTasks() > 0)
        QThread::msleep(10);
    const std::shared_ptr<const loopscope::Recording> recording = window.controller()->finish();
    if (!recording) {
        printErr(QStringLiteral("loopscope: the window showed no recording to write\n"));
        return 1;
    }
    return outputfiles::write(options, *recording) ? 0 : 1;
}

// The window's remembered choices, written at its close. QSettings writes them as every output is
// written (a temporary file beside them, renamed over the old one), so a refused write leaves the old
// settings as they were; it is said on stderr, naming the file and why, and ends LoopScope with 1.
bool saveSettings()
{
    QSettings settings;
    settings.sync();
    // A refused write may have been an earlier QSettings' (each reports only its own), and its keys are
    // then gone from the cache: isWritable() says whether the file can take them.
    if (settings.status() == QSettings::NoError && settings.isWritable())
        return true;
    // QSettings keeps the reason to itself: it is asked again of the folder and the file.
    const QFileInfo file(settings.fileName());
    QString reason = QStringLiteral("the write failed");
    std::error_code made;
    std::filesystem::create_directories(file.absolutePath().toStdString(), made);
    if (made) {
        reason = QStringLiteral("its folder %1 cannot be made: %2")
                     .arg(file.absolutePath(), QString::fromLocal8Bit(made.message().c_str()));
    } else {
        QSaveFile probe(file.absoluteFilePath());
        if (!probe.open(QIODevice::WriteOnly))
            reason = probe.errorString();
    }
    printErr(QStringLiteral("loopscope: %1: cannot save the settings: %2; the old settings stay\n")
                 .arg(settings.fileName(), reason));
    return false;
}

// --headless with a picture: the run in the window, drawn offscreen; stdout carries the program's
// console as a headless run's does, the recording is written as it would be, then the pictures.
int runForPictures(const CommandLine& options, MainWindow& window, const ScenarioCatalog::Overrides& overrides)
{
    // Never on a screen: a bad file or a failed write is a line on stderr, never a dialog nobody can close
    // (FileActions shows none for a window kept off the screen). Laid out as on a screen all the same, so
    // that each view is drawn at the size its picture's box has (a window never shown laid a view out only
    // as it was drawn, and the circle and the chart ran past their pictures' right edges).
    window.resize(1600, 960);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    window.show();
    const bool opened = options.programFile.isEmpty()
        ? options.openFile.isEmpty() || window.files()->openRecording(options.openFile)
        : window.files()->openProgram(options.programFile, overrides);
    if (!opened) {
        printErr(QStringLiteral("loopscope: %1\n").arg(window.files()->lastError()));
        return 2;
    }
    const bool ended = pictureoutput::waitForTheEnd(options, window);
    for (const QString& line : window.consoleModel()->outputLines())
        printOut(line + QLatin1Char('\n'));
    const bool pictures = pictureoutput::write(options, window);
    const int written = options.traceFile.isEmpty() && options.csvFile.isEmpty() && !options.summary
        ? 0
        : writeShownRecording(options, window);
    if (!ended)
        return 3;
    return written != 0 ? written : pictures ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication::setApplicationName(QStringLiteral("LoopScope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOOPSCOPE_VERSION));
    QCoreApplication::setOrganizationName(QStringLiteral("LoopScope"));

    CommandLine options;
    {
        // The command line is read before any QApplication exists, so --help,
        // --version and headless runs work with no display.
        // The user-interface language: --lang if given, else the system's. Numbers and times in the window
        // follow it too (files written stay locale-independent: the engine writes them).
        QCoreApplication core(argc, argv);
        const QStringList arguments = QCoreApplication::arguments();
        QString language;
        for (int i = 0; i + 1 < arguments.size(); ++i) {
            if (arguments.at(i) == QLatin1String("--lang"))
                language = arguments.at(i + 1);
        }
        Language::apply(language);

        if (auto error = CommandLine::parse(arguments, options)) {
            printErr(QStringLiteral("loopscope: %1\n").arg(*error));
            return 2;
        }
        if (options.threadpoolSize)
            qputenv("UV_THREADPOOL_SIZE", QByteArray::number(*options.threadpoolSize));
        // Every file asked for is checked before any work: a run is never lost to a name it cannot write.
        const bool writes = options.action == CommandLine::Action::RunHeadless
            || options.action == CommandLine::Action::Attach || options.action == CommandLine::Action::ReopenRecording
            || options.action == CommandLine::Action::RunGui;
        if (writes && !outputfiles::checkWritable(options))
            return 2;

        switch (options.action) {
        case CommandLine::Action::ShowHelp:
            printOut(options.helpText);
            return 0;
        case CommandLine::Action::ShowVersion:
            printOut(QStringLiteral("LoopScope %1\n").arg(QCoreApplication::applicationVersion()));
            return 0;
        case CommandLine::Action::ListScenarios:
            return HeadlessRunner::listScenarios();
        case CommandLine::Action::EmitJs:
            return HeadlessRunner(options).emitJs();
        case CommandLine::Action::RunHeadless:
            // Pictures need the window's views, drawn offscreen; everything else runs without them.
            if (!options.wantsPictures() || options.compareNode)
                return HeadlessRunner(options).run();
            break;
        case CommandLine::Action::Repeat:
            return HeadlessRunner(options).repeat();
        case CommandLine::Action::CalibrateNode:
            return HeadlessRunner(options).calibrateNode();
        case CommandLine::Action::Attach:
            return HeadlessAttach(options).run();
        case CommandLine::Action::ReopenRecording:
            if (!options.wantsPictures())
                return HeadlessRunner(options).reopenRecording();
            break;
        case CommandLine::Action::RunGui:
            break;
        }
    }

    const bool headlessPictures = options.action != CommandLine::Action::RunGui;
    if (headlessPictures && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/loopscope.svg")));
    QApplication::setDesktopFileName(QStringLiteral("loopscope"));
    // --lang decides for this process; otherwise the language chosen in the window (View > Language).
    Language::apply(options.language.isEmpty() ? Language::saved() : options.language);
    SessionController::setMemoryBudgetMb(std::size_t(options.memoryBudgetMb));
    SessionController::setBlockThresholdMs(options.blockMs);
    SessionController::setRollingWindow(
        options.rollingWindow || QSettings().value(QLatin1String(SessionController::RollingWindowKey)).toBool());
    // The command line decides for this process; otherwise the window's remembered choice does.
    SessionController::setNodeCosts(
        options.nodeCosts(NodeCalibration::baseCosts()).value_or(NodeTimingDialog::savedCosts()));

    // A GUI asked to end by a signal ends as if its window were closed: a normal end (exit 0), the
    // session written when asked. Signals that come while it is written are ignored.
    SignalNotifier endSignals({ SIGINT, SIGTERM, SIGHUP });
    MainWindow window;
    QObject::connect(&endSignals, &SignalNotifier::received, &window, [&window] {
        window.close();
        QCoreApplication::quit();
    });
    const ScenarioCatalog::Overrides overrides = options.overrides();
    if (!options.scenario.isEmpty()) {
        // A name that is not a built-in is a wrong command line, refused before any window opens.
        auto loaded = ScenarioCatalog::loadScenario(options.scenario, overrides);
        if (auto* error = std::get_if<QString>(&loaded)) {
            printErr(QStringLiteral("loopscope: %1\n").arg(*error));
            return 2;
        }
        window.scenarioBrowser()->select(options.scenario);
        for (const auto& [key, value] : overrides)
            window.scenarioBrowser()->setParameter(QString::fromStdString(key), QString::fromStdString(value).toInt());
        window.runProgram(std::get<loopscope::Program>(std::move(loaded)));
    }
    if (headlessPictures)
        return runForPictures(options, window, overrides);
    window.show();
    // A file named on the command line (--program, --open or FILE) opens once the window runs, as Ctrl+O
    // opens one: a bad file is the error dialog over the window, whose own loop goes on, and a line on stderr.
    window.attach()->setNode(options.nodePath);
    window.attach()->setNodeOptions(options.nodeOptions);
    window.attach()->setLabelEveryCallback(options.probeEveryCallback);
    window.attach()->setFollowChildren(options.followChildren);
    if (options.attachPid > 0) {
        QTimer::singleShot(0, &window, [&window, &options] {
            if (!window.attach()->attachToProcess(options.attachPid) && !window.files()->lastError().isEmpty())
                printErr(QStringLiteral("loopscope: %1\n").arg(window.files()->lastError()));
        });
    }
    if (!options.attachScript.isEmpty()) {
        QTimer::singleShot(0, &window, [&window, &options] {
            if (!window.attach()->attachProgram(options.attachScript, options.attachArguments)
                && !window.files()->lastError().isEmpty())
                printErr(QStringLiteral("loopscope: %1\n").arg(window.files()->lastError()));
        });
    }
    if (!options.programFile.isEmpty() || !options.openFile.isEmpty()) {
        QTimer::singleShot(0, &window, [&window, &options, overrides] {
            // Said on stderr as the dialog opens, not once it is closed.
            bool said = false;
            const QMetaObject::Connection saying
                = QObject::connect(window.fileActions(), &FileActions::failed, [&said](const QString& message) {
                      printErr(QStringLiteral("loopscope: %1\n").arg(message));
                      said = true;
                  });
            const bool opened = options.programFile.isEmpty()
                ? window.files()->openRecording(options.openFile)
                : window.files()->openProgram(options.programFile, overrides);
            QObject::disconnect(saying);
            if (!opened && !said && !window.files()->lastError().isEmpty())
                printErr(QStringLiteral("loopscope: %1\n").arg(window.files()->lastError()));
        });
    }
    const int code = app.exec();
    const bool pictures = !options.wantsPictures() || pictureoutput::write(options, window);
    const bool settingsSaved = saveSettings();
    const bool others = pictures && settingsSaved;
    if (options.traceFile.isEmpty() && options.csvFile.isEmpty() && !options.summary)
        return others ? code : 1;
    const int written = writeShownRecording(options, window);
    return written != 0 ? written : others ? code : 1;
}
