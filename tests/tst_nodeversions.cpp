// loopscope --attach on every Node.js a user may run: the official builds of Node 18, 20, 22 and 24 that
// scripts/install-node-versions.sh puts in its cache. On each, one program that uses every part of the
// loop the probe follows (timers, an immediate, ticks and promise jobs, fs and crypto on the thread pool,
// a worker thread) behaves as without the probe (its output and exit status), and the recording has what
// the probe saw: every pool item, the timers and close phases timed, the utilisation its own perf_hooks reads.
#include "nodecache.h"
#include "processruns.h"
#include "requirenode.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

namespace {

const QByteArray Program = R"(const fs = require('fs');
const crypto = require('crypto');
const { performance } = require('perf_hooks');
const { Worker } = require('worker_threads');
let pbkdf2Done = 0;
for (let i = 0; i < 8; i++) {
  crypto.pbkdf2('secret', 'salt', 20000, 32, 'sha256', () => {
    if (++pbkdf2Done === 8) console.log('pbkdf2: 8 done');
  });
}
fs.readFile(__filename, (error, data) => console.log('readFile', error === null, data.length > 0));
setTimeout(() => { const end = performance.now() + 60; while (performance.now() < end) {} console.log('timeout'); }, 5);
setImmediate(() => console.log('immediate'));
Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => console.log('tick'));
const worker = new Worker('require("worker_threads").parentPort.postMessage("worker done")', { eval: true });
worker.on('message', (message) => console.log(message));
process.on('exit', (code) => {
  console.log('exit', code);
  console.error(`own elu ${performance.eventLoopUtilization().utilization}`);
});
process.exitCode = 3;
)";

// Node 18's start-up alone takes seconds on a loaded machine.
constexpr int RunMs = 120000;

} // namespace

class TestNodeVersions : public QObject
{
    Q_OBJECT

private slots:
    void attachedOnEveryNode_data()
    {
        QTest::addColumn<QString>("node");
        const QDir cache(nodeCacheDirectory());
        for (const QString& version : cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QString node = cache.filePath(version + QStringLiteral("/bin/node"));
            if (QFileInfo(node).isExecutable())
                QTest::newRow(qPrintable(version)) << node;
        }
    }

    void attachedOnEveryNode()
    {
        QFETCH(QString, node);
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("program.js"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(Program) == Program.size());
        file.close();

        const Ran plain = run(node, { script }, RunMs);
        QCOMPARE(plain.exitCode, 3);
        const Ran probed = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--node"), node,
                QStringLiteral("--attach"), script },
            RunMs);
        QCOMPARE(probed.exitCode, plain.exitCode);
        QCOMPARE(sortedLines(probed.out), sortedLines(plain.out));

        const QString summary = QString::fromUtf8(probed.err);
        // Every pool item: eight pbkdf2 jobs and readFile's open, fstat, read and close.
        QVERIFY2(summary.contains(QStringLiteral("Thread pool: 12 items")), probed.err.constData());
        // The longest callback names the anonymous function its timer ran, where it was created, on every
        // V8 (whose ScriptOrigin lost its isolate in version 12).
        QVERIFY2(summary.contains(
                     QStringLiteral("Longest callback: Timeout (anonymous, created at %1:12:12) (timer)").arg(script)),
            probed.err.constData());
        // The timers and close phases are timed on every libuv (1.44's timers at an iteration's start, the
        // later ones' after close). The 60 ms timeout is not among them: due before the loop started, it runs
        // in the loop's first timers phase, which the probe cannot mark; an interval's later runs are.
        QVERIFY2(QRegularExpression(QStringLiteral("Phases: timers [\\d.]+ ms, .*, close [\\d.]+ ms\\n"))
                     .match(summary)
                     .hasMatch(),
            probed.err.constData());
        const QString interval = dir.filePath(QStringLiteral("interval.js"));
        QFile intervalFile(interval);
        const QByteArray intervalProgram = "const { performance } = require('perf_hooks');\n"
                                           "let n = 0;\n"
                                           "const t = setInterval(() => {\n"
                                           "  const end = performance.now() + 30; while (performance.now() < end) {}\n"
                                           "  if (++n === 3) clearInterval(t);\n"
                                           "}, 10);\n";
        QVERIFY(
            intervalFile.open(QIODevice::WriteOnly) && intervalFile.write(intervalProgram) == intervalProgram.size());
        intervalFile.close();
        const QString trace = dir.filePath(QStringLiteral("interval.json"));
        const Ran intervalRun = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), trace,
                QStringLiteral("--node"), node, QStringLiteral("--attach"), interval },
            RunMs);
        QCOMPARE(intervalRun.exitCode, 0);
        // The recording says where this node's libuv runs the timers (1.44, in Node 18: first; later: after
        // close), and the circle draws the phases in that order.
        QFile written(trace);
        QVERIFY(written.open(QIODevice::ReadOnly));
        const bool node18 = QString::fromLatin1(QTest::currentDataTag()).startsWith(QLatin1String("18."));
        QVERIFY2(written.readAll().contains(node18 ? "\"timersAfterClose\":false" : "\"timersAfterClose\":true"),
            QTest::currentDataTag());
        const QRegularExpressionMatch timers = QRegularExpression(QStringLiteral("Phases: timers ([\\d.]+) ms"))
                                                   .match(QString::fromUtf8(intervalRun.err));
        QVERIFY2(timers.hasMatch() && timers.captured(1).toDouble() >= 60, intervalRun.err.constData());
        const QRegularExpressionMatch own = QRegularExpression(QStringLiteral("own elu ([\\d.e-]+)")).match(summary);
        const QRegularExpressionMatch figure = QRegularExpression(
            QStringLiteral("Event-loop utilization: (\\d+)% as performance.eventLoopUtilization\\(\\) computes it"))
                                                   .match(summary);
        QVERIFY2(own.hasMatch() && figure.hasMatch(), probed.err.constData());
        const double ownElu = own.captured(1).toDouble();
        const double probeElu = figure.captured(1).toDouble() / 100;
        QVERIFY2(std::abs(probeElu - ownElu) <= std::max(0.02, 0.15 * ownElu), probed.err.constData());
    }

    // --follow-children on every node: a fork and a node run by execFileSync are each recorded as a process of
    // their own (NODE_OPTIONS reaches them, their probe connects), with the status each exits with.
    void childrenFollowedOnEveryNode_data() { attachedOnEveryNode_data(); }

    void childrenFollowedOnEveryNode()
    {
        QFETCH(QString, node);
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("family.js"));
        QFile file(script);
        const QByteArray family = "const { fork, execFileSync } = require('child_process');\n"
                                  "if (process.argv[2] === 'child') {\n"
                                  "  setTimeout(() => { process.exitCode = 5; }, 5);\n"
                                  "} else {\n"
                                  "  fork(__filename, ['child']).on('exit', () => {\n"
                                  "    execFileSync(process.execPath, ['-e', 'setImmediate(() => {})']);\n"
                                  "  });\n"
                                  "}\n";
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(family) == family.size());
        file.close();
        const Ran probed = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--follow-children"),
                QStringLiteral("--node"), node, QStringLiteral("--attach"), script },
            RunMs);
        QCOMPARE(probed.exitCode, 0);
        const QString summary = QString::fromUtf8(probed.err);
        QVERIFY2(summary.contains(QStringLiteral("Child process 1 of 2: pid ")), probed.err.constData());
        QVERIFY2(summary.contains(QStringLiteral("Child process 2 of 2: pid ")), probed.err.constData());
        QVERIFY2(summary.contains(QStringLiteral("  Program exit status: 5\n")), probed.err.constData());
        QVERIFY2(summary.contains(QStringLiteral("(timer 1")), probed.err.constData());
        QVERIFY2(summary.contains(QStringLiteral("(immediate 1")), probed.err.constData());
    }

    void cleanupTestCase()
    {
        // CI installs the builds first (.ci/run): none there means the script did not run.
        if (QDir(nodeCacheDirectory()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty()
            && qEnvironmentVariable("CI") == QLatin1String("true"))
            QFAIL("no Node.js build in the cache: scripts/install-node-versions.sh installs them");
    }
};

QTEST_GUILESS_MAIN(TestNodeVersions)
#include "tst_nodeversions.moc"
