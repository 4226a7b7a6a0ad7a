// The headless runner in process (control/headlessrunner.*): what `loopscope --headless` prints, writes and
// returns, without starting the executable. tst_cli runs the same actions through the command line.

#include "control/exitcode.h"
#include "control/headlessrunner.h"
#include "control/runoptions.h"
#include "formats/traceio.h"
#include "recording/recording.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <functional>

#include <unistd.h>

namespace {

// What a call printed on stdout and stderr, and what it returned.
struct Captured
{
    int code = -1;
    QByteArray out;
    QByteArray err;
};

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& data)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(data) == data.size();
}

// Runs `action` with stdout and stderr sent to files in `dir`, and gives both back once they are restored
// (a failed check must not be written into them).
Captured capture(const QTemporaryDir& dir, const std::function<int()>& action)
{
    const QString outPath = dir.filePath(QStringLiteral("stdout.txt"));
    const QString errPath = dir.filePath(QStringLiteral("stderr.txt"));
    std::fflush(stdout);
    std::fflush(stderr);
    const int savedOut = ::dup(STDOUT_FILENO);
    const int savedErr = ::dup(STDERR_FILENO);
    std::FILE* out = std::fopen(qPrintable(outPath), "w");
    std::FILE* err = std::fopen(qPrintable(errPath), "w");
    ::dup2(::fileno(out), STDOUT_FILENO);
    ::dup2(::fileno(err), STDERR_FILENO);
    Captured captured;
    captured.code = action();
    std::fflush(stdout);
    std::fflush(stderr);
    ::dup2(savedOut, STDOUT_FILENO);
    ::dup2(savedErr, STDERR_FILENO);
    ::close(savedOut);
    ::close(savedErr);
    std::fclose(out);
    std::fclose(err);
    captured.out = readFile(outPath);
    captured.err = readFile(errPath);
    return captured;
}

QByteArray describe(const Captured& run)
{
    return "exit " + QByteArray::number(run.code) + "\nstdout:\n" + run.out + "\nstderr:\n" + run.err;
}

const QByteArray GuessOrderOutput = "readFile callback\nprocess.nextTick\npromise.then\nsetImmediate\nsetTimeout 0\n";

} // namespace

class TestHeadlessRunner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void runPrintsTheConsoleAndWritesItsOutputs();
    void reopenedRecordingIsWrittenAgain();
    void timeoutAbortsTheRun_data();
    void timeoutAbortsTheRun();
    void unreadableProgramIsBadInput();
    void repeatCountsOutputs();

private:
    QTemporaryDir m_dir;
};

void TestHeadlessRunner::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

// A run prints the program's console on stdout in Node's order, writes the trace asked for (which reads
// back as the scenario's recording) and the summary on stderr, and exits with 0.
void TestHeadlessRunner::runPrintsTheConsoleAndWritesItsOutputs()
{
    RunOptions options;
    options.scenario = QStringLiteral("guess-order");
    options.traceFile = m_dir.filePath(QStringLiteral("guess-order.json"));
    options.summary = true;
    const Captured run = capture(m_dir, [&] { return HeadlessRunner(options).run(); });
    QVERIFY2(run.code == exitcode::Success, describe(run).constData());
    QCOMPARE(run.out, GuessOrderOutput);
    QVERIFY2(run.err.contains("Program: guess-order\n"), describe(run).constData());

    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(options.traceFile.toStdString(), recording, &error), error.c_str());
    QCOMPARE(recording.info.program, std::string("guess-order"));
    QVERIFY(!recording.info.aborted);
}

// --open FILE --trace OUT writes a recording LoopScope wrote again, byte for byte; without an output asked
// for there is nothing written and nothing said.
void TestHeadlessRunner::reopenedRecordingIsWrittenAgain()
{
    RunOptions first;
    first.scenario = QStringLiteral("guess-order");
    first.traceFile = m_dir.filePath(QStringLiteral("first.json"));
    const Captured run = capture(m_dir, [&] { return HeadlessRunner(first).run(); });
    QVERIFY2(run.code == exitcode::Success, describe(run).constData());

    RunOptions again;
    again.openFile = first.traceFile;
    again.traceFile = m_dir.filePath(QStringLiteral("again.json"));
    const Captured reopened = capture(m_dir, [&] { return HeadlessRunner(again).reopenRecording(); });
    QVERIFY2(reopened.code == exitcode::Success, describe(reopened).constData());
    QVERIFY2(reopened.out.isEmpty() && reopened.err.isEmpty(), describe(reopened).constData());
    QCOMPARE(readFile(again.traceFile), readFile(first.traceFile));
}

void TestHeadlessRunner::timeoutAbortsTheRun_data()
{
    QTest::addColumn<QByteArray>("main");
    QTest::newRow("endless nextTick chain") << QByteArray(R"([{"op":"chain","via":"nextTick","times":2000000000}])");
    QTest::newRow("interval storm") << QByteArray(
        R"([{"op":"setInterval","ms":1,"times":1000000,"do":[{"op":"log","text":"tick"}]}])");
    QTest::newRow("nextTick chain in a worker")
        << QByteArray(R"([{"op":"worker","do":[{"op":"chain","via":"nextTick","times":2000000000}]}])");
}

// --timeout-ms ends a run that would not end as an abort: exit 3, said on stderr, and a trace that says so.
void TestHeadlessRunner::timeoutAbortsTheRun()
{
    QFETCH(QByteArray, main);
    const QString path = m_dir.filePath(QStringLiteral("runaway.json"));
    QVERIFY(writeFile(path, R"({"format":"loopscope-program","version":1,"name":"runaway","main":)" + main + "}"));
    RunOptions options;
    options.programFile = path;
    options.timeoutMs = 300;
    options.traceFile = m_dir.filePath(QStringLiteral("runaway-trace.json"));
    options.memoryBudgetMb = 16384;
    const Captured run = capture(m_dir, [&] { return HeadlessRunner(options).run(); });
    QVERIFY2(run.code == exitcode::Aborted, describe(run).constData());
    QVERIFY2(run.err.startsWith("loopscope: run aborted after 300 ms (--timeout-ms)\n"), describe(run).constData());

    loopscope::Recording recording;
    std::string error;
    QVERIFY2(loopscope::readTrace(options.traceFile.toStdString(), recording, &error), error.c_str());
    QVERIFY(recording.info.aborted);
    QCOMPARE(recording.info.program, std::string("runaway"));
}

// A program that cannot be read is refused before anything runs: exit 2, one line naming the file.
void TestHeadlessRunner::unreadableProgramIsBadInput()
{
    RunOptions options;
    options.programFile = m_dir.filePath(QStringLiteral("missing.json"));
    const Captured run = capture(m_dir, [&] { return HeadlessRunner(options).run(); });
    QVERIFY2(run.code == exitcode::BadInput, describe(run).constData());
    QVERIFY2(run.out.isEmpty(), describe(run).constData());
    QVERIFY2(run.err.startsWith("loopscope: ") && run.err.contains("missing.json") && run.err.count('\n') == 1,
        describe(run).constData());
}

// --repeat: the first run's output on stdout, and on stderr how often each output came.
void TestHeadlessRunner::repeatCountsOutputs()
{
    RunOptions options;
    options.scenario = QStringLiteral("guess-order");
    options.repeat = 3;
    const Captured run = capture(m_dir, [&] { return HeadlessRunner(options).repeat(); });
    QVERIFY2(run.code == exitcode::Success, describe(run).constData());
    QCOMPARE(run.out, GuessOrderOutput);
    QCOMPARE(run.err,
        QByteArray("loopscope: guess-order run 3 times; outputs seen: 1\n"
                   "      3 runs (100%): readFile callback | process.nextTick | promise.then | setImmediate | "
                   "setTimeout 0\n"));
}

QTEST_GUILESS_MAIN(TestHeadlessRunner)
#include "tst_headlessrunner.moc"
