// loopscope --attach: a real Node.js program runs with the probe loaded, and what its main loop did is
// recorded. The phases the probe times hold the callbacks that run in them (an immediate in check, an
// fs callback in poll), and the program's output and exit status are what they are without the probe.
#include "attach/attachrun.h"
#include "requirenode.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace loopscope;

namespace {

QString writeScript(const QTemporaryDir& dir, const QString& name, const QByteArray& source)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(source) != source.size())
        return {};
    return path;
}

struct Ran
{
    QByteArray out;
    QByteArray err;
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::NormalExit;
};

Ran run(const QString& program, const QStringList& arguments)
{
    QProcess process;
    process.start(program, arguments);
    process.waitForFinished(60000);
    return { process.readAllStandardOutput(), process.readAllStandardError(), process.exitCode(),
        process.exitStatus() };
}

// The callbacks of `recording` labelled `type`, and the timed phase records of `phase`.
std::vector<Record> recordsOf(
    const Recording& recording, RecordType type, const std::string& label = {}, std::optional<Phase> phase = {})
{
    std::vector<Record> found;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        if (r.type != type)
            continue;
        if (!label.empty() && recording.strings.at(r.label) != label)
            continue;
        if (phase && (r.sub != std::uint8_t(*phase) || (r.label & 1) == 0))
            continue;
        found.push_back(r);
    }
    return found;
}

bool inside(const Record& callback, const std::vector<Record>& phases)
{
    const std::int64_t end = callback.startNs + callback.span.durNs;
    return std::any_of(phases.begin(), phases.end(),
        [&](const Record& p) { return p.startNs <= callback.startNs && end <= p.startNs + p.span.durNs; });
}

} // namespace

class TestAttach : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_NODE();
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOOPSCOPE_PROBE_DIR "/loopscope_probe.node")),
            "the probe was not built (Node.js headers missing?)");
    }

    // Each immediate lies inside a check phase the probe timed, each fs callback inside a poll phase.
    void callbacksLieInsideTheirPhases()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("chain.js"),
            "let n = 0;\n"
            "function step() { if (++n < 200) setImmediate(step); else console.log('chain done'); }\n"
            "setImmediate(step);\n"
            "const fs = require('fs');\n"
            "for (let i = 0; i < 5; ++i) fs.stat(__filename, () => {});\n"
            "setTimeout(() => console.log('timer'), 20);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options;
        options.probeDir = LOOPSCOPE_PROBE_DIR;
        options.script = script.toStdString();
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        QVERIFY2(result.started, result.error.c_str());
        QVERIFY2(result.probed, result.streamError.c_str());
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.described.libuv,
            std::string(
                qPrintable(run(QStringLiteral("node"), { QStringLiteral("-p"), QStringLiteral("process.versions.uv") })
                               .out.trimmed())));

        const std::vector<Record> immediates = recordsOf(recording, RecordType::Callback, "Immediate");
        QCOMPARE(immediates.size(), std::size_t(200));
        const std::vector<Record> checks = recordsOf(recording, RecordType::Phase, {}, Phase::Check);
        QVERIFY(checks.size() >= 200);
        for (const Record& immediate : immediates) {
            QCOMPARE(callbackKindOf(immediate), CallbackKind::Immediate);
            QVERIFY2(inside(immediate, checks), std::to_string(immediate.startNs).c_str());
        }
        const std::vector<Record> stats = recordsOf(recording, RecordType::Callback, "FSREQCALLBACK");
        QCOMPARE(stats.size(), std::size_t(5));
        const std::vector<Record> polls = recordsOf(recording, RecordType::Phase, {}, Phase::Poll);
        for (const Record& stat : stats)
            QVERIFY2(inside(stat, polls), std::to_string(stat.startNs).c_str());
        QCOMPARE(recordsOf(recording, RecordType::Callback, "Timeout").size(), std::size_t(1));
        QCOMPARE(result.described.droppedEvents, std::uint64_t(0));
    }

    // What the program prints, on stdout and stderr, and how it ends are its own: the same as without
    // the probe, for a normal end, an uncaught exception, process.exit, an unhandled rejection, a
    // signal, and a lot of output.
    void theProgramsOutputAndExitStatusStayItsOwn_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::newRow("normal end") << QByteArray("console.log('a'); setTimeout(() => console.error('b'), 1);\n");
        QTest::newRow("uncaught exception") << QByteArray("setImmediate(() => { throw new Error('boom'); });\n");
        QTest::newRow("process.exit") << QByteArray("console.log('bye'); process.exit(3);\n");
        QTest::newRow("unhandled rejection") << QByteArray("Promise.reject(new Error('nobody caught me'));\n");
        QTest::newRow("a signal") << QByteArray("setTimeout(() => process.kill(process.pid, 'SIGTERM'), 5);\n"
                                                "setTimeout(() => {}, 10000);\n");
        QTest::newRow("2,000 lines") << QByteArray(
            "for (let i = 0; i < 2000; ++i) setImmediate(() => console.log('line', i));\n");
    }

    void theProgramsOutputAndExitStatusStayItsOwn()
    {
        QFETCH(QByteArray, source);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("app.js"), source);
        QVERIFY(!script.isEmpty());
        const Ran alone = run(QStringLiteral("node"), { script });
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--trace"), dir.filePath(QStringLiteral("trace.json")),
                QStringLiteral("--attach"), script });
        QCOMPARE(attached.out, alone.out);
        // LoopScope's own notes (a stream cut by the signal) are its, not the program's.
        QByteArray programErr;
        for (const QByteArray& line : attached.err.split('\n')) {
            if (!line.startsWith("loopscope: "))
                programErr += line + '\n';
        }
        programErr.chop(1);
        QCOMPARE(programErr, alone.err);
        // A signal's end is told as 128 + the signal, the shell's way.
        QCOMPARE(attached.exitCode, alone.status == QProcess::CrashExit ? 128 + alone.exitCode : alone.exitCode);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("trace.json"))).size() > 0);
    }

    // A reader that never reads holds the program up neither while it runs (the probe's records wait in
    // its own buffer, then are dropped) nor at its exit (the probe gives up on what is left).
    void aStuckReaderNeverHoldsTheProgram()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("storm.js"),
            "let n = 0;\n"
            "function step() { if (++n < 300000) setImmediate(step); else console.log('done', n); }\n"
            "step();\n");
        // fd 3 is a pipe to a process that never reads it.
        const QString command = QStringLiteral("exec 3> >(sleep 60 >/dev/null 2>&1); LOOPSCOPE_PROBE_FD=3 exec node "
                                               "--require '%1/loopscope-probe.js' '%2'")
                                    .arg(QStringLiteral(LOOPSCOPE_PROBE_DIR), script);
        QProcess process;
        process.start(QStringLiteral("bash"), { QStringLiteral("-c"), command });
        QVERIFY2(process.waitForFinished(30000), "the program was held up by a reader that does not read");
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(process.readAllStandardOutput(), QByteArray("done 300000\n"));
        QCOMPARE(process.readAllStandardError(), QByteArray());
    }

    // The rest of the line after --attach SCRIPT is the program's, options included; the summary says
    // what the probe saw and what it could not time.
    void theRestOfTheLineIsTheProgramsArguments()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("args.js"),
            "console.log(process.argv.slice(2).join(' '));\n"
            "setImmediate(() => {});\n");
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--attach"), script,
                QStringLiteral("one"), QStringLiteral("--two"), QStringLiteral("-x") });
        QCOMPARE(attached.exitCode, 0);
        QCOMPARE(attached.out, QByteArray("one --two -x\n"));
        QVERIFY2(attached.err.contains("Program: args.js"), attached.err.constData());
        QVERIFY2(attached.err.contains("immediate 1"), attached.err.constData());
        QVERIFY2(attached.err.contains("timers not timed"), attached.err.constData());
    }
};

QTEST_MAIN(TestAttach)
#include "tst_attach.moc"
