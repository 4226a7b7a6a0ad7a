#include "headless.h"

#include "attach/attachrun.h"
#include "attach/children.h"
#include "attach/probelocation.h"
#include "catalog/scenariocatalog.h"
#include "commandline.h"
#include "control/nodecalibration.h"
#include "formats/atomicfile.h"
#include "formats/summary.h"
#include "formats/traceio.h"
#include "formats/utf8.h"
#include "inspector/inspectorclient.h"
#include "outputfiles.h"
#include "session/repeatedruns.h"
#include "session/session.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QTemporaryDir>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

namespace headless {

namespace {

enum ExitCode { Success = 0, InternalError = 1, BadInput = 2, Aborted = 3, NodeDiffers = 4 };

std::atomic<int> s_signal { 0 };
std::atomic<bool> s_stdoutFailed { false };

void onSignal(int signal)
{
    s_signal.store(signal);
}

// Signals that end a run as an abort, with the trace written. SIGPIPE is ignored instead, so that a
// closed stdout (`| head -1`) shows as a failed write, which aborts the same way.
void installSignalHandlers()
{
    for (const int signal : { SIGINT, SIGTERM, SIGHUP, SIGQUIT })
        std::signal(signal, onSignal);
    std::signal(SIGPIPE, SIG_IGN);
}

void writeStdoutLine(std::string_view line)
{
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    if (std::ferror(stdout))
        s_stdoutFailed.store(true);
}

bool flushStdout()
{
    if (std::fflush(stdout) != 0 || std::ferror(stdout))
        s_stdoutFailed.store(true);
    return !s_stdoutFailed.load();
}

// Why the run must stop now, or an empty string.
QString abortReason(const CommandLine& options, const QElapsedTimer& clock)
{
    if (s_signal.load() != 0)
        return QStringLiteral("loopscope: interrupted, run aborted");
    if (s_stdoutFailed.load())
        return QStringLiteral("loopscope: cannot write to stdout, run aborted");
    if (clock.elapsed() >= options.timeoutMs)
        return QStringLiteral("loopscope: run aborted after %1 ms (--timeout-ms)").arg(options.timeoutMs);
    return {};
}

// --attach: a signal asks the attaching thread to stop following the program (AttachOptions::stopFd).
std::atomic<int> s_stopSignal { 0 };
std::atomic<int> s_stopPipe { -1 };
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler may only touch lock-free atomics");

void onAttachSignal(int signal, siginfo_t* info, void*)
{
    // Ctrl+C and Ctrl+\ from the terminal reach the program too (the terminal's foreground process group):
    // it decides how to end, and this process records until it has, as system() waits for its command.
    if ((signal == SIGINT || signal == SIGQUIT) && info && info->si_code == SI_KERNEL)
        return;
    int none = 0;
    s_stopSignal.compare_exchange_strong(none, signal);
    const int savedErrno = errno;
    const char byte = 0;
    [[maybe_unused]] const ssize_t written = ::write(s_stopPipe.load(), &byte, 1);
    errno = savedErrno;
}

// The signals that stop following an attached program, writing into `stopPipe`. One that was ignored
// when LoopScope started (nohup's SIGHUP, a background job's SIGINT) is left ignored: node inherits it
// so, as it would without LoopScope (a signal handled here is reset to its default in node).
void installAttachSignalHandlers(int stopPipe)
{
    s_stopPipe.store(stopPipe);
    struct sigaction action = {};
    action.sa_sigaction = onAttachSignal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (const int signal : { SIGINT, SIGTERM, SIGHUP, SIGQUIT }) {
        struct sigaction previous = {};
        if (::sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler != SIG_IGN)
            ::sigaction(signal, &action, nullptr);
    }
}

QString signalName(int signal)
{
    const char* abbreviation = sigabbrev_np(signal);
    return abbreviation ? QStringLiteral("SIG%1").arg(QString::fromLatin1(abbreviation))
                        : QStringLiteral("signal %1").arg(signal);
}

// A console line in a diagnostic: the program's text with its control characters as '?' and cut, as the
// summary shows it, so that it cannot steer the terminal.
QString shownOnTerminal(const QString& line)
{
    return QString::fromStdString(loopscope::clipForMessage(line.toStdString(), 200));
}

void printErr(const QString& text)
{
    std::fputs(text.toLocal8Bit().constData(), stderr);
    std::fputc('\n', stderr);
    std::fflush(stderr);
}

// With --summary, what the summary cannot say of an attached program: the probe did not see it (never a
// 0 that would look measured).
void printUnseen(const CommandLine& options, const std::vector<std::string>& unavailable)
{
    if (!options.summary || unavailable.empty())
        return;
    QStringList unseen;
    for (const std::string& what : unavailable)
        unseen << QString::fromStdString(what);
    printErr(QStringLiteral("not seen by the probe: %1").arg(unseen.join(QStringLiteral("; "))));
}

ScenarioCatalog::Overrides overridesOf(const CommandLine& options)
{
    ScenarioCatalog::Overrides overrides;
    for (const QString& assignment : options.sets) {
        const int equals = assignment.indexOf(QLatin1Char('='));
        overrides.emplace_back(assignment.left(equals).toStdString(), assignment.mid(equals + 1).toStdString());
    }
    return overrides;
}

std::variant<loopscope::Program, QString> loadProgram(const CommandLine& options)
{
    if (!options.scenario.isEmpty())
        return ScenarioCatalog::loadScenario(options.scenario, overridesOf(options));
    loopscope::ProgramReading reading;
    reading.memoryBudgetBytes = std::size_t(options.memoryBudgetMb) << 20;
    return ScenarioCatalog::loadFile(options.programFile, overridesOf(options), reading);
}

// Runs the emitted script in Node and compares its output with ours, line for line.
// Whether `nodePath` is Node.js: its --version says "vN.…". Said on stderr when it is not, so that a node
// that fails (a wrong path, /bin/false) is never taken for a program whose output differs.
bool isNode(const QString& nodePath)
{
    QProcess node;
    node.start(nodePath, { QStringLiteral("--version") });
    if (!node.waitForStarted(10000)) {
        printErr(QStringLiteral("loopscope: cannot start '%1': %2").arg(nodePath, node.errorString()));
        return false;
    }
    if (!node.waitForFinished(10000))
        node.kill();
    const QString version = QString::fromUtf8(node.readAllStandardOutput()).trimmed();
    if (node.exitStatus() == QProcess::NormalExit && node.exitCode() == 0
        && QRegularExpression(QStringLiteral("^v\\d+\\.")).match(version).hasMatch())
        return true;
    printErr(QStringLiteral("loopscope: '%1' is not Node.js: '%1 --version' %2")
                 .arg(nodePath,
                     node.exitStatus() != QProcess::NormalExit ? QStringLiteral("did not exit normally")
                         : version.isEmpty() ? QStringLiteral("printed nothing (exit status %1)").arg(node.exitCode())
                                             : QStringLiteral("printed '%1'").arg(shownOnTerminal(version.left(80)))));
    return false;
}

// `ourStatus` and `ourErrors`: how our run ended (0 and nothing, or 1 and what Node prints for an unhandled
// rejection), which Node's exit status and stderr must match too.
int compareWithNode(const CommandLine& options, const loopscope::Program& program, const std::string& ours,
    int ourStatus = 0, const std::string& ourErrors = {})
{
    if (!isNode(options.nodePath))
        return BadInput;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        printErr(QStringLiteral("loopscope: cannot create a temporary directory"));
        return InternalError;
    }
    // A fixed name: the program's own name is data from the file and may hold "../". An ES module is
    // program.mjs, so that every Node that can run it does (Node 18 does not detect module syntax).
    const bool esm = program.module == loopscope::ModuleKind::Esm;
    const QString script = dir.filePath(esm ? QStringLiteral("program.mjs") : QStringLiteral("program.js"));
    std::string problem;
    if (!loopscope::writeFileAtomically(script.toStdString(), loopscope::emitJs(program), &problem)) {
        printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(problem)));
        return InternalError;
    }
    QProcess node;
    node.start(options.nodePath, { script });
    if (!node.waitForStarted(10000)) {
        printErr(QStringLiteral("loopscope: cannot start '%1': %2").arg(options.nodePath, node.errorString()));
        return BadInput;
    }
    if (!node.waitForFinished(options.timeoutMs)) {
        node.kill();
        node.waitForFinished();
        printErr(QStringLiteral("loopscope: node did not finish within %1 ms").arg(options.timeoutMs));
        return Aborted;
    }
    const QStringList theirs = QString::fromUtf8(node.readAllStandardOutput()).split(QLatin1Char('\n'));
    const QStringList mine = QString::fromStdString(ours).split(QLatin1Char('\n'));
    const QString theirErrors = QString::fromUtf8(node.readAllStandardError());
    if (theirs == mine && node.exitCode() != ourStatus) {
        printErr(
            QStringLiteral("loopscope: node exited with %1, loopscope with %2").arg(node.exitCode()).arg(ourStatus));
        return NodeDiffers;
    }
    if (theirs == mine && !ourErrors.empty() && theirErrors != QString::fromStdString(ourErrors)) {
        printErr(QStringLiteral("loopscope: node printed another error on stderr:\n%1").arg(theirErrors));
        return NodeDiffers;
    }
    if (theirs == mine) {
        printErr(QStringLiteral("loopscope: node agrees: %1 lines").arg(mine.size() - 1));
        return Success;
    }
    for (int i = 0; i < std::max(theirs.size(), mine.size()); ++i) {
        const QString a = i < mine.size() ? mine.at(i) : QStringLiteral("(end)");
        const QString b = i < theirs.size() ? theirs.at(i) : QStringLiteral("(end)");
        if (a != b) {
            printErr(QStringLiteral("loopscope: line %1 differs: loopscope '%2', node '%3'")
                         .arg(i + 1)
                         .arg(shownOnTerminal(a), shownOnTerminal(b)));
            break;
        }
    }
    return NodeDiffers;
}

} // namespace

int listScenarios()
{
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
        std::printf("%s\t%s\n", entry.name.toUtf8().constData(), entry.title.toUtf8().constData());
    return Success;
}

int emitJs(const CommandLine& options)
{
    auto loaded = loadProgram(options);
    if (auto* error = std::get_if<QString>(&loaded)) {
        printErr(QStringLiteral("loopscope: %1").arg(*error));
        return BadInput;
    }
    const auto& program = std::get<loopscope::Program>(loaded);
    const std::string script = options.emitFigures ? loopscope::emitJsWithFigures(program) : loopscope::emitJs(program);
    std::fwrite(script.data(), 1, script.size(), stdout);
    std::fflush(stdout);
    return Success;
}

int run(const CommandLine& options)
{
    auto loaded = loadProgram(options);
    if (auto* error = std::get_if<QString>(&loaded)) {
        printErr(QStringLiteral("loopscope: %1").arg(*error));
        return BadInput;
    }
    loopscope::Program program = std::get<loopscope::Program>(std::move(loaded));
    const loopscope::Program programCopy = options.compareNode ? program : loopscope::Program {};

    std::string output;
    const bool keepOutput = options.compareNode;
    loopscope::SessionOptions sessionOptions;
    sessionOptions.memoryBudgetMb = std::size_t(options.memoryBudgetMb);
    sessionOptions.rollingWindow = options.rollingWindow;
    const loopscope::NodeCosts base = NodeCalibration::baseCosts();
    sessionOptions.costs = options.nodeCosts(base).value_or(base);
    // Nothing asks for the recording: keep only what is printed, as node does (a long run's records
    // would otherwise grow by hundreds of bytes an iteration).
    sessionOptions.record = !options.traceFile.isEmpty() || !options.csvFile.isEmpty() || options.summary;
    // The outputs are written as the run goes and the records let go, so a run of any length holds
    // little; a rolling window keeps the latest part of a trace or CSV instead, written at the end (a
    // summary alone adds up the whole run either way).
    std::optional<outputfiles::Streamed> streamed;
    const bool keepsFiles = !options.traceFile.isEmpty() || !options.csvFile.isEmpty();
    if (sessionOptions.record && !(options.rollingWindow && keepsFiles)) {
        streamed.emplace(options);
        sessionOptions.consume = [&streamed](const loopscope::Record& record, std::size_t log,
                                     const loopscope::Recording& from) { streamed->add(record, log, from); };
    }
    const auto writeOutputs = [&](loopscope::Session& run) {
        if (!streamed)
            return outputfiles::write(options, run.recording());
        run.consumeRest();
        return streamed->finish(run.recording());
    };
    sessionOptions.onLog = [&output, keepOutput](std::string_view line) {
        writeStdoutLine(line);
        if (keepOutput) {
            output.append(line);
            output.push_back('\n');
        }
    };

    installSignalHandlers();

    loopscope::Session session(std::move(program), sessionOptions);
    if (streamed && !streamed->open(session.recording()))
        return BadInput;
    QElapsedTimer clock;
    clock.start();
    session.start();
    bool aborted = false;
    while (!session.waitFinished(10)) {
        const QString reason = abortReason(options, clock);
        if (!reason.isEmpty()) {
            aborted = true;
            printErr(reason);
            session.abort();
            if (!session.waitFinished(1000)) {
                // Only work that no check point interrupts is left: a regex or JSON.parse on a loop
                // thread, a worker loop in one, a long pbkdf2 on the pool. Write what was recorded, with
                // the abort the loop thread could not record, and leave without waiting for it.
                printErr(QStringLiteral("loopscope: exiting without waiting for %1")
                             .arg(QString::fromStdString(session.stillRunning())));
                flushStdout();
                session.recordAbortWithoutLoop();
                session.recording().info.aborted = true;
                writeOutputs(session);
                std::_Exit(Aborted);
            }
            break;
        }
    }
    session.stop();
    if (session.memoryBudget().exceeded()) {
        aborted = true;
        const std::string problem = session.spillProblem();
        printErr(problem.empty()
                ? QStringLiteral(
                    "loopscope: memory budget exceeded: the queues need more than %1 MB (--memory-budget); "
                    "run aborted")
                      .arg(options.memoryBudgetMb)
                : QStringLiteral("loopscope: the recording passed %1 MB (--memory-budget) and could not spill to disk: "
                                 "%2; run aborted")
                      .arg(options.memoryBudgetMb)
                      .arg(QString::fromStdString(problem)));
    }
    if (!session.startProblem().empty()) {
        aborted = true;
        printErr(QStringLiteral("loopscope: %1; run aborted").arg(QString::fromStdString(session.startProblem())));
    }
    if (session.live().outOfMemory.load()) {
        aborted = true;
        printErr(QStringLiteral("loopscope: out of memory: the system refused an allocation (its memory, or a "
                                "limit such as ulimit -v) before the memory budget of %1 MB was reached; run aborted")
                     .arg(options.memoryBudgetMb));
    }
    // Output still buffered when the program ended may only fail now; the run is then cut short all the same.
    if (!flushStdout() && !aborted) {
        aborted = true;
        printErr(abortReason(options, clock));
        session.recordAbortWithoutLoop();
        session.recording().info.aborted = true;
    }

    int code = aborted ? Aborted : Success;
    // A program that ended as Node ends on an unhandled rejection prints what Node prints, and exits as it does.
    const loopscope::RecordingInfo& ended = session.recording().info;
    if (!aborted && !ended.fatalError.empty()) {
        std::fputs(ended.fatalError.c_str(), stderr);
        std::fflush(stderr);
        code = ended.exitStatus;
    }
    if (session.closeResult() != 0) {
        printErr(QStringLiteral("loopscope: the loop did not close cleanly"));
        code = InternalError;
    }
    if (!writeOutputs(session))
        code = InternalError;
    if ((code == Success || !ended.fatalError.empty()) && options.compareNode) {
        const int compared
            = compareWithNode(options, programCopy, output, std::max(ended.exitStatus, 0), ended.fatalError);
        code = compared == Success ? code : compared;
    }
    return code;
}

int repeat(const CommandLine& options)
{
    auto loaded = loadProgram(options);
    if (auto* error = std::get_if<QString>(&loaded)) {
        printErr(QStringLiteral("loopscope: %1").arg(*error));
        return BadInput;
    }
    loopscope::Program& program = std::get<loopscope::Program>(loaded);
    const QString name = QString::fromStdString(program.name);
    installSignalHandlers();
    loopscope::SessionOptions sessionOptions;
    sessionOptions.memoryBudgetMb = std::size_t(options.memoryBudgetMb);
    const loopscope::NodeCosts base = NodeCalibration::baseCosts();
    sessionOptions.costs = options.nodeCosts(base).value_or(base);
    loopscope::RepeatedRuns runs(std::move(program), sessionOptions);
    for (int run = 0; run < options.repeat; ++run) {
        QElapsedTimer clock;
        clock.start();
        QString reason;
        const auto keepGoing = [&] {
            reason = abortReason(options, clock);
            return reason.isEmpty();
        };
        if (runs.runOnce(keepGoing) == loopscope::RepeatedRuns::End::Stopped) {
            printErr(reason);
            return Aborted;
        }
        if (run == 0) {
            std::fwrite(runs.lastOutput().data(), 1, runs.lastOutput().size(), stdout);
            if (!flushStdout())
                return Aborted;
        }
    }
    printErr(QStringLiteral("loopscope: %1 run %2 times; outputs seen: %3")
                 .arg(name)
                 .arg(options.repeat)
                 .arg(runs.outputs().size()));
    for (const auto& [output, count] : runs.outputs()) {
        QString lines = QString::fromStdString(output).trimmed();
        lines.replace(QLatin1Char('\n'), QStringLiteral(" | "));
        printErr(QStringLiteral("  %1 runs (%2%): %3")
                     .arg(count, 5)
                     .arg(100.0 * count / options.repeat, 0, 'f', 0)
                     .arg(shownOnTerminal(lines)));
    }
    return Success;
}

int calibrateNode(const CommandLine& options)
{
    installSignalHandlers();
    QString error;
    int shown = -10;
    const loopscope::Progress progress = [&](std::uint64_t done, std::uint64_t total) {
        const int percent = total > 0 ? int(done * 100 / total) : 0;
        if (percent / 10 != shown / 10) {
            shown = percent;
            printErr(QStringLiteral("loopscope: calibrating %1: %2%").arg(options.nodePath).arg(percent));
        }
        return s_signal.load() == 0;
    };
    const std::optional<NodeCalibration::Result> result
        = NodeCalibration::measure(options.nodePath, options.calibrationRuns, progress, &error);
    if (!result) {
        printErr(QStringLiteral("loopscope: calibration: %1").arg(error));
        return error == QLatin1String(loopscope::CancelledMessage) ? Aborted : BadInput;
    }
    NodeCalibration::store(*result);
    printErr(NodeCalibration::describe(*result));
    printErr(QStringLiteral("loopscope: kept in the settings; every run models it from now on"));
    return Success;
}

// --headless --open: reads a recording and summarises it (--summary), writes it again (--trace: the same
// events; a foreign file's understood part) or writes its latency samples (--csv).
int reopenRecording(const CommandLine& options)
{
    loopscope::Recording recording;
    std::string error;
    loopscope::TraceReadReport report;
    loopscope::TraceReadOptions reading;
    reading.memoryBudgetBytes = std::size_t(options.memoryBudgetMb) << 20;
    if (!loopscope::readTrace(options.openFile.toStdString(), recording, &error, {}, &report, reading)) {
        printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
        return BadInput;
    }
    if (report.understood < report.events) {
        printErr(QStringLiteral("loopscope: %1: understood %2 of %3 events; the others are not LoopScope's")
                     .arg(options.openFile)
                     .arg(report.understood)
                     .arg(report.events));
    }
    return outputfiles::write(options, recording) ? Success : InternalError;
}

namespace {

// --attach-pid: the watch of a running process has ended, by itself (the process exited) or by a signal or
// --timeout-ms, which let go of it; what was recorded is written.
int watched(const CommandLine& options, loopscope::Recording& recording, const loopscope::wire::AttachResult& result)
{
    using Stop = loopscope::wire::AttachResult::Stop;
    recording.info = result.described;
    const QString process = QStringLiteral("process %1").arg(result.pid);
    if (result.stop == Stop::Asked) {
        const int signal = s_stopSignal.load();
        printErr(QStringLiteral("loopscope: %1: detached from %2, which runs on").arg(signalName(signal), process));
        recording.info.stoppedBy = loopscope::RecordingInfo::StoppedBy::Signal;
        recording.info.stopSignal = signal;
    } else if (result.stop == Stop::TimedOut) {
        printErr(QStringLiteral("loopscope: detached from %1 after %2 ms (--timeout-ms), which runs on")
                     .arg(process)
                     .arg(options.timeoutMs));
    } else {
        printErr(QStringLiteral("loopscope: %1 exited while attached").arg(process));
    }
    if (!result.inspectorClosed)
        printErr(QStringLiteral("loopscope: the inspector LoopScope opened in %1 did not close again").arg(process));
    if (!result.probed) {
        printErr(QStringLiteral("loopscope: the probe's recording of %1 is incomplete: %2")
                     .arg(process, QString::fromStdString(result.streamError)));
    }
    if (!outputfiles::write(options, recording))
        return InternalError;
    printUnseen(options, result.unavailable);
    return Success;
}

} // namespace

int attach(const CommandLine& options)
{
    // The probe lies in an installation's lib/loopscope, or beside this executable in a build tree.
    const std::string executableDir = QCoreApplication::applicationDirPath().toStdString();
    loopscope::wire::AttachOptions attaching;
    attaching.node = options.nodePath.toStdString();
    attaching.probeDir = loopscope::wire::findProbeDirectory(executableDir);
    attaching.script = options.attachScript.toStdString();
    for (const QString& argument : options.attachArguments)
        attaching.arguments.push_back(argument.toStdString());
    for (const QString& option : options.nodeOptions)
        attaching.nodeOptions.push_back(option.toStdString());
    // The loop delay and utilisation, as the window measures them (an unreferenced timer: it never keeps
    // the program alive).
    attaching.delayMonitorMs = loopscope::wire::DelayMonitorResolutionMs;
    // Attached for hours, the recording stays within the memory budget as LoopScope's own runs do.
    attaching.keeping.budgetBytes = std::size_t(options.memoryBudgetMb) << 20;
    attaching.keeping.rollingWindow = options.rollingWindow;
    attaching.everyCallback = options.probeEveryCallback;
    attaching.blockThresholdMs = options.blockMs;
    // A server runs until it is stopped: only a --timeout-ms given stops it.
    attaching.timeoutMs = options.timeoutSet ? options.timeoutMs : 0;
    attaching.detach = options.detach;
    attaching.followChildren = options.followChildren;
    // --attach-pid: the probe goes in through the inspector LoopScope opens in the process, and closes again.
    attaching.pid = options.attachPid;
    attaching.loadProbe = [](int port, const std::string& expression) {
        return loopscope::inspector::loadProbe(port, QString::fromStdString(expression)).toStdString();
    };
    if (options.attachPid > 0) {
        attaching.started = [](int pid, int) {
            printErr(QStringLiteral("loopscope: attached to process %1; SIGINT, SIGTERM or SIGHUP detach").arg(pid));
        };
    }
    if (attaching.probeDir.empty()) {
        QStringList looked;
        for (const std::string& directory : loopscope::wire::probeDirectories(executableDir))
            looked << QString::fromStdString(directory);
        printErr(QStringLiteral("loopscope: the attach probe (loopscope-probe.js and loopscope_probe.node) is in "
                                "none of %1: it is built with LoopScope where Node.js headers are installed "
                                "(scripts/install-deps.sh), and installed in %2")
                     .arg(looked.join(QStringLiteral(", ")), looked.constFirst()));
        return BadInput;
    }

    // SIGTERM, SIGHUP, SIGINT and SIGQUIT end the program (SIGTERM, then SIGKILL past the grace), or leave it
    // running (--detach), and the recording is written all the same.
    int stopPipe[2];
    if (pipe2(stopPipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        printErr(QStringLiteral("loopscope: cannot make a pipe: %1").arg(QString::fromLocal8Bit(std::strerror(errno))));
        return InternalError;
    }
    attaching.stopFd = stopPipe[0];
    installAttachSignalHandlers(stopPipe[1]);

    loopscope::Recording recording;
    recording.info.generator = "LoopScope " LOOPSCOPE_VERSION;
    if (options.attachPid == 0)
        recording.info.program = QFileInfo(options.attachScript).fileName().toStdString();
    loopscope::wire::AttachResult result = loopscope::wire::attach(attaching, recording);
    if (!result.started) {
        printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(result.error)));
        return BadInput;
    }
    if (options.attachPid > 0)
        return watched(options, recording, result);
    using Stop = loopscope::wire::AttachResult::Stop;
    const QString left = result.detached ? QStringLiteral("left the program running (pid %1, --detach)").arg(result.pid)
                                         : QStringLiteral("ended the program");
    int code = result.exitCode;
    recording.info = result.described;
    recording.children = std::move(result.children);
    if (result.stop == Stop::Asked) {
        const int signal = s_stopSignal.load();
        printErr(QStringLiteral("loopscope: %1: %2, run aborted").arg(signalName(signal), left));
        recording.info.stoppedBy = loopscope::RecordingInfo::StoppedBy::Signal;
        recording.info.stopSignal = signal;
        recording.info.aborted = true;
        // As a shell says a command a signal ended.
        code = 128 + signal;
    } else if (result.stop == Stop::TimedOut) {
        printErr(
            QStringLiteral("loopscope: run aborted after %1 ms (--timeout-ms): %2").arg(options.timeoutMs).arg(left));
        code = Aborted;
    }
    if (!result.probed) {
        printErr(QStringLiteral("loopscope: the probe's recording of %1 is incomplete: %2")
                     .arg(options.attachScript, QString::fromStdString(result.streamError)));
    }
    if (!result.spillProblem.empty()) {
        printErr(QStringLiteral("loopscope: the recording outgrew its memory budget of %1 MB and could not spill "
                                "to disk (%2): its oldest records were let go")
                     .arg(options.memoryBudgetMb)
                     .arg(QString::fromStdString(result.spillProblem)));
    }
    if (result.childrenRefused > 0) {
        printErr(QStringLiteral("loopscope: %1 more child processes started than LoopScope follows (%2): they ran "
                                "unrecorded")
                     .arg(result.childrenRefused)
                     .arg(loopscope::wire::FollowedChildren::MaxChildren));
    }
    if (!outputfiles::write(options, recording))
        return InternalError;
    printUnseen(options, result.unavailable);
    return code;
}

} // namespace headless
