// Stepping a run from "paused before main": where each step halts, what the queues hold there,
// and that the time the loop was held is the program's no more.
#include "runhelpers.h"

#include <QtTest>

using namespace loopscope;

namespace {

// What the loop showed at one halt.
struct Halt
{
    StepPoint point;
    QStringList console;
    std::size_t timers, immediates, nextTicks, microtasks;
    QueueSnapshot queues;
};

class SteppedRun
{
public:
    explicit SteppedRun(Program program)
    {
        SessionOptions options;
        options.onLog = [this](std::string_view line) {
            const std::lock_guard lock(m_mutex);
            m_console.append(QString::fromUtf8(line.data(), int(line.size())));
        };
        m_session = std::make_unique<Session>(std::move(program), options);
        m_session->pause();
        m_session->start();
    }
    // A stepped run, stopped wherever the test left it, ends as libuv's own tests end: the loop closed, no
    // handle left open, no pool work left behind.
    ~SteppedRun()
    {
        m_session->stop();
        QTest::qVerify(
            m_session->closeResult() == 0, "closeResult() == 0", "uv_loop_close() failed", __FILE__, __LINE__);
        QTest::qVerify(m_session->handlesLeftOpen() == 0, "handlesLeftOpen() == 0", "the run left libuv handles open",
            __FILE__, __LINE__);
        QTest::qVerify(
            m_session->poolWorkLeft() == 0, "poolWorkLeft() == 0", "the run left pool work behind", __FILE__, __LINE__);
    }
    SteppedRun(const SteppedRun&) = delete;
    SteppedRun& operator=(const SteppedRun&) = delete;

    // Waits for the next halt; false when the run ended instead.
    bool waitHalt(Halt& halt)
    {
        QElapsedTimer clock;
        clock.start();
        while ((m_session->halts() == m_seenHalts || !m_session->heldAt()) && !m_session->finished()) {
            if (clock.elapsed() > 20000)
                return false;
            QThread::msleep(1);
        }
        const std::optional<StepPoint> point = m_session->heldAt();
        if (!point)
            return false;
        m_seenHalts = m_session->halts();
        const QueueSnapshot queues = m_session->queueSnapshot();
        const std::lock_guard lock(m_mutex);
        halt = { *point, m_console, queues.timerCount, queues.immediateCount, queues.nextTickCount,
            queues.microtaskCount, queues };
        return true;
    }
    void step(StepMode mode) { m_session->step(mode); }
    // Steps by callback to the end, holding the loop `ms` at each halt; returns the halts.
    int stepToTheEnd(int ms)
    {
        Halt halt {};
        int halts = 0;
        while (waitHalt(halt)) {
            ++halts;
            QThread::msleep(ms);
            step(StepMode::Callback);
        }
        return halts;
    }
    Session& session() { return *m_session; }
    QStringList console()
    {
        const std::lock_guard lock(m_mutex);
        return m_console;
    }

private:
    std::mutex m_mutex;
    QStringList m_console;
    std::unique_ptr<Session> m_session;
    std::uint64_t m_seenHalts = 0;
};

// The console times of a recording, in milliseconds of program time.
QList<double> consoleTimesMs(const Recording& recording)
{
    QList<double> times;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i].type == RecordType::Log)
            times.append(double(log[i].startNs) / 1e6);
    }
    return times;
}

// A callback as the recording names it: "label (kind)".
QString describe(const Recording& recording, std::uint32_t label, CallbackKind kind)
{
    return QStringLiteral("%1 (%2)").arg(
        QString::fromStdString(recording.strings.at(label)), QString::fromLatin1(callbackKindName(kind)));
}

// Reads the program `text` and steps it callback by callback to its end (ten steps at most): what ran at each
// halt, and the console then.
void stepEachCallback(const std::string& text, QStringList& ran, QList<QStringList>& consoles)
{
    auto parsed = parseProgram(text, "stepped.json");
    QVERIFY(std::holds_alternative<Program>(parsed));
    SteppedRun run(std::get<Program>(std::move(parsed)));
    const Recording& recording = run.session().recording();
    Halt halt {};
    QVERIFY(run.waitHalt(halt));
    for (int i = 0; i < 10; ++i) {
        run.step(StepMode::Callback);
        if (!run.waitHalt(halt))
            break;
        QCOMPARE(halt.point, StepPoint::AfterCallback);
        ran.append(describe(recording, halt.queues.ranLabel, halt.queues.ranKind));
        consoles.append(halt.console);
    }
    QVERIFY(run.session().waitFinished(20000));
}

} // namespace

class TestStepping : public QObject
{
    Q_OBJECT

private slots:
    void startsHeldBeforeMain()
    {
        SteppedRun run(loadScenario(QStringLiteral("guess-order")));
        Halt halt {};
        QVERIFY(run.waitHalt(halt));
        QCOMPARE(halt.point, StepPoint::BeforeCallback);
        QVERIFY(halt.console.isEmpty());
        QCOMPARE(run.session().live().callbacks.load(), std::uint64_t(0));
        run.session().resume();
        QVERIFY(run.session().waitFinished(20000));
    }

    // Each "Next callback" runs one callback the program can see and halts after its body, before
    // its drain: readFile's open, fstat and read are no halts, and the readFile callback's halt shows
    // the four things it queued, one in each queue.
    void guessOrderStepsOneCallbackAtATime()
    {
        SteppedRun run(loadScenario(QStringLiteral("guess-order")));
        Halt halt {};
        QVERIFY(run.waitHalt(halt));
        QList<Halt> halts;
        for (int i = 0; i < 20; ++i) {
            run.step(StepMode::Callback);
            if (!run.waitHalt(halt))
                break;
            halts.append(halt);
        }
        QVERIFY(run.session().waitFinished(20000));
        const QList<StepState> expected = guessOrderSteps();
        QCOMPARE(halts.size(), expected.size());
        for (qsizetype i = 0; i < halts.size(); ++i) {
            const Halt& got = halts[i];
            const StepState& want = expected[i];
            QCOMPARE(got.point, StepPoint::AfterCallback);
            QCOMPARE(got.console, want.console);
            QCOMPARE(got.timers, want.timers);
            QCOMPARE(got.immediates, want.immediates);
            QCOMPARE(got.nextTicks, want.nextTicks);
            QCOMPARE(got.microtasks, want.microtasks);
        }
    }

    // fs.open, fs.read and fs.close of a named file are a callback each, halted after as fs.stat's is, each in
    // its own poll phase: the read is asked for only once the open has called back.
    void fileOpsAreACallbackEach()
    {
        const std::string text = R"({"format": "loopscope-program", "version": 2, "name": "files", "main": [
            {"op": "open", "as": "f", "do": [{"op": "log", "text": "opened"}, {"op": "read", "fd": "f", "do": [
            {"op": "log", "text": "read"}, {"op": "close", "fd": "f", "do": [{"op": "log", "text": "closed"}]}]}]}]})";
        QStringList ran;
        QList<QStringList> consoles;
        stepEachCallback(text, ran, consoles);
        QVERIFY(!QTest::currentTestFailed());
        const QString io = QString::fromLatin1(callbackKindName(CallbackKind::Io));
        // The main module first, then the three requests' callbacks, each named by its op and line.
        QCOMPARE(ran.size(), 4);
        QCOMPARE(ran.mid(1),
            QStringList({ QStringLiteral("open (line 2) (%1)").arg(io), QStringLiteral("read (line 2) (%1)").arg(io),
                QStringLiteral("close (line 3) (%1)").arg(io) }));
        QCOMPARE(consoles.size(), 4);
        QCOMPARE(consoles[1], QStringList({ "opened" }));
        QCOMPARE(consoles[3], QStringList({ "opened", "read", "closed" }));
    }

    // Each message a worker posts is a callback of its own on the main loop, halted after as the worker's done
    // is: two messages the worker's script posted together are two halts, then the done a third.
    void workerMessagesAreACallbackEach()
    {
        const std::string text = R"({"format": "loopscope-program", "version": 2, "name": "messages", "main": [
            {"op": "worker", "do": [{"op": "postMessage"}, {"op": "postMessage"}],
            "onMessage": [{"op": "log", "text": "message"}], "done": [{"op": "log", "text": "done"}]}]})";
        QStringList ran;
        QList<QStringList> consoles;
        stepEachCallback(text, ran, consoles);
        QVERIFY(!QTest::currentTestFailed());
        const QString worker
            = QStringLiteral("worker (line 2) (%1)").arg(QString::fromLatin1(callbackKindName(CallbackKind::Io)));
        QCOMPARE(ran.size(), 4);
        QCOMPARE(ran.mid(1), QStringList({ worker, worker, worker }));
        QCOMPARE(consoles[1], QStringList({ "message" }));
        QCOMPARE(consoles[2], QStringList({ "message", "message" }));
        QCOMPARE(consoles[3], QStringList({ "message", "message", "done" }));
    }

    // A file stream's chunks are a callback each, halted after as fs.read's is; its open, the read of 0 bytes and
    // the close are Node's own callbacks, no halts; its construct (Node's constructNT, which asks for the open),
    // 'end' and 'close' are nextTicks, halted after as every tick is.
    void streamChunksAreACallbackEach()
    {
        const std::string text = R"({"format": "loopscope-program", "version": 2, "name": "stream", "main": [
            {"op": "readStream", "bytes": 5, "chunk": 3, "onData": [{"op": "log", "text": "data"}],
            "onEnd": [{"op": "log", "text": "end"}], "onClose": [{"op": "log", "text": "close"}]}]})";
        QStringList ran;
        QList<QStringList> consoles;
        stepEachCallback(text, ran, consoles);
        QVERIFY(!QTest::currentTestFailed());
        const QString io
            = QStringLiteral("readStream (line 2) (%1)").arg(QString::fromLatin1(callbackKindName(CallbackKind::Io)));
        const QString tick = QStringLiteral("readStream (line 2) (%1)")
                                 .arg(QString::fromLatin1(callbackKindName(CallbackKind::NextTick)));
        QCOMPARE(ran.size(), 6);
        QCOMPARE(ran.mid(1), QStringList({ tick, io, io, tick, tick }));
        QVERIFY(consoles[1].isEmpty());
        QCOMPARE(consoles[2], QStringList({ "data" }));
        QCOMPARE(consoles[3], QStringList({ "data", "data" }));
        QCOMPARE(consoles[5], QStringList({ "data", "data", "end", "close" }));
    }

    // A for await loop's ticks are microtasks of its own, halted after as an await's are: the yield's two
    // reactions before the body, then the two of the generator's return() that a throw leaving the loop waits
    // for, before the catch around it runs.
    void forAwaitTicksAreMicrotasks()
    {
        const std::string text = R"({"format": "loopscope-program", "version": 2, "name": "loop", "main": [
            {"op": "async", "do": [{"op": "try", "do": [{"op": "forAwait", "times": 2, "do": [
            {"op": "log", "text": "body"}, {"op": "throw", "message": "out"}]}], "catch": [
            {"op": "log", "text": "caught"}]}]}]})";
        QStringList ran;
        QList<QStringList> consoles;
        stepEachCallback(text, ran, consoles);
        QVERIFY(!QTest::currentTestFailed());
        const QString loop = QStringLiteral("forAwait (line 2) (%1)")
                                 .arg(QString::fromLatin1(callbackKindName(CallbackKind::Microtask)));
        QCOMPARE(ran.size(), 5);
        QCOMPARE(ran.mid(1), QStringList({ loop, loop, loop, loop }));
        QCOMPARE(consoles[1], QStringList());
        QCOMPARE(consoles[2], QStringList({ "body" }));
        QCOMPARE(consoles[3], QStringList({ "body" }));
        QCOMPARE(consoles[4], QStringList({ "body", "caught" }));
    }

    // Stepped callback by callback, every halt announces what runs next, and the next halt shows that
    // this is what ran: the drain's order (nextTicks, promise jobs, and for an ES module's body its
    // promise jobs first), the rest of the phase, and the phases after it. Where the loop cannot
    // know (I/O in flight, a main module's timer against its immediate) the announcement says so,
    // and what ran is one of the contenders it named. The last announcement says nothing is left.
    void announcedNextIsWhatRuns_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QString>("steps");
        for (const char* name : { "guess-order", "tick-vs-promise", "tick-vs-promise-esm", "await-order",
                 "await-order-node10", "main-race", "main-race-esm" })
            QTest::newRow(name) << name << QString();
        QTest::newRow("nexttick-starvation") << "nexttick-starvation"
                                             << "6";
        QTest::newRow("nexttick-starvation-immediate") << "nexttick-starvation-immediate"
                                                       << "6";
    }
    void announcedNextIsWhatRuns()
    {
        QFETCH(QString, scenario);
        QFETCH(QString, steps);
        ScenarioCatalog::Overrides overrides;
        if (!steps.isEmpty())
            overrides.emplace_back("steps", steps.toStdString());
        Program program = loadScenario(scenario, overrides);
        const bool esm = program.module == ModuleKind::Esm;
        SteppedRun run(std::move(program));
        const Recording& recording = run.session().recording();
        Halt halt {};
        QVERIFY(run.waitHalt(halt));
        // Held before the main module; an ES module's is loaded first, so the run is held as the
        // first iteration's poll begins.
        QCOMPARE(halt.point, esm ? StepPoint::Phase : StepPoint::BeforeCallback);
        QCOMPARE(halt.queues.next.rule, esm ? NextRule::ModuleAfterLoad : NextRule::ThisCallback);
        QCOMPARE(halt.queues.next.kind, CallbackKind::Main);
        int stepsTaken = 0;
        bool sawModuleRule = false;
        for (;;) {
            const NextUp announced = halt.queues.next;
            const bool mainJustRan = halt.queues.ranValid && halt.queues.ranKind == CallbackKind::Main;
            const QString where
                = QStringLiteral("step %1, after %2")
                      .arg(stepsTaken)
                      .arg(halt.queues.ranValid ? describe(recording, halt.queues.ranLabel, halt.queues.ranKind)
                                                : QStringLiteral("nothing"));
            // The rule named is the module kind's: an ES module's body is a promise job.
            QVERIFY2(esm || announced.rule != NextRule::PromisesInModuleJob, qPrintable(where));
            if (mainJustRan && halt.nextTicks > 0 && halt.microtasks > 0) {
                QCOMPARE(announced.rule, esm ? NextRule::PromisesInModuleJob : NextRule::TicksFirst);
                sawModuleRule = true;
            }
            run.step(StepMode::Callback);
            ++stepsTaken;
            QVERIFY2(stepsTaken < 100, qPrintable(where));
            if (!run.waitHalt(halt)) {
                QVERIFY2(!announced.namesCallback(),
                    qPrintable(where
                        + QStringLiteral(": announced %1, but nothing ran")
                              .arg(describe(recording, announced.label, announced.kind))));
                break;
            }
            QCOMPARE(halt.point, StepPoint::AfterCallback);
            QVERIFY2(halt.queues.ranValid, qPrintable(where));
            const QString ran = describe(recording, halt.queues.ranLabel, halt.queues.ranKind);
            QVERIFY2(announced.rule != NextRule::Unknown, qPrintable(where + QStringLiteral(": nothing announced")));
            const bool asAnnounced = announced.namesCallback() && halt.queues.ranLabel == announced.label
                && halt.queues.ranKind == announced.kind;
            // Both races name the other contender: the timer, if it has come due by the time the loop goes on.
            const bool race
                = announced.rule == NextRule::TimerOrImmediate || announced.rule == NextRule::ImmediateUnlessTimer;
            const bool otherContender
                = race && halt.queues.ranLabel == announced.otherLabel && halt.queues.ranKind == announced.otherKind;
            const bool io = (announced.ioMayComeFirst || announced.rule == NextRule::WaitsForIo)
                && halt.queues.ranKind == CallbackKind::Io;
            QVERIFY2(asAnnounced || otherContender || io,
                qPrintable(where
                    + QStringLiteral(": announced %1 (rule %2), ran %3")
                          .arg(describe(recording, announced.label, announced.kind))
                          .arg(int(announced.rule))
                          .arg(ran)));
        }
        QVERIFY(run.session().waitFinished(20000));
        run.session().stop();
        QVERIFY(stepsTaken >= 3);
        if (scenario.startsWith(QStringLiteral("tick-vs-promise")))
            QVERIFY(sawModuleRule);
    }

    // Held time never shows as lateness: a far timer's due time, told as "due in" against the time
    // each halt's snapshot was taken, stays one moment of the program's time, however long and
    // often the loop was held (the loop clock moves on by whole milliseconds of the holds only).
    void heldTimeIsNeverLateness()
    {
        SteppedRun run(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"held","main":[
            {"op":"setTimeout","ms":60000,"label":"far timer","do":[]},
            {"op":"chain","via":"nextTick","times":12,"label":"tick step","done":[]}]})"));
        Halt halt {};
        QList<double> dueAtMs;
        int holds = 0;
        while (run.waitHalt(halt)) {
            // Holds of different lengths leave different fractions of a millisecond over.
            QThread::msleep(3 + 7 * (holds++ % 4));
            if (halt.queues.timerCount == 1 && halt.queues.takenAtNs >= 0)
                dueAtMs.append(halt.queues.timers.front().dueInMs + double(halt.queues.takenAtNs) / 1e6);
            if (halt.queues.timerCount == 1 && holds > 8)
                break;
            run.step(StepMode::Callback);
        }
        run.session().stop();
        QVERIFY(dueAtMs.size() >= 3);
        for (const double due : dueAtMs)
            QVERIFY2(std::abs(due - dueAtMs.first()) < 1e-3,
                qPrintable(QStringLiteral("due at %1 ms, then at %2 ms").arg(dueAtMs.first()).arg(due)));
    }

    // Time held is the program's no more: stepped with a 50 ms wait at each of its halts, guess-order
    // prints as an unstepped run does, and its console times leave the waits out (they would add
    // 300 ms; the run itself takes a few).
    void heldTimeIsTakenOut_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::newRow("guess-order") << "guess-order";
        QTest::newRow("await-order") << "await-order";
    }
    void heldTimeIsTakenOut()
    {
        QFETCH(QString, scenario);
        const RunResult plain = runProgram(loadScenario(scenario));
        QVERIFY(plain.finished);
        SteppedRun run(loadScenario(scenario));
        const int halts = run.stepToTheEnd(50);
        QVERIFY(run.session().waitFinished(20000));
        run.session().stop();
        QCOMPARE(run.console(), plain.lines);
        QVERIFY(halts >= 3);
        const QList<double> times = consoleTimesMs(run.session().recording());
        QCOMPARE(times.size(), plain.lines.size());
        const double heldMs = double(run.session().clock()->heldNs()) / 1e6;
        QVERIFY2(heldMs >= 50.0 * halts, qPrintable(QString::number(heldMs)));
        QVERIFY2(
            times.last() < heldMs / 2, qPrintable(QStringLiteral("%1 ms, held %2 ms").arg(times.last()).arg(heldMs)));
    }

    // pool-saturation stepped: the pool works on while the loop is held, yet the order the seed
    // teaches holds (the HTTP response first, fs and dns only after a pbkdf2 has freed a thread), and
    // the program's clock is the wall clock less the holds.
    void poolSaturationSteppedKeepsItsOrder()
    {
        QElapsedTimer wall;
        wall.start();
        SteppedRun run(loadScenario(QStringLiteral("pool-saturation")));
        const int halts = run.stepToTheEnd(200);
        QVERIFY(run.session().waitFinished(20000));
        const double wallMs = double(wall.elapsed());
        run.session().stop();
        const QStringList console = run.console();
        QCOMPARE(console.size(), 7);
        QCOMPARE(console.first(), QStringLiteral("HTTP request (OS async)"));
        const qsizetype firstPbkdf2 = console.indexOf(QRegularExpression(QStringLiteral("pbkdf2 #[0-9]")));
        QVERIFY2(firstPbkdf2 > 0, qPrintable(console.join(QLatin1Char('|'))));
        QVERIFY(console.indexOf(QStringLiteral("fs.readFile (thread pool)")) > firstPbkdf2);
        QVERIFY(console.indexOf(QStringLiteral("dns.lookup (thread pool)")) > firstPbkdf2);
        QVERIFY(halts >= 5);
        const double heldMs = double(run.session().clock()->heldNs()) / 1e6;
        QVERIFY2(heldMs >= 200.0 * halts, qPrintable(QString::number(heldMs)));
        const QList<double> times = consoleTimesMs(run.session().recording());
        QVERIFY2(times.last() < wallMs - heldMs / 2,
            qPrintable(QStringLiteral("last line at %1 ms, wall %2 ms, held %3 ms")
                           .arg(times.last())
                           .arg(wallMs)
                           .arg(heldMs)));
    }

    // Nor is held time loop delay: a monitor of 5 ms beside a chain of 10 ms timers, stepped with a
    // 50 ms hold at each halt, measures each wait between its checks without the holds.
    void loopDelayLeavesHeldTimeOut()
    {
        SteppedRun run(parseOrFail(R"({"format":"loopscope-program","version":1,"name":"ticks","main":[
            {"op":"chain","via":"setTimeout","ms":10,"times":8,"do":[{"op":"log","text":"tick"}]}]})"));
        run.session().setDelayMonitor(true, 5);
        run.stepToTheEnd(50);
        QVERIFY(run.session().waitFinished(20000));
        run.session().stop();
        int samples = 0;
        const EventLog& log = run.session().recording().mainLog();
        for (std::size_t i = 0; i < log.size(); ++i) {
            if (log[i].type != RecordType::Latency)
                continue;
            ++samples;
            QVERIFY2(log[i].latency.loopDelayMs < 25, qPrintable(QString::number(log[i].latency.loopDelayMs)));
        }
        QVERIFY2(samples >= 5, qPrintable(QString::number(samples)));
    }
};

QTEST_GUILESS_MAIN(TestStepping)
#include "tst_stepping.moc"
