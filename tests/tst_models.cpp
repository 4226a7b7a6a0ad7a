#include "catalog/scenariocatalog.h"
#include "control/offscreenruns.h"
#include "formats/traceio.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/poolmodel.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"
#include "recording/recorder.h"
#include "recording/stringtable.h"
#include "session/session.h"
#include "sessionend.h"

#include <QAbstractItemModelTester>
#include <QLocale>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using loopscope::QueueItem;
using loopscope::QueueSnapshot;

namespace {

// Each line the console shows with who printed it ("text <- from").
QStringList printers(const ConsoleModel& console)
{
    QStringList result;
    for (int row = 0; row < console.rowCount(); ++row) {
        result.append(console.index(row, ConsoleModel::TextColumn).data(ConsoleModel::TextRole).toString()
            + QStringLiteral(" <- ") + console.index(row, ConsoleModel::FromColumn).data().toString());
    }
    return result;
}

// The lines of a run of LoopScope's own that do not name the callback that printed them ("text <- from"):
// every line should name the innermost callback whose span holds the line's time on its loop (a nextTick
// drained inside a timer's span, not the timer), or, a worker's line, which its parent prints, one that
// began before it on the worker's loop.
QStringList linesWithoutTheirPrinter(const loopscope::Recording& recording)
{
    const auto printedIn = [&](std::uint32_t from, std::int64_t atNs, const loopscope::EventLog* own) {
        std::optional<loopscope::Record> innermost;
        own->walk(0, own->size(), [&](const loopscope::Record& r) {
            if (r.type == loopscope::RecordType::Callback && r.startNs <= atNs && atNs <= r.startNs + r.span.durNs
                && (!innermost || r.startNs >= innermost->startNs))
                innermost = r;
            return true;
        });
        if (innermost)
            return innermost->label == from;
        for (const auto& log : recording.logs) {
            if (log.get() == own)
                continue;
            const bool none = log->walk(0, log->size(), [&](const loopscope::Record& r) {
                return r.type != loopscope::RecordType::Callback || r.label != from || r.startNs > atNs;
            });
            if (!none)
                return true;
        }
        return false;
    };
    QStringList wrong;
    for (const auto& log : recording.logs) {
        log->walk(0, log->size(), [&](const loopscope::Record& r) {
            const std::uint32_t from = loopscope::printedBy(r);
            if (r.type == loopscope::RecordType::Log && (from == 0 || !printedIn(from, r.startNs, log.get())))
                wrong.append(
                    QString::fromStdString(recording.strings.at(r.label) + " <- " + recording.strings.at(from)));
            return true;
        });
    }
    return wrong;
}

} // namespace

class TestModels : public QObject
{
    Q_OBJECT

private slots:
    // The console of a recording built here: each line with its time and who printed it, errors told apart,
    // a line no callback is known to have printed said so, and the playhead showing only what was printed by
    // then.
    void consoleShowsWhoPrintedEachLine()
    {
        auto recording = std::make_shared<loopscope::Recording>();
        loopscope::StringTable& strings = recording->strings;
        const loopscope::ProgramClock clock(0);
        loopscope::Recorder rec(recording->mainLog(), strings, clock);
        const std::uint32_t onTimeout = strings.intern("onTimeout (/app/prog.js:3:12)");
        rec.callback(onTimeout, loopscope::CallbackKind::Timer, 1'000'000, 2'000'000, 1, 1);
        rec.text(loopscope::RecordType::Log, strings.intern("tick"), 1'500'000, onTimeout);
        rec.text(loopscope::RecordType::Error, strings.intern("ENOENT"), 1'600'000, onTimeout);
        rec.text(loopscope::RecordType::Log, strings.intern("from a pipe"), 3'000'000);
        rec.flush();

        LiveFeed feed;
        feed.setInterval(1000000); // the test drives the ticks itself
        ConsoleModel console(&feed);
        QAbstractItemModelTester tester(&console, QAbstractItemModelTester::FailureReportingMode::QtTest);
        feed.setRecording(recording);
        feed.poll();
        QCOMPARE(console.rowCount(), 3);
        QCOMPARE(console.headerData(ConsoleModel::FromColumn, Qt::Horizontal).toString(), QStringLiteral("From"));
        QCOMPARE(console.index(0, ConsoleModel::TextColumn).data().toString(), QStringLiteral("tick"));
        QCOMPARE(console.index(0, ConsoleModel::FromColumn).data().toString(),
            QStringLiteral("onTimeout (/app/prog.js:3:12)"));
        QVERIFY(console.index(0, ConsoleModel::FromColumn).data(Qt::ToolTipRole).toString().contains("Printed by"));
        QCOMPARE(console.index(1, 0).data(ConsoleModel::KindRole).toInt(), int(ConsoleModel::Kind::Error));
        QCOMPARE(console.index(1, ConsoleModel::FromColumn).data(ConsoleModel::FromRole).toString(),
            QStringLiteral("onTimeout (/app/prog.js:3:12)"));
        QVERIFY(console.index(1, ConsoleModel::FromColumn).data(Qt::ToolTipRole).toString().contains("delivered"));
        // Not known: no guess, and the tooltip says why.
        QCOMPARE(console.index(2, ConsoleModel::FromColumn).data().toString(), QString());
        QVERIFY(console.index(2, ConsoleModel::FromColumn).data(Qt::ToolTipRole).toString().contains("not known"));
        QCOMPARE(console.outputLines(), QStringList({ "tick", "from a pipe" }));
        QCOMPARE(console.errorLines(), QStringList({ "ENOENT" }));

        // Replayed to 2 ms: the lines printed by then.
        feed.setPlayhead(2'000'000);
        QCOMPARE(console.rowCount(), 2);
        feed.setPlayhead(std::nullopt);
        QCOMPARE(console.rowCount(), 3);
        console.appendNote(QStringLiteral("run aborted"));
        QCOMPARE(console.index(3, ConsoleModel::FromColumn).data().toString(), QString());
        QVERIFY(!console.index(3, ConsoleModel::FromColumn).data(Qt::ToolTipRole).toString().contains("not known"));
        console.clear();
        QCOMPARE(console.rowCount(), 0);
    }

    // The pool's rows follow the items in flight: appended in submission order, changed in place when a
    // worker starts one, removed when done, and counted.
    void poolRowsFollowTheItemsInFlight()
    {
        PoolModel pool;
        QAbstractItemModelTester tester(&pool, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto item = [](std::uint64_t id, const char* label, std::int64_t startedAtNs, int worker) {
            PoolModel::Item result;
            result.id = id;
            result.label = QString::fromLatin1(label);
            result.queuedAtNs = std::int64_t(id) * 1'000'000;
            result.startedAtNs = startedAtNs;
            result.worker = worker;
            return result;
        };
        pool.update(
            { item(1, "pbkdf2", 1'500'000, 1), item(2, "fs.read", -1, 0), item(3, "pbkdf2", -1, 0) }, 4'000'000);
        QCOMPARE(pool.rowCount(), 3);
        QCOMPARE(pool.runningCount(), 1);
        QCOMPARE(pool.waitingCount(), 2);
        QCOMPARE(pool.index(0, 0).data(PoolModel::WorkerRole).toInt(), 1);
        QCOMPARE(pool.index(1, 0).data(PoolModel::LabelRole).toString(), QStringLiteral("fs.read"));
        QCOMPARE(pool.index(1, 0).data(PoolModel::RunningRole).toBool(), false);
        // The first is done and the second started; a fourth joins.
        pool.update(
            { item(2, "fs.read", 4'500'000, 2), item(3, "pbkdf2", -1, 0), item(4, "dns.lookup", -1, 0) }, 5'000'000);
        QCOMPARE(pool.rowCount(), 3);
        QCOMPARE(pool.index(0, 0).data(PoolModel::IdRole).toULongLong(), 2ULL);
        QCOMPARE(pool.index(0, 0).data(PoolModel::RunningRole).toBool(), true);
        QCOMPARE(pool.index(2, 0).data(PoolModel::LabelRole).toString(), QStringLiteral("dns.lookup"));
        QCOMPARE(pool.itemsSeen(), 4);
        pool.update({}, 6'000'000);
        QCOMPARE(pool.rowCount(), 0);
        QCOMPARE(pool.maxRunning(), 1);
        pool.clear();
        QCOMPARE(pool.itemsSeen(), 0);
    }

    void queueModelListsItemsAndJobKinds()
    {
        loopscope::StringTable strings;
        QueueModel model(QueueModel::Queue::Microtask);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);

        QueueSnapshot snapshot;
        snapshot.microtasks
            = { { strings.intern("promise.then"), std::uint8_t(loopscope::JobKind::PromiseReactionJob), 0 },
                  { strings.intern("thenable"), std::uint8_t(loopscope::JobKind::PromiseResolveThenableJob), 0 } };
        snapshot.microtaskCount = 2;
        model.update(snapshot, strings);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.labels(), QStringList({ "promise.then", "thenable" }));
        QCOMPARE(model.index(0, QueueModel::DetailColumn).data().toString(), QStringLiteral("PromiseReactionJob"));
        QCOMPARE(
            model.index(1, QueueModel::DetailColumn).data().toString(), QStringLiteral("PromiseResolveThenableJob"));

        // More queued than the snapshot carries: a last row says how many.
        snapshot.microtasks.resize(1);
        snapshot.microtaskCount = 5000;
        model.update(snapshot, strings);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.total(), std::size_t(5000));
        QVERIFY(model.index(1, 0).data(QueueModel::IsMoreRole).toBool());
        QVERIFY(model.index(1, 0).data().toString().contains(QStringLiteral("4999")));

        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void timerQueueShowsDueTimes()
    {
        loopscope::StringTable strings;
        QueueModel model(QueueModel::Queue::Timers);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QueueSnapshot snapshot;
        snapshot.timers = { { strings.intern("setTimeout 0"), 0, -0.5 }, { strings.intern("report"), 0, 250 } };
        snapshot.timerCount = 2;
        model.update(snapshot, strings);
        QCOMPARE(model.index(0, QueueModel::DetailColumn).data().toString(), QStringLiteral("due now"));
        QCOMPARE(model.index(1, QueueModel::DetailColumn).data().toString(), QStringLiteral("in 250 ms"));
        QCOMPARE(model.index(1, 0).data(QueueModel::DueInMsRole).toDouble(), 250.0);
    }

    void consoleAndStatusFollowARun()
    {
        auto loaded = ScenarioCatalog::loadScenario(QStringLiteral("guess-order"));
        QVERIFY(std::holds_alternative<loopscope::Program>(loaded));
        LiveFeed feed;
        ConsoleModel console(&feed);
        StatusModel status(&feed);
        QAbstractItemModelTester consoleTester(&console, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester statusTester(&status, QAbstractItemModelTester::FailureReportingMode::QtTest);

        loopscope::Session session(std::get<loopscope::Program>(std::move(loaded)));
        session.start();
        feed.setLoop(&session);
        QTRY_COMPARE_WITH_TIMEOUT(console.outputLines().size(), 5, 10000);
        QCOMPARE(console.outputLines(),
            QStringList({ "readFile callback", "process.nextTick", "promise.then", "setImmediate", "setTimeout 0" }));
        QCOMPARE(console.columnCount(), int(ConsoleModel::ColumnCount));
        QVERIFY(console.index(0, ConsoleModel::TimeColumn).data(ConsoleModel::TimeNsRole).toLongLong() > 0);
        // The time as the language writes numbers: a decimal comma in Spanish.
        {
            const QLocale before;
            QLocale::setDefault(QLocale(QLocale::Spanish, QLocale::Spain));
            const qlonglong ns = console.index(0, ConsoleModel::TimeColumn).data(ConsoleModel::TimeNsRole).toLongLong();
            QCOMPARE(console.index(0, ConsoleModel::TimeColumn).data().toString(),
                QLocale().toString(double(ns) / 1e6, 'f', 1));
            QVERIFY(console.index(0, ConsoleModel::TimeColumn).data().toString().contains(QLatin1Char(',')));
            QLocale::setDefault(before);
        }

        QTRY_VERIFY_WITH_TIMEOUT(status.runState() == StatusModel::RunState::Finished, 10000);
        QVERIFY(status.iteration() >= 2);
        QVERIFY(status.phasesSeen().contains(loopscope::Phase::Poll));
        QVERIFY(status.phasesSeen().contains(loopscope::Phase::Check));
        QVERIFY(status.phasesSeen().contains(loopscope::Phase::Timers));
        QCOMPARE(status.index(StatusModel::IterationRow, StatusModel::ValueColumn).data().toString(),
            QString::number(status.iteration()));

        // The figures the feed gathered tick by tick are those of the whole recording read at once.
        QTRY_VERIFY_WITH_TIMEOUT(session.finished(), 10000);
        const loopscope::Figures fed = feed.figures();
        const loopscope::Figures whole = loopscope::figuresOf(session.recording());
        QCOMPARE(fed.callbacks, whole.callbacks);
        QVERIFY(fed.callbacks >= 5);
        QCOMPARE(fed.iterations, whole.iterations);
        QCOMPARE(fed.durationNs, whole.durationNs);
        QCOMPARE(fed.logLines, whole.logLines);
        QCOMPARE(fed.longestNs, whole.longestNs);
        QCOMPARE(fed.utilisation.share, whole.utilisation.share);

        console.appendNote(QStringLiteral("a note"));
        QCOMPARE(console.outputLines().size(), 5);
        QCOMPARE(console.index(5, ConsoleModel::TextColumn).data(ConsoleModel::KindRole).toInt(),
            int(ConsoleModel::Kind::Note));
        feed.setLoop(nullptr);
        QCOMPARE(status.runState(), StatusModel::RunState::Idle);

        VERIFY_SESSION_CLOSED(session);
    }

    // A recording written and opened again shows the console its live run showed, line for line and with
    // who printed each: worker loops' lines included, wherever their logs lie in either recording.
    void aReopenedRecordingShowsTheLiveConsole_data()
    {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<QByteArray>("program"); // run instead, and aborted once its worker runs
        for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries())
            QTest::newRow(qPrintable(entry.name)) << entry.name << QByteArray();
        // The worker loop's own log holds its "run aborted".
        QTest::newRow("an aborted worker") << QString()
                                           << QByteArray(R"({"format":"loopscope-program","version":1,)"
                                                         R"("name":"w","main":[{"op":"log","text":"start"},)"
                                                         R"({"op":"worker","do":[{"op":"block","ms":60000}]}]})");
    }
    void aReopenedRecordingShowsTheLiveConsole()
    {
        QFETCH(QString, scenario);
        QFETCH(QByteArray, program);
        auto loaded
            = program.isEmpty() ? ScenarioCatalog::loadScenario(scenario) : ScenarioCatalog::parse(program, "w.json");
        QVERIFY(std::holds_alternative<loopscope::Program>(loaded));
        LiveFeed feed;
        ConsoleModel console(&feed);
        loopscope::Session session(std::get<loopscope::Program>(std::move(loaded)));
        session.start();
        feed.setLoop(&session);
        if (!program.isEmpty()) {
            QTRY_VERIFY_WITH_TIMEOUT(session.live().workerLoops.load() > 0, 10000);
            QTest::qWait(100);
            session.abort();
        }
        QVERIFY(session.waitFinished(60000));
        session.stop();
        feed.poll();
        const QStringList live = console.outputLines();
        const QStringList liveErrors = console.errorLines();
        const QStringList livePrinters = printers(console);
        // Each line names the callback that printed it.
        const QStringList unnamed = linesWithoutTheirPrinter(session.recording());
        QVERIFY2(unnamed.isEmpty(), qPrintable(unnamed.join(QStringLiteral(", "))));
        QVERIFY(!live.isEmpty());
        if (!program.isEmpty())
            QVERIFY2(liveErrors.contains(QStringLiteral("worker: error")), qPrintable(liveErrors.join(", ")));

        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("trace.json")).toStdString();
        std::string error;
        QVERIFY2(loopscope::writeTrace(session.recording(), path, &error), error.c_str());
        auto reopened = std::make_shared<loopscope::Recording>();
        QVERIFY2(loopscope::readTrace(path, *reopened, &error), error.c_str());
        // As the window opens a recording: the console cleared, then fed the recording.
        feed.setLoop(nullptr);
        console.clear();
        feed.setRecording(reopened);
        feed.poll();
        QCOMPARE(console.outputLines(), live);
        QCOMPARE(console.errorLines(), liveErrors);
        // And who printed each line.
        QCOMPARE(printers(console), livePrinters);
        VERIFY_SESSION_CLOSED(session);
    }

    void pollDescriptions_data()
    {
        QTest::addColumn<qint64>("timeoutMs");
        QTest::addColumn<int>("reason");
        QTest::addColumn<QString>("text");
        QTest::newRow("timer") << qint64(1) << int(loopscope::PollReason::TimerDue)
                               << QStringLiteral("sleeps: timer due in 1 ms");
        QTest::newRow("immediates") << qint64(0) << int(loopscope::PollReason::ImmediatesPending)
                                    << QStringLiteral("immediates pending: no sleep");
        QTest::newRow("io") << qint64(-1) << int(loopscope::PollReason::WaitingForIo)
                            << QStringLiteral("waiting for I/O");
        QTest::newRow("io, the monitor's timer") << qint64(10) << int(loopscope::PollReason::WaitingForIo)
                                                 << QStringLiteral("waiting for I/O, at most 10 ms");
    }
    void pollDescriptions()
    {
        QFETCH(qint64, timeoutMs);
        QFETCH(int, reason);
        QFETCH(QString, text);
        QCOMPARE(StatusModel::pollDescription(timeoutMs, loopscope::PollReason(reason)), text);
    }

    // Off-screen runs report what they found as they go (runs that end between two looks are reported
    // together) and once at the end; cancelled runs report nothing more; a run that never ends times out.
    void offscreenRunsReportEachRunAndTheirEnd()
    {
        auto race = ScenarioCatalog::loadScenario(QStringLiteral("main-race"));
        const loopscope::Program program = std::get<loopscope::Program>(race);
        OffscreenRuns runs;
        QSignalSpy progressed(&runs, &OffscreenRuns::progressed);
        QSignalSpy finished(&runs, &OffscreenRuns::finished);
        runs.start(program, 12, std::chrono::seconds(30));
        QVERIFY(runs.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 60000);
        QVERIFY(!runs.isRunning());
        QCOMPARE(finished.first().first().toBool(), false);
        QVERIFY(progressed.count() >= 1 && progressed.count() <= 12);
        int lastDone = 0;
        for (const QList<QVariant>& report : progressed) {
            QVERIFY(report.at(1).toInt() > lastDone);
            lastDone = report.at(1).toInt();
            QCOMPARE(report.at(2).toInt(), 12);
        }
        const auto outputs = progressed.last().first().value<QList<OffscreenRuns::Output>>();
        int total = 0;
        for (const OffscreenRuns::Output& output : outputs) {
            QCOMPARE(output.lines.size(), 2);
            total += output.runs;
        }
        QCOMPARE(total, 12);
        QCOMPARE(progressed.last().at(1).toInt(), 12);

        // Cancelled: nothing more is heard of those runs.
        progressed.clear();
        finished.clear();
        runs.start(program, 1000, std::chrono::seconds(30));
        runs.cancel();
        QVERIFY(!runs.isRunning());
        QTest::qWait(200);
        QCOMPARE(finished.count(), 0);

        // A program that never ends on its own.
        auto endless = ScenarioCatalog::parse(R"({"format":"loopscope-program","version":1,"name":"e","main":[
            {"op":"chain","via":"setTimeout","ms":5,"times":2000000000}]})",
            QStringLiteral("endless"));
        runs.start(std::get<loopscope::Program>(endless), 3, std::chrono::milliseconds(300));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QCOMPARE(finished.first().first().toBool(), true);
    }
};

QTEST_MAIN(TestModels)
#include "tst_models.moc"
