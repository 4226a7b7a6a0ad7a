// Comparing with Node as the window does it: the real LoopScope executable run headless against node
// (the installed one, or a small shell script standing in for it), N times each, and the verdict a
// user reads.
#include "control/nodecomparison.h"
#include "requirenode.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace {

constexpr int FinishBudgetMs = 60000;

// A stand-in for node: a shell script that ignores the script it is given and runs `body`.
QString fakeNode(const QTemporaryDir& dir, const QByteArray& body)
{
    const QString path = dir.filePath(QStringLiteral("fake-node"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write("#!/bin/sh\n" + body + '\n');
    file.close();
    file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    return path;
}

} // namespace

class TestNodeComparison : public QObject
{
    Q_OBJECT

private:
    // Runs `source` `runs` times on each side and waits for the verdict.
    static NodeComparison::Result compare(NodeComparison& comparison, const NodeComparison::Source& source, int runs)
    {
        comparison.setLoopScopePath(QStringLiteral(LOOPSCOPE_EXECUTABLE));
        QSignalSpy finished(&comparison, &NodeComparison::finished);
        if (!comparison.start(source, runs))
            return comparison.result();
        [&] { QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, FinishBudgetMs); }();
        return comparison.result();
    }

private slots:
    void linesOf()
    {
        QCOMPARE(NodeComparison::linesOf("a\nb\n"), QStringList({ "a", "b" }));
        QCOMPARE(NodeComparison::linesOf(""), QStringList());
        QCOMPARE(NodeComparison::linesOf("a\n\n"), QStringList({ "a", "" }));
    }

    void firstDifference_data()
    {
        QTest::addColumn<QStringList>("node");
        QTest::addColumn<QStringList>("loopscope");
        QTest::addColumn<int>("line");
        QTest::addColumn<bool>("nodeEnded");
        QTest::addColumn<bool>("loopscopeEnded");
        QTest::newRow("equal") << QStringList { "a", "b" } << QStringList { "a", "b" } << 0 << false << false;
        QTest::newRow("second line") << QStringList { "a", "b" } << QStringList { "a", "c" } << 2 << false << false;
        QTest::newRow("loopscope shorter") << QStringList { "a", "b" } << QStringList { "a" } << 2 << false << true;
        QTest::newRow("node shorter") << QStringList {} << QStringList { "a" } << 1 << true << false;
    }

    void firstDifference()
    {
        QFETCH(QStringList, node);
        QFETCH(QStringList, loopscope);
        const NodeComparison::Difference difference = NodeComparison::firstDifference(node, loopscope);
        QTEST(difference.line, "line");
        QTEST(difference.nodeEnded, "nodeEnded");
        QTEST(difference.loopscopeEnded, "loopscopeEnded");
    }

    void verdictOfDistributions()
    {
        const QStringList ti { "timeout", "immediate" };
        const QStringList it { "immediate", "timeout" };
        const QStringList other { "immediate", "other" };
        NodeComparison::Result result = NodeComparison::compare({ it, ti, it, it }, { it, ti });
        QCOMPARE(result.verdict, NodeComparison::Verdict::WithinNode);
        QCOMPARE(result.node.size(), 2);
        QCOMPARE(result.node.at(0).lines, it);
        QCOMPARE(result.node.at(0).count, 3);
        QCOMPARE(result.first.line, 0);

        // A LoopScope output Node never printed is the one shown, even when it is not the most frequent.
        result = NodeComparison::compare({ it, it }, { it, it, other });
        QCOMPARE(result.verdict, NodeComparison::Verdict::Differ);
        QCOMPARE(result.loopscopeShown, 1);
        QCOMPARE(result.first.line, 2);
        QCOMPARE(result.first.node, QStringLiteral("timeout"));
        QCOMPARE(result.first.loopscope, QStringLiteral("other"));

        QCOMPARE(NodeComparison::compare({ it, it }, { it }).verdict, NodeComparison::Verdict::Agree);
    }

    void suggestedRuns_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<int>("runs");
        QTest::newRow("main-race") << "main-race" << 20;
        QTest::newRow("main-race-esm: immediate always first") << "main-race-esm" << 1;
        QTest::newRow("guess-order") << "guess-order" << 1;
    }

    void suggestedRuns()
    {
        QFETCH(QString, scenario);
        auto loaded = ScenarioCatalog::loadScenario(scenario);
        QVERIFY(std::holds_alternative<loopscope::Program>(loaded));
        QTEST(NodeComparison::suggestedRuns(std::get<loopscope::Program>(loaded)), "runs");
    }

    void agreesWithNodeOnGuessOrder()
    {
        REQUIRE_NODE();
        NodeComparison comparison;
        const auto result = compare(comparison, NodeComparison::Source::fromScenario(QStringLiteral("guess-order")), 2);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.verdict, NodeComparison::Verdict::Agree);
        QCOMPARE(result.node.size(), 1);
        QCOMPARE(result.node.at(0).count, 2);
        QCOMPARE(result.loopscope.at(0).lines.first(), QStringLiteral("readFile callback"));
    }

    // A program file with a parameter set: both sides must see the override, and an ES module runs
    // from a .mjs file (Node 20 would take a .js file for CommonJS and fail on its imports).
    void agreesWithNodeOnAnEsmProgramFileWithOverrides()
    {
        REQUIRE_NODE();
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("count.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({ "format": "loopscope-program", "version": 1, "name": "count", "module": "esm",
            "params": { "n": { "default": 2, "min": 1, "max": 10 } },
            "main": [ { "op": "readFile", "do": [ { "op": "log", "text": "read" } ] },
                      { "op": "repeat", "times": "$n", "do": [ { "op": "nextTick", "do": [ { "op": "log", "text": "tick" } ] } ] },
                      { "op": "promise", "chain": [ [ { "op": "log", "text": "then" } ] ] } ] })");
        file.close();
        NodeComparison comparison;
        const auto result = compare(comparison, NodeComparison::Source::fromFile(file.fileName(), { { "n", "3" } }), 1);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.verdict, NodeComparison::Verdict::Agree);
        QCOMPARE(result.node.at(0).lines, QStringList({ "then", "tick", "tick", "tick", "read" }));
    }

    void differsFromAFakeNode()
    {
        QTemporaryDir dir;
        NodeComparison comparison;
        comparison.setNodePath(fakeNode(
            dir, "printf 'readFile callback\\nsetImmediate\\nprocess.nextTick\\npromise.then\\nsetTimeout 0\\n'"));
        const auto result = compare(comparison, NodeComparison::Source::fromScenario(QStringLiteral("guess-order")), 2);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.verdict, NodeComparison::Verdict::Differ);
        QCOMPARE(result.first.line, 2);
        QCOMPARE(result.first.node, QStringLiteral("setImmediate"));
        QCOMPARE(result.first.loopscope, QStringLiteral("process.nextTick"));
    }

    // A Node that prints both orders of main-race: whichever LoopScope prints is one of Node's.
    void withinAFakeNodesOutputs()
    {
        QTemporaryDir dir;
        NodeComparison comparison;
        comparison.setNodePath(fakeNode(dir,
            "if [ -e seen ]; then echo timeout; echo immediate; else touch seen; echo immediate; echo timeout; fi"));
        const auto result = compare(comparison, NodeComparison::Source::fromScenario(QStringLiteral("main-race")), 3);
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.verdict, NodeComparison::Verdict::WithinNode);
        QCOMPARE(result.node.size(), 2);
        QCOMPARE(result.node.at(0).count + result.node.at(1).count, 3);
    }

    void missingNodeSaysHowToInstall_data()
    {
        QTest::addColumn<QString>("node");
        QTest::newRow("name not in PATH") << "no-such-node-for-loopscope";
        QTest::newRow("path") << "/nonexistent/bin/node";
    }

    void missingNodeSaysHowToInstall()
    {
        QFETCH(QString, node);
        NodeComparison comparison;
        comparison.setNodePath(node);
        QSignalSpy finished(&comparison, &NodeComparison::finished);
        QVERIFY(!comparison.start(NodeComparison::Source::fromScenario(QStringLiteral("guess-order")), 1));
        QCOMPARE(comparison.result().verdict, NodeComparison::Verdict::Failed);
        QVERIFY2(comparison.result().error.contains(QLatin1String("scripts/install-deps.sh")),
            qPrintable(comparison.result().error));
        QVERIFY(comparison.result().error.contains(node));
        QCOMPARE(finished.count(), 0);
    }

    void failingNodeShowsExitCodeAndStderr()
    {
        QTemporaryDir dir;
        NodeComparison comparison;
        comparison.setNodePath(fakeNode(dir, "echo 'SyntaxError: boom' >&2; echo more >&2; exit 3"));
        const auto result = compare(comparison, NodeComparison::Source::fromScenario(QStringLiteral("guess-order")), 1);
        QCOMPARE(result.verdict, NodeComparison::Verdict::Failed);
        QVERIFY2(result.error.contains(QLatin1String("exit code 3")), qPrintable(result.error));
        QVERIFY2(result.error.contains(QLatin1String("SyntaxError: boom")), qPrintable(result.error));
        QVERIFY(!result.error.contains(QLatin1String("more")));
    }

    void hungNodeTimesOut()
    {
        QTemporaryDir dir;
        NodeComparison comparison;
        comparison.setTimeoutMs(300);
        comparison.setNodePath(fakeNode(dir, "exec sleep 30"));
        const auto result = compare(comparison, NodeComparison::Source::fromScenario(QStringLiteral("guess-order")), 1);
        QCOMPARE(result.verdict, NodeComparison::Verdict::Failed);
        QVERIFY2(result.error.contains(QLatin1String("did not finish run 1")), qPrintable(result.error));
    }

    void cancelStopsAtOnce()
    {
        QTemporaryDir dir;
        NodeComparison comparison;
        comparison.setNodePath(fakeNode(dir, "exec sleep 30"));
        QSignalSpy finished(&comparison, &NodeComparison::finished);
        QVERIFY(comparison.start(NodeComparison::Source::fromScenario(QStringLiteral("guess-order")), 5));
        QTest::qWait(100);
        QVERIFY(comparison.isRunning());
        comparison.cancel();
        QCOMPARE(finished.count(), 1);
        QCOMPARE(comparison.result().verdict, NodeComparison::Verdict::Cancelled);
        QVERIFY(!comparison.isRunning());
    }
};

QTEST_GUILESS_MAIN(TestNodeComparison)
#include "tst_nodecomparison.moc"
