// The calibration of Node's costs on this machine (NodeCalibration): what it measures goes where the
// model spends it, it is kept in the settings, and it measures the installed node.
#include "requirenode.h"

#include "control/nodecalibration.h"

#include <QCoreApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>

using loopscope::NodeCosts;
using loopscope::OpKind;

class TestNodeCalibration : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // never the developer's own settings
        QCoreApplication::setOrganizationName(QStringLiteral("LoopScope"));
        QCoreApplication::setApplicationName(QStringLiteral("LoopScope"));
        QSettings().clear();
    }

    void figuresGoWhereTheModelSpendsThem()
    {
        const NodeCalibration::Result result = sample();
        const NodeCosts costs = result.applyTo(NodeCosts::node20());
        QCOMPARE(costs.firstUse(OpKind::Log), 17000U);
        QCOMPARE(costs.firstUse(OpKind::SetTimeout), 150U);
        QCOMPARE(costs.afterFirstUse(OpKind::SetTimeout), 300U);
        QCOMPARE(costs.firstUse(OpKind::SetInterval), 150U);
        QCOMPARE(costs.afterFirstUse(OpKind::SetInterval), 300U);
        QCOMPARE(costs.firstUse(OpKind::SetImmediate), 90U);
        QCOMPARE(costs.startupGapUs, 40U);
        QCOMPARE(costs.workerFirstLogUs, 600U);
        QCOMPARE(costs.workerScriptEndUs, 130U);
        QCOMPARE(costs.firstUse(OpKind::ReadStream), 2600U);
        QCOMPARE(costs.firstUse(OpKind::DnsLookup), 8000U);
        QCOMPARE(costs.workerStartUs, 61000U);
        QCOMPARE(costs.siteTenths(OpKind::Worker), 14000U);
        QCOMPARE(costs.callTenths(OpKind::Worker), NodeCosts::node20().callTenths(OpKind::Worker));
        QCOMPARE(costs.poolStartUs(4), 300U + 4 * 180U);
        QCOMPARE(costs.serverListenUs, 3100U);
        QCOMPARE(costs.httpGetFirstUs, 5200U);
        QCOMPARE(costs.serverFirstAfterClientUs, 2900U);
        // console.log's first use warms what the first nextTick and queueMicrotask would spend: their first
        // uses less what is left after a log (the sample's nextTick is Node 20's).
        QCOMPARE(
            costs.warmedByLogUs[std::size_t(OpKind::NextTick)], NodeCosts::node20().firstUse(OpKind::NextTick) - 12);
        QCOMPARE(costs.firstUse(OpKind::NextTick, true), 12U);
        QCOMPARE(costs.firstUse(OpKind::QueueMicrotask, true), 70U);
        QCOMPARE(costs.firstUse(OpKind::Throw), 95U);
        QCOMPARE(costs.firstUnhandledRejectionUs, 210U);
        QCOMPARE(costs.rejectionsProcessedUs, 140U);
        QCOMPARE(costs.secondUse(OpKind::DnsLookup), 1900U);
        // What it does not measure stays Node 20's; a line is Node 20's as this machine's console.log lines
        // are to Node 20's (63 us against 21: three times).
        QCOMPARE(costs.firstUse(OpKind::ReadFile), NodeCosts::node20().firstUse(OpKind::ReadFile));
        QCOMPARE(costs.siteTenths(OpKind::ReadStream), NodeCosts::node20().siteTenths(OpKind::ReadStream) * 3);
    }

    // A calibration kept by a LoopScope that measured no first uses leaves Node 20's there.
    void anOlderCalibrationKeepsNode20sFirstUses()
    {
        NodeCalibration::Result older = sample();
        older.firstUsesUs.clear();
        older.workerStartUs.reset();
        older.workerLineUs.reset();
        older.poolBaseUs.reset();
        older.poolThreadUs.reset();
        older.serverListenUs.reset();
        older.httpGetFirstUs.reset();
        older.serverFirstAfterClientUs.reset();
        older.nextTickAfterLogUs.reset();
        older.queueMicrotaskAfterLogUs.reset();
        older.firstUnhandledRejectionUs.reset();
        older.rejectionsProcessedUs.reset();
        older.dnsLookupSecondUs.reset();
        older.logLineUs.reset();
        NodeCalibration::store(older);
        const NodeCosts costs = NodeCalibration::baseCosts();
        QCOMPARE(costs.firstUse(OpKind::Log), 17000U);
        QCOMPARE(costs.firstUse(OpKind::DnsLookup), NodeCosts::node20().firstUse(OpKind::DnsLookup));
        QCOMPARE(costs.workerStartUs, NodeCosts::node20().workerStartUs);
        QCOMPARE(costs.siteTenths(OpKind::Worker), NodeCosts::node20().siteTenths(OpKind::Worker));
        QCOMPARE(costs.poolStartUs(8), NodeCosts::node20().poolStartUs(8));
        QCOMPARE(costs.httpGetFirstUs, NodeCosts::node20().httpGetFirstUs);
        QCOMPARE(costs.serverFirstAfterClientUs, NodeCosts::node20().serverFirstAfterClientUs);
        QCOMPARE(costs.warmedByLogUs, NodeCosts::node20().warmedByLogUs);
        QCOMPARE(costs.firstUse(OpKind::Throw), NodeCosts::node20().firstUse(OpKind::Throw));
        QCOMPARE(costs.firstUnhandledRejectionUs, NodeCosts::node20().firstUnhandledRejectionUs);
        QCOMPARE(costs.rejectionsProcessedUs, NodeCosts::node20().rejectionsProcessedUs);
        QCOMPARE(costs.secondUse(OpKind::DnsLookup), NodeCosts::node20().secondUse(OpKind::DnsLookup));
        QCOMPARE(costs.siteTenths(OpKind::Log), NodeCosts::node20().siteTenths(OpKind::Log));
        QCOMPARE(costs.callTenths(OpKind::Stat), NodeCosts::node20().callTenths(OpKind::Stat));
        NodeCalibration::forget();
    }

    // A machine whose console.log lines take twice Node 20's spends twice Node 20's on every line, the
    // first run of a line and each later one; a `new Worker` line keeps its own measure.
    void linesCostAsThisMachinesConsoleLogLines()
    {
        const NodeCosts node20 = NodeCosts::node20();
        NodeCalibration::Result slower = sample();
        slower.logLineUs = node20.siteTenths(OpKind::Log) * 2 / 10;
        const NodeCosts costs = slower.applyTo(node20);
        for (const OpKind kind : { OpKind::Log, OpKind::NextTick, OpKind::SetImmediate, OpKind::Stat }) {
            QCOMPARE(costs.siteTenths(kind), node20.siteTenths(kind) * 2);
            QCOMPARE(costs.callTenths(kind), node20.callTenths(kind) * 2);
        }
        QCOMPARE(costs.siteTenths(OpKind::Worker), *slower.workerLineUs * 10);
        // The code after a first timer callback is compiled JavaScript too.
        QCOMPARE(costs.firstTimerReturnUs, node20.firstTimerReturnUs * 2);
        QCOMPARE(costs.firstCallbackUs, node20.firstCallbackUs * 2);
        QCOMPARE(costs.firstCallbackAfterLogUs, node20.firstCallbackAfterLogUs * 2);
        // The first uses are measured one by one, not scaled.
        QCOMPARE(costs.firstUse(OpKind::Log), slower.firstLogUs);
        QCOMPARE(costs.firstUse(OpKind::NextTick), node20.firstUse(OpKind::NextTick));
    }

    void keptInTheSettingsAndUsedByEveryRun()
    {
        NodeCalibration::forget();
        QVERIFY(!NodeCalibration::stored());
        QCOMPARE(NodeCalibration::baseCosts().firstUse(OpKind::Log), NodeCosts::node20().firstUse(OpKind::Log));
        NodeCalibration::store(sample());
        const std::optional<NodeCalibration::Result> kept = NodeCalibration::stored();
        QVERIFY(kept);
        QCOMPARE(kept->version, QStringLiteral("v20.20.2"));
        QCOMPARE(kept->mainRaceTimerFirst, 31);
        QCOMPARE(kept->raceRuns, 150);
        QCOMPARE(kept->startupGapUs, 40U);
        QCOMPARE(NodeCalibration::baseCosts().firstUse(OpKind::Log), 17000U);
        QCOMPARE(NodeCalibration::baseCosts().startupGapUs, 40U);
        QCOMPARE(kept->firstUsesUs, sample().firstUsesUs);
        QCOMPARE(kept->workerStartUs, std::optional<std::uint32_t>(61000));
        QCOMPARE(kept->workerLineUs, std::optional<std::uint32_t>(1400));
        QCOMPARE(kept->poolBaseUs, std::optional<std::uint32_t>(300));
        QCOMPARE(kept->poolThreadUs, std::optional<std::uint32_t>(180));
        QCOMPARE(kept->serverListenUs, std::optional<std::uint32_t>(3100));
        QCOMPARE(kept->httpGetFirstUs, std::optional<std::uint32_t>(5200));
        QCOMPARE(kept->serverFirstAfterClientUs, std::optional<std::uint32_t>(2900));
        QCOMPARE(kept->nextTickAfterLogUs, std::optional<std::uint32_t>(12));
        QCOMPARE(kept->queueMicrotaskAfterLogUs, std::optional<std::uint32_t>(70));
        QCOMPARE(kept->firstUnhandledRejectionUs, std::optional<std::uint32_t>(210));
        QCOMPARE(kept->rejectionsProcessedUs, std::optional<std::uint32_t>(140));
        QCOMPARE(kept->dnsLookupSecondUs, std::optional<std::uint32_t>(1900));
        QCOMPARE(kept->logLineUs, std::optional<std::uint32_t>(63));
        QCOMPARE(NodeCalibration::baseCosts().firstUse(OpKind::DnsLookup), 8000U);
        QCOMPARE(NodeCalibration::baseCosts().workerStartUs, 61000U);
        NodeCalibration::forget();
        QVERIFY(!NodeCalibration::stored());
    }

    void measuresTheInstalledNode()
    {
        REQUIRE_NODE();
        QString error;
        std::uint64_t lastDone = 0;
        std::uint64_t lastTotal = 0;
        const auto result = NodeCalibration::measure(
            QStringLiteral("node"), 1,
            [&](std::uint64_t done, std::uint64_t total) {
                lastDone = done;
                lastTotal = total;
                return true;
            },
            &error);
        QVERIFY2(result, qPrintable(error));
        QVERIFY(result->version.startsWith(QLatin1Char('v')));
        QCOMPARE(result->runs, 1);
        QCOMPARE(result->raceRuns, NodeCalibration::RaceRunsPerFigure);
        QVERIFY(result->mainRaceTimerFirst <= result->raceRuns);
        QVERIFY(result->checkRaceTimerFirst <= result->raceRuns);
        // Node's first console.log sets up stdout: never free.
        QVERIFY(result->firstLogUs > 0);
        // Every first use is measured, and a worker's start-up (it boots an isolate) is never free.
        QCOMPARE(result->firstUsesUs.size(), NodeCalibration::firstUseKinds().size());
        QVERIFY(result->workerStartUs && *result->workerStartUs > 0);
        QVERIFY(result->workerLineUs && *result->workerLineUs > 0);
        QVERIFY(result->poolBaseUs && result->poolThreadUs);
        QVERIFY(result->serverListenUs && result->httpGetFirstUs);
        // The server's first answer after the script's own request, less a warm round trip: never free.
        QVERIFY(result->serverFirstAfterClientUs && *result->serverFirstAfterClientUs > 0);
        QVERIFY(result->nextTickAfterLogUs && result->queueMicrotaskAfterLogUs);
        QVERIFY(result->firstUnhandledRejectionUs && result->rejectionsProcessedUs);
        QVERIFY(result->dnsLookupSecondUs);
        // Twenty lines of console.log after two: never free.
        QVERIFY(result->logLineUs && *result->logLineUs > 0);
        // The progress counted every process it ran, and no more: the bar ends full.
        QVERIFY(lastTotal > 1);
        QCOMPARE(lastDone, lastTotal);
    }

    void cancelledWhenProgressSaysNo()
    {
        REQUIRE_NODE();
        QString error;
        const auto result = NodeCalibration::measure(
            QStringLiteral("node"), 5, [](std::uint64_t done, std::uint64_t) { return done < 2; }, &error);
        QVERIFY(!result);
        QCOMPARE(error, QString::fromLatin1(loopscope::CancelledMessage));
    }

    void aMissingNodeIsSaid()
    {
        QString error;
        QVERIFY(!NodeCalibration::measure(QStringLiteral("/nonexistent/node"), 1, {}, &error));
        QVERIFY2(error.contains(QLatin1String("/nonexistent/node")), qPrintable(error));
    }

private:
    static NodeCalibration::Result sample()
    {
        NodeCalibration::Result result;
        result.node = QStringLiteral("/usr/bin/node");
        result.version = QStringLiteral("v20.20.2");
        result.runs = 15;
        result.firstLogUs = 17000;
        result.setTimeoutBeforeUs = 150;
        result.setTimeoutAfterUs = 300;
        result.setImmediateUs = 90;
        result.mainRaceTimerFirst = 31;
        result.raceRuns = 150;
        result.startupGapUs = 40;
        result.workerFirstLogUs = 600;
        result.workerScriptEndUs = 130;
        result.firstUsesUs = { { OpKind::ReadStream, 2600 }, { OpKind::DnsLookup, 8000 }, { OpKind::Throw, 95 } };
        result.workerStartUs = 61000;
        result.workerLineUs = 1400;
        result.poolBaseUs = 300;
        result.poolThreadUs = 180;
        result.serverListenUs = 3100;
        result.httpGetFirstUs = 5200;
        result.serverFirstAfterClientUs = 2900;
        result.nextTickAfterLogUs = 12;
        result.queueMicrotaskAfterLogUs = 70;
        result.firstUnhandledRejectionUs = 210;
        result.rejectionsProcessedUs = 140;
        result.dnsLookupSecondUs = 1900;
        result.logLineUs = 63;
        return result;
    }
};

QTEST_GUILESS_MAIN(TestNodeCalibration)
#include "tst_nodecalibration.moc"
