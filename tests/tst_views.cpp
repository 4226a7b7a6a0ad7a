#include "loop/loopcontrol.h"
#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/phasegeometry.h"
#include "models/poolmodel.h"
#include "models/statusmodel.h"
#include "sessionend.h"
#include "widgets/chart/latencychart.h"
#include "widgets/lanes/poollanesview.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/progresstask.h"

#include "program/program.h"
#include "recording/recording.h"
#include "session/session.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QImage>
#include <QLineSeries>
#include <QProgressDialog>
#include <QScatterSeries>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <limits>
#include <memory>
#include <thread>

Q_DECLARE_METATYPE(loopscope::Record)

using loopscope::Phase;

namespace {

// Six pbkdf2 calls (two waves on a pool of four), a timer chain, one slow timer, and both probes.
const char* const TestProgram = R"({
    "format": "loopscope-program", "version": 1, "name": "views-test",
    "probes": { "health": 20, "delay": 10 },
    "main": [
        { "op": "repeat", "times": 6, "do": [
            { "op": "pbkdf2", "iterations": 200000, "do": [ { "op": "log", "text": "hashed" } ] }
        ] },
        { "op": "chain", "via": "setTimeout", "ms": 5, "times": 30, "do": [ { "op": "log", "text": "tick" } ] },
        { "op": "setTimeout", "ms": 60, "label": "slow timer", "do": [ { "op": "block", "ms": 60 } ] }
    ]
})";

loopscope::Program parse(const char* json)
{
    auto parsed = loopscope::parseProgram(json, "views-test.json");
    if (auto* error = std::get_if<loopscope::ProgramError>(&parsed))
        qFatal("bad test program: %s", error->toString().c_str());
    return std::get<loopscope::Program>(std::move(parsed));
}

// How many pixels of `image` differ from the colour of its top-left corner.
int differingPixels(const QImage& image, const QColor& background)
{
    int count = 0;
    const QRgb bg = background.rgb();
    for (int y = 0; y < image.height(); y += 2) {
        for (int x = 0; x < image.width(); x += 2) {
            if ((image.pixel(x, y) & 0xffffff) != (bg & 0xffffff))
                ++count;
        }
    }
    return count;
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

// One record that claims far more time than a recording of its size could hold.
loopscope::Record claimingRecord(loopscope::RecordType type, std::uint8_t sub, std::int64_t startNs, std::int64_t durNs)
{
    loopscope::Record r;
    r.type = type;
    r.sub = sub;
    r.thread = type == loopscope::RecordType::Pool ? 1 : loopscope::MainThread;
    r.startNs = startNs;
    if (type == loopscope::RecordType::Latency) {
        r.latency = { 1.0, -1, -1, 11.0 };
    } else {
        r.span.durNs = durNs;
        r.span.busyNs = durNs;
        r.span.count = 1;
        r.span.iteration = 1;
    }
    return r;
}

// The rows of the index that `timeline` draws a lane for, top to bottom.
QList<int> shownRows(const TimelineView& timeline)
{
    QList<int> rows;
    const int height = std::max(timeline.height(), timeline.sizeHint().height());
    for (int y = 0; y < height; ++y) {
        const int row = timeline.rowAtY(y);
        if (row >= 0 && !rows.contains(row))
            rows.append(row);
    }
    return rows;
}

PoolModel::Item item(std::uint64_t id, const char* label, std::int64_t queuedAt, std::int64_t startedAt, int worker)
{
    PoolModel::Item i;
    i.id = id;
    i.label = QString::fromLatin1(label);
    i.queuedAtNs = queuedAt;
    i.startedAtNs = startedAt;
    i.worker = worker;
    return i;
}

} // namespace

class TestViews : public QObject
{
    Q_OBJECT

private slots:
    void poolModelFollowsItems();
    void liveRun();
    void timelineNavigation();
    void timelineShowsRowsAsTheyFill();
    void feedHandsOutTheOrigin();
    void claimedTimeCostsNothing_data();
    void claimedTimeCostsNothing();
    void failedProbesAreMarkedNotDrawn();
    void spanEndSaturates_data();
    void spanEndSaturates();
    void progressTaskRunsOffTheGuiThread();
    void progressTaskCancels();
    void wheelWhileBlocked_data();
    void wheelWhileBlocked();
    void wheelCountsAgreeWithThePanels();
    void wheelAtSpeed_data();
    void wheelAtSpeed();
    void wheelInSlowMotion();
};

void TestViews::poolModelFollowsItems()
{
    PoolModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

    model.update({ item(1, "pbkdf2", 0, 10, 1), item(2, "pbkdf2", 0, -1, 0), item(3, "fs.open", 5, -1, 0) }, 100);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(model.runningCount(), 1);
    QCOMPARE(model.waitingCount(), 2);
    QCOMPARE(model.index(0, PoolModel::WorkerColumn).data().toString(), QStringLiteral("worker 1"));
    QCOMPARE(model.index(1, PoolModel::StateColumn).data().toString(), QStringLiteral("waiting"));
    QCOMPARE(model.index(2, 0).data(PoolModel::LabelRole).toString(), QStringLiteral("fs.open"));
    QCOMPARE(model.index(0, 0).data(PoolModel::ElapsedNsRole).toLongLong(), 90);
    QCOMPARE(model.index(2, 0).data(PoolModel::ElapsedNsRole).toLongLong(), 95);

    // The first finishes, the second starts on worker 1, a fourth arrives.
    model.update(
        { item(2, "pbkdf2", 0, 120, 1), item(3, "fs.open", 5, -1, 0), item(4, "getaddrinfo", 130, -1, 0) }, 150);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(model.index(0, 0).data(PoolModel::IdRole).toULongLong(), 2ull);
    QVERIFY(model.index(0, 0).data(PoolModel::RunningRole).toBool());
    QCOMPARE(model.index(0, 0).data(PoolModel::WorkerRole).toInt(), 1);
    QCOMPARE(model.index(2, PoolModel::OperationColumn).data().toString(), QStringLiteral("getaddrinfo"));

    // Items leave from the middle and the ends at once.
    model.update({ item(3, "fs.open", 5, 160, 2) }, 170);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.itemsSeen(), 4);
    QCOMPARE(model.maxRunning(), 1);
    model.update({}, 180);
    QCOMPARE(model.rowCount(), 0);
}

void TestViews::liveRun()
{
    loopscope::Session session(parse(TestProgram));
    LiveFeed feed;
    feed.setInterval(1000000); // the test drives the ticks itself
    TimelineView timeline(&feed);
    PoolLanesView lanes(&feed);
    LatencyChart chart(&feed);
    QAbstractItemModelTester tester(lanes.model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    feed.setLoop(&session);
    // The views know how many pool lanes they need once the session is set.
    timeline.resize(1200, timeline.sizeHint().height());
    lanes.resize(640, lanes.sizeHint().height());
    chart.resize(900, 360);
    session.start();
    const int poolSize = session.recording().info.threadpoolSize;
    QVERIFY(poolSize >= 1);
    QCOMPARE(lanes.poolSize(), poolSize);

    // Poll faster than any pbkdf2 call lasts, so that the model sees every item in flight.
    QImage midRun;
    QElapsedTimer clock;
    clock.start();
    while (!session.finished() && clock.elapsed() < 30000) {
        feed.poll();
        if (midRun.isNull() && lanes.model()->runningCount() == std::min(6, poolSize)
            && lanes.model()->waitingCount() > 0)
            midRun = lanes.grab().toImage();
        QTest::qWait(4);
    }
    QTRY_VERIFY_WITH_TIMEOUT((feed.poll(), session.finished()), 30000);
    feed.poll();
    chart.refresh();

    // Pool lanes: exactly the six calls, never more running than there are threads, one item per thread at a time.
    QCOMPARE(lanes.completedCount(QStringLiteral("pbkdf2")), 6);
    QCOMPARE(lanes.completedTotal(), 6);
    QCOMPARE(lanes.maxConcurrent(), std::min(6, poolSize));
    QVERIFY(!lanes.lanesOverlap());
    QVERIFY(lanes.model()->maxRunning() <= poolSize);
    QCOMPARE(lanes.model()->rowCount(), 0);

    // Timeline: every pool record on a lane, the phases, the timer chain, the main module.
    const TimelineIndex& index = timeline.index();
    std::size_t poolSpans = 0;
    int poolRows = 0;
    for (const TimelineIndex::Row& row : index.rows()) {
        if (row.kind == TimelineIndex::RowKind::Pool) {
            ++poolRows;
            poolSpans += row.spans.size();
        }
    }
    QCOMPARE(poolRows, poolSize);
    QCOMPARE(poolSpans, std::size_t(6));
    const int phases = index.rowOf(TimelineIndex::RowKind::Phases, loopscope::MainThread, -1);
    QVERIFY(index.rows()[std::size_t(phases)].spans.size() >= 7);
    const int timers
        = index.rowOf(TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Timer));
    QVERIFY(index.rows()[std::size_t(timers)].spans.size() >= 30);
    const int main
        = index.rowOf(TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Main));
    QCOMPARE(index.rows()[std::size_t(main)].spans.size(), std::size_t(1));

    // Clicking a pool item tells what it was and how long it waited.
    QSignalSpy selected(&timeline, &TimelineView::itemSelected);
    const int lane1 = index.rowOf(TimelineIndex::RowKind::Pool, 1, -1);
    const TimelineSpan first = index.rows()[std::size_t(lane1)].spans.front();
    timeline.setWindow({ 0, index.lastEndNs() + 10'000'000 });
    const QString details = timeline.selectAt(lane1, (first.startNs + first.endNs) / 2);
    QCOMPARE(selected.count(), 1);
    QVERIFY2(details.contains(QStringLiteral("pbkdf2 on pool worker 1")), qPrintable(details));
    QVERIFY2(details.contains(QStringLiteral("Waited")), qPrintable(details));
    // And a phase says which iteration it belonged to.
    const TimelineSpan phase = index.rows()[std::size_t(phases)].spans.back();
    QVERIFY(timeline.selectAt(phases, phase.startNs).contains(QStringLiteral("Iteration")));

    // The latency chart: delay samples, /health answers, utilisation, and a band where the slow timer blocked.
    QVERIFY(chart.delaySeries()->count() > 0);
    QVERIFY(chart.worstDelayMs() >= 50);
    double highestStep = 0;
    for (const QPointF& point : chart.delaySeries()->points())
        highestStep = std::max(highestStep, point.y());
    QCOMPARE(highestStep, chart.worstDelayMs());
    QVERIFY(chart.healthSeries()->count() > 0);
    QVERIFY(chart.utilisationSeries()->count() > 0);
    // The band covers the slow timer's block: its own, or on a loaded machine the stretch it merged into
    // beside a callback that held the loop longer (the first /health request's cold paths, CPU time that
    // stretches with the load), which then names it.
    const std::vector<TimelineSpan>& timerSpans = index.rows()[std::size_t(timers)].spans;
    const TimelineSpan slowest = *std::max_element(timerSpans.begin(), timerSpans.end(),
        [](const TimelineSpan& a, const TimelineSpan& b) { return a.endNs - a.startNs < b.endNs - b.startNs; });
    QVERIFY(slowest.endNs - slowest.startNs >= 55'000'000);
    bool slowBand = false;
    for (const LatencyChart::Band& band : chart.bands())
        slowBand = slowBand || (band.startNs <= slowest.startNs && band.endNs >= slowest.endNs);
    QVERIFY(slowBand);

    // Every widget draws something besides its background.
    const QImage timelineImage = timeline.grab().toImage();
    const QImage lanesImage = lanes.grab().toImage();
    const QImage chartImage = chart.grab().toImage();
    QVERIFY(differingPixels(timelineImage, timeline.palette().color(QPalette::Base)) > 2000);
    QVERIFY(differingPixels(lanesImage, lanes.palette().color(QPalette::Base)) > 2000);
    QVERIFY(differingPixels(chartImage, chart.palette().color(QPalette::Base)) > 2000);
    keep(timelineImage, QStringLiteral("timeline"));
    keep(lanesImage, QStringLiteral("poollanes-end"));
    keep(chartImage, QStringLiteral("latency"));
    QCOMPARE(lanes.model()->itemsSeen(), 6);
    // The lanes were full while calls waited; the picture of that moment is kept when the 4 ms look caught it
    // (a loaded machine's test may look only before and after).
    QCOMPARE(lanes.model()->maxRunning(), std::min(6, poolSize));
    if (!midRun.isNull())
        keep(midRun, QStringLiteral("poollanes-saturated"));
    session.stop();
    VERIFY_SESSION_CLOSED(session);
}

void TestViews::timelineNavigation()
{
    LiveFeed feed;
    TimelineView timeline(&feed);
    timeline.resize(1000, 400);
    QVERIFY(timeline.following());
    QSignalSpy following(&timeline, &TimelineView::followingChanged);

    QCOMPARE(timeline.window().spanNs(), TimelineView::DefaultSpanNs);
    QTest::keyClick(&timeline, Qt::Key_Plus);
    QVERIFY(timeline.window().spanNs() < TimelineView::DefaultSpanNs);
    QVERIFY(timeline.following()); // zooming keeps the live edge
    QTest::keyClick(&timeline, Qt::Key_Minus);
    QCOMPARE(timeline.window().spanNs(), TimelineView::DefaultSpanNs);

    // Panning pauses following; Home resumes it.
    timeline.setWindow({ 0, 10'000'000'000 });
    QVERIFY(!timeline.following());
    const TimeWindow before = timeline.window();
    QTest::keyClick(&timeline, Qt::Key_Left);
    QVERIFY(timeline.window().startNs < before.startNs || timeline.window().startNs == -before.spanNs() / 2);
    QTest::keyClick(&timeline, Qt::Key_Home);
    QVERIFY(timeline.following());
    QCOMPARE(following.count(), 2);

    // Dragging pans too.
    timeline.setWindow({ 10'000'000'000, 20'000'000'000 });
    const TimeWindow dragFrom = timeline.window();
    QTest::mousePress(&timeline, Qt::LeftButton, {}, QPoint(600, 100));
    QTest::mouseMove(&timeline, QPoint(700, 100));
    QTest::mouseRelease(&timeline, Qt::LeftButton, {}, QPoint(700, 100));
    QVERIFY(timeline.window().startNs <= dragFrom.startNs);
}

// In a timeline too short for every lane, the main loop's rows that hold nothing give way; a row that
// fills later gets its lane back, whichever batch brings its first callback. Here the first batch
// brings the main module, an I/O and a close callback (the close row's first use lays the lanes out
// again), the second the program's timer, immediate and promise job, as a run of compute-sync or
// price-report-chunked brings them: /health's answers come first, the timer 200 ms later.
void TestViews::timelineShowsRowsAsTheyFill()
{
    using loopscope::CallbackKind;
    using loopscope::RecordType;
    using RowKind = TimelineIndex::RowKind;
    auto recording = std::make_shared<loopscope::Recording>();
    recording->info.threadpoolSize = 4;
    const auto append = [&](CallbackKind kind, std::int64_t startNs) {
        *recording->mainLog().slot() = claimingRecord(RecordType::Callback, std::uint8_t(kind), startNs, 1'000'000);
        recording->mainLog().commit();
    };

    LiveFeed feed;
    feed.setInterval(1000000); // the test drives the ticks itself
    TimelineView timeline(&feed);
    timeline.resize(1000, 120);
    feed.setRecording(recording);
    const TimelineIndex& index = timeline.index();
    const auto rowOf
        = [&](CallbackKind kind) { return index.rowOf(RowKind::Callbacks, loopscope::MainThread, int(kind)); };
    QVERIFY(!shownRows(timeline).contains(rowOf(CallbackKind::Timer)));

    append(CallbackKind::Main, 1'000'000);
    append(CallbackKind::Io, 20'000'000);
    append(CallbackKind::Close, 22'000'000);
    feed.poll();
    for (CallbackKind kind : { CallbackKind::Main, CallbackKind::Io, CallbackKind::Close })
        QVERIFY2(shownRows(timeline).contains(rowOf(kind)), qPrintable(QString::number(int(kind))));
    QVERIFY(!shownRows(timeline).contains(rowOf(CallbackKind::Timer)));

    append(CallbackKind::Timer, 200'000'000);
    append(CallbackKind::Immediate, 202'000'000);
    append(CallbackKind::Microtask, 204'000'000);
    feed.poll();
    for (CallbackKind kind : { CallbackKind::Main, CallbackKind::Io, CallbackKind::Close, CallbackKind::Timer,
             CallbackKind::Immediate, CallbackKind::Microtask }) {
        const int row = rowOf(kind);
        QCOMPARE(index.rows()[std::size_t(row)].spans.size(), std::size_t(1));
        QVERIFY2(shownRows(timeline).contains(row), qPrintable(QString::number(int(kind))));
    }
    // The rows that still hold nothing keep giving way.
    QVERIFY(!shownRows(timeline).contains(rowOf(CallbackKind::NextTick)));
}

void TestViews::feedHandsOutTheOrigin()
{
    // Until the timer fires the loop sleeps in poll and records nothing.
    loopscope::Session session(parse(R"({ "format": "loopscope-program", "version": 1, "name": "sleepy",
        "main": [ { "op": "setTimeout", "ms": 600, "do": [ { "op": "log", "text": "late" } ] } ] })"));
    LiveFeed feed;
    feed.setInterval(1000000);
    TimelineView timeline(&feed);
    session.start();
    feed.setLoop(&session);
    QVERIFY(session.originNs() > 0);
    QCOMPARE(feed.originNs(), session.originNs());
    QVERIFY(session.waitStarted(5000));
    QTest::qWait(250);
    // On the first tick, a clock inferred from the records seen would stand at their end, near 0.
    feed.poll();
    const std::int64_t before = loopscope::monotonicNs() - session.originNs();
    const std::int64_t feedNow = feed.nowNs();
    const std::int64_t after = loopscope::monotonicNs() - session.originNs();
    QVERIFY(feed.lastEndNs() < 100'000'000);
    QVERIFY(feedNow >= 250'000'000);
    QVERIFY(before <= feedNow && feedNow <= after);
    QVERIFY(timeline.following());
    QVERIFY2(
        std::abs(timeline.window().endNs - feedNow) < 50'000'000, qPrintable(QString::number(timeline.window().endNs)));

    // A replay has no origin; its clock stands at the end of its records.
    auto recording = std::make_shared<loopscope::Recording>();
    loopscope::Record* record = recording->mainLog().slot();
    record->type = loopscope::RecordType::Phase;
    record->startNs = 1000;
    record->span.durNs = 500;
    recording->mainLog().commit();
    feed.setRecording(recording);
    feed.poll();
    QCOMPARE(feed.originNs(), 0);
    QVERIFY(feed.finished());
    QCOMPARE(feed.nowNs(), 1500);
    session.stop();
    VERIFY_SESSION_CLOSED(session);
}

void TestViews::claimedTimeCostsNothing_data()
{
    using loopscope::RecordType;
    constexpr std::int64_t farNs = 100'000'000'000'000'000; // ts 1e14 in a trace's microseconds
    QTest::addColumn<loopscope::Record>("record");
    QTest::newRow("a delay sample far out") << claimingRecord(RecordType::Latency, 0, farNs, 0);
    QTest::newRow("a poll phase lasting ages")
        << claimingRecord(RecordType::Phase, std::uint8_t(loopscope::Phase::Poll), 0, farNs);
    QTest::newRow("an I/O callback lasting ages")
        << claimingRecord(RecordType::Callback, std::uint8_t(loopscope::CallbackKind::Io), 1000, farNs);
    QTest::newRow("pool work lasting ages") << claimingRecord(RecordType::Pool, 0, 1000, farNs);
}

// A tiny recording may claim any span of time; the views must cost what its events cost, not what they claim.
void TestViews::claimedTimeCostsNothing()
{
    QFETCH(loopscope::Record, record);
    auto recording = std::make_shared<loopscope::Recording>();
    recording->info.threadpoolSize = 4;
    *recording->mainLog().slot() = record;
    recording->mainLog().commit();

    LiveFeed feed;
    feed.setInterval(1000000);
    TimelineView timeline(&feed);
    PoolLanesView lanes(&feed);
    LatencyChart chart(&feed);
    timeline.resize(1000, 400);
    lanes.resize(640, 300);
    chart.resize(900, 360);
    feed.setRecording(recording);
    feed.poll();
    feed.poll();
    chart.refresh();

    const std::size_t shownBuckets = std::size_t(LatencyChart::VisibleNs / LatencyChart::WindowNs) + 2;
    QVERIFY2(chart.bucketCount() <= shownBuckets, qPrintable(QString::number(chart.bucketCount())));
    const bool span = record.type != loopscope::RecordType::Latency;
    QCOMPARE(timeline.index().spanCount(), std::size_t(span ? 1 : 0));
    QCOMPARE(timeline.index().lastEndNs(), span ? record.startNs + record.span.durNs : 0);
    QCOMPARE(lanes.completedTotal(), record.type == loopscope::RecordType::Pool ? 1 : 0);
    for (QWidget* view : std::initializer_list<QWidget*> { &timeline, &lanes, &chart })
        QVERIFY(!view->grab().isNull());
}

void TestViews::failedProbesAreMarkedNotDrawn()
{
    constexpr int Answered = 3;
    constexpr int Failed = 4;
    constexpr std::int64_t ProbeEveryNs = 500'000'000;
    auto recording = std::make_shared<loopscope::Recording>();
    for (int i = 0; i < Answered + Failed; ++i) {
        loopscope::Record* r = recording->mainLog().slot();
        *r = claimingRecord(loopscope::RecordType::Latency, 0, (i + 1) * ProbeEveryNs, 0);
        r->latency = { -1, i < Answered ? 0.5 : loopscope::HealthProbeFailed, -1, -1 };
        recording->mainLog().commit();
    }
    // The clock of a replay stands at its last record; a later one lets the last probe's window close.
    *recording->mainLog().slot()
        = claimingRecord(loopscope::RecordType::Phase, 0, (Answered + Failed + 1) * ProbeEveryNs, 0);
    recording->mainLog().commit();

    LiveFeed feed;
    feed.setInterval(1000000);
    LatencyChart chart(&feed);
    feed.setRecording(recording);
    feed.poll();
    chart.refresh();
    // Each answer is a step over the time it took, down to zero between probes; failures add none.
    int plateauCorners = 0;
    for (const QPointF& point : chart.healthSeries()->points()) {
        QVERIFY(point.y() == 0 || point.y() == 0.5);
        plateauCorners += point.y() == 0.5 ? 1 : 0;
    }
    QCOMPARE(plateauCorners, 2 * Answered);
    QCOMPARE(chart.healthFailureSeries()->count(), Failed);
    QVERIFY(chart.healthFailureSeries()->at(0).y() > 0.5);
}

void TestViews::spanEndSaturates_data()
{
    constexpr std::int64_t latestNs = std::numeric_limits<std::int64_t>::max();
    QTest::addColumn<qint64>("startNs");
    QTest::addColumn<qint64>("durNs");
    QTest::addColumn<qint64>("endNs");
    QTest::newRow("plain") << qint64(1000) << qint64(500) << qint64(1500);
    QTest::newRow("negative duration") << qint64(1000) << qint64(-500) << qint64(1000);
    QTest::newRow("before the origin") << qint64(-latestNs) << qint64(latestNs) << qint64(0);
    QTest::newRow("past the clock") << qint64(latestNs - 10) << qint64(latestNs) << qint64(latestNs);
}

// Trace files may claim any start and duration; a span's end must not wrap around before its start.
void TestViews::spanEndSaturates()
{
    QFETCH(qint64, startNs);
    QFETCH(qint64, durNs);
    QFETCH(qint64, endNs);
    loopscope::Record record;
    record.type = loopscope::RecordType::Phase;
    record.startNs = startNs;
    record.span.durNs = durNs;
    QCOMPARE(qint64(spanEndNs(record)), endNs);
}

void TestViews::progressTaskRunsOffTheGuiThread()
{
    QWidget window;
    ProgressTask task;
    std::thread::id worker;
    bool kept = false;
    int shownMaximum = 0;
    int shownValue = 0;
    QTimer::singleShot(200, &window, [&] {
        if (auto* dialog = window.findChild<QProgressDialog*>()) {
            shownMaximum = dialog->maximum();
            shownValue = dialog->value();
        }
    });
    const ProgressTask::Result result = task.run(
        &window, QStringLiteral("working"),
        [&worker](const loopscope::Progress& progress, std::string*) {
            worker = std::this_thread::get_id();
            for (int i = 0; i <= 40; ++i) {
                progress(std::uint64_t(i), 40);
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            return true;
        },
        [&kept](bool keep, std::string*) {
            kept = keep;
            return true;
        });
    QCOMPARE(int(result.outcome), int(ProgressTask::Outcome::Succeeded));
    QVERIFY(worker != std::thread::id());
    QVERIFY(worker != std::this_thread::get_id());
    QVERIFY(kept);
    // Halfway through, the dialog showed how far the work was.
    QCOMPARE(shownMaximum, 1000);
    QVERIFY2(shownValue > 100 && shownValue < 900, qPrintable(QString::number(shownValue)));

    const ProgressTask::Result failed
        = task.run(&window, QStringLiteral("failing"), [](const loopscope::Progress&, std::string* error) {
              *error = "no such file";
              return false;
          });
    QCOMPARE(int(failed.outcome), int(ProgressTask::Outcome::Failed));
    QCOMPARE(failed.error, QStringLiteral("no such file"));
}

void TestViews::progressTaskCancels()
{
    QWidget window;
    ProgressTask task;
    std::atomic<bool> stoppedByProgress { false };
    std::atomic<bool> kept { true };
    QTimer::singleShot(100, &window, [&window] { window.findChild<QProgressDialog*>()->cancel(); });
    const ProgressTask::Result result = task.run(
        &window, QStringLiteral("endless"),
        [&stoppedByProgress](const loopscope::Progress& progress, std::string*) {
            while (progress(0, 0))
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            stoppedByProgress = true;
            return false;
        },
        [&kept](bool keep, std::string*) {
            kept = keep;
            return true;
        });
    QCOMPARE(int(result.outcome), int(ProgressTask::Outcome::Cancelled));
    QTRY_COMPARE(task.pending(), 0);
    QVERIFY(stoppedByProgress);
    QVERIFY(!kept);
}

void TestViews::wheelWhileBlocked_data()
{
    QTest::addColumn<QString>("main");
    QTest::addColumn<int>("phase"); // -1: the main module, in no phase
    QTest::addColumn<bool>("darkTheme");
    const QString block = QStringLiteral(R"({ "op": "block", "ms": 1500 })");
    QTest::newRow("timers") << QStringLiteral(R"({ "op": "setTimeout", "ms": 1, "do": [ %1 ] })").arg(block)
                            << int(Phase::Timers) << false;
    QTest::newRow("check") << QStringLiteral(R"({ "op": "setImmediate", "do": [ %1 ] })").arg(block)
                           << int(Phase::Check) << true;
    QTest::newRow("poll") << QStringLiteral(R"({ "op": "readFile", "do": [ %1 ] })").arg(block) << int(Phase::Poll)
                          << false;
    QTest::newRow("main module") << block << -1 << true;
}

// The wheel at its smallest while a callback blocks the loop: the stopwatch runs in the hub, whichever
// phase blocks; the cursor is on that phase and the heat says the loop spent the last second there.
void TestViews::wheelWhileBlocked()
{
    QFETCH(QString, main);
    QFETCH(int, phase);
    QFETCH(bool, darkTheme);
    const QString program
        = QStringLiteral(R"({ "format": "loopscope-program", "version": 1, "name": "blocks", "main": [ %1 ] })")
              .arg(main);
    loopscope::Session session(parse(program.toUtf8().constData()));
    LiveFeed feed;
    feed.setInterval(1000000);
    StatusModel status(&feed);
    PhaseWheel wheel(&feed, &status);
    if (darkTheme) {
        QPalette palette = wheel.palette();
        palette.setColor(QPalette::Window, QColor(0x1e, 0x22, 0x27));
        palette.setColor(QPalette::Base, QColor(0x16, 0x1a, 0x1e));
        palette.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        wheel.setPalette(palette);
        wheel.setAutoFillBackground(true);
    }
    wheel.resize(500, 400);
    feed.setLoop(&session);
    session.start();
    QTRY_VERIFY_WITH_TIMEOUT((feed.poll(), status.blocked() && status.callbackRunningNs() > 700'000'000), 10000);

    if (phase < 0) {
        QVERIFY(!wheel.cursorShown());
        QCOMPARE(wheel.heat().coveredNs, 0);
    } else {
        QVERIFY(wheel.cursorShown());
        QCOMPARE(wheel.cursorPhase(), Phase(phase));
        QCOMPARE(wheel.trailStrength(Phase(phase)), 1.0);
        QVERIFY2(wheel.heat().of(Phase(phase)) > 0.6, qPrintable(QString::number(wheel.heat().of(Phase(phase)))));
        // A callback blocking in poll is poll running, not poll waiting.
        if (Phase(phase) == Phase::Poll)
            QVERIFY(wheel.heat().pollRunning > 0.6);
    }
    QVERIFY(wheel.accessibleDescription().size() > 0);

    // The stopwatch is drawn where the geometry says, inside the widget.
    const QImage image = wheel.grab().toImage();
    const QRect watch = PhaseGeometry::toWidget(PhaseGeometry::stopwatchBox(), QSizeF(wheel.size())).toRect();
    QVERIFY(wheel.rect().contains(watch));
    const QColor red = PhaseColors::blocked();
    int redPixels = 0;
    for (int y = watch.top(); y <= watch.bottom(); ++y) {
        for (int x = watch.left(); x <= watch.right(); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (std::abs(pixel.red() - red.red()) + std::abs(pixel.green() - red.green())
                    + std::abs(pixel.blue() - red.blue())
                < 40)
                ++redPixels;
        }
    }
    QVERIFY2(redPixels > 60, qPrintable(QString::number(redPixels)));
    keep(image, QStringLiteral("wheel-blocked-%1").arg(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '-')));
    session.abort();
    session.stop();
    VERIFY_SESSION_CLOSED(session);
}

// The hub's nextTick and microtask counts are the queue panels' (the queue snapshot), and once the run has
// ended they read 0 even if the last snapshot was taken while jobs were still queued.
void TestViews::wheelCountsAgreeWithThePanels()
{
    loopscope::Session session(parse(R"({ "format": "loopscope-program", "version": 1, "name": "drains",
        "main": [
            { "op": "nextTick", "do": [ { "op": "log", "text": "a" } ] },
            { "op": "nextTick", "do": [ { "op": "log", "text": "b" } ] },
            { "op": "nextTick", "do": [ { "op": "log", "text": "c" } ] },
            { "op": "queueMicrotask", "do": [ { "op": "log", "text": "m1" } ] },
            { "op": "queueMicrotask", "do": [ { "op": "log", "text": "m2" } ] }
        ] })"));
    LiveFeed feed;
    feed.setInterval(1000000);
    StatusModel status(&feed);
    PhaseWheel wheel(&feed, &status);
    session.pause();
    feed.setLoop(&session);
    session.start();

    // Step callback by callback: the loop halts between the drained jobs with the rest still queued.
    bool queued = false;
    for (int step = 0; step < 20 && !queued; ++step) {
        session.step(loopscope::StepMode::Callback);
        QTest::qWait(20);
        QTRY_COMPARE_WITH_TIMEOUT((feed.poll(), wheel.nextTickCount()), feed.queueSnapshot().nextTickCount, 5000);
        QCOMPARE(wheel.microtaskCount(), feed.queueSnapshot().microtaskCount);
        queued = wheel.nextTickCount() > 0 && wheel.microtaskCount() > 0;
    }
    QVERIFY(queued);

    session.resume();
    QTRY_VERIFY_WITH_TIMEOUT((feed.poll(), session.finished()), 10000);
    feed.poll();
    QVERIFY(feed.finished());
    QCOMPARE(wheel.nextTickCount(), std::size_t(0));
    QCOMPARE(wheel.microtaskCount(), std::size_t(0));
    session.stop();

    // And a feed that follows nothing has nothing queued.
    feed.setLoop(nullptr);
    QCOMPARE(wheel.nextTickCount(), std::size_t(0));
    VERIFY_SESSION_CLOSED(session);
}

void TestViews::wheelAtSpeed_data()
{
    QTest::addColumn<QString>("main");
    QTest::addColumn<int>("phase");
    QTest::addColumn<bool>("darkTheme");
    // The 10 ms delay monitor makes an idle loop go round 100 times a second, asleep in poll in between.
    QTest::newRow("idle server") << QStringLiteral(R"({ "op": "setTimeout", "ms": 4000 })") << int(Phase::Poll)
                                 << false;
    QTest::newRow("immediates") << QStringLiteral(R"({ "op": "chain", "via": "setImmediate", "times": 4000,
        "do": [ { "op": "block", "ms": 1 } ] })")
                                << int(Phase::Check) << true;
    QTest::newRow("timers") << QStringLiteral(R"({ "op": "chain", "via": "setTimeout", "ms": 1, "times": 1000,
        "do": [ { "op": "block", "ms": 3 } ] })")
                            << int(Phase::Timers) << false;
}

// At real speed one cursor shows and only a short trail behind it, not every segment, and the heat
// says where the loop lives.
void TestViews::wheelAtSpeed()
{
    QFETCH(QString, main);
    QFETCH(int, phase);
    QFETCH(bool, darkTheme);
    const QString program = QStringLiteral(R"({ "format": "loopscope-program", "version": 1, "name": "speed",
        "probes": { "delay": 10 }, "main": [ %1 ] })")
                                .arg(main);
    loopscope::Session session(parse(program.toUtf8().constData()));
    LiveFeed feed;
    feed.setInterval(1000000);
    StatusModel status(&feed);
    PhaseWheel wheel(&feed, &status);
    if (darkTheme) {
        QPalette palette = wheel.palette();
        palette.setColor(QPalette::Window, QColor(0x1e, 0x22, 0x27));
        palette.setColor(QPalette::Base, QColor(0x16, 0x1a, 0x1e));
        palette.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
        palette.setColor(QPalette::PlaceholderText, QColor(0x9a, 0xa0, 0xa6));
        wheel.setPalette(palette);
        wheel.setAutoFillBackground(true);
    }
    wheel.resize(800, 600);
    feed.setLoop(&session);
    session.start();

    // Frames as the window would draw them, for a second and a half.
    int most = 0;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 1500) {
        feed.poll();
        int lit = 0;
        for (int i = 0; i < loopscope::PhaseCount; ++i)
            lit += wheel.trailStrength(Phase(i)) > 0 ? 1 : 0;
        if (clock.elapsed() > 300)
            most = std::max(most, lit);
        QTest::qWait(16);
    }
    QVERIFY(wheel.showingRates());
    QVERIFY(wheel.cursorShown());
    QVERIFY2(most <= 4, qPrintable(QString::number(most)));
    const PhaseHeat::Shares& heat = wheel.heat();
    QVERIFY2(heat.of(Phase(phase)) > 0.5, qPrintable(QString::number(heat.of(Phase(phase)))));
    if (Phase(phase) == Phase::Poll)
        QVERIFY(heat.pollWaiting > 0.9);
    // A screen reader hears the same: where the loop is and where it spends its time.
    const QString description = wheel.accessibleDescription();
    QVERIFY2(description.contains(QLatin1String(loopscope::phaseName(Phase(phase)))) && description.contains('%'),
        qPrintable(description));
    keep(wheel.grab().toImage(),
        QStringLiteral("wheel-speed-%1").arg(QString::fromLatin1(QTest::currentDataTag()).replace(' ', '-')));
    session.abort();
    session.stop();
    VERIFY_SESSION_CLOSED(session);
}

// In slow motion the hand goes round phase by phase, and the phases it passes without the loop
// stopping there (pending and idle have nothing of the program's) light up behind it as well.
void TestViews::wheelInSlowMotion()
{
    loopscope::Session session(parse(R"({ "format": "loopscope-program", "version": 1, "name": "slow",
        "main": [ { "op": "chain", "via": "setTimeout", "ms": 1, "times": 1000, "do": [ { "op": "block", "ms": 1 } ] } ]
    })"));
    LiveFeed feed;
    feed.setInterval(1000000);
    StatusModel status(&feed);
    PhaseWheel wheel(&feed, &status);
    feed.setLoop(&session);
    session.setSlowMotion(100);
    session.start();

    QSet<Phase> cursorOn;
    QSet<Phase> liveIn;
    bool passedLit = false;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 2000) {
        feed.poll();
        if (wheel.cursorShown()) {
            QVERIFY(!wheel.showingRates());
            cursorOn.insert(wheel.cursorPhase());
            liveIn.insert(status.phase());
            const double pending = wheel.trailStrength(Phase::Pending);
            passedLit = passedLit || (pending > 0 && pending < 1);
        }
        QTest::qWait(16);
    }
    QVERIFY(!liveIn.contains(Phase::Pending));
    QVERIFY(passedLit);
    QVERIFY2(cursorOn.size() >= 5, qPrintable(QString::number(cursorOn.size())));
    session.abort();
    session.stop();
    VERIFY_SESSION_CLOSED(session);
}

QTEST_MAIN(TestViews)
#include "tst_views.moc"
