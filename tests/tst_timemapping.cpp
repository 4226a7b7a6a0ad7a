#include "models/timelineindex.h"
#include "models/timelinetexts.h"
#include "models/timemapping.h"

#include "recording/eventlog.h"
#include "recording/events.h"
#include "recording/recording.h"

#include <QTest>

#include <algorithm>
#include <string>

using loopscope::Record;
using loopscope::RecordType;

class TestTimeMapping : public QObject
{
    Q_OBJECT

private slots:
    // Axis ticks read in the unit of their step: no "0.00075 s".
    void ticksReadNaturally_data()
    {
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<qint64>("step");
        QTest::addColumn<QString>("text");
        QTest::newRow("µs") << qint64(750'000) << qint64(50'000) << QStringLiteral("750 µs");
        QTest::newRow("quarter ms") << qint64(1'250'000) << qint64(250'000) << QStringLiteral("1.25 ms");
        QTest::newRow("ms") << qint64(40'000'000) << qint64(20'000'000) << QStringLiteral("40 ms");
        QTest::newRow("s") << qint64(2'000'000'000) << qint64(1'000'000'000) << QStringLiteral("2 s");
        QTest::newRow("half s") << qint64(1'500'000'000) << qint64(500'000'000) << QStringLiteral("1.5 s");
    }
    void ticksReadNaturally()
    {
        QFETCH(qint64, ns);
        QFETCH(qint64, step);
        QFETCH(QString, text);
        QLocale::setDefault(QLocale::c());
        QCOMPARE(TimelineTexts::tick(ns, step), text);
    }
    void mapTimeToX_data();
    void mapTimeToX();
    void roundTrip_data();
    void roundTrip();
    void following();
    void zoomKeepsAnchor_data();
    void zoomKeepsAnchor();
    void pan_data();
    void pan();
    void lanes_data();
    void lanes();
    void tickStep_data();
    void tickStep();
    void formatDuration_data();
    void formatDuration();
    void mergesSubPixelSpans();
    void foldsInterleavedPhasesByKind();
    void keepsWideSpansApart();
    void aBatchOutOfOrderIsPutInPlace();
    void aDeepNestIsIndexedWhole();
    void findsSpans();
    void aCountedRunTellsItsMeanNotALongest_data();
    void aCountedRunTellsItsMeanNotALongest();
};

void TestTimeMapping::mapTimeToX_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("end");
    QTest::addColumn<double>("left");
    QTest::addColumn<double>("width");
    QTest::addColumn<qint64>("time");
    QTest::addColumn<double>("x");

    QTest::newRow("start") << qint64(0) << qint64(1000) << 0.0 << 100.0 << qint64(0) << 0.0;
    QTest::newRow("end") << qint64(0) << qint64(1000) << 0.0 << 100.0 << qint64(1000) << 100.0;
    QTest::newRow("middle with offset") << qint64(0) << qint64(1000) << 50.0 << 100.0 << qint64(500) << 100.0;
    QTest::newRow("negative window") << qint64(-5'000'000'000) << qint64(0) << 0.0 << 500.0 << qint64(-1'000'000'000)
                                     << 400.0;
    QTest::newRow("before the window") << qint64(1000) << qint64(2000) << 10.0 << 100.0 << qint64(0) << -90.0;
    QTest::newRow("empty window") << qint64(5) << qint64(5) << 10.0 << 100.0 << qint64(7) << 10.0;
    QTest::newRow("hours at ns precision") << qint64(3'600'000'000'000) << qint64(3'600'000'001'000) << 0.0 << 1000.0
                                           << qint64(3'600'000'000'500) << 500.0;
}

void TestTimeMapping::mapTimeToX()
{
    QFETCH(qint64, start);
    QFETCH(qint64, end);
    QFETCH(double, left);
    QFETCH(double, width);
    QFETCH(qint64, time);
    QFETCH(double, x);
    QCOMPARE(TimeMapping::mapTimeToX(time, { start, end }, left, width), x);
}

void TestTimeMapping::roundTrip_data()
{
    QTest::addColumn<qint64>("start");
    QTest::addColumn<qint64>("span");
    QTest::addColumn<double>("width");

    QTest::newRow("5 s on 1000 px") << qint64(-4'000'000'000) << qint64(5'000'000'000) << 1000.0;
    QTest::newRow("2 us on 1600 px") << qint64(123'456'789) << qint64(2'000) << 1600.0;
    QTest::newRow("10 min on 300 px") << qint64(0) << qint64(600'000'000'000) << 300.0;
}

void TestTimeMapping::roundTrip()
{
    QFETCH(qint64, start);
    QFETCH(qint64, span);
    QFETCH(double, width);
    const TimeWindow window { start, start + span };
    // Times are whole nanoseconds, so the way back may be off by half a nanosecond's width.
    const double tolerance = 0.5 * width / double(span) + 1e-6;
    for (double x : { 0.0, 1.0, width / 3, width / 2, width }) {
        const std::int64_t t = TimeMapping::mapXToTime(x + 20, window, 20, width);
        QVERIFY(std::abs(TimeMapping::mapTimeToX(t, window, 20, width) - (x + 20)) <= tolerance);
    }
    QCOMPARE(TimeMapping::pixelsToDuration(width, window, width), span);
}

void TestTimeMapping::following()
{
    QCOMPARE(TimeMapping::following(7'000, 5'000), (TimeWindow { 2'000, 7'000 }));
    QCOMPARE(TimeMapping::following(0, 5'000), (TimeWindow { -5'000, 0 }));
}

void TestTimeMapping::zoomKeepsAnchor_data()
{
    QTest::addColumn<qint64>("anchor");
    QTest::addColumn<double>("factor");
    QTest::addColumn<qint64>("expectedSpan");

    QTest::newRow("in around the middle") << qint64(5'000) << 2.0 << qint64(5'000);
    QTest::newRow("out around the start") << qint64(0) << 0.5 << qint64(20'000);
    QTest::newRow("in around the end") << qint64(10'000) << 4.0 << qint64(2'500);
    QTest::newRow("clamped to the minimum") << qint64(3'000) << 1000.0 << qint64(1'000);
    QTest::newRow("clamped to the maximum") << qint64(3'000) << 0.001 << qint64(100'000);
}

void TestTimeMapping::zoomKeepsAnchor()
{
    QFETCH(qint64, anchor);
    QFETCH(double, factor);
    QFETCH(qint64, expectedSpan);
    const TimeWindow before { 0, 10'000 };
    const TimeWindow after = TimeMapping::zoomed(before, anchor, factor, 1'000, 100'000);
    QCOMPARE(after.spanNs(), expectedSpan);
    // The anchor stays at the same place on screen.
    const double xBefore = TimeMapping::mapTimeToX(anchor, before, 0, 1000);
    const double xAfter = TimeMapping::mapTimeToX(anchor, after, 0, 1000);
    QVERIFY2(std::abs(xBefore - xAfter) < 0.5, qPrintable(QStringLiteral("%1 vs %2").arg(xBefore).arg(xAfter)));
}

void TestTimeMapping::pan_data()
{
    QTest::addColumn<qint64>("delta");
    QTest::addColumn<qint64>("earliest");
    QTest::addColumn<qint64>("latest");
    QTest::addColumn<qint64>("expectedStart");

    QTest::newRow("free") << qint64(-200) << qint64(0) << qint64(10'000) << qint64(800);
    QTest::newRow("stops at the earliest") << qint64(-5'000) << qint64(0) << qint64(10'000) << qint64(0);
    QTest::newRow("stops at the latest") << qint64(50'000) << qint64(0) << qint64(10'000) << qint64(9'000);
    QTest::newRow("data narrower than the window") << qint64(-300) << qint64(0) << qint64(500) << qint64(-500);
}

void TestTimeMapping::pan()
{
    QFETCH(qint64, delta);
    QFETCH(qint64, earliest);
    QFETCH(qint64, latest);
    QFETCH(qint64, expectedStart);
    const TimeWindow after = TimeMapping::panned({ 1'000, 2'000 }, delta, earliest, latest);
    QCOMPARE(after.startNs, expectedStart);
    QCOMPARE(after.spanNs(), qint64(1'000));
}

void TestTimeMapping::lanes_data()
{
    QTest::addColumn<double>("y");
    QTest::addColumn<int>("lane");

    // Lanes of 20, 10 and 30 from y = 5 with a gap of 2: [5,25) [27,37) [39,69).
    QTest::newRow("above") << 0.0 << -1;
    QTest::newRow("first top") << 5.0 << 0;
    QTest::newRow("first bottom") << 24.9 << 0;
    QTest::newRow("gap") << 26.0 << -1;
    QTest::newRow("second") << 30.0 << 1;
    QTest::newRow("third") << 68.0 << 2;
    QTest::newRow("below") << 69.0 << -1;
}

void TestTimeMapping::lanes()
{
    QFETCH(double, y);
    QFETCH(int, lane);
    const std::vector<double> heights { 20, 10, 30 };
    const std::vector<double> tops = TimeMapping::laneTops(heights, 5, 2);
    QCOMPARE(tops, (std::vector<double> { 5, 27, 39 }));
    QCOMPARE(TimeMapping::laneAt(y, tops, heights), lane);
}

void TestTimeMapping::tickStep_data()
{
    QTest::addColumn<qint64>("span");
    QTest::addColumn<double>("width");
    QTest::addColumn<qint64>("step");

    QTest::newRow("5 s, 1000 px, 100 px apart") << qint64(5'000'000'000) << 1000.0 << qint64(500'000'000);
    QTest::newRow("5 s, 1000 px, 150 px apart") << qint64(5'000'000'000) << 1000.0 << qint64(1'000'000'000);
    QTest::newRow("1 ms, 1000 px, 100 px apart") << qint64(1'000'000) << 1000.0 << qint64(100'000);
    QTest::newRow("3 ms, 1000 px, 100 px apart") << qint64(3'000'000) << 1000.0 << qint64(500'000);
    QTest::newRow("tiny") << qint64(10) << 1000.0 << qint64(1);
}

void TestTimeMapping::tickStep()
{
    QFETCH(qint64, span);
    QFETCH(double, width);
    QFETCH(qint64, step);
    const double minPixels = QByteArray(QTest::currentDataTag()).contains("150") ? 150 : 100;
    QCOMPARE(TimeMapping::tickStep(span, width, minPixels), step);
    // Ticks are never closer than asked for.
    if (span >= 1000)
        QVERIFY(double(step) * width / double(span) >= minPixels - 1e-9);
}

void TestTimeMapping::formatDuration_data()
{
    QTest::addColumn<qint64>("ns");
    QTest::addColumn<QString>("text");

    QTest::newRow("ns") << qint64(250) << QStringLiteral("250 ns");
    QTest::newRow("us") << qint64(12'500) << QStringLiteral("12.5 µs");
    QTest::newRow("small us") << qint64(1'250) << QStringLiteral("1.25 µs");
    QTest::newRow("ms") << qint64(3'200'000) << QStringLiteral("3.20 ms");
    QTest::newRow("long ms") << qint64(250'000'000) << QStringLiteral("250.0 ms");
    QTest::newRow("s") << qint64(1'500'000'000) << QStringLiteral("1.50 s");
}

void TestTimeMapping::formatDuration()
{
    QFETCH(qint64, ns);
    QFETCH(QString, text);
    QCOMPARE(TimeMapping::formatDuration(ns), text);
}

namespace {

Record callback(std::int64_t startNs, std::int64_t durNs, loopscope::CallbackKind kind)
{
    Record r;
    r.type = RecordType::Callback;
    r.sub = std::uint8_t(kind);
    r.startNs = startNs;
    r.span.durNs = durNs;
    r.span.busyNs = durNs;
    r.span.maxNs = durNs;
    r.span.count = 1;
    r.span.iteration = 1;
    return r;
}

} // namespace

void TestTimeMapping::mergesSubPixelSpans()
{
    // A million 1 µs nextTicks, back to back, over one second.
    TimelineIndex index;
    index.reset(4);
    constexpr std::uint32_t Ticks = 1'000'000;
    for (std::uint32_t i = 0; i < Ticks; ++i)
        index.add(callback(std::int64_t(i) * 1'000, 900, loopscope::CallbackKind::NextTick), 0, i);
    const int row
        = index.rowOf(TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::NextTick));
    QVERIFY(row >= 0);
    // The early history is folded: far fewer spans, every call still counted.
    const TimelineIndex::Row& indexed = index.rows()[std::size_t(row)];
    QVERIFY(indexed.folded > 0);
    QVERIFY(indexed.spans.size() < Ticks / 2);
    QVERIFY(indexed.spans.size() - indexed.folded <= TimelineIndex::DetailLimit);
    QCOMPARE(index.callsIn(row, 0, indexed.spans.size()), std::uint64_t(Ticks));
    QVERIFY(std::is_sorted(indexed.spans.begin(), indexed.spans.end(),
        [](const TimelineSpan& a, const TimelineSpan& b) { return a.endNs < b.endNs; }));

    std::vector<TimelineIndex::Piece> pieces;
    index.visiblePieces(row, { 0, 1'000'000'000 }, 0, 1000, pieces);
    // Adjacent pixel columns of the same kind merge into one piece covering every span.
    QCOMPARE(pieces.size(), std::size_t(1));
    QCOMPARE(pieces.front().count, indexed.spans.size());
    QCOMPARE(index.callsIn(row, pieces.front().first, pieces.front().count), std::uint64_t(Ticks));
    QVERIFY(pieces.front().x0 <= 0.0 && pieces.front().x1 >= 999.0);

    // Zoomed in to 100 µs of the latest history, each span is 9 px wide and stands alone.
    index.visiblePieces(row, { 950'000'000, 950'100'000 }, 0, 1000, pieces);
    QVERIFY(pieces.size() >= 100 && pieces.size() <= 101);
    for (const TimelineIndex::Piece& piece : pieces) {
        QCOMPARE(piece.count, std::size_t(1));
        QCOMPARE(index.foldedCount(row, piece.first), std::uint64_t(0));
    }
    // Zoomed into folded history, a bar stands for the ten calls of its 10 µs.
    index.visiblePieces(row, { 100'000'000, 100'100'000 }, 0, 1000, pieces);
    QVERIFY2(pieces.size() >= 9 && pieces.size() <= 12, std::to_string(pieces.size()).c_str());
    std::uint64_t calls = 0;
    for (const TimelineIndex::Piece& piece : pieces) {
        QVERIFY(index.foldedCount(row, piece.first) >= 9);
        calls += index.callsIn(row, piece.first, piece.count);
    }
    QVERIFY2(calls >= 100 && calls <= 120, std::to_string(calls).c_str());
}

void TestTimeMapping::foldsInterleavedPhasesByKind()
{
    // 200,000 iterations of seven 100 ns phases: folding keeps each phase kind apart and counted.
    TimelineIndex index;
    index.reset(0);
    constexpr std::uint32_t Iterations = 200'000;
    std::uint32_t recordIndex = 0;
    for (std::uint32_t i = 0; i < Iterations; ++i) {
        for (int phase = 0; phase < loopscope::PhaseCount; ++phase) {
            Record r;
            r.type = RecordType::Phase;
            r.sub = std::uint8_t(phase);
            r.label = 1;
            r.startNs = std::int64_t(i) * 1'000 + phase * 120;
            r.span.durNs = 100;
            index.add(r, 0, recordIndex++);
        }
    }
    const int row = index.rowOf(TimelineIndex::RowKind::Phases, loopscope::MainThread, -1);
    const TimelineIndex::Row& indexed = index.rows()[std::size_t(row)];
    QVERIFY(indexed.folded > 0);
    std::uint64_t perPhase[loopscope::PhaseCount] = {};
    for (std::size_t i = 0; i < indexed.spans.size(); ++i)
        perPhase[indexed.spans[i].sub] += index.callsIn(row, i, 1);
    for (int phase = 0; phase < loopscope::PhaseCount; ++phase)
        QCOMPARE(perPhase[phase], std::uint64_t(Iterations));
    QVERIFY(std::is_sorted(indexed.spans.begin(), indexed.spans.end(),
        [](const TimelineSpan& a, const TimelineSpan& b) { return a.endNs < b.endNs; }));
}

void TestTimeMapping::keepsWideSpansApart()
{
    TimelineIndex index;
    index.reset(0);
    // Two phases far apart and one out of order: the index keeps them sorted by end.
    auto phase = [](std::int64_t start, std::int64_t dur, loopscope::Phase p) {
        Record r;
        r.type = RecordType::Phase;
        r.sub = std::uint8_t(p);
        r.label = 1;
        r.startNs = start;
        r.span.durNs = dur;
        return r;
    };
    // Indices past 2^32: a log holds up to 2^34 records (an hour of a storm of small steps).
    const std::size_t far = (std::size_t(1) << 33) + 7;
    index.add(phase(0, 100, loopscope::Phase::Timers), 0, far);
    index.add(phase(500, 400, loopscope::Phase::Poll), 0, far + 2);
    index.add(phase(200, 100, loopscope::Phase::Check), 0, far + 1);
    const int row = index.rowOf(TimelineIndex::RowKind::Phases, loopscope::MainThread, -1);
    const auto& spans = index.rows()[std::size_t(row)].spans;
    QCOMPARE(spans.size(), std::size_t(3));
    QCOMPARE(std::size_t(spans[1].index), far + 1);
    QCOMPARE(int(spans[1].sub), int(loopscope::Phase::Check));
    std::vector<TimelineIndex::Piece> pieces;
    index.visiblePieces(row, { 0, 1000 }, 0, 1000, pieces);
    QCOMPARE(pieces.size(), std::size_t(3));
    QCOMPARE(pieces[2].x0, 500.0);
    QCOMPARE(pieces[2].x1, 900.0);
    // Nothing outside the window.
    index.visiblePieces(row, { 1000, 2000 }, 0, 1000, pieces);
    QVERIFY(pieces.empty());
}

namespace {

// The spans of `row`: each one's end and record index, and the calls before each.
struct RowContents
{
    std::vector<std::pair<std::int64_t, std::size_t>> spans;
    std::vector<std::uint64_t> calls;
    std::size_t folded = 0;
    bool operator==(const RowContents& other) const
    {
        return spans == other.spans && calls == other.calls && folded == other.folded;
    }
};

RowContents contentsOf(const TimelineIndex& index, int row)
{
    RowContents contents;
    const TimelineIndex::Row& indexed = index.rows()[std::size_t(row)];
    for (const TimelineSpan& span : indexed.spans)
        contents.spans.emplace_back(span.endNs, std::size_t(span.index));
    contents.calls = indexed.calls;
    contents.folded = indexed.folded;
    return contents;
}

} // namespace

void TestTimeMapping::aBatchOutOfOrderIsPutInPlace()
{
    // Callbacks in and out of end order, some of equal ends: a batch leaves the row as adding them one by
    // one did, each put in place as it came.
    loopscope::EventLog log;
    std::uint64_t seed = 42;
    for (std::size_t i = 0; i < 5000; ++i) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        const auto late = std::int64_t((seed >> 33) % 7) * 1000; // ends up to 6 us before the one before
        Record r = callback(std::int64_t(i) * 1000 - late, 500 + late % 3000, loopscope::CallbackKind::Immediate);
        r.span.count = std::uint32_t(1 + i % 3);
        *log.slot() = r;
        log.commit();
    }
    TimelineIndex batch;
    batch.reset(0);
    batch.add(log, 0, 0, log.size());
    TimelineIndex oneByOne;
    oneByOne.reset(0);
    for (std::size_t i = 0; i < log.size(); ++i)
        oneByOne.add(log[i], 0, i);
    const int row = batch.rowOf(
        TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Immediate));
    QVERIFY(row >= 0);
    const RowContents contents = contentsOf(batch, row);
    QVERIFY(contents == contentsOf(oneByOne, row));
    QVERIFY(std::is_sorted(
        contents.spans.begin(), contents.spans.end(), [](const auto& a, const auto& b) { return a.first < b.first; }));
}

void TestTimeMapping::aDeepNestIsIndexedWhole()
{
    // 300,000 nested callbacks as a recording read by start time holds them: the outermost first, each
    // next one ending before it. The window froze for over a minute indexing them one by one.
    constexpr std::size_t depth = 300000;
    loopscope::EventLog log;
    for (std::size_t i = 0; i < depth; ++i) {
        *log.slot() = callback(std::int64_t(i) * 10, std::int64_t(depth - i) * 20, loopscope::CallbackKind::Timer);
        log.commit();
    }
    TimelineIndex index;
    index.reset(0);
    index.add(log, 0, 0, log.size());
    const int row
        = index.rowOf(TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Timer));
    QVERIFY(row >= 0);
    const TimelineIndex::Row& indexed = index.rows()[std::size_t(row)];
    // Past the detail limit the oldest half folds; every call is still counted, in end order.
    QVERIFY(indexed.spans.size() <= depth);
    QCOMPARE(indexed.calls.back(), std::uint64_t(depth));
    QVERIFY(std::is_sorted(indexed.spans.begin(), indexed.spans.end(),
        [](const TimelineSpan& a, const TimelineSpan& b) { return a.endNs < b.endNs; }));
    QCOMPARE(indexed.spans.back().endNs, std::int64_t(depth) * 20); // the outermost ends last
    QVERIFY(indexed.spans.size() - indexed.folded <= TimelineIndex::DetailLimit);
}

void TestTimeMapping::findsSpans()
{
    TimelineIndex index;
    index.reset(0);
    index.add(callback(1'000, 5'000, loopscope::CallbackKind::Timer), 0, 0);
    index.add(callback(10'000, 100, loopscope::CallbackKind::Timer), 0, 1);
    const int row
        = index.rowOf(TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Timer));
    QCOMPARE(index.spanAt(row, 3'000, 10)->index, 0u);
    QCOMPARE(index.spanAt(row, 10'150, 100)->index, 1u);
    QVERIFY(!index.spanAt(row, 8'000, 100));
}

// A run of a thousand ticks timed as a whole (an attached program's) tells its mean and says its
// longest call is not known; a run whose calls were each timed tells its longest.
void TestTimeMapping::aCountedRunTellsItsMeanNotALongest_data()
{
    QTest::addColumn<qint64>("maxNs");
    QTest::addColumn<QString>("said");
    QTest::addColumn<QString>("notSaid");
    QTest::newRow("timed as a whole") << qint64(loopscope::LongestUnknown)
                                      << QStringLiteral("the longest single callback is not known")
                                      << QStringLiteral("longest 2");
    QTest::newRow("each call timed") << qint64(9'000) << QStringLiteral("longest 9.00 µs")
                                     << QStringLiteral("not known");
}

void TestTimeMapping::aCountedRunTellsItsMeanNotALongest()
{
    QFETCH(qint64, maxNs);
    QFETCH(QString, said);
    QFETCH(QString, notSaid);
    loopscope::Recording recording;
    Record run = callback(1'000, 2'000'000, loopscope::CallbackKind::NextTick);
    run.label = recording.strings.intern("TickObject");
    run.span.count = 1000;
    run.span.maxNs = maxNs;
    loopscope::Record* slot = recording.mainLog().slot();
    QVERIFY(slot);
    *slot = run;
    recording.mainLog().commit();
    TimelineIndex index;
    index.reset(0);
    index.add(run, 0, 0);
    const int row
        = index.rowOf(TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::NextTick));
    const TimelineSpan* span = index.spanAt(row, 500'000, 10);
    QVERIFY(span);
    const QString text = TimelineTexts::describe(*span, index, recording);
    QVERIFY2(text.contains(QStringLiteral("mean 2.00 µs")), qPrintable(text));
    QVERIFY2(text.contains(said), qPrintable(text));
    QVERIFY2(!text.contains(notSaid), qPrintable(text));
}

QTEST_GUILESS_MAIN(TestTimeMapping)
#include "tst_timemapping.moc"
