#include "descriptorsexhausted.h"
#include "runhelpers.h"
#include "sessionend.h"

#include "formats/summary.h"
#include "recording/events.h"
#include "recording/programclock.h"
#include "runtime/pbkdf2.h"
#include "session/housekeeper.h"

#include <openssl/evp.h>

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <thread>

using namespace loopscope;

namespace {

std::vector<Record> recordsOf(const RunResult& run, RecordType type)
{
    std::vector<Record> out;
    const EventLog& log = run.session->recording().mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type == type)
            out.push_back(log[i]);
    }
    return out;
}

std::optional<Record> firstCallback(const RunResult& run, const std::string& label)
{
    const EventLog& log = run.session->recording().mainLog();
    const StringTable& strings = run.session->recording().strings;
    std::optional<Record> best;
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        if (r.type == RecordType::Callback && strings.at(r.label) == label && (!best || r.startNs < best->startNs))
            best = r;
    }
    return best;
}

std::int64_t lastEnd(const RunResult& run, const std::string& label)
{
    const EventLog& log = run.session->recording().mainLog();
    const StringTable& strings = run.session->recording().strings;
    std::int64_t end = -1;
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record& r = log[i];
        if (r.type == RecordType::Callback && strings.at(r.label) == label)
            end = std::max(end, r.startNs + r.span.durNs);
    }
    return end;
}

std::uint64_t callbackCount(const RunResult& run, const std::string& label)
{
    const EventLog& log = run.session->recording().mainLog();
    const StringTable& strings = run.session->recording().strings;
    std::uint64_t count = 0;
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type == RecordType::Callback && strings.at(log[i].label) == label)
            count += log[i].span.count;
    }
    return count;
}

} // namespace

class TestRuntime : public QObject
{
    Q_OBJECT

private slots:
    // crypto.pbkdf2's key, derived in steps that can wait while the loop is held, is OpenSSL's.
    void pbkdf2DerivesOpenSslsKey_data()
    {
        QTest::addColumn<int>("iterations");
        QTest::addColumn<bool>("sha512");
        for (int iterations : { 1, 2, 1023, 1024, 1025, 5000 }) {
            QTest::addRow("sha256 %d", iterations) << iterations << false;
            QTest::addRow("sha512 %d", iterations) << iterations << true;
        }
    }
    void pbkdf2DerivesOpenSslsKey()
    {
        QFETCH(int, iterations);
        QFETCH(bool, sha512);
        const std::string password = "correct horse", salt = "bookstore-salt";
        unsigned char expected[80], derived[80];
        QVERIFY(PKCS5_PBKDF2_HMAC(password.data(), int(password.size()),
            reinterpret_cast<const unsigned char*>(salt.data()), int(salt.size()), iterations,
            sha512 ? EVP_sha512() : EVP_sha256(), sizeof expected, expected));
        const loopscope::ProgramClock clock(loopscope::monotonicNs());
        QVERIFY(loopscope::derivePbkdf2(password, salt, iterations,
            sha512 ? loopscope::Digest::Sha512 : loopscope::Digest::Sha256, derived, sizeof derived, &clock));
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(derived), sizeof derived),
            QByteArray(reinterpret_cast<const char*>(expected), sizeof expected));
    }

    void scenarioOrders_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("guess-order") << "guess-order"
                                     << QStringList { "readFile callback", "process.nextTick", "promise.then",
                                            "setImmediate", "setTimeout 0" };
        QTest::newRow("main-race-esm") << "main-race-esm" << QStringList { "immediate", "timeout" };
        QTest::newRow("tick-vs-promise") << "tick-vs-promise" << QStringList { "process.nextTick", "promise.then" };
        QTest::newRow("tick-vs-promise-esm")
            << "tick-vs-promise-esm" << QStringList { "promise.then", "process.nextTick" };
        QTest::newRow("await-order") << "await-order" << QStringList { "after:await", "tick:a", "tick:b" };
        QTest::newRow("await-order-node10")
            << "await-order-node10" << QStringList { "tick:a", "tick:b", "after:await" };
        QTest::newRow("nexttick-starvation")
            << "nexttick-starvation" << QStringList { "nextTick chain done", "1 ms timer ran" };
        QTest::newRow("nexttick-starvation-immediate")
            << "nexttick-starvation-immediate" << QStringList { "1 ms timer ran", "setImmediate chain done" };
        QTest::newRow("counting") << "counting"
                                  << QStringList { "while: done", "nextTick: done", "setTimeout: done",
                                         "batched nextTick: done" };
        QTest::newRow("async-not-thread")
            << "async-not-thread"
            << QStringList { "hashing finished inside the async function", "hashPasswords() returned its promise",
                   "interval tick", "interval tick", "interval tick" };
        QTest::newRow("compute-async") << "compute-async" << QStringList { "compute-async done", "1 ms timer ran" };
    }

    void scenarioOrders()
    {
        QFETCH(QString, scenario);
        QFETCH(QStringList, expected);
        const RunResult run = runProgram(loadScenario(scenario));
        QVERIFY(run.finished);
        QCOMPARE(run.lines, expected);
        QCOMPARE(run.session->closeResult(), 0);
        QCOMPARE(run.session->handlesLeftOpen(), 0);
        QCOMPARE(run.session->poolWorkLeft(), 0u);
        QCOMPARE(run.session->recording().info.droppedEvents, std::uint64_t(0));
    }

    void mainRaceCanGoEitherWay()
    {
        // Which wins depends on whether a millisecond tick of the loop clock passed between the
        // setTimeout and the first timers phase. Node 20 spends about 240 µs there, so its timer wins
        // about one run in four (24 of 100 here); without that gap LoopScope's timer won 1 in 100.
        // Over 80 runs at least 4 timer wins: alone it wins 16 to 26 times, with ctest's other tests
        // and a busy process beside it as few as 5 were seen; without the gap 4 wins come about once
        // in 100. Every run prints both lines.
        constexpr int Runs = 80;
        int timeoutFirst = 0;
        for (int i = 0; i < Runs; ++i) {
            const RunResult run = runProgram(loadScenario(QStringLiteral("main-race")));
            QCOMPARE(run.lines.size(), 2);
            QVERIFY(run.lines.contains(QStringLiteral("timeout")));
            QVERIFY(run.lines.contains(QStringLiteral("immediate")));
            if (run.lines.first() == QLatin1String("timeout"))
                ++timeoutFirst;
        }
        QVERIFY2(timeoutFirst >= 4 && timeoutFirst < Runs, qPrintable(QString::number(timeoutFirst)));
    }

    // Node's first console.log sets up stdout (about 2 ms), so a log after the setTimeout in the main
    // module lets the loop clock pass the timer's millisecond: Node prints the timer first in every run.
    // Without the modelled cost LoopScope's main module takes microseconds and the immediate wins.
    void mainModuleLogMakesTheTimerWin()
    {
        const Program program = parseOrFail(R"({"format":"loopscope-program","version":1,"name":"race","main":[
            {"op":"setTimeout","ms":0,"do":[{"op":"log","text":"timeout"}]},
            {"op":"setImmediate","do":[{"op":"log","text":"immediate"}]},
            {"op":"log","text":"main"}]})");
        const QStringList nodeOrder { "main", "timeout", "immediate" };
        for (int i = 0; i < 10; ++i)
            QCOMPARE(runProgram(program).lines, nodeOrder);
        int immediateFirst = 0;
        for (int i = 0; i < 10; ++i)
            immediateFirst += runProgram(program, 30000, NodeCosts::none()).lines.at(1) == QLatin1String("immediate");
        QVERIFY2(immediateFirst > 0, "without the modelled costs the immediate should win");
    }

    // Node spends more on a line's first run (V8 sets the call site up) than on its later runs. A
    // chain's log line runs once per step; a 50 ms timer goes between the steps where those costs put it.
    void newLinesAndLaterRunsCostWhatNodeSpends()
    {
        // Twenty-two logs warm console.log (NodeCosts::WarmUses) before the timer is set; then a chain
        // runs one line three times.
        const Program program = parseOrFail(R"({"format":"loopscope-program","version":1,"name":"lines","main":[
            {"op":"repeat","times":22,"do":[{"op":"log","text":"warm"}]},
            {"op":"setTimeout","ms":50,"do":[{"op":"log","text":"timer"}]},
            {"op":"chain","via":"setImmediate","times":3,"do":[{"op":"log","text":"step"}]}]})");
        constexpr std::uint32_t Long = 600'000; // tenths of a microsecond: 60 ms
        const auto log = std::size_t(OpKind::Log);
        NodeCosts newLine;
        newLine.siteTenthsUs[log] = Long;
        NodeCosts laterRuns;
        laterRuns.callTenthsUs[log] = Long;
        const QStringList warm(22, QStringLiteral("warm"));
        QCOMPARE(runProgram(program, 30000, NodeCosts::none()).lines,
            warm + QStringList({ "step", "step", "step", "timer" }));
        QCOMPARE(runProgram(program, 30000, newLine).lines, warm + QStringList({ "step", "timer", "step", "step" }));
        QCOMPARE(runProgram(program, 30000, laterRuns).lines, warm + QStringList({ "step", "step", "timer", "step" }));
    }

    // Node's main thread spends 0.3 ms from the main module's end to its loop's first callback, 0.7 when the
    // main module logged, after the phase chose that callback: an immediate that runs first makes a 100 ms
    // timer due before the next immediate, but the timers phase before it had found the timer not due.
    void theFirstCallbackWaitsAfterItsPhaseChoseIt()
    {
        auto program = [](bool logs) {
            return parseOrFail(QStringLiteral(R"({"format":"loopscope-program","version":1,"name":"first","main":[
                {"op":"setTimeout","ms":100,"do":[{"op":"log","text":"timer"}]}, %1
                {"op":"setImmediate","do":[{"op":"log","text":"immediate"},
                    {"op":"setImmediate","do":[{"op":"log","text":"second immediate"}]}]}]})")
                                   .arg(logs ? QStringLiteral(R"({"op":"log","text":"main"},)") : QString())
                                   .toUtf8());
        };
        const QStringList immediatesFirst { "immediate", "second immediate", "timer" };
        const QStringList timerBetween { "immediate", "timer", "second immediate" };
        NodeCosts costs;
        QCOMPARE(runProgram(program(false), 30000, costs).lines, immediatesFirst);
        costs.firstCallbackUs = 300'000;
        QCOMPARE(runProgram(program(false), 30000, costs).lines, timerBetween);
        costs.firstCallbackUs = 0;
        costs.firstCallbackAfterLogUs = 300'000;
        QCOMPARE(runProgram(program(false), 30000, costs).lines, immediatesFirst);
        QCOMPARE(runProgram(program(true), 30000, costs).lines, QStringList { "main" } + timerBetween);
    }

    // console.log's first write queues its afterWrite in a nextTick: a first process.nextTick after it cost
    // Node 10 us against 125 alone. Only what comes after the log is spared: a main module that spends a
    // long first nextTick lets a timer set before it win the first iteration.
    void aFirstLogWarmsTheFirstNextTick()
    {
        auto program = [](bool logFirst) {
            const QString log = QStringLiteral(R"({"op":"log","text":"line"})");
            const QString tick = QStringLiteral(R"({"op":"nextTick","do":[]})");
            return parseOrFail(QStringLiteral(R"({"format":"loopscope-program","version":1,"name":"warmed","main":[
                {"op":"setTimeout","ms":100,"do":[{"op":"log","text":"timer"}]}, %1, %2,
                {"op":"setImmediate","do":[{"op":"log","text":"immediate"}]}]})")
                                   .arg(logFirst ? log : tick, logFirst ? tick : log)
                                   .toUtf8());
        };
        NodeCosts costs;
        costs.firstUseUs[std::size_t(OpKind::NextTick)] = 300'000;
        costs.warmedByLogUs[std::size_t(OpKind::NextTick)] = 300'000;
        QCOMPARE(runProgram(program(true), 30000, costs).lines, QStringList({ "line", "immediate", "timer" }));
        QCOMPARE(runProgram(program(false), 30000, costs).lines, QStringList({ "line", "timer", "immediate" }));
    }

    // Node's op warms over its first uses, whichever lines make them: until then a line run again costs
    // what a new line does, and the later-run figure is not spent.
    void aLineRunAgainCostsANewLinesFigureWhileTheOpWarms()
    {
        const Program program = parseOrFail(R"({"format":"loopscope-program","version":1,"name":"lines","main":[
            {"op":"setTimeout","ms":50,"do":[{"op":"log","text":"timer"}]},
            {"op":"chain","via":"setImmediate","times":3,"do":[{"op":"log","text":"step"}]}]})");
        NodeCosts laterRuns;
        laterRuns.callTenthsUs[std::size_t(OpKind::Log)] = 1'000'000;
        QCOMPARE(runProgram(program, 30000, laterRuns).lines, (QStringList { "step", "step", "step", "timer" }));
        NodeCosts newLine;
        newLine.siteTenthsUs[std::size_t(OpKind::Log)] = 300'000; // 30 ms a run while log warms
        QCOMPARE(runProgram(program, 30000, newLine).lines, (QStringList { "step", "step", "timer", "step" }));
    }

    // A worker's first line runs after its thread has booted (about 25 ms in Node), so a 5 ms timer of
    // the main module prints before it.
    void workerStartsAfterNodesBootTime()
    {
        const Program program = parseOrFail(R"({"format":"loopscope-program","version":1,"name":"w","main":[
            {"op":"worker","do":[{"op":"log","text":"worker"}],"done":[{"op":"log","text":"done"}]},
            {"op":"setTimeout","ms":5,"do":[{"op":"log","text":"timer"}]}]})");
        QCOMPARE(runProgram(program).lines, (QStringList { "timer", "worker", "done" }));
    }

    void drainRule()
    {
        const Program program = parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "drain",
            "main": [
                { "op": "nextTick", "do": [
                    { "op": "log", "text": "t1" },
                    { "op": "queueMicrotask", "do": [ { "op": "log", "text": "m2" } ] },
                    { "op": "nextTick", "do": [ { "op": "log", "text": "t3" } ] }
                ] },
                { "op": "promise", "chain": [ [
                    { "op": "log", "text": "m1" },
                    { "op": "nextTick", "do": [ { "op": "log", "text": "t4" } ] }
                ], [ { "op": "log", "text": "m3" } ] ] },
                { "op": "setTimeout", "ms": 0, "do": [
                    { "op": "log", "text": "timer A" },
                    { "op": "nextTick", "do": [ { "op": "log", "text": "tick after A" } ] }
                ] },
                { "op": "setTimeout", "ms": 0, "do": [ { "op": "log", "text": "timer B" } ] },
                { "op": "log", "text": "main" }
            ] })");
        const RunResult run = runProgram(program);
        const QStringList expected { "main", "t1", "t3", "m1", "m2", "m3", "t4", "timer A", "tick after A", "timer B" };
        QCOMPARE(run.lines, expected);
    }

    void immediatesQueuedDuringCheckWaitAnIteration()
    {
        const RunResult run = runProgram(parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "immediates",
            "main": [
                { "op": "setImmediate", "label": "a", "do": [
                    { "op": "log", "text": "a" },
                    { "op": "setImmediate", "label": "c", "do": [ { "op": "log", "text": "c" } ] }
                ] },
                { "op": "setImmediate", "label": "b", "do": [ { "op": "log", "text": "b" } ] }
            ] })"));
        QCOMPARE(run.lines, (QStringList { "a", "b", "c" }));
        const auto a = firstCallback(run, "a");
        const auto b = firstCallback(run, "b");
        const auto c = firstCallback(run, "c");
        QVERIFY(a && b && c);
        QCOMPARE(b->span.iteration, a->span.iteration);
        QCOMPARE(c->span.iteration, a->span.iteration + 1);
    }

    void pollDoesNotBlockWhileImmediatesPend()
    {
        const RunResult run = runProgram(parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "immediate-chain",
            "main": [ { "op": "chain", "via": "setImmediate", "times": 50, "label": "step" } ] })"));
        const auto polls = recordsOf(run, RecordType::Phase);
        int checked = 0;
        for (const Record& r : polls) {
            if (Phase(r.sub) != Phase::Poll)
                continue;
            // Every iteration but the last has an immediate pending while it polls.
            if (r.span.iteration < polls.back().span.iteration) {
                QCOMPARE(pollTimeoutMs(r), std::int64_t(0));
                ++checked;
            }
        }
        QVERIFY(checked >= 49);
    }

    void pollSleepsForATimeoutChain()
    {
        const RunResult run = runProgram(parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "timeout-chain",
            "main": [ { "op": "chain", "via": "setTimeout", "ms": 0, "times": 30, "label": "step" } ] })"));
        QCOMPARE(callbackCount(run, "step"), std::uint64_t(30));
        int sleeping = 0;
        int polls = 0;
        for (const Record& r : recordsOf(run, RecordType::Phase)) {
            if (Phase(r.sub) != Phase::Poll)
                continue;
            ++polls;
            if (pollTimeoutMs(r) >= 1)
                ++sleeping;
        }
        // setTimeout(0) is setTimeout(1): most polls wait for that millisecond instead of spinning.
        QVERIFY2(sleeping >= 15, qPrintable(QStringLiteral("%1 of %2 polls slept").arg(sleeping).arg(polls)));
    }

    void tickStormStarvesTimerButImmediatesDoNot()
    {
        const RunResult ticks = runProgram(loadScenario(QStringLiteral("nexttick-starvation")));
        QCOMPARE(callbackCount(ticks, "nextTick step"), std::uint64_t(100000));
        const auto timer = firstCallback(ticks, "1 ms timer");
        QVERIFY(timer);
        QVERIFY(timer->startNs >= lastEnd(ticks, "nextTick step"));

        const RunResult immediates = runProgram(loadScenario(QStringLiteral("nexttick-starvation-immediate")));
        QCOMPARE(callbackCount(immediates, "setImmediate step"), std::uint64_t(100000));
        const auto early = firstCallback(immediates, "1 ms timer");
        QVERIFY(early);
        QVERIFY(early->startNs < lastEnd(immediates, "setImmediate step"));
        // The storm is recorded compactly: far fewer records than callbacks.
        QVERIFY(ticks.session->recording().mainLog().size() < 10000);
    }

    void phasesFollowLibuvOrderWithCallbacksNested()
    {
        const RunResult run = runProgram(loadScenario(QStringLiteral("guess-order")));
        std::map<std::uint32_t, std::vector<Record>> phasesByIteration;
        for (const Record& r : recordsOf(run, RecordType::Phase))
            phasesByIteration[r.span.iteration].push_back(r);
        QVERIFY(phasesByIteration.size() >= 2);
        const std::vector<Phase> order = run.session->recording().info.timersAfterClose
            ? std::vector<Phase> { Phase::Pending, Phase::Idle, Phase::Prepare, Phase::Poll, Phase::Check, Phase::Close,
                  Phase::Timers }
            : std::vector<Phase> { Phase::Timers, Phase::Pending, Phase::Idle, Phase::Prepare, Phase::Poll,
                  Phase::Check, Phase::Close };
        std::int64_t previousEnd = 0;
        for (auto& [iteration, phases] : phasesByIteration) {
            QCOMPARE(int(phases.size()), 7);
            for (std::size_t i = 0; i < phases.size(); ++i) {
                QCOMPARE(Phase(phases[i].sub), order[i]);
                QVERIFY(phases[i].startNs >= previousEnd);
                previousEnd = phases[i].startNs + phases[i].span.durNs;
            }
        }
        auto phaseOf = [&](const Record& callback) -> Phase {
            for (const Record& p : phasesByIteration[callback.span.iteration]) {
                if (callback.startNs >= p.startNs && callback.startNs + callback.span.durNs <= p.startNs + p.span.durNs
                    && (p.label == 1))
                    return Phase(p.sub);
            }
            return Phase::Pending;
        };
        const auto io = firstCallback(run, "readFile callback");
        const auto immediate = firstCallback(run, "setImmediate");
        const auto timer = firstCallback(run, "setTimeout 0");
        const auto tick = firstCallback(run, "process.nextTick");
        QVERIFY2(io && immediate && timer && tick,
            qPrintable(QStringLiteral("%1%2%3%4").arg(!!io).arg(!!immediate).arg(!!timer).arg(!!tick)));
        QCOMPARE(phaseOf(*io), Phase::Poll);
        QCOMPARE(phaseOf(*immediate), Phase::Check);
        QCOMPARE(phaseOf(*timer), Phase::Timers);
        QCOMPARE(callbackKindOf(*tick), CallbackKind::NextTick);
        // The tick drained inside the readFile callback's span.
        QVERIFY(tick->startNs >= io->startNs && tick->startNs + tick->span.durNs <= io->startNs + io->span.durNs);
        QVERIFY(timer->span.iteration > io->span.iteration);
    }

    void timersFollowNodeListOrder()
    {
        // Node keys timer lists by duration: a 10 ms timer started before a 20 ms block
        // fires before a 1 ms timer started after it.
        const Program program = parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "timer-lists",
            "main": [
                { "op": "setTimeout", "ms": 10, "do": [ { "op": "log", "text": "10 ms" } ] },
                { "op": "block", "ms": 20 },
                { "op": "setTimeout", "ms": 1, "do": [ { "op": "log", "text": "1 ms" } ] },
                { "op": "setTimeout", "ms": -5, "do": [ { "op": "log", "text": "-5 ms is 1 ms" } ] },
                { "op": "setInterval", "ms": 2, "times": 2, "do": [ { "op": "log", "text": "interval" } ] }
            ] })");
        const RunResult run = runProgram(program);
        QCOMPARE(run.lines, (QStringList { "10 ms", "1 ms", "-5 ms is 1 ms", "interval", "interval" }));
    }

    void pauseHaltsTheLoopAndStepsAdvanceIt()
    {
        Session session(parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "steps",
            "main": [ { "op": "chain", "via": "setImmediate", "times": 100000, "label": "step" } ] })"));
        session.pause();
        session.start();
        QTest::qWait(100);
        const std::uint64_t halted = session.live().callbacks.load();
        QTest::qWait(100);
        QCOMPARE(session.live().callbacks.load(), halted);
        QVERIFY(session.paused());
        QCOMPARE(session.heldAt(), std::optional(StepPoint::BeforeCallback));
        // The first step runs the main module's body and halts before its drain; the next ends it and
        // runs the first immediate.
        const std::uint64_t halts = session.halts();
        session.step(StepMode::Callback);
        QTRY_VERIFY_WITH_TIMEOUT(session.halts() > halts, 5000);
        QCOMPARE(session.heldAt(), std::optional(StepPoint::AfterCallback));
        session.step(StepMode::Callback);
        QTRY_VERIFY_WITH_TIMEOUT(session.live().callbacks.load() > halted, 5000);
        const std::uint64_t stepped = session.live().callbacks.load();
        QTest::qWait(100);
        QVERIFY(session.live().callbacks.load() <= stepped + 1);
        session.resume();
        QVERIFY(session.waitFinished(30000));
        session.stop();
        QCOMPARE(session.closeResult(), 0);
        QCOMPARE(session.handlesLeftOpen(), 0);
        QCOMPARE(session.poolWorkLeft(), 0u);
    }

    void queueSnapshotListsPendingTimersInDueOrder()
    {
        Session session(parseOrFail(R"({
            "format": "loopscope-program", "version": 1, "name": "timers",
            "main": [
                { "op": "setTimeout", "ms": 800, "label": "much later" },
                { "op": "setTimeout", "ms": 400, "label": "later" },
                { "op": "setImmediate", "label": "soon" }
            ] })"));
        session.start();
        // While the loop sleeps in poll for the first timer, the views see both timers waiting.
        QTRY_VERIFY_WITH_TIMEOUT(session.queueSnapshot().takenAtNs >= 0 && session.queueSnapshot().immediateCount == 0
                && session.queueSnapshot().iteration >= 2,
            5000);
        const QueueSnapshot snapshot = session.queueSnapshot();
        QVERIFY(session.live().pollTimeoutMs.load() > 100);
        QCOMPARE(snapshot.timerCount, std::size_t(2));
        const StringTable& strings = session.recording().strings;
        QCOMPARE(strings.at(snapshot.timers[0].label), std::string("later"));
        QCOMPARE(strings.at(snapshot.timers[1].label), std::string("much later"));
        QVERIFY(snapshot.timers[0].dueInMs <= 400 && snapshot.timers[1].dueInMs > snapshot.timers[0].dueInMs);
        session.stop();
        VERIFY_SESSION_CLOSED(session);
    }

    void runsWithoutRecordingWhenAskedTo()
    {
        auto lines = std::make_shared<QStringList>();
        SessionOptions options;
        options.record = false;
        options.onLog
            = [lines](std::string_view line) { lines->append(QString::fromUtf8(line.data(), int(line.size()))); };
        Session session(loadScenario(QStringLiteral("guess-order")), options);
        session.start();
        QVERIFY(session.waitFinished(10000));
        session.stop();
        QCOMPARE(lines->size(), 5);
        QCOMPARE(session.recording().mainLog().size(), std::size_t(0));
        VERIFY_SESSION_CLOSED(session);
    }

    // A run whose records are consumed as they come (a headless run's summary, here) hands each over
    // once as its chunk fills and lets it go; the summary says what the whole recording's would (the
    // steps, the lines listed and counted).
    void aConsumedRunLetsItsRecordsGo()
    {
        const QByteArray chain = R"({ "format": "loopscope-program", "version": 1, "name": "long chain",
            "main": [ { "op": "repeat", "times": 100, "do": [ { "op": "log", "text": "line" } ] },
                      { "op": "chain", "via": "setImmediate", "times": 300000, "label": "step" } ] })";
        std::string summaries[2];
        for (const bool consumed : { false, true }) {
            SessionOptions options;
            SummaryBuilder builder;
            if (consumed)
                options.consume
                    = [&builder](const Record& record, std::size_t log, const Recording&) { builder.add(record, log); };
            Session session(parseOrFail(chain), options);
            session.start();
            QVERIFY(session.waitFinished(120000));
            session.stop();
            // About 384 bytes an iteration: far more than one chunk, most of it let go.
            const std::size_t kept = session.recording().mainLog().firstKept();
            QVERIFY2(consumed ? kept > 0 : kept == 0, std::to_string(kept).c_str());
            session.consumeRest();
            summaries[consumed] = consumed ? builder.text(session.recording()) : summarize(session.recording());
            VERIFY_SESSION_CLOSED(session);
        }
        for (const std::string& summary : summaries) {
            QVERIFY2(
                summary.find("Callbacks: 300001 (immediate 300000, main 1)") != std::string::npos, summary.c_str());
            QVERIFY2(summary.find("Console: 100 lines") != std::string::npos, summary.c_str());
            QVERIFY2(summary.find("... and 60 more") != std::string::npos, summary.c_str());
        }
    }

    // A recording kept whole (the window's) holds its past encoded: an iteration of a setImmediate
    // chain, its seven phase markers and its callback, in at most 64 bytes (384 as written), read
    // back the same as it was written.
    void aKeptRecordingHoldsAnIterationInAFewBytes()
    {
        Session session(parseOrFail(R"({ "format": "loopscope-program", "version": 1, "name": "chain",
            "main": [ { "op": "chain", "via": "setImmediate", "times": 200000, "label": "step" } ] })"));
        session.start();
        QVERIFY(session.waitFinished(120000));
        session.stop();
        const EventLog& log = session.recording().mainLog();
        std::vector<Record> written;
        log.walk(0, log.size(), [&written](const Record& r) {
            written.push_back(r);
            return true;
        });
        // The housekeeping encodes as the run goes; what it had not reached yet is encoded here.
        session.recording().logs.front()->compact(EventLog::MaxChunks, true);
        QVERIFY(log.encodedRecords() >= log.size() - EventLog::ChunkSize);
        std::uint32_t iterations = 0;
        for (std::size_t i = 0; i < log.size(); ++i) {
            const Record r = log[i];
            QVERIFY2(std::memcmp(&r, &written[i], sizeof(Record)) == 0, std::to_string(i).c_str());
            if (r.type == RecordType::Phase)
                iterations = std::max(iterations, r.span.iteration);
        }
        const double perRecord = double(log.encodedBytes()) / double(log.encodedRecords());
        const double perIteration = perRecord * double(log.size()) / iterations;
        QVERIFY2(perIteration <= 64, std::to_string(perIteration).c_str());
        // Held: the chunk being written and the encoded ones, in whole slabs.
        QVERIFY(log.memoryBytes() <= 2 * EventLog::ChunkBytes + log.encodedBytes() + EventLog::SlabBytes);
        VERIFY_SESSION_CLOSED(session);
    }

    // Out of file descriptors, a session cannot make its loop: it ends at once, aborted, and its
    // recording says why (it used to end the process from inside libuv's setup).
    void aLoopThatCannotStartEndsTheRunCleanly()
    {
        Session session(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"p",
            "main":[{"op":"log","text":"never"}]})"));
        {
            const DescriptorsExhausted exhausted;
            session.start();
        }
        QVERIFY(session.waitFinished(10000));
        session.stop();
        QCOMPARE(session.startProblem(), std::string("cannot start the loop: too many open files"));
        QVERIFY(session.recording().info.aborted);
        std::vector<std::string> errors;
        for (const auto& log : session.recording().logs) {
            for (std::size_t i = 0; i < log->size(); ++i) {
                if ((*log)[i].type == RecordType::Error)
                    errors.push_back(session.recording().strings.at((*log)[i].label));
            }
        }
        QCOMPARE(errors, (std::vector<std::string> { "cannot start the loop: too many open files", "run aborted" }));
    }

    // A worker started when no descriptor is left fails as Node's does when it cannot start: it never
    // runs, the error says why, and the main loop goes on.
    void aWorkerThatCannotStartIsSaidSo()
    {
        Session session(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"p",
            "main":[{"op":"setTimeout","ms":300,"do":[{"op":"worker","do":[{"op":"log","text":"in the worker"}]},
                {"op":"log","text":"after the worker"}]}]})"));
        session.start();
        // The loopback server listens first (it needs a descriptor too).
        QTRY_VERIFY_WITH_TIMEOUT(session.live().healthPort.load() > 0, 10000);
        {
            const DescriptorsExhausted exhausted;
            QVERIFY(session.waitFinished(10000));
        }
        session.stop();
        std::vector<std::string> said;
        for (const auto& log : session.recording().logs) {
            for (std::size_t i = 0; i < log->size(); ++i) {
                const Record r = (*log)[i];
                if (r.type == RecordType::Error || r.type == RecordType::Log)
                    said.push_back(session.recording().strings.at(r.label));
            }
        }
        std::string all;
        for (const std::string& line : said)
            all += line + " | ";
        QVERIFY2(said
                == (std::vector<std::string> {
                    "worker: cannot start its loop: too many open files", "after the worker" }),
            all.c_str());
        QVERIFY(session.startProblem().empty());
        VERIFY_SESSION_CLOSED(session);
    }

    // A session stopped at many moments around the abort its memory budget makes (a main module that
    // queues ticks without end: over 4 MB within about 10 ms): the housekeeper, whose budget check may
    // abort the run too, is stopped before the runtime is let go. ASan and TSan watch the order.
    void stoppingWhileTheBudgetAbortsIsSafe()
    {
        for (int round = 0; round < 16; ++round) {
            SessionOptions options;
            options.memoryBudgetMb = 4;
            Session session(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"logger",
                "main":[{"op":"repeat","times":2000000000,"do":[{"op":"nextTick","do":[]}]}]})"),
                options);
            session.start();
            // The last round stops it at the moment the budget is found exceeded, at any sanitizer's pace.
            if (round == 15)
                QTRY_VERIFY_WITH_TIMEOUT(session.memoryBudget().exceeded(), 60000);
            else
                std::this_thread::sleep_for(std::chrono::microseconds(round * 1000));
            session.stop();
            if (session.memoryBudget().exceeded())
                QVERIFY(session.recording().info.aborted);
            VERIFY_SESSION_CLOSED(session);
        }
    }

    // The housekeeper tells a run that cannot stay within its budget once, on its own thread, and
    // calls nothing once stop() has returned: the owner may then let go of what its abort reaches.
    void theHousekeeperTellsTheBudgetOnceAndNothingAfterItStops()
    {
        Recording recording;
        EventLog& log = recording.mainLog();
        for (int i = 0; i < 100; ++i) {
            *log.slot() = Record();
            log.commit();
        }
        MemoryBudget budget(std::size_t(1) << 20);
        QVERIFY(budget.charge(budget.limit())); // the queues fill it: no spill can help
        std::atomic<int> told { 0 };
        std::atomic<bool> stopped { false };
        std::atomic<int> callsAfterStop { 0 };
        std::atomic<bool> onItsThread { true };
        const std::thread::id caller = std::this_thread::get_id();
        Housekeeper::Options options;
        options.overBudget = [&] {
            ++told;
            onItsThread = onItsThread && std::this_thread::get_id() != caller;
            if (stopped)
                ++callsAfterStop;
        };
        options.eachRound = [&] {
            if (stopped)
                ++callsAfterStop;
        };
        Housekeeper housekeeper(recording, budget, std::move(options));
        housekeeper.start();
        QTRY_VERIFY_WITH_TIMEOUT(budget.exceeded(), 10000);
        std::this_thread::sleep_for(std::chrono::milliseconds(5 * Housekeeper::RoundMs));
        housekeeper.stop();
        stopped = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5 * Housekeeper::RoundMs));
        QCOMPARE(told.load(), 1);
        QVERIFY(onItsThread.load());
        QCOMPARE(callsAfterStop.load(), 0);
        QVERIFY(housekeeper.spillProblem().empty()); // nothing was spilled: the queues alone fill the budget
    }

    // A recording kept whole (the window's) spills past its budget; once its spill file is full (16
    // times the budget) the run ends cleanly and says why.
    void aFullSpillFileEndsTheRunCleanly()
    {
#if defined(__SANITIZE_THREAD__)
        // 256 MB through a spill file at ThreadSanitizer's pace takes minutes, past any sensible timeout; the
        // dev and ASan runs cover it, and stoppingWhileTheBudgetAbortsIsSafe the threads of the budget's abort.
        QSKIP("writes 256 MB of spill: too slow under ThreadSanitizer");
#endif
        SessionOptions options;
        options.memoryBudgetMb = 16;
        Session session(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"endless",
            "main":[{"op":"chain","via":"setImmediate","times":2000000000}]})"),
            options);
        session.start();
        QVERIFY(session.waitFinished(120000));
        session.stop();
        QVERIFY(session.memoryBudget().exceeded());
        QVERIFY2(session.spillProblem().find("reached its limit of 256 MB") != std::string::npos,
            session.spillProblem().c_str());
        QVERIFY(session.spilledBytes() >= (std::uint64_t(240) << 20));
        // The recording says how the run ended, at its end.
        const EventLog& log = session.recording().mainLog();
        bool said = false;
        log.walk(0, log.size(), [&](const Record& r) {
            said = said
                || (r.type == RecordType::Error
                    && session.recording().strings.at(r.label).find("memory budget exceeded") == 0);
            return true;
        });
        QVERIFY(said);
        VERIFY_SESSION_CLOSED(session);
    }

    // Pool work started on a worker loop is counted in and out of the main loop's counters alike.
    void workerPoolWorkKeepsTheMainCountsTrue()
    {
        const RunResult run = runProgram(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"w","main":[
            {"op":"worker","do":[{"op":"pbkdf2","iterations":20000,"do":[{"op":"log","text":"derived"}]}]}]})"));
        QVERIFY(run.finished);
        QCOMPARE(run.lines, QStringList { "derived" });
        const std::vector<Record> samples = recordsOf(run, RecordType::Queues);
        QVERIFY(!samples.empty());
        for (const Record& sample : samples) {
            QVERIFY2(sample.queues.poolQueued <= 1, qPrintable(QString::number(sample.queues.poolQueued)));
            QVERIFY2(sample.queues.poolActive <= 1, qPrintable(QString::number(sample.queues.poolActive)));
        }
        QCOMPARE(samples.back().queues.poolQueued, 0u);
        QCOMPARE(run.session->poolWorkLeft(), 0u);
    }

    // A worker has no server of its own: its httpGet requests the main loop's, as the emitted script's
    // worker requests the server its parent listens on.
    void workerHttpGetReachesTheMainServer()
    {
        const Program program = parseOrFail(R"({"format":"loopscope-program","version":1,"name":"w","main":[
            {"op":"worker","do":[{"op":"httpGet","do":[{"op":"log","text":"worker got /health"}]}],
             "done":[{"op":"log","text":"worker done"}]}]})");
        const RunResult run = runProgram(program);
        QVERIFY(run.finished);
        QVERIFY2(run.lines.contains(QStringLiteral("worker got /health")), qPrintable(run.lines.join(", ")));
        const Recording& recording = run.session->recording();
        for (const auto& log : recording.logs) {
            for (std::size_t i = 0; i < log->size(); ++i) {
                const Record& r = (*log)[i];
                QVERIFY2(r.type != RecordType::Error, recording.strings.at(r.label).c_str());
            }
        }
        // The server answered it: its request callback ran on the main loop.
        QCOMPARE(callbackCount(run, "HTTP server: GET /health"), 1u);
    }

    // Workers past the limit are refused with one error until one ends, not one per refusal: a repeat
    // of them once recorded 37.8 M errors in 5 s.
    void refusedWorkersRecordOneError()
    {
        const RunResult run = runProgram(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"w","main":[
            {"op":"repeat","times":1000000,"do":[{"op":"worker","do":[{"op":"log","text":"in a worker"}]}]},
            {"op":"setTimeout","ms":300,"do":[{"op":"worker","do":[{"op":"log","text":"later"}]},
                {"op":"repeat","times":1000,"do":[{"op":"worker","do":[]}]}]}]})"));
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        QStringList errors;
        for (const auto& log : recording.logs) {
            for (std::size_t i = 0; i < log->size(); ++i) {
                if ((*log)[i].type == RecordType::Error)
                    errors.append(QString::fromStdString(recording.strings.at((*log)[i].label)));
            }
        }
        // The eight that ran did their work; the first refusal is recorded, and the first after they ended.
        QCOMPARE(run.lines.count(QStringLiteral("in a worker")), qsizetype(Session::MaxWorkerLoops));
        QCOMPARE(run.lines.count(QStringLiteral("later")), 1);
        QCOMPARE(errors.size(), 2);
        QVERIFY2(errors.front().startsWith(QStringLiteral("worker: at most 8 worker loops can run at once")),
            qPrintable(errors.front()));
    }

    // What keeps an aborted run going is named, and a caller that leaves without the loop thread can
    // still record the abort.
    void abortNamesWhatStillRuns()
    {
        // Backtracking on the loop thread, with no check point in it, for about a second: each extra
        // character doubles it, so the length is calibrated on this build (sanitizers slow it 20-fold).
        auto regexRun = [](int length) {
            return parseOrFail(R"({"format":"loopscope-program","version":1,"name":"r","main":[
                {"op":"regex","length":)"
                + QByteArray::number(length) + R"(,"pattern":"vulnerable"}]})");
        };
        constexpr int ProbeLength = 20;
        double probeMs = 1;
        {
            Session probe(regexRun(ProbeLength));
            probe.start();
            QVERIFY(probe.waitFinished(60000));
            probe.stop();
            const EventLog& log = probe.recording().mainLog();
            for (std::size_t i = 0; i < log.size(); ++i) {
                if (log[i].type == RecordType::Callback && callbackKindOf(log[i]) == CallbackKind::Main)
                    probeMs = std::max(probeMs, double(log[i].span.durNs) / 1e6);
            }
        }
        const int length = ProbeLength + std::clamp(int(std::lround(std::log2(1000.0 / probeMs))), 0, 14);
        Session session(regexRun(length));
        session.start();
        QVERIFY(!session.waitFinished(100));
        session.abort();
        QVERIFY(!session.waitFinished(200));
        const std::string still = session.stillRunning();
        QVERIFY2(still.rfind("the main loop's callback 'main' (main)", 0) == 0, still.c_str());
        QVERIFY2(still.find("thread-pool") == std::string::npos, still.c_str());
        session.recordAbortWithoutLoop();
        const EventLog& log = *session.recording().logs[Session::SessionLog];
        QCOMPARE(log.size(), std::size_t(1));
        QCOMPARE(log[0].type, RecordType::Error);
        QCOMPARE(session.recording().strings.at(log[0].label), std::string("run aborted"));
        QVERIFY(session.waitFinished(30000));
        session.stop();
        QCOMPARE(session.closeResult(), 0);
    }

    void abortStopsARunaway_data()
    {
        QTest::addColumn<QByteArray>("main");
        QTest::addRow("nextTick chain") << QByteArray(
            R"([ { "op": "chain", "via": "nextTick", "times": 2000000000 } ])");
        // A terminated worker's message handle kept the main loop alive, so the run never ended.
        QTest::addRow("worker block") << QByteArray(
            R"([ { "op": "worker", "do": [ { "op": "block", "ms": 86400000 } ] } ])");
        QTest::addRow("worker nextTick chain") << QByteArray(
            R"([ { "op": "worker", "do": [ { "op": "chain", "via": "nextTick", "times": 2000000000 } ] } ])");
    }
    void abortStopsARunaway()
    {
        QFETCH(QByteArray, main);
        const Program program = parseOrFail(R"({ "format": "loopscope-program", "version": 1, "name": "runaway",
            "main": )"
            + main + "}");
        Session session(program);
        session.start();
        QVERIFY(!session.waitFinished(100));
        session.abort();
        QVERIFY(session.waitFinished(5000));
        session.stop();
        QVERIFY(session.recording().info.aborted);
        QCOMPARE(session.closeResult(), 0);
        QCOMPARE(session.handlesLeftOpen(), 0);
        QCOMPARE(session.poolWorkLeft(), 0u);
    }
};

QTEST_GUILESS_MAIN(TestRuntime)
#include "tst_runtime.moc"
