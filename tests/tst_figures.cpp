// Every figure is proven twice: against an independent computation from the raw events of the written
// trace (read here with QJsonDocument, not with LoopScope's reader), and against Node itself: the
// scenario's emitted script with its probes (--emit-js --with-figures), run under node, prints what
// perf_hooks measured for the same program, and LoopScope's figures must agree within the tolerance
// stated for each figure.

#include "figures/figures.h"
#include "formats/summary.h"
#include "formats/traceio.h"
#include "runhelpers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace loopscope;

namespace {

// The same nearest-rank percentile HdrHistogram reports, written out again here.
double nearestRank(std::vector<double> sorted, double fraction)
{
    std::sort(sorted.begin(), sorted.end());
    if (sorted.empty())
        return 0;
    const double rank = std::ceil(fraction * double(sorted.size()));
    return sorted[std::size_t(std::clamp(rank, 1.0, double(sorted.size()))) - 1];
}

bool close(double a, double b, double relative = 1e-6)
{
    return std::abs(a - b) <= relative * std::max({ 1.0, std::abs(a), std::abs(b) });
}

// What the raw events of a trace say, computed without LoopScope's reader.
struct FromTrace
{
    double endUs = 0;
    std::vector<double> histogram;
    std::vector<double> health;
    int healthFailed = 0;
    double elu = -1;
    double callbacks = 0;
    double longestMs = 0;
    int pool = 0;
    double poolQueuedMaxMs = 0;
    int lines = 0;
};

FromTrace readRaw(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const QJsonObject trace = QJsonDocument::fromJson(file.readAll()).object();
    FromTrace raw;
    for (const QJsonValue& value : trace.value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject event = value.toObject();
        const QString ph = event.value(QStringLiteral("ph")).toString();
        const QString cat = event.value(QStringLiteral("cat")).toString();
        const QJsonObject args = event.value(QStringLiteral("args")).toObject();
        const double ts = event.value(QStringLiteral("ts")).toDouble();
        if (ph == QLatin1String("M"))
            continue;
        raw.endUs = std::max(raw.endUs, ts + event.value(QStringLiteral("dur")).toDouble());
        if (ph == QLatin1String("C") && event.value(QStringLiteral("name")).toString() == QLatin1String("latency")) {
            if (args.contains(QStringLiteral("histogramMs")))
                raw.histogram.push_back(args.value(QStringLiteral("histogramMs")).toDouble());
            if (args.contains(QStringLiteral("healthMs")))
                raw.health.push_back(args.value(QStringLiteral("healthMs")).toDouble());
            if (args.contains(QStringLiteral("healthFailed")))
                ++raw.healthFailed;
        } else if (cat == QLatin1String("callback")) {
            const double count = args.value(QStringLiteral("count")).toDouble(1);
            raw.callbacks += count;
            const double longest = count > 1 ? args.value(QStringLiteral("maxMs")).toDouble()
                                             : event.value(QStringLiteral("dur")).toDouble() / 1000;
            raw.longestMs = std::max(raw.longestMs, longest);
        } else if (cat == QLatin1String("pool")) {
            ++raw.pool;
            raw.poolQueuedMaxMs
                = std::max(raw.poolQueuedMaxMs, args.value(QStringLiteral("queuedUs")).toDouble() / 1000);
        } else if (cat == QLatin1String("log")) {
            ++raw.lines;
        }
    }
    const QJsonObject other = trace.value(QStringLiteral("otherData")).toObject();
    if (other.contains(QStringLiteral("loopStartNs")) && other.contains(QStringLiteral("loopIdleNs"))) {
        // performance.eventLoopUtilization() at exit: (now - loopStart - idle) / (now - loopStart).
        const double start = other.value(QStringLiteral("loopStartNs")).toDouble() / 1000;
        const double idle = other.value(QStringLiteral("loopIdleNs")).toDouble() / 1000;
        raw.elu = std::clamp((raw.endUs - start - idle) / (raw.endUs - start), 0.0, 1.0);
    }
    return raw;
}

// What node printed on its "loopscope-figures" line.
QJsonObject nodeFigures(const QByteArray& stderrText)
{
    for (const QByteArray& line : stderrText.split('\n')) {
        if (line.startsWith("loopscope-figures "))
            return QJsonDocument::fromJson(line.mid(int(qstrlen("loopscope-figures ")))).object();
    }
    return {};
}

// A ratio of two positive figures, the larger over the smaller.
double ratio(double a, double b)
{
    return std::max(a, b) / std::max(1e-9, std::min(a, b));
}

} // namespace

class FiguresTest : public QObject
{
    Q_OBJECT

private slots:
    void matchTheRecordedEvents_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
            QTest::newRow(qPrintable(entry.name)) << entry.name;
    }

    // (a) Every figure against the raw events of the trace the run wrote.
    void matchTheRecordedEvents()
    {
        QFETCH(QString, scenario);
        RunResult run = runProgram(loadScenario(scenario), 120000);
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("run.json"));
        std::string error;
        QVERIFY2(writeTrace(recording, path.toStdString(), &error), error.c_str());
        const FromTrace raw = readRaw(path);
        const Figures f = figuresOf(recording);

        QVERIFY2(close(double(f.durationNs) / 1000, raw.endUs, 1e-9),
            qPrintable(QStringLiteral("%1 vs %2").arg(f.durationNs).arg(raw.endUs)));
        QCOMPARE(f.loopDelay.count, raw.histogram.size());
        if (f.loopDelay.known()) {
            QVERIFY(close(f.loopDelay.max, *std::max_element(raw.histogram.begin(), raw.histogram.end())));
            QVERIFY(close(f.loopDelay.min, *std::min_element(raw.histogram.begin(), raw.histogram.end())));
            QVERIFY(close(f.loopDelay.p50, nearestRank(raw.histogram, 0.5)));
            QVERIFY(close(f.loopDelay.p99, nearestRank(raw.histogram, 0.99)));
        }
        QCOMPARE(f.health.count, raw.health.size());
        QCOMPARE(f.healthFailures, std::uint64_t(raw.healthFailed));
        if (f.health.known())
            QVERIFY(close(f.health.max, *std::max_element(raw.health.begin(), raw.health.end())));
        // The loop's own totals are recorded for every run of LoopScope's, so utilisation is always known.
        QVERIFY(raw.elu >= 0);
        QVERIFY(f.utilisation.known());
        QVERIFY(!f.utilisationFromChecks);
        QVERIFY2(close(f.utilisation.share, raw.elu, 1e-6),
            qPrintable(QStringLiteral("%1 vs %2").arg(f.utilisation.share).arg(raw.elu)));
        QCOMPARE(double(f.callbacks), raw.callbacks);
        QVERIFY(close(double(f.longestNs) / 1e6, raw.longestMs));
        QCOMPARE(f.poolItems, std::uint64_t(raw.pool));
        QVERIFY(close(double(f.poolQueuedMaxNs) / 1e6, raw.poolQueuedMaxMs));
        QCOMPARE(f.logLines, std::uint64_t(raw.lines));
    }

    void agreeWithNode_data()
    {
        QTest::addColumn<QString>("scenario");
        // Every scenario with probes: the delay monitor and /health, as the lessons read them.
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries()) {
            const Program program = loadScenario(entry.name);
            if (program.delayMonitorMs > 0 || program.healthProbeMs > 0)
                QTest::newRow(qPrintable(entry.name)) << entry.name;
        }
    }

    // (b) Against Node's own perf_hooks for the same program, within these tolerances:
    // - loop delay max within 1.5x where a check was held up (beyond three resolutions), else both not;
    // - loop delay p50 within 1.5x (an unblocked check takes its resolution, in both);
    // - utilisation within 1.35x, or 0.1 apart where both are small;
    // - the slowest /health answer within 1.5x where one waited beyond 50 ms, else both not.
    // A machine busy elsewhere slows one run more than the other: a scenario gets two more tries.
    void agreeWithNode()
    {
        REQUIRE_NODE();
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__) || !defined(NDEBUG)
        // Blocking work (JSON.parse, a regex, hashing) runs several times slower here than in Node.
        QSKIP("figures are compared with Node's in an optimised build without sanitizers (the dev preset)");
#endif
        QFETCH(QString, scenario);
        QString problem;
        for (int attempt = 0; attempt < 3; ++attempt) {
            problem = compareWithNode(scenario);
            if (problem.isEmpty())
                return;
            qWarning("%s, attempt %d: %s", qPrintable(scenario), attempt + 1, qPrintable(problem));
        }
        QFAIL(qPrintable(problem));
    }

    void summarySaysWhatTheMonitorCannotSee()
    {
        // compute-async's whole computation runs in the main module's microtask drain, before the loop
        // starts: Node's monitor and ELU do not see it, and the summary says so beside them.
        RunResult run = runProgram(loadScenario(QStringLiteral("compute-async")), 120000);
        QVERIFY(run.finished);
        const Figures f = figuresOf(run.session->recording());
        QVERIFY(f.blockedBeforeLoop());
        const QString summary = QString::fromStdString(summarize(run.session->recording()));
        QVERIFY2(summary.contains(QStringLiteral("before the loop started")), qPrintable(summary));
    }

    // What article 000 saw with gdb on uv__io_poll: a setTimeout(0) chain's steps are each 1 ms apart, poll
    // told to wait 1 ms between them, while a pending setImmediate makes it return at once (timeout 0). The
    // figures count each poll's timeout from the poll records, and the summary lists them; a recording that
    // did not see poll's wait says nothing of it.
    void pollTimeoutsAreWhatLibuvToldPoll()
    {
        RunResult run = runProgram(loadScenario(QStringLiteral("timeout-zero"), { { "steps", "30" } }), 120000);
        QVERIFY(run.finished);
        QCOMPARE(run.lines, QStringList({ "setImmediate chain done", "setTimeout(0) chain done" }));
        const Recording& recording = run.session->recording();
        std::map<std::int64_t, std::uint64_t> counted;
        const EventLog& log = recording.mainLog();
        for (std::size_t i = 0; i < log.size(); ++i) {
            const Record r = log[i];
            if (r.type == RecordType::Phase && r.thread == MainThread && Phase(r.sub) == Phase::Poll)
                ++counted[pollTimeoutMs(r)];
        }
        const Figures f = figuresOf(recording);
        std::map<std::int64_t, std::uint64_t> figured;
        for (const Figures::PollWait& wait : f.pollWaits)
            figured[wait.timeoutMs] = wait.polls;
        QCOMPARE(figured, counted);
        // The setTimeout(0) chain's steps each slept in poll; the setImmediate chain's never did.
        QVERIFY2(figured[1] >= 25, qPrintable(QString::number(figured[1])));
        QVERIFY2(figured[0] >= 29, qPrintable(QString::number(figured[0])));
        const QString summary = QString::fromStdString(summarize(recording));
        QVERIFY2(summary.contains(QStringLiteral("Poll timeouts (how long each poll was told to wait): 0 ms ")),
            qPrintable(summary));

        Recording unseen;
        Record poll;
        poll.type = RecordType::Phase;
        poll.sub = std::uint8_t(Phase::Poll);
        setPollTimeoutMs(poll, 1);
        *unseen.mainLog().slot() = poll;
        unseen.mainLog().commit();
        QCOMPARE(figuresOf(unseen).pollWaits.size(), std::size_t(1));
        unseen.info.unobserved = UnobservedPollWait;
        QVERIFY(figuresOf(unseen).pollWaits.empty());
        QVERIFY(summarize(unseen).find("Poll timeouts") == std::string::npos);
    }

    void utilisationOfAWholeRun()
    {
        // As performance.eventLoopUtilization(): a loop that started at 100 ms and idled 300 ms of the
        // 900 ms until the end was busy 500 / 800.
        const Utilisation u = runUtilisation(100'000'000, 300'000'000, 900'000'000);
        QVERIFY(close(u.share, 500.0 / 800.0));
        QCOMPARE(u.overNs, std::int64_t(800'000'000));
        QVERIFY(!runUtilisation(-1, 0, 10).known());
        QVERIFY(!runUtilisation(5, 0, 5).known());
    }

    void utilisationOverChecks()
    {
        // Two checks of 10 ms: one busy 100 %, one idle; a window over the second half of the first and the
        // whole second weighs them 5 to 10.
        const std::vector<MonitorCheck> checks { { 10'000'000, 10, 1.0 }, { 20'000'000, 10, 0.0 } };
        const Utilisation u = utilisationOver(checks, 5'000'000, 20'000'000);
        QVERIFY(close(u.share, 5.0 / 15.0));
        // A check still waiting counts as busy while it waits.
        QVERIFY(close(utilisationOver(checks, 10'000'000, 30'000'000, 20'000'000).share, 0.5));
        QVERIFY(!utilisationOver({}, 0, 10).known());
    }

    void distributionAsHistogramsReadIt()
    {
        const Distribution d = Distribution::of({ 3, 1, 2, 4 });
        QCOMPARE(d.count, std::size_t(4));
        QCOMPARE(d.min, 1.0);
        QCOMPARE(d.max, 4.0);
        QCOMPARE(d.mean, 2.5);
        QCOMPARE(d.p50, 2.0);
        QCOMPARE(d.p99, 4.0);
        QVERIFY(!Distribution::of({}).known());
    }

    // counting's four methods side by side: each line closes the stretch since the one before, with its
    // steps; ten million steps at that pace is an extrapolation, and the summary says so.
    void countingMeasuresEachMethod()
    {
        RunResult run = runProgram(
            loadScenario(QStringLiteral("counting"),
                { { "count", "20000" }, { "timeoutSteps", "20" }, { "batches", "4" }, { "batchSize", "5000" } }),
            120000);
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        const Figures f = figuresOf(recording);
        QCOMPARE(f.stretches.size(), std::size_t(4));
        const std::uint32_t steps[] = { 20000, 20000, 20, 20000 };
        const char* const lines[] = { "while: done", "nextTick: done", "setTimeout: done", "batched nextTick: done" };
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(f.stretches[i].steps, steps[i]);
            QCOMPARE(QString::fromStdString(recording.strings.at(f.stretches[i].label)), QString::fromLatin1(lines[i]));
            QVERIFY(f.stretches[i].durationNs() > 0);
            if (i > 0)
                QCOMPARE(f.stretches[i].startNs, f.stretches[i - 1].endNs);
        }
        // setTimeout(0) is setTimeout(1): every hop waits for the loop clock to pass a millisecond.
        QVERIFY2(f.stretches[2].nsPerStep() > 0.5e6, qPrintable(QString::number(f.stretches[2].nsPerStep())));
        const QString summary = QString::fromStdString(summarize(recording));
        QVERIFY2(summary.contains(QStringLiteral("setTimeout: done: ")), qPrintable(summary));
        QVERIFY2(summary.contains(QStringLiteral("(extrapolated)")), qPrintable(summary));

        // The steps survive the trace.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("counting.json")).toStdString();
        std::string error;
        QVERIFY2(writeTrace(recording, path, &error), error.c_str());
        Recording back;
        QVERIFY2(readTrace(path, back, &error), error.c_str());
        const Figures reread = figuresOf(back);
        QCOMPARE(reread.stretches.size(), std::size_t(4));
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(reread.stretches[i].steps, steps[i]);
            QCOMPARE(reread.stretches[i].durationNs(), f.stretches[i].durationNs());
        }
    }

    void aCountedRunsMeanIsNeverALongest()
    {
        Recording recording;
        auto add = [&](std::int64_t durNs, std::int64_t maxNs, std::uint32_t count) {
            Record* r = recording.mainLog().slot();
            *r = Record();
            r->type = RecordType::Callback;
            r->sub = std::uint8_t(CallbackKind::NextTick);
            r->label = recording.strings.intern(count > 1 ? "run" : "single");
            r->span = { durNs, durNs, maxNs, count, 1 };
            recording.mainLog().commit();
        };
        add(2'000'000, 2'000'000, 1);
        add(900'000'000, -1, 1000); // timed as a whole: its longest call is not known
        const Figures f = figuresOf(recording);
        QVERIFY(f.hasLongest);
        QCOMPARE(f.longestNs, std::int64_t(2'000'000));
        QCOMPARE(f.callbacks, std::uint64_t(1001));
    }

private:
    // LoopScope as a user runs it, a fresh process (a run in this one would find its memory warm from
    // the runs before), its figures read from the trace it writes.
    static QString runHeadless(const QString& scenario, Recording& recording)
    {
        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("run.json"));
        QProcess process;
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.setStandardOutputFile(QProcess::nullDevice());
        process.start(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--scenario"), scenario, QStringLiteral("--trace"), trace });
        if (!process.waitForFinished(120000) || process.exitCode() != 0)
            return QStringLiteral("LoopScope's run did not end well (exit %1)").arg(process.exitCode());
        std::string error;
        if (!readTrace(trace.toStdString(), recording, &error))
            return QString::fromStdString(error);
        return {};
    }

    static QString compareWithNode(const QString& scenario)
    {
        const Program program = loadScenario(scenario);
        Recording recording;
        if (const QString failed = runHeadless(scenario, recording); !failed.isEmpty())
            return failed;
        const Figures ours = figuresOf(recording);
        bool ok = false;
        const QByteArray err
            = runScriptInNode(emitJsWithFigures(program), program.module == ModuleKind::Esm, STDERR_FILENO, &ok);
        const QJsonObject node = nodeFigures(err);
        if (!ok || node.isEmpty())
            return QStringLiteral("node printed no figures: %1").arg(QString::fromUtf8(err.left(2000)));
        QStringList problems;
        const double nodeElu
            = node.value(QStringLiteral("elu")).toObject().value(QStringLiteral("utilization")).toDouble();
        const double ourElu = ours.utilisation.share;
        if (!(ratio(ourElu, nodeElu) <= 1.35 || (std::abs(ourElu - nodeElu) <= 0.1 && std::max(ourElu, nodeElu) < 0.3)))
            problems << QStringLiteral("utilisation %1 against node's %2").arg(ourElu).arg(nodeElu);
        if (program.delayMonitorMs > 0) {
            const QJsonObject delay = node.value(QStringLiteral("delay")).toObject();
            const double nodeMax = delay.value(QStringLiteral("max")).toDouble();
            const double nodeP50 = delay.value(QStringLiteral("p50")).toDouble();
            const double heldUp = 3.0 * program.delayMonitorMs;
            if (ours.loopDelay.known() != (delay.value(QStringLiteral("count")).toInt() > 0))
                problems << QStringLiteral("loop delay: %1 samples against node's %2")
                                .arg(ours.loopDelay.count)
                                .arg(delay.value(QStringLiteral("count")).toInt());
            else if (ours.loopDelay.known()) {
                const bool blocked = ours.loopDelay.max > heldUp || nodeMax > heldUp;
                if (blocked && ratio(ours.loopDelay.max, nodeMax) > 1.5)
                    problems << QStringLiteral("loop delay max %1 ms against node's %2 ms")
                                    .arg(ours.loopDelay.max)
                                    .arg(nodeMax);
                if (ratio(ours.loopDelay.p50, nodeP50) > 1.5)
                    problems << QStringLiteral("loop delay p50 %1 ms against node's %2 ms")
                                    .arg(ours.loopDelay.p50)
                                    .arg(nodeP50);
            }
        }
        if (program.healthProbeMs > 0) {
            // Node's prober is a worker thread, which boots before its first request can go out: a block
            // at the start keeps its first request waiting less by as much as it started later. So the
            // slowest answers may differ by 1.5x, or by that head start and one interval.
            double nodeMax = 0;
            double nodeFirstSentMs = -1;
            for (const QJsonValue& v : node.value(QStringLiteral("health")).toArray()) {
                const QJsonObject probe = v.toObject();
                const double sent = probe.value(QStringLiteral("sentMs")).toDouble();
                nodeFirstSentMs = nodeFirstSentMs < 0 ? sent : std::min(nodeFirstSentMs, sent);
                nodeMax = std::max(nodeMax, probe.value(QStringLiteral("ms")).toDouble());
            }
            const auto [ourFirstSentMs, ourMax] = healthProbes(recording);
            const double headStart = std::max(0.0, nodeFirstSentMs - ourFirstSentMs) + program.healthProbeMs;
            const bool waited = ourMax > 50 || nodeMax > 50;
            if (waited && ratio(ourMax, nodeMax) > 1.5 && std::abs(ourMax - nodeMax) > headStart)
                problems << QStringLiteral(
                    "slowest /health %1 ms against node's %2 ms (node's prober began %3 ms later)")
                                .arg(ourMax)
                                .arg(nodeMax)
                                .arg(nodeFirstSentMs - ourFirstSentMs);
        }
        return problems.join(QStringLiteral("; "));
    }

    // When the first /health request was sent, in ms since the main module began, and the slowest answer.
    static std::pair<double, double> healthProbes(const Recording& recording)
    {
        std::int64_t mainStartNs = -1;
        double firstSentNs = -1;
        double slowest = 0;
        for (const auto& log : recording.logs) {
            log->walk(0, log->size(), [&](const Record& r) {
                if (r.type == RecordType::Callback && callbackKindOf(r) == CallbackKind::Main && r.thread == MainThread
                    && mainStartNs < 0)
                    mainStartNs = r.startNs;
                if (r.type == RecordType::Latency && r.latency.healthMs >= 0) {
                    const double sentNs = double(r.startNs) - r.latency.healthMs * 1e6;
                    firstSentNs = firstSentNs < 0 ? sentNs : std::min(firstSentNs, sentNs);
                    slowest = std::max(slowest, r.latency.healthMs);
                }
                return true;
            });
        }
        return { (firstSentNs - double(std::max<std::int64_t>(mainStartNs, 0))) / 1e6, slowest };
    }
};

QTEST_GUILESS_MAIN(FiguresTest)
#include "tst_figures.moc"
