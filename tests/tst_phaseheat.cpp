#include "models/phaseheat.h"

#include <QTest>

#include <limits>

using loopscope::CallbackKind;
using loopscope::Phase;
using loopscope::Record;
using loopscope::RecordType;

namespace {

constexpr std::int64_t Us = 1'000;
constexpr std::int64_t Ms = 1'000'000;

Record phaseRecord(Phase phase, std::int64_t startNs, std::int64_t durNs, std::uint16_t thread = loopscope::MainThread)
{
    Record r;
    r.type = RecordType::Phase;
    r.sub = std::uint8_t(phase);
    r.thread = thread;
    r.label = 1;
    r.startNs = startNs;
    r.span.durNs = durNs;
    r.span.count = 1;
    r.span.iteration = 1;
    return r;
}

Record callbackRecord(CallbackKind kind, std::int64_t startNs, std::int64_t durNs, std::int64_t busyNs)
{
    Record r;
    r.type = RecordType::Callback;
    r.sub = std::uint8_t(kind);
    r.startNs = startNs;
    r.span.durNs = durNs;
    r.span.busyNs = busyNs;
    r.span.maxNs = busyNs;
    r.span.count = 1;
    r.span.iteration = 1;
    return r;
}

// One loop iteration as the runtime records it, starting at `at`: the phases in libuv 1.44's order,
// with `ioUs` of I/O callbacks at the start of poll. Returns where the iteration ends.
std::int64_t iterate(PhaseHeat& heat, std::int64_t at, std::int64_t timersUs, std::int64_t pollUs, std::int64_t ioUs,
    std::int64_t checkUs)
{
    heat.add(phaseRecord(Phase::Timers, at, timersUs * Us));
    at += timersUs * Us;
    heat.add(phaseRecord(Phase::Pending, at, 0));
    heat.add(phaseRecord(Phase::Idle, at, 0));
    heat.add(phaseRecord(Phase::Prepare, at, 2 * Us));
    at += 2 * Us;
    // Callbacks are recorded when they end, before the poll span that holds them.
    if (ioUs > 0)
        heat.add(callbackRecord(CallbackKind::Io, at, ioUs * Us, ioUs * Us));
    heat.add(phaseRecord(Phase::Poll, at, pollUs * Us));
    at += pollUs * Us;
    heat.add(phaseRecord(Phase::Check, at, checkUs * Us));
    at += checkUs * Us;
    heat.add(phaseRecord(Phase::Close, at, 0));
    return at;
}

void fuzzyCompare(double actual, double expected, double tolerance, const char* what)
{
    if (std::abs(actual - expected) > tolerance)
        QFAIL(qPrintable(QStringLiteral("%1: %2, expected %3 (within %4)")
                             .arg(QLatin1String(what))
                             .arg(actual)
                             .arg(expected)
                             .arg(tolerance)));
}

} // namespace

class TestPhaseHeat : public QObject
{
    Q_OBJECT

private slots:
    void shares_data();
    void shares();
    void oldRecordsAgeOut();
    void halfTheWindow();
    void openPhaseCounts_data();
    void openPhaseCounts();
    void longRunKeepsTheLastSecond();
    void claimedTimeCostsNothing();
    void othersIgnored();
    void clearForgets();
};

void TestPhaseHeat::shares_data()
{
    QTest::addColumn<qint64>("timersUs");
    QTest::addColumn<qint64>("pollUs");
    QTest::addColumn<qint64>("ioUs");
    QTest::addColumn<qint64>("checkUs");
    QTest::addColumn<double>("timers");
    QTest::addColumn<double>("poll");
    QTest::addColumn<double>("pollRunning");
    QTest::addColumn<double>("check");

    // 100 iterations a second (the 10 ms delay monitor), asleep in poll in between.
    QTest::newRow("idle server lives in poll")
        << qint64(20) << qint64(9960) << qint64(0) << qint64(18) << 0.002 << 0.996 << 0.0 << 0.002;
    QTest::newRow("timers hog the loop") << qint64(8000) << qint64(1900) << qint64(0) << qint64(98) << 0.8 << 0.19
                                         << 0.0 << 0.01;
    QTest::newRow("I/O callbacks keep poll hot")
        << qint64(10) << qint64(9000) << qint64(8000) << qint64(988) << 0.001 << 0.9 << 0.8 << 0.099;
    QTest::newRow("immediates at full speed")
        << qint64(2) << qint64(3) << qint64(0) << qint64(993) << 0.002 << 0.003 << 0.0 << 0.993;
}

void TestPhaseHeat::shares()
{
    QFETCH(qint64, timersUs);
    QFETCH(qint64, pollUs);
    QFETCH(qint64, ioUs);
    QFETCH(qint64, checkUs);
    QFETCH(double, timers);
    QFETCH(double, poll);
    QFETCH(double, pollRunning);
    QFETCH(double, check);

    PhaseHeat heat;
    std::int64_t at = 0;
    while (at < 3000 * Ms)
        at = iterate(heat, at, timersUs, pollUs, ioUs, checkUs);
    const PhaseHeat::Shares shares = heat.shares(at);
    fuzzyCompare(shares.of(Phase::Timers), timers, 0.005, "timers");
    fuzzyCompare(shares.of(Phase::Poll), poll, 0.005, "poll");
    fuzzyCompare(shares.pollRunning, pollRunning, 0.005, "poll running");
    fuzzyCompare(shares.pollWaiting, poll - pollRunning, 0.005, "poll waiting");
    fuzzyCompare(shares.of(Phase::Check), check, 0.005, "check");
    double sum = 0;
    for (const double share : shares.phase)
        sum += share;
    fuzzyCompare(sum, 1.0, 1e-9, "sum of shares");
    QCOMPARE(shares.coveredNs, PhaseHeat::WindowNs);
}

void TestPhaseHeat::oldRecordsAgeOut()
{
    PhaseHeat heat;
    heat.add(phaseRecord(Phase::Timers, 0, 2000 * Ms));
    heat.add(phaseRecord(Phase::Poll, 2000 * Ms, 500 * Ms));
    // At 2.5 s the window holds half a second of each.
    fuzzyCompare(heat.shares(2500 * Ms).of(Phase::Timers), 0.5, 0.001, "timers at 2.5 s");
    heat.add(phaseRecord(Phase::Poll, 2500 * Ms, 2500 * Ms));
    QCOMPARE(heat.shares(5000 * Ms).of(Phase::Poll), 1.0);
    QCOMPARE(heat.shares(5000 * Ms).of(Phase::Timers), 0.0);
    // A record older than the window that arrives late changes nothing.
    heat.add(phaseRecord(Phase::Check, 1000 * Ms, 500 * Ms));
    QCOMPARE(heat.shares(5000 * Ms).of(Phase::Check), 0.0);
    QCOMPARE(heat.shares(5000 * Ms).of(Phase::Poll), 1.0);
}

void TestPhaseHeat::halfTheWindow()
{
    // Bucket edges do not line up with the window: 7 ms past one.
    PhaseHeat heat;
    const std::int64_t now = 4007 * Ms;
    heat.add(phaseRecord(Phase::Timers, now - 1500 * Ms, 1000 * Ms));
    heat.add(phaseRecord(Phase::Poll, now - 500 * Ms, 500 * Ms));
    const PhaseHeat::Shares shares = heat.shares(now);
    fuzzyCompare(shares.of(Phase::Timers), 0.5, 0.01, "timers");
    fuzzyCompare(shares.of(Phase::Poll), 0.5, 0.01, "poll");
}

void TestPhaseHeat::openPhaseCounts_data()
{
    QTest::addColumn<Phase>("phase");
    QTest::addColumn<bool>("inCallback");
    QTest::addColumn<double>("share");
    QTest::addColumn<double>("pollRunning");
    // The records end at 1.2 s; now is 2 s: 0.8 s of the last second is still open.
    QTest::newRow("poll waits") << Phase::Poll << false << 0.8 << 0.0;
    QTest::newRow("an I/O callback blocks in poll") << Phase::Poll << true << 0.8 << 0.5;
    QTest::newRow("a timer blocks") << Phase::Timers << true << 0.8 << 0.0;
}

void TestPhaseHeat::openPhaseCounts()
{
    QFETCH(Phase, phase);
    QFETCH(bool, inCallback);
    QFETCH(double, share);
    QFETCH(double, pollRunning);

    PhaseHeat heat;
    heat.add(phaseRecord(Phase::Check, 0, 1200 * Ms));
    PhaseHeat::Open open;
    open.valid = true;
    open.phase = phase;
    open.inCallback = inCallback;
    open.callbackStartNs = 1500 * Ms;
    const PhaseHeat::Shares shares = heat.shares(2000 * Ms, open);
    fuzzyCompare(shares.of(phase), share, 0.001, "open phase");
    fuzzyCompare(shares.of(Phase::Check), 0.2, 0.001, "recorded phase");
    fuzzyCompare(shares.pollRunning, pollRunning, 0.001, "poll running");
    // Without the open phase, only what was recorded counts.
    QCOMPARE(heat.shares(2000 * Ms).of(Phase::Check), 1.0);
}

void TestPhaseHeat::longRunKeepsTheLastSecond()
{
    // A minute at 10,000 iterations a second, then one second of an idle server.
    PhaseHeat heat;
    std::int64_t at = 0;
    while (at < 60'000 * Ms)
        at = iterate(heat, at, 10, 10, 5, 78);
    const std::int64_t busyUntil = at;
    while (at < busyUntil + 1100 * Ms)
        at = iterate(heat, at, 20, 9960, 0, 18);

    PhaseHeat fresh;
    std::int64_t freshAt = busyUntil;
    while (freshAt < busyUntil + 1100 * Ms)
        freshAt = iterate(fresh, freshAt, 20, 9960, 0, 18);
    QCOMPARE(freshAt, at);
    const PhaseHeat::Shares long_ = heat.shares(at);
    const PhaseHeat::Shares short_ = fresh.shares(at);
    for (int phase = 0; phase < loopscope::PhaseCount; ++phase)
        fuzzyCompare(long_.phase[std::size_t(phase)], short_.phase[std::size_t(phase)], 1e-9, "phase share");
    fuzzyCompare(long_.of(Phase::Poll), 0.996, 0.005, "poll");
}

void TestPhaseHeat::claimedTimeCostsNothing()
{
    // A recording may claim any duration; the heat walks only the buckets it keeps.
    PhaseHeat heat;
    heat.add(phaseRecord(Phase::Poll, 1000 * Ms, std::numeric_limits<std::int64_t>::max()));
    QCOMPARE(heat.lastEndNs(), std::numeric_limits<std::int64_t>::max());
    QCOMPARE(heat.shares(std::numeric_limits<std::int64_t>::max()).of(Phase::Poll), 1.0);
}

void TestPhaseHeat::othersIgnored()
{
    PhaseHeat heat;
    heat.add(phaseRecord(Phase::Poll, 0, 1000 * Ms));
    // A worker loop's phase, a timer callback and a queue sample say nothing about the main loop's phases.
    heat.add(phaseRecord(Phase::Timers, 0, 1000 * Ms, loopscope::WorkerThreadBase));
    heat.add(callbackRecord(CallbackKind::Timer, 0, 500 * Ms, 500 * Ms));
    Record queues;
    queues.type = RecordType::Queues;
    queues.startNs = 500 * Ms;
    heat.add(queues);
    const PhaseHeat::Shares shares = heat.shares(1000 * Ms);
    QCOMPARE(shares.of(Phase::Poll), 1.0);
    QCOMPARE(shares.pollRunning, 0.0);
    // A run of I/O callbacks counts by the time they took, not the time their run spans.
    heat.add(callbackRecord(CallbackKind::Io, 0, 400 * Ms, 100 * Ms));
    fuzzyCompare(heat.shares(1000 * Ms).pollRunning, 0.1, 0.001, "poll running");
}

void TestPhaseHeat::clearForgets()
{
    PhaseHeat heat;
    heat.add(phaseRecord(Phase::Poll, 0, 1000 * Ms));
    heat.clear();
    const PhaseHeat::Shares shares = heat.shares(1000 * Ms);
    QCOMPARE(shares.coveredNs, 0);
    QCOMPARE(shares.of(Phase::Poll), 0.0);
    QCOMPARE(heat.lastEndNs(), 0);
}

QTEST_GUILESS_MAIN(TestPhaseHeat)
#include "tst_phaseheat.moc"
