#include "models/latencyhistory.h"
#include "models/latencymapping.h"
#include "models/livefeed.h"
#include "models/statusmodel.h"
#include "sessionend.h"
#include "widgets/chart/latencychart.h"
#include "widgets/window/theme.h"

#include "program/program.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "session/session.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QLineSeries>
#include <QLocale>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QValueAxis>

#include <memory>
#include <vector>

Q_DECLARE_METATYPE(std::vector<LatencyStep>)
Q_DECLARE_METATYPE(LatencyAxis)

namespace {

constexpr std::int64_t Ms = 1'000'000;
constexpr int ResolutionMs = 10;
constexpr double IdleDelayMs = 0.1;

void addRecord(loopscope::EventLog& log, std::int64_t atNs, const loopscope::LatencyFields& latency)
{
    loopscope::Record* r = log.slot();
    r->type = loopscope::RecordType::Latency;
    r->startNs = atNs;
    r->latency = latency;
    log.commit();
}

// A delay monitor's sample as the engine writes it: the raw histogram value and the delay beyond the resolution.
void addDelay(loopscope::Recording& recording, std::int64_t atNs, double delayMs, double utilization)
{
    addRecord(recording.mainLog(), atNs, { delayMs, -1, utilization, delayMs + ResolutionMs });
}

// An idle loop checked every 10.1 ms until `untilNs`, held once by a block of `blockMs` that ends at `blockEndNs`
// (none when blockMs is 0), with /health answered in 0.5 ms every 100 ms when `health` is set.
std::shared_ptr<loopscope::Recording> idleLoop(
    std::int64_t untilNs, std::int64_t blockEndNs = 0, double blockMs = 0, bool health = false)
{
    auto recording = std::make_shared<loopscope::Recording>();
    recording->logs.push_back(std::make_unique<loopscope::EventLog>());
    const auto idleStep = std::int64_t((ResolutionMs + IdleDelayMs) * Ms);
    const std::int64_t blockStart = blockEndNs - std::int64_t((blockMs + ResolutionMs) * Ms);
    bool blocked = false;
    for (std::int64_t t = idleStep; t <= untilNs; t += idleStep) {
        if (blockMs > 0 && !blocked && t + idleStep > blockStart) {
            addDelay(*recording, blockStart, IdleDelayMs, 0.02);
            addDelay(*recording, blockEndNs, blockMs, 1.0);
            blocked = true;
            t = blockEndNs;
            continue;
        }
        addDelay(*recording, t, IdleDelayMs, 0.02);
    }
    if (health) {
        for (std::int64_t t = 100 * Ms; t <= untilNs; t += 100 * Ms) {
            if (blockMs > 0 && t > blockStart && t < blockEndNs)
                continue;
            addRecord(*recording->logs[1], t, { -1, 0.5, -1, -1 });
        }
    }
    return recording;
}

double highest(const QLineSeries* series)
{
    double top = 0;
    for (const QPointF& point : series->points())
        top = std::max(top, point.y());
    return top;
}

// Saves a grab for people to look at when LOOPSCOPE_SCREENSHOTS names a directory.
void keep(const QImage& image, const QString& name)
{
    const QString dir = qEnvironmentVariable("LOOPSCOPE_SCREENSHOTS");
    if (!dir.isEmpty()) {
        QDir().mkpath(dir);
        image.save(dir + QLatin1Char('/') + name + QStringLiteral(".png"));
    }
}

// How many pixels of `image` differ from `background`.
int differingPixels(const QImage& image, const QColor& background)
{
    int count = 0;
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            if ((image.pixel(x, y) & 0xffffff) != (background.rgb() & 0xffffff))
                ++count;
        }
    }
    return count;
}

} // namespace

class TestLatency : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void delayStep_data();
    void delayStep();
    void merged_data();
    void merged();
    void outline_data();
    void outline();
    void delayWaiting_data();
    void delayWaiting();
    void healthWaiting_data();
    void healthWaiting();
    void axis_data();
    void axis();
    void percentile_data();
    void percentile();
    void blockIsAStepNotARamp();
    void stepsFollowPixelsNotSamples();
    void waitingMarkGrowsUntilFinished();
    void seriesStopAtTheLastSample();
    void scaleSetsTheAxis_data();
    void scaleSetsTheAxis();
    void scaleIsRemembered();
    void ghostKeptAcrossReset();
    void axesWriteNumbersAsTheLanguageDoes();
    void longRunKeepsAStepPerWindow();
    void historyMergesOldWindowsAndKeepsThem();
    void chartFollowsThePlayheadInALongReplay();
    void bandLabelsNeverOverlap();
    void statusReportsDelayBeyondResolution();
    void looksRight_data();
    void looksRight();
    void liveBlockIsSeenWhileItHappens();
};

void TestLatency::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // never the developer's own settings
    QCoreApplication::setOrganizationName(QStringLiteral("LoopScope"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_latency"));
}

void TestLatency::init()
{
    QSettings().clear();
}

void TestLatency::delayStep_data()
{
    QTest::addColumn<qint64>("atNs");
    QTest::addColumn<double>("delayMs");
    QTest::addColumn<double>("histogramMs");
    QTest::addColumn<bool>("some");
    QTest::addColumn<qint64>("startNs");
    QTest::newRow("idle") << qint64(1000 * Ms) << 0.1 << 10.1 << true << qint64(1000 * Ms - 10'100'000);
    QTest::newRow("a 300 ms block") << qint64(2000 * Ms) << 300.0 << 310.0 << true << qint64(1690 * Ms);
    QTest::newRow("longer than the run") << qint64(50 * Ms) << 300.0 << 310.0 << true << qint64(0);
    QTest::newRow("an old recording without histogram") << qint64(5 * Ms) << 2.0 << -1.0 << true << qint64(5 * Ms);
    QTest::newRow("no delay") << qint64(5 * Ms) << -1.0 << 10.0 << false << qint64(0);
    QTest::newRow("a claimed eternity") << qint64(5 * Ms) << 1e300 << 1e300 << true << qint64(0);
}

void TestLatency::delayStep()
{
    QFETCH(qint64, atNs);
    QFETCH(double, delayMs);
    QFETCH(double, histogramMs);
    QFETCH(bool, some);
    QFETCH(qint64, startNs);
    const auto step = LatencyMapping::delayStep(atNs, delayMs, histogramMs);
    QCOMPARE(step.has_value(), some);
    if (!some)
        return;
    QCOMPARE(qint64(step->startNs), startNs);
    QCOMPARE(qint64(step->endNs), atNs);
    QCOMPARE(step->value, delayMs);
}

void TestLatency::merged_data()
{
    using Steps = std::vector<LatencyStep>;
    QTest::addColumn<Steps>("steps");
    QTest::addColumn<qint64>("binNs");
    QTest::addColumn<bool>("mean");
    QTest::addColumn<Steps>("expected");
    QTest::newRow("short samples in one bin take their max")
        << Steps { { 0, 10, 1 }, { 10, 20, 3 }, { 20, 30, 2 } } << qint64(100) << false << Steps { { 0, 30, 3 } };
    QTest::newRow("or their time-weighted mean")
        << Steps { { 0, 10, 100 }, { 10, 40, 0 } } << qint64(100) << true << Steps { { 0, 40, 25 } };
    QTest::newRow("a new bin starts a new step") << Steps { { 90, 100, 1 }, { 100, 110, 2 } } << qint64(100) << false
                                                 << Steps { { 90, 100, 1 }, { 100, 110, 2 } };
    QTest::newRow("a sample across a bin edge joins the bin it ends in") << Steps { { 95, 105, 1 }, { 105, 115, 2 },
        { 115, 125, 3 } } << qint64(100) << false << Steps { { 95, 125, 3 } };
    QTest::newRow("a long step keeps its edges") << Steps { { 0, 10, 1 }, { 10, 320, 300 },
        { 320, 330, 1 } } << qint64(100) << false << Steps { { 0, 10, 1 }, { 10, 320, 300 }, { 320, 330, 1 } };
    QTest::newRow("no bin, nothing merged")
        << Steps { { 0, 10, 1 }, { 10, 20, 3 } } << qint64(0) << false << Steps { { 0, 10, 1 }, { 10, 20, 3 } };
}

void TestLatency::merged()
{
    using Steps = std::vector<LatencyStep>;
    QFETCH(Steps, steps);
    QFETCH(qint64, binNs);
    QFETCH(bool, mean);
    QFETCH(Steps, expected);
    const Steps result
        = LatencyMapping::merged(steps, binNs, mean ? LatencyMapping::Merge::Mean : LatencyMapping::Merge::Max);
    QCOMPARE(result.size(), expected.size());
    for (std::size_t i = 0; i < result.size(); ++i) {
        QCOMPARE(qint64(result[i].startNs), qint64(expected[i].startNs));
        QCOMPARE(qint64(result[i].endNs), qint64(expected[i].endNs));
        QCOMPARE(result[i].value, expected[i].value);
    }
}

void TestLatency::outline_data()
{
    using Steps = std::vector<LatencyStep>;
    QTest::addColumn<Steps>("steps");
    QTest::addColumn<double>("floor");
    QTest::addColumn<QList<QPointF>>("points");
    QTest::newRow("touching steps climb straight up and down")
        << Steps { { 1'000'000'000, 2'000'000'000, 1 }, { 2'000'000'000, 3'000'000'000, 300 } } << 0.0
        << QList<QPointF> { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 300 }, { 3, 300 }, { 3, 0 } };
    QTest::newRow("a gap goes down to the floor")
        << Steps { { 0, 1'000'000'000, 2 }, { 3'000'000'000, 4'000'000'000, 2 } } << 0.0
        << QList<QPointF> { { 0, 0 }, { 0, 2 }, { 1, 2 }, { 1, 0 }, { 3, 0 }, { 3, 2 }, { 4, 2 }, { 4, 0 } };
    QTest::newRow("the log axis floor holds up zeros")
        << Steps { { 0, 1'000'000'000, 0 } } << 0.01
        << QList<QPointF> { { 0, 0.01 }, { 0, 0.01 }, { 1, 0.01 }, { 1, 0.01 } };
    QTest::newRow("nothing") << Steps {} << 0.0 << QList<QPointF> {};
}

void TestLatency::outline()
{
    using Steps = std::vector<LatencyStep>;
    QFETCH(Steps, steps);
    QFETCH(double, floor);
    QFETCH(QList<QPointF>, points);
    QCOMPARE(LatencyMapping::outline(steps, floor, 1'000'000), points);
}

void TestLatency::delayWaiting_data()
{
    QTest::addColumn<qint64>("nowNs");
    QTest::addColumn<qint64>("checkNs");
    QTest::addColumn<int>("resolutionMs");
    QTest::addColumn<qint64>("waitingNs");
    const qint64 slack = LatencyMapping::WaitingSlackNs;
    QTest::newRow("on time") << qint64(1009 * Ms) << qint64(1000 * Ms) << 10 << qint64(-1);
    QTest::newRow("within the slack") << qint64(1010 * Ms + slack) << qint64(1000 * Ms) << 10 << qint64(-1);
    QTest::newRow("blocked for 734 ms") << qint64(1744 * Ms) << qint64(1000 * Ms) << 10 << qint64(734 * Ms);
    QTest::newRow("no check yet") << qint64(1744 * Ms) << qint64(-1) << 10 << qint64(-1);
    QTest::newRow("monitor off") << qint64(1744 * Ms) << qint64(1000 * Ms) << 0 << qint64(-1);
}

void TestLatency::delayWaiting()
{
    QFETCH(qint64, nowNs);
    QFETCH(qint64, checkNs);
    QFETCH(int, resolutionMs);
    QFETCH(qint64, waitingNs);
    QCOMPARE(qint64(LatencyMapping::delayWaitingNs(nowNs, checkNs, resolutionMs, LatencyMapping::WaitingSlackNs)),
        waitingNs);
}

void TestLatency::healthWaiting_data()
{
    QTest::addColumn<qint64>("nowNs");
    QTest::addColumn<qint64>("sentNs");
    QTest::addColumn<qint64>("waitingNs");
    QTest::newRow("answered soon") << qint64(1030 * Ms) << qint64(1000 * Ms) << qint64(-1);
    QTest::newRow("older than twice the interval") << qint64(1500 * Ms) << qint64(1000 * Ms) << qint64(500 * Ms);
    QTest::newRow("none in flight") << qint64(1500 * Ms) << qint64(-1) << qint64(-1);
}

void TestLatency::healthWaiting()
{
    QFETCH(qint64, nowNs);
    QFETCH(qint64, sentNs);
    QFETCH(qint64, waitingNs);
    QCOMPARE(qint64(LatencyMapping::healthWaitingNs(nowNs, sentNs, 20 * Ms)), waitingNs);
}

void TestLatency::axis_data()
{
    QTest::addColumn<int>("scale");
    QTest::addColumn<double>("peakMs");
    QTest::addColumn<double>("fixedTopMs");
    QTest::addColumn<LatencyAxis>("expected");
    QTest::newRow("auto, idle") << int(LatencyScale::Auto) << 0.1 << 100.0 << LatencyAxis { 0, 5, false };
    QTest::newRow("auto, a 300 ms block") << int(LatencyScale::Auto) << 300.0 << 100.0 << LatencyAxis { 0, 500, false };
    QTest::newRow("auto, 1500 ms") << int(LatencyScale::Auto) << 1500.0 << 100.0 << LatencyAxis { 0, 2000, false };
    QTest::newRow("fixed cuts a taller peak")
        << int(LatencyScale::Fixed) << 1500.0 << 250.0 << LatencyAxis { 0, 250, false };
    QTest::newRow("fixed above a small peak")
        << int(LatencyScale::Fixed) << 0.1 << 250.0 << LatencyAxis { 0, 250, false };
    QTest::newRow("log, idle") << int(LatencyScale::Log) << 0.1 << 100.0 << LatencyAxis { 0.01, 10, true };
    QTest::newRow("log, 1500 ms") << int(LatencyScale::Log) << 1500.0 << 100.0 << LatencyAxis { 0.01, 10000, true };
}

void TestLatency::axis()
{
    QFETCH(int, scale);
    QFETCH(double, peakMs);
    QFETCH(double, fixedTopMs);
    QFETCH(LatencyAxis, expected);
    const LatencyAxis axis = LatencyMapping::axis(LatencyScale(scale), peakMs, fixedTopMs);
    QCOMPARE(axis.log, expected.log);
    QCOMPARE(axis.min, expected.min);
    QCOMPARE(axis.max, expected.max);
    // Failed probes sit near the top on either kind of axis, never above it.
    const double marker = LatencyMapping::valueAt(axis, 0.95);
    QVERIFY(marker < axis.max);
    QVERIFY(marker > LatencyMapping::valueAt(axis, 0.5));
}

void TestLatency::percentile_data()
{
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<double>("q");
    QTest::addColumn<double>("expected");
    QTest::newRow("median of idle") << QList<double> { 0.1, 0.2, 0.1, 0.3, 0.1 } << 0.5 << 0.1;
    QTest::newRow("p99 finds the block") << QList<double> { 0.1, 0.1, 0.1, 300 } << 0.99 << 300.0;
    QTest::newRow("empty") << QList<double> {} << 0.5 << -1.0;
}

void TestLatency::percentile()
{
    QFETCH(QList<double>, values);
    QFETCH(double, q);
    QFETCH(double, expected);
    QCOMPARE(LatencyMapping::percentile(std::vector<double>(values.begin(), values.end()), q), expected);
}

// A 300 ms block is a step 300 high over the 310 ms its sample measured, with upright edges: not a ramp.
void TestLatency::blockIsAStepNotARamp()
{
    constexpr std::int64_t BlockEndNs = 2000 * Ms;
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    feed.setRecording(idleLoop(4000 * Ms, BlockEndNs, 300));
    feed.poll();
    chart.refresh();

    const QList<QPointF> points = chart.delaySeries()->points();
    QList<int> peak;
    for (int i = 0; i < points.size(); ++i) {
        if (points[i].y() == 300)
            peak.append(i);
    }
    QCOMPARE(peak.size(), 2);
    QCOMPARE(points[peak[0]].x(), 1.69);
    QCOMPARE(points[peak[1]].x(), 2.0);
    // Straight up from the idle level and straight down again.
    QCOMPARE(points[peak[0] - 1].x(), points[peak[0]].x());
    QVERIFY(points[peak[0] - 1].y() < 1);
    QCOMPARE(points[peak[1] + 1].x(), points[peak[1]].x());
    QVERIFY(points[peak[1] + 1].y() < 1);
    // The idle loop reads its delay beyond the resolution, not the resolution itself.
    QVERIFY(points.first().y() < 1 && points.last().y() < 1);
    QCOMPARE(chart.worstDelayMs(), 300.0);
    QCOMPARE(chart.delaySeries()->name(), QStringLiteral("loop delay beyond 10 ms"));
    // Utilisation follows the same interval: busy all through the block.
    bool busyThroughTheBlock = false;
    for (const QPointF& point : chart.utilisationSeries()->points())
        busyThroughTheBlock = busyThroughTheBlock || (point.x() == 1.69 && point.y() == 100);
    QVERIFY(busyThroughTheBlock);
}

// Thirty seconds of an idle loop are 3000 samples; the plot gets about one step per two pixels of its width.
void TestLatency::stepsFollowPixelsNotSamples()
{
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    feed.setRecording(idleLoop(30000 * Ms, 15000 * Ms, 300));
    feed.poll();
    chart.grab(); // lays the chart out
    chart.refresh();
    const double wide = chart.chart()->plotArea().width();
    const qsizetype wideCount = chart.delaySeries()->count();
    // Axis labels that change with the data may move the plot's edge by a few pixels.
    QVERIFY2(wideCount <= qsizetype(wide * 1.1), qPrintable(QString::number(wideCount)));
    QVERIFY(wideCount > qsizetype(wide / 4));
    QCOMPARE(highest(chart.delaySeries()), 300.0);

    // A narrower dock merges anew on the next tick, without new samples.
    chart.resize(500, 260);
    chart.grab();
    QVERIFY(chart.chart()->plotArea().width() < wide);
    QTRY_VERIFY((feed.poll(), chart.delaySeries()->count() < wideCount * 3 / 4));
    QCOMPARE(highest(chart.delaySeries()), 300.0);
}

void TestLatency::waitingMarkGrowsUntilFinished()
{
    loopscope::LiveState live;
    live.delayResolutionMs = ResolutionMs;
    live.delayCheckNs = 1000 * Ms;
    live.healthSentNs = 995 * Ms;
    std::int64_t now = 1005 * Ms;
    bool finished = false;
    LiveFeed feed;
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    chart.setLiveClock([&] { return LatencyChart::LiveClock { &live, now, finished }; });
    QCOMPARE(chart.delayWaitingNs(), -1);
    QCOMPARE(chart.delayWaitingSeries()->count(), 0);
    QCOMPARE(chart.healthWaitingSeries()->count(), 0);

    // The check due at 1010 ms has not run by 1744 ms: 734 ms of waiting, drawn from the last check to now.
    now = 1744 * Ms;
    chart.refresh();
    QCOMPARE(chart.delayWaitingNs(), 734 * Ms);
    QCOMPARE(highest(chart.delayWaitingSeries()), 734.0);
    QCOMPARE(chart.delayWaitingSeries()->at(1).x(), 1.0);
    QCOMPARE(chart.delayWaitingSeries()->at(2).x(), 1.744);
    QVERIFY(chart.waitingLabels().contains(QStringLiteral("probe waiting 734 ms")));
    QCOMPARE(chart.healthWaitingNs(), 749 * Ms);
    QVERIFY(chart.msRange().max >= 749);

    // It grows with the clock.
    now = 2244 * Ms;
    chart.refresh();
    QCOMPARE(highest(chart.delayWaitingSeries()), 1234.0);
    QVERIFY(chart.msRange().max >= 1249);

    // A run that has finished waits for nothing.
    finished = true;
    chart.refresh();
    QCOMPARE(chart.delayWaitingNs(), -1);
    QCOMPARE(chart.healthWaitingNs(), -1);
    QCOMPARE(chart.delayWaitingSeries()->count(), 0);
    QCOMPARE(chart.healthWaitingSeries()->count(), 0);
    QVERIFY(chart.waitingLabels().isEmpty());
}

void TestLatency::seriesStopAtTheLastSample()
{
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    feed.setRecording(idleLoop(3000 * Ms, 2000 * Ms, 1500, true));
    feed.poll();
    loopscope::LiveState live;
    live.delayResolutionMs = ResolutionMs;
    live.delayCheckNs = feed.lastEndNs();
    live.healthSentNs = 2900 * Ms; // the request in flight when the run ended
    chart.setLiveClock([&] { return LatencyChart::LiveClock { &live, 9000 * Ms, true }; });

    QVERIFY(chart.healthSeries()->count() > 0);
    for (const QLineSeries* series : { chart.delaySeries(), chart.healthSeries() }) {
        QVERIFY(series->points().last().x() <= 3.0);
        QCOMPARE(series->points().last().y(), 0.0);
    }
    QCOMPARE(chart.healthWaitingSeries()->count(), 0);
}

void TestLatency::scaleSetsTheAxis_data()
{
    QTest::addColumn<int>("scale");
    QTest::addColumn<bool>("log");
    QTest::addColumn<double>("min");
    QTest::addColumn<double>("max");
    QTest::newRow("auto") << int(LatencyScale::Auto) << false << 0.0 << 500.0;
    QTest::newRow("fixed") << int(LatencyScale::Fixed) << false << 0.0 << 250.0;
    QTest::newRow("log") << int(LatencyScale::Log) << true << 0.01 << 1000.0;
}

void TestLatency::scaleSetsTheAxis()
{
    QFETCH(int, scale);
    QFETCH(bool, log);
    QFETCH(double, min);
    QFETCH(double, max);
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    feed.setRecording(idleLoop(4000 * Ms, 2000 * Ms, 300, true));
    feed.poll();
    chart.setFixedTopMs(250);
    chart.setScale(LatencyScale(scale));

    QAbstractAxis* axis = chart.msAxis();
    QVERIFY(chart.chart()->axes(Qt::Vertical).contains(axis));
    for (QXYSeries* series : std::initializer_list<QXYSeries*> {
             chart.delaySeries(), chart.healthSeries(), chart.healthFailureSeries(), chart.delayWaitingSeries() })
        QVERIFY(series->attachedAxes().contains(axis));
    if (log) {
        auto* logAxis = qobject_cast<QLogValueAxis*>(axis);
        QVERIFY(logAxis);
        QCOMPARE(logAxis->min(), min);
        QCOMPARE(logAxis->max(), max);
        // Nothing sits below the axis, where a log scale could not draw it.
        for (const QPointF& point : chart.delaySeries()->points())
            QVERIFY(point.y() >= min);
    } else {
        auto* valueAxis = qobject_cast<QValueAxis*>(axis);
        QVERIFY(valueAxis);
        QCOMPARE(valueAxis->min(), min);
        QCOMPARE(valueAxis->max(), max);
    }
    // The other vertical axis on the left is gone: one millisecond axis at a time.
    int left = 0;
    for (QAbstractAxis* each : chart.chart()->axes(Qt::Vertical))
        left += each->alignment() == Qt::AlignLeft ? 1 : 0;
    QCOMPARE(left, 1);
}

void TestLatency::scaleIsRemembered()
{
    {
        LiveFeed feed;
        LatencyChart chart(&feed);
        QCOMPARE(chart.scale(), LatencyScale::Auto);
        auto* box = chart.findChild<QComboBox*>(QStringLiteral("latencyScale"));
        QVERIFY(box);
        QVERIFY(!box->toolTip().isEmpty());
        box->setCurrentIndex(box->findData(int(LatencyScale::Fixed)));
        emit box->activated(box->currentIndex());
        QCOMPARE(chart.scale(), LatencyScale::Fixed);
        chart.setFixedTopMs(2000);
        chart.setKeepGhost(false);
    }
    LiveFeed feed;
    LatencyChart chart(&feed);
    QCOMPARE(chart.scale(), LatencyScale::Fixed);
    QCOMPARE(chart.fixedTopMs(), 2000.0);
    QVERIFY(!chart.keepsGhost());
    QCOMPARE(chart.msRange().max, 2000.0);
}

// The axes' labels are numbers of the window's language: 0,2 s in Spanish, not 0.2 s.
void TestLatency::axesWriteNumbersAsTheLanguageDoes()
{
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Spanish, QLocale::Spain));
    LiveFeed feed;
    LatencyChart chart(&feed);
    QVERIFY(chart.chart()->localizeNumbers());
    QCOMPARE(chart.chart()->locale(), QLocale(QLocale::Spanish, QLocale::Spain));
    QLocale::setDefault(before);
}

void TestLatency::ghostKeptAcrossReset()
{
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    // No ghost unless asked: an earlier run's line would set the scale and pass for this run's (issue 34).
    QVERIFY(!chart.keepsGhost());
    chart.setKeepGhost(true);
    feed.setRecording(idleLoop(4000 * Ms, 2000 * Ms, 300));
    feed.poll();
    chart.refresh();
    QVERIFY(!chart.ghostSeries()->isVisible());

    // A detach between two runs has nothing to keep; the run before it stays the ghost.
    feed.setRecording(nullptr);
    feed.setRecording(idleLoop(4000 * Ms));
    feed.poll();
    chart.refresh();
    QVERIFY(chart.ghostSeries()->isVisible());
    QCOMPARE(highest(chart.ghostSeries()), 300.0);
    QVERIFY(highest(chart.delaySeries()) < 1);
    // Aligned to the run's start: the ghost's block is where it was in its own run.
    bool at = false;
    for (const QPointF& point : chart.ghostSeries()->points())
        at = at || (point.y() == 300 && point.x() == 2.0);
    QVERIFY(at);

    chart.setKeepGhost(false);
    QVERIFY(!chart.ghostSeries()->isVisible());
    QCOMPARE(chart.ghostSeries()->count(), 0);
}

// Two minutes of samples: the windows out of view keep a step each for the ghost, nothing more.
void TestLatency::longRunKeepsAStepPerWindow()
{
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    chart.setKeepGhost(true);
    feed.setRecording(idleLoop(120'000 * Ms, 10'000 * Ms, 300));
    feed.poll();
    chart.refresh();
    QVERIFY2(chart.bucketCount() <= std::size_t(LatencyChart::VisibleNs / LatencyChart::WindowNs) + 2,
        qPrintable(QString::number(chart.bucketCount())));

    // The block ten seconds in, long out of view, is still the ghost's when a short run follows.
    feed.setRecording(idleLoop(12'000 * Ms));
    feed.poll();
    chart.refresh();
    QCOMPARE(highest(chart.ghostSeries()), 300.0);
}

// Windows merged to a step each still show where they were, cut to the stretch asked for; a sample that
// comes late to a merged window joins it in order.
void TestLatency::historyMergesOldWindowsAndKeepsThem()
{
    using Series = LatencyHistory::Series;
    LatencyHistory history;
    for (std::int64_t t = 10 * Ms; t <= 1000 * Ms; t += 10 * Ms)
        history.add(Series::Delay, t, { t - 10 * Ms, t, t == 500 * Ms ? 40.0 : 0.1 });
    history.add(Series::Utilisation, 500 * Ms, { 490 * Ms, 500 * Ms, 100 });
    history.addFailure(700 * Ms);
    QCOMPARE(history.recentWindows(), std::size_t(11));

    history.compactBefore(800 * Ms);
    QCOMPARE(history.recentWindows(), std::size_t(3));
    const LatencyHistory::Samples all = history.between(0, 1000 * Ms);
    // Eight windows merged to a step or two each (a bin ends where a window begins), then the recent ones
    // as they came; the block's 40 ms is the largest of its window.
    QVERIFY2(
        all.delays.size() >= 8 + 21 && all.delays.size() <= 2 * 8 + 21, qPrintable(QString::number(all.delays.size())));
    const auto largest = [](const std::vector<LatencyStep>& steps) {
        return std::max_element(steps.begin(), steps.end(), [](const LatencyStep& a, const LatencyStep& b) {
            return a.value < b.value;
        })->value;
    };
    QCOMPARE(largest(all.delays), 40.0);
    QVERIFY(std::is_sorted(all.delays.begin(), all.delays.end(),
        [](const LatencyStep& a, const LatencyStep& b) { return a.endNs < b.endNs; }));
    QCOMPARE(all.utilisation.size(), std::size_t(1));
    QCOMPARE(all.failures, std::vector<std::int64_t> { 700 * Ms });

    // A stretch of the merged past, cut at its edges.
    const LatencyHistory::Samples middle = history.between(450 * Ms, 550 * Ms);
    QCOMPARE(middle.delays.front().startNs, 450 * Ms);
    QCOMPARE(middle.delays.back().endNs, 550 * Ms);
    QCOMPARE(largest(middle.delays), 40.0);
    QVERIFY(history.between(1200 * Ms, 1300 * Ms).delays.empty());

    // Late to a merged window: merged at the next call, in its place.
    history.add(Series::Delay, 205 * Ms, { 200 * Ms, 205 * Ms, 7 });
    history.compactBefore(800 * Ms);
    const LatencyHistory::Samples late = history.between(0, 1000 * Ms);
    QVERIFY(std::is_sorted(late.delays.begin(), late.delays.end(),
        [](const LatencyStep& a, const LatencyStep& b) { return a.endNs < b.endNs; }));
    QVERIFY(
        std::any_of(late.delays.begin(), late.delays.end(), [](const LatencyStep& step) { return step.value == 7; }));
    // The ghost of the run: a step per window, the block's included.
    const std::vector<LatencyStep> ghost = history.delaysPerWindow();
    QVERIFY2(ghost.size() >= 10 && ghost.size() <= 11, qPrintable(QString::number(ghost.size())));
    QCOMPARE(largest(ghost), 40.0);
}

// A replay of a run longer than the chart's half minute: the chart shows the stretch around the playhead
// wherever it is taken, with what happened there, and back again.
void TestLatency::chartFollowsThePlayheadInALongReplay()
{
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    feed.setRecording(idleLoop(90'000 * Ms, 10'000 * Ms, 300));
    feed.poll();
    chart.grab();
    chart.refresh();
    using Range = std::pair<std::int64_t, std::int64_t>;
    const std::int64_t end = chart.shownRange().second;
    QVERIFY(end >= 89'000 * Ms);
    QCOMPARE(chart.shownRange().first, end - LatencyChart::VisibleNs);
    QVERIFY(highest(chart.delaySeries()) < 1);

    // Back to the block, ten seconds in: the chart's first half minute, with the block on it.
    feed.setPlayhead(9'800 * Ms);
    QTRY_COMPARE((feed.poll(), chart.shownRange()), Range(0, LatencyChart::VisibleNs));
    QCOMPARE(highest(chart.delaySeries()), 300.0);
    QCOMPARE(chart.chart()->axes(Qt::Horizontal).first()->property("min").toDouble(), 0.0);

    // The middle of the run: the playhead in the middle of the chart.
    feed.setPlayhead(45'000 * Ms);
    QTRY_COMPARE((feed.poll(), chart.shownRange()), Range(30'000 * Ms, 60'000 * Ms));
    QVERIFY(highest(chart.delaySeries()) < 1);
    QVERIFY(chart.delaySeries()->count() > 10);

    // And back: the block was not lost when its windows were merged.
    feed.setPlayhead(12'000 * Ms);
    QTRY_COMPARE((feed.poll(), chart.shownRange()), Range(0, LatencyChart::VisibleNs));
    QCOMPARE(highest(chart.delaySeries()), 300.0);

    // No playhead: the end of the run again.
    feed.setPlayhead(std::nullopt);
    chart.refresh();
    QCOMPARE(chart.shownRange().second, end);
}

// Many long callbacks close together (compute-immediate's steps): their labels take a few lines, and one
// that would cover another is left out, never drawn over it.
void TestLatency::bandLabelsNeverOverlap()
{
    auto recording = idleLoop(10'000 * Ms);
    loopscope::EventLog& log = recording->mainLog();
    for (int step = 0; step < 60; ++step) {
        loopscope::Record* r = log.slot();
        *r = loopscope::Record();
        r->type = loopscope::RecordType::Callback;
        r->sub = std::uint8_t(loopscope::CallbackKind::Immediate);
        r->label = recording->strings.intern(step % 2 ? "computeStep" : "setImmediate step");
        r->startNs = 1'000 * Ms + step * 60 * Ms;
        r->span = { 30 * Ms, 30 * Ms, 30 * Ms, 1, std::uint32_t(step) };
        log.commit();
    }
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.resize(1000, 260);
    feed.setRecording(recording);
    feed.poll();
    chart.refresh();
    chart.grab();
    QVERIFY(chart.bands().size() >= 30);
    const std::vector<QRectF>& boxes = chart.bandLabelBoxes();
    QVERIFY(boxes.size() >= 3);
    for (std::size_t a = 0; a < boxes.size(); ++a) {
        for (std::size_t b = a + 1; b < boxes.size(); ++b)
            QVERIFY2(!boxes[a].intersects(boxes[b]), qPrintable(QStringLiteral("labels %1 and %2").arg(a).arg(b)));
    }
}

void TestLatency::statusReportsDelayBeyondResolution()
{
    LiveFeed feed;
    feed.setInterval(1000000);
    StatusModel status(&feed);
    QAbstractItemModelTester tester(&status, QAbstractItemModelTester::FailureReportingMode::QtTest);
    feed.setRecording(std::make_shared<loopscope::Recording>());
    QCOMPARE(status.index(StatusModel::LoopDelayRow, StatusModel::ValueColumn).data().toString(),
        QStringLiteral("no samples"));

    feed.setRecording(idleLoop(4000 * Ms, 0, 0, true));
    feed.poll();
    QCOMPARE(status.delayResolutionMs(), ResolutionMs);
    QCOMPARE(status.loopDelayPercentileMs(0.5), IdleDelayMs);
    QCOMPARE(status.index(StatusModel::LoopDelayRow, StatusModel::NameColumn).data().toString(),
        QStringLiteral("Loop delay"));
    QCOMPARE(status.index(StatusModel::LoopDelayRow, StatusModel::ValueColumn).data().toString(),
        QStringLiteral("p50 0.10 · p99 0.10 · max 0.10 ms beyond 10 ms"));
    QCOMPARE(
        status.index(StatusModel::UtilisationRow, StatusModel::ValueColumn).data().toString(), QStringLiteral("2 %"));
    QCOMPARE(
        status.index(StatusModel::HealthRow, StatusModel::ValueColumn).data().toString(), QStringLiteral("0.50 ms"));
    QVERIFY(!status.index(StatusModel::LoopDelayRow, StatusModel::NameColumn).data(Qt::ToolTipRole).isNull());

    // A block in the last five seconds is the max; in the last second, utilisation is all busy.
    feed.setRecording(idleLoop(2000 * Ms, 2000 * Ms, 1500));
    feed.poll();
    QCOMPARE(status.loopDelayMaxMs(), 1500.0);
    QCOMPARE(status.loopDelayPercentileMs(0.5), IdleDelayMs);
    QCOMPARE(
        status.index(StatusModel::UtilisationRow, StatusModel::ValueColumn).data().toString(), QStringLiteral("100 %"));
}

void TestLatency::looksRight_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("scale");
    QTest::newRow("light, small dock") << false << QSize(1000, 260) << int(LatencyScale::Auto);
    QTest::newRow("dark, small dock") << true << QSize(1000, 260) << int(LatencyScale::Auto);
    QTest::newRow("light, wide dock, log") << false << QSize(1900, 400) << int(LatencyScale::Log);
    QTest::newRow("dark, narrow, fixed") << true << QSize(800, 240) << int(LatencyScale::Fixed);
}

// The chart draws its steps, the ghost and a growing wait in both themes, with its controls inside.
void TestLatency::looksRight()
{
    QFETCH(bool, dark);
    QFETCH(QSize, size);
    QFETCH(int, scale);
    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    chart.setPalette(Theme::palette(dark ? Theme::Mode::Dark : Theme::Mode::Light));
    chart.resize(size);
    chart.setScale(LatencyScale(scale));
    chart.setFixedTopMs(200); // the fixed scale cuts the 300 ms block and says so
    feed.setRecording(idleLoop(6000 * Ms, 2500 * Ms, 900, true));
    feed.poll();
    feed.setRecording(idleLoop(5000 * Ms, 3000 * Ms, 300, true));
    feed.poll();
    loopscope::LiveState live;
    live.delayResolutionMs = ResolutionMs;
    live.delayCheckNs = 5000 * Ms;
    live.healthSentNs = 5000 * Ms;
    chart.setLiveClock([&] { return LatencyChart::LiveClock { &live, 5734 * Ms, false }; });

    const QImage image = chart.grab().toImage();
    keep(image,
        QStringLiteral("latency-%1-%2x%3-%4")
            .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"))
            .arg(size.width())
            .arg(size.height())
            .arg(scale));
    QVERIFY(differingPixels(image, chart.palette().color(QPalette::Base)) > 1000);
    auto* controls = chart.findChild<QWidget*>(QStringLiteral("latencyControls"));
    QVERIFY(controls);
    QVERIFY(chart.rect().contains(controls->geometry()));
    QVERIFY(controls->geometry().bottom() < chart.chart()->plotArea().top());
}

// A real loop blocked for 600 ms: the chart shows the wait growing during the block, then the step it became.
void TestLatency::liveBlockIsSeenWhileItHappens()
{
    auto parsed = loopscope::parseProgram(R"({
        "format": "loopscope-program", "version": 1, "name": "latency-test",
        "probes": { "health": 20, "delay": 10 },
        "main": [ { "op": "setTimeout", "ms": 150, "do": [
            { "op": "block", "ms": 600 },
            { "op": "setTimeout", "ms": 200, "do": [ { "op": "log", "text": "after" } ] }
        ] } ]
    })",
        "latency-test.json");
    QVERIFY(std::holds_alternative<loopscope::Program>(parsed));
    loopscope::Session session(std::get<loopscope::Program>(std::move(parsed)));
    LiveFeed feed;
    feed.setInterval(1000000); // the test drives the ticks
    LatencyChart chart(&feed);
    StatusModel status(&feed);
    chart.resize(1000, 260);
    feed.setLoop(&session);
    session.start();

    QTRY_VERIFY_WITH_TIMEOUT((feed.poll(), chart.refresh(), chart.delayWaitingNs() > 300 * Ms), 10000);
    QVERIFY(chart.waitingLabels().first().startsWith(QStringLiteral("probe waiting")));
    QVERIFY(highest(chart.delayWaitingSeries()) > 300);
    QVERIFY(status.index(StatusModel::LoopDelayRow, StatusModel::ValueColumn)
                .data()
                .toString()
                .startsWith(QStringLiteral("probe waiting")));
    QVERIFY(status.utilisation() > 0.5);
    keep(chart.grab().toImage(), QStringLiteral("latency-live-blocked"));

    QVERIFY(session.waitFinished(20000));
    feed.poll();
    chart.refresh();
    QCOMPARE(chart.delayWaitingNs(), -1);
    QCOMPARE(chart.healthWaitingSeries()->count(), 0);
    // The wait became a step as tall as the block, give or take the monitor's timing.
    QVERIFY2(
        chart.worstDelayMs() > 550 && chart.worstDelayMs() < 2000, qPrintable(QString::number(chart.worstDelayMs())));
    QVERIFY(highest(chart.healthSeries()) > 400);
    keep(chart.grab().toImage(), QStringLiteral("latency-live-after"));
    session.stop();
    VERIFY_SESSION_CLOSED(session);
}

QTEST_MAIN(TestLatency)
#include "tst_latency.moc"
