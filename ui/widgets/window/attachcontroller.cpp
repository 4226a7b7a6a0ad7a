#include "widgets/window/attachcontroller.h"

#include "attach/attachedprogram.h"
#include "control/sessioncontroller.h"
#include "models/consolemodel.h"
#include "recording/recording.h"
#include "widgets/dialogs/attachprocessdialog.h"
#include "widgets/dialogs/noderundialog.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/language.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QFileInfo>
#include <QTemporaryDir>

AttachController::AttachController(
    MainWindow* window, SessionController* controller, ConsoleModel* console, FileActions* files)
    : QObject(window)
    , m_window(window)
    , m_controller(controller)
    , m_console(console)
    , m_files(files)
{
    m_runWithNode = Language::control(window, QKeySequence(QStringLiteral("Ctrl+Shift+J")), [] {
        return ControlTexts { tr("Run with Node…"),
            tr("Runs a real Node.js program (a .js file, or JavaScript typed in) with LoopScope's probe inside and "
               "shows its own event loop live: its phases, its callbacks and their kinds, its loop delay.") };
    });
    connect(m_runWithNode, &QAction::triggered, this, [this] { runWithNode(); });
    m_attachToProcess = Language::control(window, QKeySequence(), [] {
        return ControlTexts { tr("Attach to a running Node.js process…"),
            tr("Lists your Node.js processes and attaches to one without a restart: its inspector is opened on "
               "127.0.0.1 just long enough to load the probe. Stopping detaches; the program runs on.") };
    });
    connect(m_attachToProcess, &QAction::triggered, this, [this] { chooseProcess(); });

    // A Node.js program run with the probe: every callback labelled, or the phases alone.
    m_everyCallback = new QAction(window);
    m_everyCallback->setCheckable(true);
    m_everyCallback->setChecked(m_controller->everyCallback());
    m_everyCallback->setEnabled(false);
    Language::follow(m_everyCallback, [action = m_everyCallback] {
        action->setText(tr("&Label every callback (Node.js program)"));
        action->setToolTip(tr("For a program run with Node: label and time every callback it runs (the default), "
                              "or mark the loop's phases only, which costs the program next to nothing. Switches "
                              "while it runs."));
    });
    connect(m_everyCallback, &QAction::toggled, m_controller, &SessionController::setEveryCallback);
    m_followChildren = new QAction(window);
    m_followChildren->setCheckable(true);
    m_followChildren->setChecked(m_controller->followChildren());
    Language::follow(m_followChildren, [action = m_followChildren] {
        action->setText(tr("Follow &child processes (Node.js program)"));
        action->setToolTip(tr("For the next program run with Node: record its forks, cluster workers and child node "
                              "processes too, each as a process of its own in the saved recording. Their "
                              "environment then carries the probe's NODE_OPTIONS."));
    });
    connect(m_followChildren, &QAction::toggled, m_controller, &SessionController::setFollowChildren);

    connect(m_controller, &SessionController::started, this, &AttachController::onSessionStarted);
    connect(m_controller, &SessionController::attachedEnded, this, &AttachController::onAttachedEnded);
}

AttachController::~AttachController() = default;

bool AttachController::attachProgram(const QString& script, const QStringList& arguments)
{
    QString error;
    if (!m_controller->attach(script, arguments, &error, m_node, m_nodeOptions)) {
        m_files->showError(tr("Run with Node.js"), error);
        return false;
    }
    emit attached();
    m_console->clear();
    m_console->appendNote(tr("▶ node %1, with LoopScope's probe inside").arg(QFileInfo(script).fileName()));
    return true;
}

bool AttachController::attachToProcess(int pid)
{
    QString error;
    if (!m_controller->attachToProcess(pid, &error)) {
        m_files->showError(tr("Attach to a running Node.js process"), error);
        return false;
    }
    emit attached();
    m_console->clear();
    m_console->appendNote(tr("▶ process %1, attached as it runs; its output stays its own").arg(pid));
    return true;
}

AttachProcessDialog* AttachController::chooseProcess()
{
    auto* dialog = new AttachProcessDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (dialog->pid() > 0)
            attachToProcess(dialog->pid());
    });
    dialog->open();
    return dialog;
}

void AttachController::setLabelEveryCallback(bool on)
{
    m_everyCallback->setChecked(on); // toggled: the session follows
}

void AttachController::setFollowChildren(bool on)
{
    m_followChildren->setChecked(on); // toggled: the controller follows
}

NodeRunDialog* AttachController::runWithNode()
{
    auto* dialog = new NodeRunDialog(m_window);
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

void AttachController::onSessionStarted()
{
    m_everyCallback->setEnabled(m_controller->attached() != nullptr);
}

// What the probe says it cannot see, in the window's language where the text is one it is known to say.
QString AttachController::unseenByTheProbe(const std::string& what)
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
void AttachController::onAttachedEnded()
{
    const loopscope::wire::AttachedProgram* attached = m_controller->attached();
    if (!attached)
        return;
    const loopscope::wire::AttachResult& result = attached->result();
    const QString name = m_controller->programName();
    m_everyCallback->setEnabled(false);
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
    emit ended(said);
}
