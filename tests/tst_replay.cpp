// Replaying a finished recording: the loop's state at any moment rebuilt from the records alone
// (queues, running callback, thread pool), and steps backwards and forwards through it.
#include "runhelpers.h"

#include "formats/traceio.h"
#include "recording/replay.h"

#include <QtTest>

using namespace loopscope;

namespace {

// What the views show at one moment of a replay.
using Moment = StepState;

QStringList consoleBy(const Recording& recording, std::int64_t atNs)
{
    QStringList lines;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type == RecordType::Log && log[i].startNs <= atNs)
            lines.append(QString::fromStdString(recording.strings.at(log[i].label)));
    }
    return lines;
}

Moment momentAt(const Recording& recording, const Replay& replay, std::int64_t atNs)
{
    const QueueSnapshot queues = replay.stateAt(atNs).queues;
    return { consoleBy(recording, atNs), queues.timerCount, queues.immediateCount, queues.nextTickCount,
        queues.microtaskCount };
}

// Every moment a callback step stops at, from the first record on.
QList<Moment> callbackSteps(const Recording& recording, const Replay& replay, QList<std::int64_t>* times = nullptr)
{
    QList<Moment> moments;
    std::int64_t at = replay.firstNs() - 1;
    for (;;) {
        const std::int64_t next = replay.step(at, StepMode::Callback, true);
        if (next == at)
            break;
        at = next;
        moments.append(momentAt(recording, replay, at));
        if (times)
            times->append(at);
    }
    return moments;
}

// `recording` written as a trace (`text`) and read back (`read`); false, with the reason, when either fails.
bool readBack(const Recording& recording, std::string& text, Recording& read, std::string& error)
{
    std::ostringstream written;
    if (!writeTrace(recording, written)) {
        error = "the trace could not be written";
        return false;
    }
    text = written.str();
    return readTraceText(text, read, &error);
}

} // namespace

class TestReplay : public QObject
{
    Q_OBJECT

private slots:
    // The moments a live run halts at when stepped by callback (tst_stepping), rebuilt from the
    // recording of a run that was never held: readFile's own steps are no stops, and after the
    // readFile callback's body each queue holds the one thing it queued.
    void guessOrderStepsAsTheLiveLoopDid()
    {
        const RunResult run = runProgram(loadScenario(QStringLiteral("guess-order")));
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        const Replay replay(recording);
        const QList<Moment> expected = guessOrderSteps();
        QList<std::int64_t> times;
        const QList<Moment> forward = callbackSteps(recording, replay, &times);
        QCOMPARE(forward, expected);

        // Backwards from the end, the same moments in reverse.
        QList<Moment> backward;
        std::int64_t at = replay.lastNs() + 1;
        for (;;) {
            const std::int64_t previous = replay.step(at, StepMode::Callback, false);
            if (previous == at)
                break;
            at = previous;
            backward.prepend(momentAt(recording, replay, at));
        }
        QCOMPARE(backward, expected);

        // At the readFile callback's stop it is the callback running, and the queues name what it queued.
        const ReplayState state = replay.stateAt(times[1]);
        QVERIFY(state.inCallback);
        QCOMPARE(recording.strings.at(state.callbackLabel), std::string("readFile callback"));
        QCOMPARE(state.queues.nextTicks.size(), std::size_t(1));
        QCOMPARE(recording.strings.at(state.queues.nextTicks[0].label), std::string("process.nextTick"));
        QCOMPARE(JobKind(state.queues.microtasks[0].kind), JobKind::PromiseReactionJob);
        QCOMPARE(state.queues.timers.size(), std::size_t(1));
        QCOMPARE(recording.strings.at(state.queues.timers[0].label), std::string("setTimeout 0"));
    }

    // A recording read back from its trace file replays as the one in memory.
    void aReadBackTraceReplaysTheSame_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const char* name : { "guess-order", "await-order", "tick-vs-promise-esm", "nexttick-starvation" })
            QTest::newRow(name) << name;
    }
    void aReadBackTraceReplaysTheSame()
    {
        QFETCH(QString, scenario);
        const RunResult run = runProgram(loadScenario(scenario));
        QVERIFY(run.finished);
        std::string text, error;
        Recording read;
        QVERIFY2(readBack(run.session->recording(), text, read, error), error.c_str());
        const Replay original(run.session->recording());
        const Replay reread(read);
        const QList<Moment> steps = callbackSteps(run.session->recording(), original);
        QVERIFY(steps.size() >= 3);
        QCOMPARE(callbackSteps(read, reread), steps);
        // At the end every queue has emptied.
        QCOMPARE(steps.last().nextTicks + steps.last().microtasks + steps.last().immediates + steps.last().timers,
            std::size_t(0));
    }

    // Every built-in scenario's recording, written, read back and written again, is the same file:
    // the queue contents, chains and Node's own callbacks survive the trip.
    void reExportIsIdentical_data()
    {
        QTest::addColumn<QString>("scenario");
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
            QTest::newRow(qPrintable(entry.name)) << entry.name;
    }
    void reExportIsIdentical()
    {
        QFETCH(QString, scenario);
        const RunResult run = runProgram(loadScenario(scenario));
        QVERIFY(run.finished);
        std::string first, error;
        Recording read;
        QVERIFY2(readBack(run.session->recording(), first, read, error), error.c_str());
        std::ostringstream again;
        QVERIFY(writeTrace(read, again));
        QVERIFY(first == again.str());
    }

    // A cleared timer and a cleared immediate leave the replayed queues when the program clears them, not
    // when (never) they run, in the recording and in its trace read back.
    void clearedTimersLeaveTheReplayedQueues()
    {
        const RunResult run = runProgram(parseOrFail(R"({"format": "loopscope-program", "version": 2, "name": "c",
            "main": [{"op": "setTimeout", "ms": 50, "name": "t", "do": [{"op": "log", "text": "never t"}]},
                {"op": "setImmediate", "name": "i", "do": [{"op": "log", "text": "never i"}]},
                {"op": "setImmediate", "do": [{"op": "log", "text": "immediate"}]},
                {"op": "nextTick", "do": [{"op": "log", "text": "tick"}, {"op": "clearTimeout", "name": "t"},
                    {"op": "clearImmediate", "name": "i"}]}]})"));
        QVERIFY(run.finished);
        QCOMPARE(run.lines, QStringList({ "tick", "immediate" }));
        const Replay replay(run.session->recording());
        const QList<Moment> steps = callbackSteps(run.session->recording(), replay);
        const QList<Moment> expected {
            { {}, 1, 2, 1, 0 }, // the main module queued them all
            { { "tick" }, 0, 1, 0, 0 }, // the nextTick cleared the timer and the first immediate
            { { "tick", "immediate" }, 0, 0, 0, 0 },
        };
        QCOMPARE(steps, expected);
        std::string text, error;
        Recording read;
        QVERIFY2(readBack(run.session->recording(), text, read, error), error.c_str());
        QVERIFY(text.find("\"left\":true") != std::string::npos);
        const Replay reread(read);
        QCOMPARE(callbackSteps(read, reread), expected);
    }

    // An abort takes the timers/promises timer and immediate given its signal out of the replayed queues
    // when it runs, and queues the finally steps of their rejected promises.
    void abortedTimersLeaveTheReplayedQueues()
    {
        const RunResult run = runProgram(parseOrFail(R"({"format": "loopscope-program", "version": 2, "name": "a",
            "main": [{"op": "async", "do": [{"op": "await", "setTimeout": 50, "signal": "c"}]},
                {"op": "async", "do": [{"op": "await", "setImmediate": true, "signal": "c"}]},
                {"op": "nextTick", "do": [{"op": "log", "text": "tick"}, {"op": "abort", "controller": "c"}]},
                {"op": "onUnhandledRejection", "do": [{"op": "log", "text": "heard"}]}]})"));
        QVERIFY(run.finished);
        QCOMPARE(run.lines, QStringList({ "tick", "heard", "heard" }));
        const Replay replay(run.session->recording());
        const QList<Moment> steps = callbackSteps(run.session->recording(), replay);
        QVERIFY(steps.size() >= 3);
        const Moment queued { {}, 1, 1, 1, 0 }; // the main module queued the timer, the immediate, the tick
        QCOMPARE(steps[0], queued);
        const Moment aborted { { "tick" }, 0, 0, 0, 2 }; // both left; a finally step of each rejection waits
        QCOMPARE(steps[1], aborted);
        QCOMPARE(steps.last().console, QStringList({ "tick", "heard", "heard" }));
        std::string text, error;
        Recording read;
        QVERIFY2(readBack(run.session->recording(), text, read, error), error.c_str());
        QVERIFY(text.find("\"left\":true") != std::string::npos);
        const Replay reread(read);
        QCOMPARE(callbackSteps(read, reread), steps);
    }

    // A chain of 100,000 nextTicks is a few records (flagged as requeuing themselves), and the
    // replay still holds one nextTick in the queue at any moment inside it.
    void aChainKeepsItsOneJobQueued()
    {
        const RunResult run = runProgram(loadScenario(QStringLiteral("nexttick-starvation")));
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        const EventLog& log = recording.mainLog();
        std::int64_t chainStart = -1, chainEnd = -1;
        std::size_t records = 0;
        for (std::size_t i = 0; i < log.size(); ++i) {
            const Record& r = log[i];
            if (r.type == RecordType::Callback && callbackKindOf(r) == CallbackKind::NextTick && requeuedItself(r)) {
                ++records;
                chainStart = chainStart < 0 ? r.startNs : chainStart;
                chainEnd = r.startNs + r.span.durNs;
            }
        }
        QVERIFY(records > 0);
        QVERIFY2(records < 1000, qPrintable(QString::number(records)));
        const Replay replay(recording);
        for (int i = 1; i < 10; ++i) {
            const std::int64_t at = chainStart + (chainEnd - chainStart) * i / 10;
            QCOMPARE(replay.stateAt(at).queues.nextTickCount, std::size_t(1));
        }
    }

    // A nextTick asked for in an exit listener does nothing (the process is exiting): the queues the views
    // show while the listener's microtasks run hold no tick that never runs.
    void aTickAskedForWhileExitingIsNeverQueued()
    {
        const RunResult run = runProgram(parseOrFail(R"({ "format": "loopscope-program", "version": 2, "name": "exit",
            "main": [ { "op": "onExit", "do": [
                { "op": "nextTick", "label": "never", "do": [ { "op": "log", "text": "never" } ] },
                { "op": "queueMicrotask", "label": "late", "do": [ { "op": "log", "text": "microtask" } ] } ] } ] })"));
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        const EventLog& log = recording.mainLog();
        std::int64_t microtaskAt = -1;
        for (std::size_t i = 0; i < log.size(); ++i) {
            const Record& r = log[i];
            QVERIFY2(!(r.type == RecordType::Queued && recording.strings.at(r.label) == "never"),
                "the exiting process queued its nextTick");
            if (r.type == RecordType::Callback && callbackKindOf(r) == CallbackKind::Microtask)
                microtaskAt = r.startNs;
        }
        QVERIFY(microtaskAt >= 0);
        QCOMPARE(Replay(recording).stateAt(microtaskAt).queues.nextTickCount, std::size_t(0));
        QCOMPARE(consoleBy(recording, log[log.size() - 1].startNs + 1), QStringList { QStringLiteral("microtask") });
    }

    // Thousands of queue changes, so the replay rebuilds a moment from a checkpoint of the queues
    // rather than from the start: 4,000 immediates "a" each queue a "b"; before each "a" runs, the
    // queue holds the 4,000 that are left of both.
    void aLongRunIsRebuiltFromCheckpoints()
    {
        constexpr std::size_t Steps = 4000;
        const RunResult run = runProgram(parseOrFail(R"({ "format": "loopscope-program", "version": 1, "name": "many",
            "main": [ { "op": "repeat", "times": 4000, "do": [
                { "op": "setImmediate", "label": "a", "do": [ { "op": "setImmediate", "label": "b", "do": [] } ] } ] } ] })"));
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        const EventLog& log = recording.mainLog();
        std::vector<std::int64_t> starts; // of the "a" calls, then of the run of "b" calls
        for (std::size_t i = 0; i < log.size(); ++i) {
            const Record r = log[i];
            if (r.type == RecordType::Callback && callbackKindOf(r) == CallbackKind::Immediate)
                starts.push_back(r.startNs);
        }
        QCOMPARE(starts.size(), Steps + 1);
        const Replay replay(recording);
        const auto check = [&](std::size_t i) {
            const ReplayState state = replay.stateAt(starts[i]);
            QCOMPARE(state.queues.immediateCount, Steps);
            QCOMPARE(recording.strings.at(state.queues.immediates.front().label), std::string(i < Steps ? "a" : "b"));
        };
        for (std::size_t i = 0; i <= Steps; i += 7)
            check(i);
        // From the end backwards too: a checkpoint is never one from after the moment.
        for (std::size_t i = Steps + 1; i-- > 0; i -= std::min<std::size_t>(i, 500))
            check(i);
    }

    // An attached program's records, as the probe sends them: a timer cleared before it ran leaves its
    // queue; a counted run of promise jobs whose jobs join after its calls are spread, and a job V8 queued
    // unseen, leave nothing queued for ever; a timer begins with the nextTicks and microtasks drained.
    void anAttachedProgramsQueuesLeaveNoGhosts()
    {
        Recording recording;
        const std::uint32_t promise = recording.strings.intern("PROMISE");
        const std::uint32_t kept = recording.strings.intern("Timeout kept");
        const std::uint32_t cleared = recording.strings.intern("Timeout cleared");
        const auto add = [&](RecordType type, std::uint8_t sub, std::uint32_t label, std::int64_t startNs,
                             std::int64_t durNs, std::uint32_t count, std::int64_t delayNs = 0) {
            Record* r = recording.mainLog().slot();
            QVERIFY(r);
            *r = Record();
            r->type = type;
            r->sub = sub;
            r->label = label;
            r->startNs = startNs;
            r->span = { durNs, durNs, type == RecordType::Queued ? delayNs : durNs, count, 1 };
            recording.mainLog().commit();
        };
        constexpr auto Queued = RecordType::Queued;
        constexpr auto Callback = RecordType::Callback;
        const auto timer = std::uint8_t(CallbackKind::Timer);
        const auto microtask = std::uint8_t(CallbackKind::Microtask);
        add(Queued, timer, kept, 1000, 0, 1, 50000);
        add(Queued, timer, cleared, 1100, 0, 1, 20000);
        add(Queued, microtask, promise, 1200, 0, 1);
        // Four jobs counted as one run from 2000 to 6000: the first one joined before it, two while it ran
        // (after the even spread puts their calls), and one never told (a thenable's job).
        add(Callback, microtask, promise, 2000, 4000, 4);
        add(Queued, microtask, promise, 5500, 0, 1);
        add(Queued, microtask, promise, 5900, 0, 1);
        add(Queued, std::uint8_t(timer | LeftFlag), cleared, 7000, 0, 1);
        add(Queued, microtask, promise, 8000, 0, 1); // joined, and never seen to run
        add(Callback, timer, kept, 60000, 1000, 1);
        const Replay replay(recording);
        QCOMPARE(replay.stateAt(1500).queues.timerCount, std::size_t(2));
        QCOMPARE(replay.stateAt(1500).queues.microtaskCount, std::size_t(1));
        QCOMPARE(replay.stateAt(6500).queues.microtaskCount, std::size_t(0));
        QCOMPARE(replay.stateAt(6500).queues.timerCount, std::size_t(2));
        const QueueSnapshot afterClear = replay.stateAt(7500).queues;
        QCOMPARE(afterClear.timerCount, std::size_t(1));
        QCOMPARE(recording.strings.at(afterClear.timers.front().label), std::string("Timeout kept"));
        QCOMPARE(replay.stateAt(9000).queues.microtaskCount, std::size_t(1));
        // The timer about to begin: Node drained the microtasks before it.
        QCOMPARE(replay.stateAt(60000).queues.microtaskCount, std::size_t(0));
        QCOMPARE(replay.stateAt(60000).queues.timerCount, std::size_t(1));
        QCOMPARE(replay.stateAt(61000).queues.timerCount, std::size_t(0));
        // The trace keeps which timer left without running.
        std::string text;
        Recording read;
        std::string error;
        QVERIFY2(readBack(recording, text, read, error), error.c_str());
        QVERIFY(text.find("\"left\":true") != std::string::npos);
        QCOMPARE(Replay(read).stateAt(7500).queues.timerCount, std::size_t(1));
    }

    // Six pbkdf2 calls on a pool of four: in the first wave four run and two wait.
    void pbkdf2WavesShowsBothWaves()
    {
        const RunResult run = runProgram(loadScenario(QStringLiteral("pbkdf2-waves"), { { "iterations", "200000" } }));
        QVERIFY(run.finished);
        const Recording& recording = run.session->recording();
        std::vector<Record> items;
        const EventLog& log = recording.mainLog();
        for (std::size_t i = 0; i < log.size(); ++i) {
            if (log[i].type == RecordType::Pool && recording.strings.at(log[i].label) == "pbkdf2")
                items.push_back(log[i]);
        }
        QCOMPARE(items.size(), std::size_t(6));
        std::sort(items.begin(), items.end(), [](const Record& a, const Record& b) { return a.startNs < b.startNs; });
        const Replay replay(recording);
        auto counts = [&](std::int64_t at) {
            int running = 0, waiting = 0;
            for (const PoolBoard::Item& item : replay.stateAt(at).pool) {
                if (recording.strings.at(item.label) != "pbkdf2")
                    continue;
                (item.startedAtNs >= 0 ? running : waiting) += 1;
            }
            return std::pair(running, waiting);
        };
        // The middle of the time the items of a wave all run.
        auto allRunning = [&](std::size_t from, std::size_t to) {
            std::int64_t lastStart = 0, firstEnd = std::numeric_limits<std::int64_t>::max();
            for (std::size_t i = from; i < to; ++i) {
                lastStart = std::max(lastStart, items[i].startNs);
                firstEnd = std::min(firstEnd, items[i].startNs + items[i].span.durNs);
            }
            return lastStart < firstEnd ? (lastStart + firstEnd) / 2 : -1;
        };
        const std::int64_t firstWave = allRunning(0, 4);
        QVERIFY(firstWave > 0);
        QCOMPARE(counts(firstWave), std::pair(4, 2));
        // The second wave starts as threads free up: when its first item starts, it runs, at most four
        // do, and nothing waits that the records do not say waited.
        const std::int64_t secondWave = items[4].startNs + 1;
        const auto [running, waiting] = counts(secondWave);
        int inFlight = 0;
        for (const Record& r : items)
            inFlight += r.startNs - r.span.busyNs <= secondWave && secondWave < r.startNs + r.span.durNs ? 1 : 0;
        QVERIFY(running >= 1 && running <= 4);
        QCOMPARE(running + waiting, inFlight);
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "tst_replay.moc"
