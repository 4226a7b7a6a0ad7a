#include "control/headlessattach.h"

#include "attach/children.h"
#include "attach/probelocation.h"
#include "control/exitcode.h"
#include "control/outputfiles.h"
#include "control/runoptions.h"
#include "control/runsignals.h"
#include "control/terminal.h"
#include "inspector/inspectorclient.h"
#include "recording/recording.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QStringList>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

HeadlessAttach::HeadlessAttach(const RunOptions& options)
    : m_options(options)
{ }

// --attach-pid: the watch of a running process has ended, by itself (the process exited) or by a signal or
// --timeout-ms, which let go of it; what was recorded is written.
int HeadlessAttach::watched(loopscope::Recording& recording, const loopscope::wire::AttachResult& result) const
{
    using Stop = loopscope::wire::AttachResult::Stop;
    recording.info = result.described;
    const QString process = QStringLiteral("process %1").arg(result.pid);
    if (result.stop == Stop::Asked) {
        const int signal = RunSignals::stopSignal();
        Terminal::printErr(
            QStringLiteral("loopscope: %1: detached from %2, which runs on").arg(RunSignals::name(signal), process));
        recording.info.stoppedBy = loopscope::RecordingInfo::StoppedBy::Signal;
        recording.info.stopSignal = signal;
    } else if (result.stop == Stop::TimedOut) {
        Terminal::printErr(QStringLiteral("loopscope: detached from %1 after %2 ms (--timeout-ms), which runs on")
                               .arg(process)
                               .arg(m_options.timeoutMs));
    } else {
        Terminal::printErr(QStringLiteral("loopscope: %1 exited while attached").arg(process));
    }
    if (!result.inspectorClosed)
        Terminal::printErr(
            QStringLiteral("loopscope: the inspector LoopScope opened in %1 did not close again").arg(process));
    if (!result.probed) {
        Terminal::printErr(QStringLiteral("loopscope: the probe's recording of %1 is incomplete: %2")
                               .arg(process, QString::fromStdString(result.streamError)));
    }
    if (!outputfiles::write(m_options, recording))
        return exitcode::InternalError;
    printUnseen(result.unavailable);
    return exitcode::Success;
}

int HeadlessAttach::run() const
{
    // The probe lies in an installation's lib/loopscope, or beside this executable in a build tree.
    const std::string executableDir = QCoreApplication::applicationDirPath().toStdString();
    loopscope::wire::AttachOptions attaching;
    attaching.node = m_options.nodePath.toStdString();
    attaching.probeDir = loopscope::wire::findProbeDirectory(executableDir);
    attaching.script = m_options.attachScript.toStdString();
    for (const QString& argument : m_options.attachArguments)
        attaching.arguments.push_back(argument.toStdString());
    for (const QString& option : m_options.nodeOptions)
        attaching.nodeOptions.push_back(option.toStdString());
    // The loop delay and utilisation, as the window measures them (an unreferenced timer: it never keeps
    // the program alive).
    attaching.delayMonitorMs = loopscope::wire::DelayMonitorResolutionMs;
    // Attached for hours, the recording stays within the memory budget as LoopScope's own runs do.
    attaching.keeping.budgetBytes = std::size_t(m_options.memoryBudgetMb) << 20;
    attaching.keeping.rollingWindow = m_options.rollingWindow;
    attaching.everyCallback = m_options.probeEveryCallback;
    attaching.blockThresholdMs = m_options.blockMs;
    // A server runs until it is stopped: only a --timeout-ms given stops it.
    attaching.timeoutMs = m_options.timeoutSet ? m_options.timeoutMs : 0;
    attaching.detach = m_options.detach;
    attaching.followChildren = m_options.followChildren;
    // --attach-pid: the probe goes in through the inspector LoopScope opens in the process, and closes again.
    attaching.pid = m_options.attachPid;
    attaching.loadProbe = [](int port, const std::string& expression) {
        return loopscope::inspector::loadProbe(port, QString::fromStdString(expression)).toStdString();
    };
    if (m_options.attachPid > 0) {
        attaching.started = [](int pid, int) {
            Terminal::printErr(
                QStringLiteral("loopscope: attached to process %1; SIGINT, SIGTERM or SIGHUP detach").arg(pid));
        };
    }
    if (attaching.probeDir.empty()) {
        QStringList looked;
        for (const std::string& directory : loopscope::wire::probeDirectories(executableDir))
            looked << QString::fromStdString(directory);
        Terminal::printErr(
            QStringLiteral("loopscope: the attach probe (loopscope-probe.js and loopscope_probe.node) is in "
                           "none of %1: it is built with LoopScope where Node.js headers are installed "
                           "(scripts/install-deps.sh), and installed in %2")
                .arg(looked.join(QStringLiteral(", ")), looked.constFirst()));
        return exitcode::BadInput;
    }

    // SIGTERM, SIGHUP, SIGINT and SIGQUIT end the program (SIGTERM, then SIGKILL past the grace), or leave it
    // running (--detach), and the recording is written all the same.
    int stopPipe[2];
    if (pipe2(stopPipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        Terminal::printErr(
            QStringLiteral("loopscope: cannot make a pipe: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        return exitcode::InternalError;
    }
    attaching.stopFd = stopPipe[0];
    RunSignals::installForAttach(stopPipe[1]);

    loopscope::Recording recording;
    recording.info.generator = "LoopScope " LOOPSCOPE_VERSION;
    if (m_options.attachPid == 0)
        recording.info.program = QFileInfo(m_options.attachScript).fileName().toStdString();
    loopscope::wire::AttachResult result = loopscope::wire::attach(attaching, recording);
    if (!result.started) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(result.error)));
        return exitcode::BadInput;
    }
    if (m_options.attachPid > 0)
        return watched(recording, result);
    using Stop = loopscope::wire::AttachResult::Stop;
    const QString left = result.detached ? QStringLiteral("left the program running (pid %1, --detach)").arg(result.pid)
                                         : QStringLiteral("ended the program");
    int code = result.exitCode;
    recording.info = result.described;
    recording.children = std::move(result.children);
    if (result.stop == Stop::Asked) {
        const int signal = RunSignals::stopSignal();
        Terminal::printErr(QStringLiteral("loopscope: %1: %2, run aborted").arg(RunSignals::name(signal), left));
        recording.info.stoppedBy = loopscope::RecordingInfo::StoppedBy::Signal;
        recording.info.stopSignal = signal;
        recording.info.aborted = true;
        // As a shell says a command a signal ended.
        code = 128 + signal;
    } else if (result.stop == Stop::TimedOut) {
        Terminal::printErr(
            QStringLiteral("loopscope: run aborted after %1 ms (--timeout-ms): %2").arg(m_options.timeoutMs).arg(left));
        code = exitcode::Aborted;
    }
    if (!result.probed) {
        Terminal::printErr(QStringLiteral("loopscope: the probe's recording of %1 is incomplete: %2")
                               .arg(m_options.attachScript, QString::fromStdString(result.streamError)));
    }
    if (!result.spillProblem.empty()) {
        Terminal::printErr(
            QStringLiteral("loopscope: the recording outgrew its memory budget of %1 MB and could not spill "
                           "to disk (%2): its oldest records were let go")
                .arg(m_options.memoryBudgetMb)
                .arg(QString::fromStdString(result.spillProblem)));
    }
    if (result.childrenRefused > 0) {
        Terminal::printErr(
            QStringLiteral("loopscope: %1 more child processes started than LoopScope follows (%2): they ran "
                           "unrecorded")
                .arg(result.childrenRefused)
                .arg(loopscope::wire::FollowedChildren::MaxChildren));
    }
    if (!outputfiles::write(m_options, recording))
        return exitcode::InternalError;
    printUnseen(result.unavailable);
    return code;
}

void HeadlessAttach::printUnseen(const std::vector<std::string>& unavailable) const
{
    if (!m_options.summary || unavailable.empty())
        return;
    QStringList unseen;
    for (const std::string& what : unavailable)
        unseen << QString::fromStdString(what);
    Terminal::printErr(QStringLiteral("not seen by the probe: %1").arg(unseen.join(QStringLiteral("; "))));
}
