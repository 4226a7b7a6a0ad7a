// Checks against the installed Node.js (ctest label `node`): the built-in scenarios and random
// programs print exactly what Node prints for their emitted scripts. Without node these skip, except
// under CI=true, where a missing node fails (REQUIRE_NODE). The conformance corpus (tst_conformance)
// holds Node's recorded outputs and needs no Node; tools/difftest is the race-aware harness.
#include "runhelpers.h"

#include <QDir>
#include <QFile>
#include <QTest>

#include <random>

using namespace loopscope;

namespace {

// Random deterministic programs: queues, promises, async/await, chains and timers whose
// order does not depend on how fast either runtime is (equal durations, or far apart).
class ProgramGenerator
{
public:
    explicit ProgramGenerator(unsigned seed)
        : m_random(seed)
    { }

    QByteArray program()
    {
        const bool esm = pick(2) == 0;
        const bool node10 = pick(2) == 0;
        QByteArray main = block(0, false, 5);
        if (pick(3) == 0)
            main = "[{\"op\":\"readFile\",\"do\":" + main + "}]";
        return QByteArray("{\"format\":\"loopscope-program\",\"version\":1,\"name\":\"random\",\"module\":\"")
            + (esm ? "esm" : "cjs") + "\",\"awaitModel\":\"" + (node10 ? "node10" : "node12") + "\",\"main\":" + main
            + "}";
    }

private:
    int pick(int n) { return int(m_random() % unsigned(n)); }
    QByteArray log() { return "{\"op\":\"log\",\"text\":\"L" + QByteArray::number(++m_lines) + "\"}"; }

    QByteArray block(int depth, bool inAsync, int most)
    {
        QByteArrayList ops;
        const int count = pick(most + 1);
        for (int i = 0; i < count; ++i)
            ops.append(op(depth, inAsync));
        return "[" + ops.join(',') + "]";
    }

    QByteArray callbackBody(int depth) { return "[" + log() + (pick(2) ? "," + op(depth + 1, false) : "") + "]"; }

    QByteArray op(int depth, bool inAsync)
    {
        if (depth > 3)
            return inAsync && pick(2) ? QByteArray("{\"op\":\"await\"}") : log();
        switch (pick(inAsync ? 12 : 10)) {
        case 0:
        case 1:
            return log();
        case 2:
            return "{\"op\":\"nextTick\",\"do\":" + callbackBody(depth) + "}";
        case 3:
            return "{\"op\":\"queueMicrotask\",\"do\":" + callbackBody(depth) + "}";
        case 4: {
            QByteArrayList bodies;
            for (int i = 0, n = 1 + pick(3); i < n; ++i)
                bodies.append(callbackBody(depth));
            return "{\"op\":\"promise\",\"chain\":[" + bodies.join(',') + "]}";
        }
        case 5: {
            QByteArray body = "[" + log();
            if (pick(2))
                body += "," + op(depth + 1, true);
            if (pick(3) == 0)
                body += ",{\"op\":\"repeat\",\"times\":" + QByteArray::number(1 + pick(3))
                    + ",\"do\":[{\"op\":\"await\"}," + log() + "]}";
            return "{\"op\":\"async\",\"do\":" + body + "]}";
        }
        case 6: {
            static const char* const vias[] = { "nextTick", "queueMicrotask", "promise" };
            return QByteArray("{\"op\":\"chain\",\"via\":\"") + vias[pick(3)] + "\",\"times\":"
                + QByteArray::number(1 + pick(4)) + ",\"do\":[" + log() + "],\"done\":[" + log() + "]}";
        }
        case 7: {
            static const char* const ms[] = { "0", "1", "1", "100", "250" };
            return QByteArray("{\"op\":\"setTimeout\",\"ms\":") + ms[pick(5)] + ",\"do\":" + callbackBody(depth) + "}";
        }
        case 8:
            return "{\"op\":\"setInterval\",\"ms\":" + QByteArray(pick(2) ? "1" : "400")
                + ",\"times\":" + QByteArray::number(1 + pick(3)) + ",\"do\":[" + log() + "]}";
        case 9:
            return log();
        default:
            return pick(2) ? QByteArray("{\"op\":\"await\"}") : QByteArray("{\"op\":\"await\",\"promise\":true}");
        }
    }

    std::mt19937 m_random;
    int m_lines = 0;
};

} // namespace

class TestNodeAgreement : public QObject
{
    Q_OBJECT

private slots:
    // Every deterministic scenario prints exactly what Node prints for its emitted script.
    void scenariosAgreeWithNode_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char* name : { "guess-order", "main-race-esm", "tick-vs-promise", "tick-vs-promise-esm",
                 "await-order", "await-order-node10", "nexttick-starvation", "nexttick-starvation-immediate",
                 "counting", "async-not-thread", "compute-async" })
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void scenariosAgreeWithNode()
    {
        QFETCH(QString, scenario);
        const Program program = loadScenario(scenario);
        REQUIRE_NODE();
        bool ok = false;
        const QStringList node = runInNode(program, &ok);
        QVERIFY(ok);
        const RunResult run = runProgram(program);
        QCOMPARE(run.lines, node);
    }

    // The conformance programs of timers/promises, AbortController (of timers and readFile), fs.stat, fs.open,
    // fs.read and fs.close, try with awaited rejections, for await loops, a worker's messages, and a file's read
    // stream, run in the installed Node: it prints what their .out holds (and exits with 1 where it ends "[exited with
    // 1]"), and so does LoopScope.
    void issue35OpsAgreeWithNode_data()
    {
        QTest::addColumn<QString>("file");
        const QDir corpus(QStringLiteral(LOOPSCOPE_SOURCE_DIR "/tests/conformance"));
        const QStringList files = corpus.entryList(
            { QStringLiteral("timers-promises-*.json"), QStringLiteral("abort-*.json"), QStringLiteral("stat-*.json"),
                QStringLiteral("open-*.json"), QStringLiteral("read-*.json"), QStringLiteral("close-*.json"),
                QStringLiteral("try-*.json"), QStringLiteral("uncaught-awaited-*.json"),
                QStringLiteral("for-await-*.json"), QStringLiteral("worker-messages-*.json"),
                QStringLiteral("stream-*.json") },
            QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 46);
        for (const QString& name : files)
            QTest::newRow(qPrintable(name)) << corpus.filePath(name);
    }
    void issue35OpsAgreeWithNode()
    {
        QFETCH(QString, file);
        QFile json(file);
        QVERIFY(json.open(QIODevice::ReadOnly));
        const Program program = parseOrFail(json.readAll());
        QFile out(file.chopped(5) + QStringLiteral(".out"));
        QVERIFY(out.open(QIODevice::ReadOnly | QIODevice::Text));
        QStringList expected = QString::fromUtf8(out.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        const bool exits = !expected.isEmpty() && expected.last() == QStringLiteral("[exited with 1]");
        if (exits)
            expected.removeLast();
        REQUIRE_NODE();
        // Three tries on each side, as tst_conformance gives LoopScope: a thread-pool race that Node wins the
        // same way on a quiet machine (two readFiles, one of them aborted, one request apart) goes the other way
        // in a few runs in a hundred, LoopScope's and, under a loaded CI machine, Node's. An order never
        // printed fails all three.
        bool ok = false;
        QStringList node;
        for (int attempt = 0; attempt < 3; ++attempt) {
            node = runInNode(program, &ok);
            if (node == expected)
                break;
            qWarning("node's attempt %d printed %s", attempt + 1, qPrintable(node.join(QStringLiteral(" | "))));
        }
        QCOMPARE(node, expected);
        QCOMPARE(ok, !exits);
        RunResult run;
        for (int attempt = 0; attempt < 3; ++attempt) {
            run = runProgram(program);
            QVERIFY(run.finished);
            if (run.lines == expected)
                break;
            qWarning("attempt %d printed %s", attempt + 1, qPrintable(run.lines.join(QStringLiteral(" | "))));
        }
        QCOMPARE(run.lines, expected);
    }

    void randomProgramsAgreeWithNode_data()
    {
        QTest::addColumn<unsigned>("seed");
        for (unsigned seed = 1; seed <= 40; ++seed)
            QTest::addRow("seed %u", seed) << seed;
    }
    void randomProgramsAgreeWithNode()
    {
        QFETCH(unsigned, seed);
        const Program program = parseOrFail(ProgramGenerator(seed).program());
        REQUIRE_NODE();
        bool ok = false;
        const QStringList node = runInNode(program, &ok);
        QVERIFY(ok);
        const RunResult run = runProgram(program);
        QVERIFY(run.finished);
        QCOMPARE(run.lines, node);
    }
};

QTEST_GUILESS_MAIN(TestNodeAgreement)
#include "tst_nodeagreement.moc"
