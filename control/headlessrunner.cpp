#include "control/headlessrunner.h"

#include "catalog/scenariocatalog.h"
#include "control/exitcode.h"
#include "control/nodecalibration.h"
#include "control/nodeoutputcheck.h"
#include "control/outputfiles.h"
#include "control/runoptions.h"
#include "control/runsignals.h"
#include "control/terminal.h"
#include "formats/traceio.h"
#include "session/repeatedruns.h"
#include "session/session.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

HeadlessRunner::HeadlessRunner(const RunOptions& options)
    : m_options(options)
{ }

QString HeadlessRunner::abortReason(const QElapsedTimer& clock) const
{
    if (RunSignals::received() != 0)
        return QStringLiteral("loopscope: interrupted, run aborted");
    if (Terminal::failed())
        return QStringLiteral("loopscope: cannot write to stdout, run aborted");
    if (clock.elapsed() >= m_options.timeoutMs)
        return QStringLiteral("loopscope: run aborted after %1 ms (--timeout-ms)").arg(m_options.timeoutMs);
    return {};
}

std::variant<loopscope::Program, QString> HeadlessRunner::loadProgram() const
{
    if (!m_options.scenario.isEmpty())
        return ScenarioCatalog::loadScenario(m_options.scenario, m_options.overrides());
    loopscope::ProgramReading reading;
    reading.memoryBudgetBytes = std::size_t(m_options.memoryBudgetMb) << 20;
    return ScenarioCatalog::loadFile(m_options.programFile, m_options.overrides(), reading);
}

int HeadlessRunner::listScenarios()
{
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
        std::printf("%s\t%s\n", entry.name.toUtf8().constData(), entry.title.toUtf8().constData());
    return exitcode::Success;
}

int HeadlessRunner::emitJs() const
{
    auto loaded = loadProgram();
    if (auto* error = std::get_if<QString>(&loaded)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(*error));
        return exitcode::BadInput;
    }
    const auto& program = std::get<loopscope::Program>(loaded);
    const std::string script
        = m_options.emitFigures ? loopscope::emitJsWithFigures(program) : loopscope::emitJs(program);
    std::fwrite(script.data(), 1, script.size(), stdout);
    std::fflush(stdout);
    return exitcode::Success;
}

int HeadlessRunner::run() const
{
    auto loaded = loadProgram();
    if (auto* error = std::get_if<QString>(&loaded)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(*error));
        return exitcode::BadInput;
    }
    loopscope::Program program = std::get<loopscope::Program>(std::move(loaded));
    const loopscope::Program programCopy = m_options.compareNode ? program : loopscope::Program {};

    std::string output;
    const bool keepOutput = m_options.compareNode;
    loopscope::SessionOptions sessionOptions;
    sessionOptions.memoryBudgetMb = std::size_t(m_options.memoryBudgetMb);
    sessionOptions.rollingWindow = m_options.rollingWindow;
    const loopscope::NodeCosts base = NodeCalibration::baseCosts();
    sessionOptions.costs = m_options.nodeCosts(base).value_or(base);
    // Nothing asks for the recording: keep only what is printed, as node does (a long run's records
    // would otherwise grow by hundreds of bytes an iteration).
    sessionOptions.record = !m_options.traceFile.isEmpty() || !m_options.csvFile.isEmpty() || m_options.summary;
    // The outputs are written as the run goes and the records let go, so a run of any length holds
    // little; a rolling window keeps the latest part of a trace or CSV instead, written at the end (a
    // summary alone adds up the whole run either way).
    std::optional<outputfiles::Streamed> streamed;
    const bool keepsFiles = !m_options.traceFile.isEmpty() || !m_options.csvFile.isEmpty();
    if (sessionOptions.record && !(m_options.rollingWindow && keepsFiles)) {
        streamed.emplace(m_options);
        sessionOptions.consume = [&streamed](const loopscope::Record& record, std::size_t log,
                                     const loopscope::Recording& from) { streamed->add(record, log, from); };
    }
    const auto writeOutputs = [&](loopscope::Session& run) {
        if (!streamed)
            return outputfiles::write(m_options, run.recording());
        run.consumeRest();
        return streamed->finish(run.recording());
    };
    sessionOptions.onLog = [&output, keepOutput](std::string_view line) {
        Terminal::writeLine(line);
        if (keepOutput) {
            output.append(line);
            output.push_back('\n');
        }
    };

    RunSignals::installForRun();

    loopscope::Session session(std::move(program), sessionOptions);
    if (streamed && !streamed->open(session.recording()))
        return exitcode::BadInput;
    QElapsedTimer clock;
    clock.start();
    session.start();
    bool aborted = false;
    while (!session.waitFinished(10)) {
        const QString reason = abortReason(clock);
        if (!reason.isEmpty()) {
            aborted = true;
            Terminal::printErr(reason);
            session.abort();
            if (!session.waitFinished(1000)) {
                // Only work that no check point interrupts is left: a regex or JSON.parse on a loop
                // thread, a worker loop in one, a long pbkdf2 on the pool. Write what was recorded, with
                // the abort the loop thread could not record, and leave without waiting for it.
                Terminal::printErr(QStringLiteral("loopscope: exiting without waiting for %1")
                                       .arg(QString::fromStdString(session.stillRunning())));
                Terminal::flush();
                session.recordAbortWithoutLoop();
                session.recording().info.aborted = true;
                writeOutputs(session);
                std::_Exit(exitcode::Aborted);
            }
            break;
        }
    }
    session.stop();
    if (session.memoryBudget().exceeded()) {
        aborted = true;
        const std::string problem = session.spillProblem();
        Terminal::printErr(problem.empty()
                ? QStringLiteral(
                    "loopscope: memory budget exceeded: the queues need more than %1 MB (--memory-budget); "
                    "run aborted")
                      .arg(m_options.memoryBudgetMb)
                : QStringLiteral("loopscope: the recording passed %1 MB (--memory-budget) and could not spill to disk: "
                                 "%2; run aborted")
                      .arg(m_options.memoryBudgetMb)
                      .arg(QString::fromStdString(problem)));
    }
    if (!session.startProblem().empty()) {
        aborted = true;
        Terminal::printErr(
            QStringLiteral("loopscope: %1; run aborted").arg(QString::fromStdString(session.startProblem())));
    }
    if (session.live().outOfMemory.load()) {
        aborted = true;
        Terminal::printErr(
            QStringLiteral("loopscope: out of memory: the system refused an allocation (its memory, or a "
                           "limit such as ulimit -v) before the memory budget of %1 MB was reached; run aborted")
                .arg(m_options.memoryBudgetMb));
    }
    // Output still buffered when the program ended may only fail now; the run is then cut short all the same.
    if (!Terminal::flush() && !aborted) {
        aborted = true;
        Terminal::printErr(abortReason(clock));
        session.recordAbortWithoutLoop();
        session.recording().info.aborted = true;
    }

    int code = aborted ? exitcode::Aborted : exitcode::Success;
    // A program that ended as Node ends on an unhandled rejection prints what Node prints, and exits as it does.
    const loopscope::RecordingInfo& ended = session.recording().info;
    if (!aborted && !ended.fatalError.empty()) {
        std::fputs(ended.fatalError.c_str(), stderr);
        std::fflush(stderr);
        code = ended.exitStatus;
    }
    if (session.closeResult() != 0) {
        Terminal::printErr(QStringLiteral("loopscope: the loop did not close cleanly"));
        code = exitcode::InternalError;
    }
    if (!writeOutputs(session))
        code = exitcode::InternalError;
    if ((code == exitcode::Success || !ended.fatalError.empty()) && m_options.compareNode) {
        const int compared
            = NodeOutputCheck::check(m_options, programCopy, output, std::max(ended.exitStatus, 0), ended.fatalError);
        code = compared == exitcode::Success ? code : compared;
    }
    return code;
}

int HeadlessRunner::repeat() const
{
    auto loaded = loadProgram();
    if (auto* error = std::get_if<QString>(&loaded)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(*error));
        return exitcode::BadInput;
    }
    loopscope::Program& program = std::get<loopscope::Program>(loaded);
    const QString name = QString::fromStdString(program.name);
    RunSignals::installForRun();
    loopscope::SessionOptions sessionOptions;
    sessionOptions.memoryBudgetMb = std::size_t(m_options.memoryBudgetMb);
    const loopscope::NodeCosts base = NodeCalibration::baseCosts();
    sessionOptions.costs = m_options.nodeCosts(base).value_or(base);
    loopscope::RepeatedRuns runs(std::move(program), sessionOptions);
    for (int run = 0; run < m_options.repeat; ++run) {
        QElapsedTimer clock;
        clock.start();
        QString reason;
        const auto keepGoing = [&] {
            reason = abortReason(clock);
            return reason.isEmpty();
        };
        if (runs.runOnce(keepGoing) == loopscope::RepeatedRuns::End::Stopped) {
            Terminal::printErr(reason);
            return exitcode::Aborted;
        }
        if (run == 0) {
            std::fwrite(runs.lastOutput().data(), 1, runs.lastOutput().size(), stdout);
            if (!Terminal::flush())
                return exitcode::Aborted;
        }
    }
    Terminal::printErr(QStringLiteral("loopscope: %1 run %2 times; outputs seen: %3")
                           .arg(name)
                           .arg(m_options.repeat)
                           .arg(runs.outputs().size()));
    for (const auto& [output, count] : runs.outputs()) {
        QString lines = QString::fromStdString(output).trimmed();
        lines.replace(QLatin1Char('\n'), QStringLiteral(" | "));
        Terminal::printErr(QStringLiteral("  %1 runs (%2%): %3")
                               .arg(count, 5)
                               .arg(100.0 * count / m_options.repeat, 0, 'f', 0)
                               .arg(Terminal::shown(lines)));
    }
    return exitcode::Success;
}

int HeadlessRunner::calibrateNode() const
{
    RunSignals::installForRun();
    QString error;
    int shown = -10;
    const loopscope::Progress progress = [&](std::uint64_t done, std::uint64_t total) {
        const int percent = total > 0 ? int(done * 100 / total) : 0;
        if (percent / 10 != shown / 10) {
            shown = percent;
            Terminal::printErr(QStringLiteral("loopscope: calibrating %1: %2%").arg(m_options.nodePath).arg(percent));
        }
        return RunSignals::received() == 0;
    };
    const std::optional<NodeCalibration::Result> result
        = NodeCalibration::measure(m_options.nodePath, m_options.calibrationRuns, progress, &error);
    if (!result) {
        Terminal::printErr(QStringLiteral("loopscope: calibration: %1").arg(error));
        return error == QLatin1String(loopscope::CancelledMessage) ? exitcode::Aborted : exitcode::BadInput;
    }
    NodeCalibration::store(*result);
    Terminal::printErr(NodeCalibration::describe(*result));
    Terminal::printErr(QStringLiteral("loopscope: kept in the settings; every run models it from now on"));
    return exitcode::Success;
}

// --headless --open: reads a recording and summarises it (--summary), writes it again (--trace: the same
// events; a foreign file's understood part) or writes its latency samples (--csv).
int HeadlessRunner::reopenRecording() const
{
    loopscope::Recording recording;
    std::string error;
    loopscope::TraceReadReport report;
    loopscope::TraceReadOptions reading;
    reading.memoryBudgetBytes = std::size_t(m_options.memoryBudgetMb) << 20;
    if (!loopscope::readTrace(m_options.openFile.toStdString(), recording, &error, {}, &report, reading)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(error)));
        return exitcode::BadInput;
    }
    if (report.understood < report.events) {
        Terminal::printErr(QStringLiteral("loopscope: %1: understood %2 of %3 events; the others are not LoopScope's")
                               .arg(m_options.openFile)
                               .arg(report.understood)
                               .arg(report.events));
    }
    return outputfiles::write(m_options, recording) ? exitcode::Success : exitcode::InternalError;
}
