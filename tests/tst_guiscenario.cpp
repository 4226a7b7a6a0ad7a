#include "catalog/scenariocatalog.h"
#include "control/sessioncontroller.h"
#include "formats/traceio.h"
#include "models/consolemodel.h"
#include "models/livefeed.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"
#include "recording/recording.h"
#include "session/session.h"
#include "widgets/lessons/scenariobrowser.h"
#include "widgets/panels/workloadpalette.h"
#include "widgets/timeline/timelineview.h"
#include "widgets/wheel/phasewheel.h"
#include "widgets/window/fileactions.h"
#include "widgets/window/filescontroller.h"
#include "widgets/window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <algorithm>
#include <functional>

using Workload = WorkloadPalette::Workload;

namespace {

// A recording large enough that reading or writing it takes tens of milliseconds, far longer than
// the first turn of the event loop, in which cancelSoon() presses Cancel.
std::shared_ptr<loopscope::Recording> largeRecording(std::int64_t records)
{
    auto recording = std::make_shared<loopscope::Recording>();
    recording->info.generator = "LoopScope test";
    recording->info.program = "large";
    loopscope::EventLog& log = recording->mainLog();
    const std::uint32_t label = recording->strings.intern("tick");
    for (std::int64_t i = 0; i < records; ++i) {
        loopscope::Record* record = log.slot();
        record->type = loopscope::RecordType::Callback;
        record->sub = std::uint8_t(loopscope::CallbackKind::Timer);
        record->label = label;
        record->startNs = 1000 + i * 5000;
        record->span.durNs = 2000;
        record->span.busyNs = 2000;
        record->span.maxNs = 2000;
        record->span.count = 1;
        record->span.iteration = std::uint32_t(i);
        log.commit();
    }
    return recording;
}

// Injects a workload that logs a line and waits for the line: the window's loop is alive and takes work.
// The text of the console's last line (a note the window appended, say).
// Whether one of the console's last few lines says `text` (a note may follow the one looked for).
bool consoleEndsSaying(const MainWindow& window, const QString& text)
{
    const ConsoleModel* console = window.consoleModel();
    for (int row = console->rowCount() - 1; row >= std::max(0, console->rowCount() - 4); --row) {
        if (console->index(row, 1).data().toString().contains(text))
            return true;
    }
    return false;
}

// True when the recording's main loop recorded the error `text`.
bool recordsError(const loopscope::Recording& recording, const std::string& text)
{
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const loopscope::Record r = log[i];
        if (r.type == loopscope::RecordType::Error && recording.strings.at(r.label) == text)
            return true;
    }
    return false;
}

bool takesWorkAtOnce(MainWindow& window)
{
    const QByteArray hello = R"({ "format": "loopscope-program", "version": 1, "name": "h", "main": [
        { "op": "log", "text": "still alive" } ] })";
    return window.injectWorkload(hello, QStringLiteral("hello"))
        && QTest::qWaitFor(
            [&window] { return window.consoleModel()->outputLines().contains(QStringLiteral("still alive")); }, 5000);
}

// The loop-delay monitor's samples recorded so far.
std::size_t delaySamples(const loopscope::Recording& recording)
{
    std::size_t count = 0;
    const loopscope::EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i)
        count += log[i].type == loopscope::RecordType::Latency && log[i].latency.loopDelayMs >= 0;
    return count;
}

// Presses Cancel in the progress dialog as soon as the event loop runs; true in `ranDuringWork`
// when that happened while the work was still going, that is, while the GUI thread was free.
void cancelSoon(MainWindow& window, bool& ranDuringWork)
{
    QTimer::singleShot(0, &window, [&window, &ranDuringWork] {
        ranDuringWork = window.fileActions()->pendingTasks() == 1;
        auto* dialog = window.findChild<QProgressDialog*>();
        QVERIFY(dialog);
        auto* cancel = dialog->findChild<QPushButton*>();
        QVERIFY(cancel);
        cancel->click();
    });
}

} // namespace

class TestGuiScenario : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("UV_THREADPOOL_SIZE", "4");
        // The ordering scenarios start paused by default; these tests run guess-order to its end.
        QSettings().setValue(QStringLiteral("stepping/startPaused/guess-order"), false);
    }

    void guessOrderThroughTheBrowser()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("guess-order")));
        QVERIFY(window.scenarioBrowser()->nodeSource().contains(QStringLiteral("fs.readFile")));
        // An ordering scenario starts paused before its main module, as it does for a user who has not
        // said otherwise; C steps it one callback at a time, Space runs on.
        QSettings().remove(QStringLiteral("stepping/startPaused/guess-order"));
        QTest::mouseClick(window.scenarioBrowser()->runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            window.session() && window.session()->heldAt() == loopscope::StepPoint::BeforeCallback, 5000);
        const auto* state = window.findChild<QLabel*>(QStringLiteral("stateLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(state->text().contains(QStringLiteral("before the main module")), 5000);
        ConsoleModel* console = window.consoleModel();
        QVERIFY(console->outputLines().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(window.scenarioBrowser()->markedSourceLine() > 0, 5000);
        for (int press = 0; press < 2; ++press) {
            const std::uint64_t halts = window.session()->halts();
            QTest::keyClick(&window, Qt::Key_C);
            QTRY_VERIFY_WITH_TIMEOUT(window.session()->halts() > halts && window.session()->heldAt(), 5000);
        }
        // The main module, then the readFile callback: its line is out, what it queued waits.
        QTRY_COMPARE_WITH_TIMEOUT(console->outputLines(), QStringList { "readFile callback" }, 5000);
        // The status line says what runs next and why.
        QTRY_VERIFY_WITH_TIMEOUT(
            state->text().contains(QStringLiteral("the nextTick queue drains before promise jobs")), 5000);
        // And its queue panel marks it, and the script beside the circle its line.
        QTRY_VERIFY_WITH_TIMEOUT(window.queueModel(QueueModel::Queue::NextTick)->runsNext(), 5000);
        QVERIFY(!window.queueModel(QueueModel::Queue::Microtask)->runsNext());
        const QStringList script = window.scenarioBrowser()->nodeSource().split(QLatin1Char('\n'));
        auto markedLine = [&] {
            const int line = window.scenarioBrowser()->markedSourceLine();
            return line > 0 && line <= script.size() ? script[line - 1] : QString();
        };
        QTRY_VERIFY_WITH_TIMEOUT(markedLine().contains(QStringLiteral("process.nextTick(")), 5000);
        QTest::keyClick(&window, Qt::Key_Space);
        QSettings().setValue(QStringLiteral("stepping/startPaused/guess-order"), false);
        QTRY_COMPARE_WITH_TIMEOUT(console->outputLines().size(), 5, 10000);
        QCOMPARE(console->outputLines(),
            QStringList({ "readFile callback", "process.nextTick", "promise.then", "setImmediate", "setTimeout 0" }));
        StatusModel* status = window.statusModel();
        QTRY_VERIFY_WITH_TIMEOUT(status->phasesSeen().contains(loopscope::Phase::Poll), 5000);
        QVERIFY(status->phasesSeen().contains(loopscope::Phase::Check));
        QVERIFY(!status->pollTextsSeen().isEmpty());
        QCOMPARE(window.session()->program().name, std::string("guess-order"));
        QVERIFY(window.windowTitle().contains(QStringLiteral("guess-order")));
        // A run of a few milliseconds would be a sliver at the live edge: once it ends, the timeline shows all of it.
        QTRY_VERIFY_WITH_TIMEOUT(!window.timeline()->following(), 5000);
        QVERIFY(window.timeline()->window().spanNs() < 1'000'000'000);
        // The window stays responsive: the wheel repaints from the feed.
        QVERIFY(!window.phaseWheel()->grab().isNull());
    }

    void theWindowsLoopIsAServerThatMeasuresItsDelay()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.controller()->serving());
        loopscope::Session* server = window.session();
        // It iterates on its own (the delay monitor's timer wakes poll), sampling from its first second.
        QTRY_VERIFY_WITH_TIMEOUT(delaySamples(server->recording()) >= 20, 10000);
        const loopscope::EventLog& log = server->recording().mainLog();
        std::int64_t firstSampleNs = -1;
        double utilizationSum = 0;
        int utilizationSamples = 0;
        for (std::size_t i = 0; i < log.size(); ++i) {
            const loopscope::Record& r = log[i];
            if (r.type != loopscope::RecordType::Latency || r.latency.loopDelayMs < 0)
                continue;
            if (firstSampleNs < 0)
                firstSampleNs = r.startNs;
            // What users mean by delay: beyond the 10 ms the monitor waits on purpose. libuv's timers run
            // on a millisecond clock, so two checks can also be up to 1 ms closer than that.
            QVERIFY2(r.latency.histogramMs > 9 && r.latency.loopDelayMs == std::max(0.0, r.latency.histogramMs - 10.0),
                qPrintable(QString::number(r.latency.histogramMs)));
            utilizationSum += r.latency.utilization;
            ++utilizationSamples;
        }
        QVERIFY2(firstSampleNs < 1'000'000'000, qPrintable(QString::number(firstSampleNs)));
        QVERIFY(server->live().iteration.load() >= 20);
        QCOMPARE(loopscope::Phase(server->live().phase.load()), loopscope::Phase::Poll);
        // Waiting in poll is idle time: the server loop is all but unused.
        QVERIFY2(utilizationSum / utilizationSamples < 0.05, qPrintable(QString::number(utilizationSum)));
        QVERIFY(!server->finished());
    }

    void aBlockInjectedIntoTheServerIsASpikeOfItsLength()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        loopscope::Session* server = window.session();
        QTRY_VERIFY_WITH_TIMEOUT(delaySamples(server->recording()) >= 5, 10000);
        const std::size_t before = server->recording().mainLog().size();
        window.workloadPalette()->setParameters(Workload::Block, { 300 });
        window.workloadPalette()->trigger(Workload::Block);
        QTRY_VERIFY_WITH_TIMEOUT(server->recording().mainLog().size() > before && delaySamples(server->recording()) > 0
                && !server->live().inCallback.load() && server->live().callbacks.load() > 0,
            10000);
        // The block arrived as an incoming request does: an I/O callback inside a poll phase.
        const loopscope::Recording& recording = server->recording();
        const loopscope::EventLog& log = recording.mainLog();
        QTRY_VERIFY_WITH_TIMEOUT(log.size() > before + 10, 5000);
        double spikeMs = 0;
        bool inPoll = false;
        std::int64_t pollStart = -1, pollEnd = -1;
        for (std::size_t i = before; i < log.size(); ++i) {
            const loopscope::Record& r = log[i];
            if (r.type == loopscope::RecordType::Latency && r.latency.loopDelayMs >= 0)
                spikeMs = std::max(spikeMs, r.latency.loopDelayMs);
            if (r.type == loopscope::RecordType::Phase && loopscope::Phase(r.sub) == loopscope::Phase::Poll
                && r.span.durNs >= 250'000'000) {
                pollStart = r.startNs;
                pollEnd = r.startNs + r.span.durNs;
            }
        }
        for (std::size_t i = before; i < log.size(); ++i) {
            const loopscope::Record& r = log[i];
            if (r.type == loopscope::RecordType::Callback && recording.strings.at(r.label) == "block 300 ms")
                inPoll = loopscope::callbackKindOf(r) == loopscope::CallbackKind::Io && r.startNs >= pollStart
                    && r.startNs + r.span.durNs <= pollEnd;
        }
        QVERIFY(inPoll);
        QVERIFY2(spikeMs >= 255 && spikeMs <= 345, qPrintable(QString::number(spikeMs)));
    }

    void queuesAreEmptyOnceARunEnds()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // The loop publishes its queues as it enters poll, where the last immediate still waits; nothing
        // after it would publish again but the end of the run.
        auto parsed = ScenarioCatalog::parse(R"({ "format": "loopscope-program", "version": 1, "name": "q", "main": [
            { "op": "setTimeout", "ms": 300, "label": "last timer", "do": [
                { "op": "block", "ms": 5 },
                { "op": "setImmediate", "label": "last immediate", "do": [ { "op": "log", "text": "done" } ] } ] } ] })",
            QStringLiteral("q"));
        QVERIFY(std::holds_alternative<loopscope::Program>(parsed));
        window.runProgram(std::get<loopscope::Program>(parsed));
        QueueModel* timers = window.queueModel(QueueModel::Queue::Timers);
        QTRY_COMPARE_WITH_TIMEOUT(timers->labels(), QStringList({ "last timer" }), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(window.session()->finished(), 5000);
        window.feed()->poll();
        QTRY_VERIFY_WITH_TIMEOUT(window.consoleModel()->outputLines().contains(QStringLiteral("done")), 2000);
        for (int i = 0; i < QueueModel::QueueCount; ++i) {
            QueueModel* model = window.queueModel(QueueModel::Queue(i));
            QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 0, 2000);
            QCOMPARE(model->total(), std::size_t(0));
        }
    }

    void poolAndQueuesShowInjectedWork()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        WorkloadPalette* palette = window.workloadPalette();
        palette->setParameters(Workload::Pbkdf2, { 6, 3000000 });
        QTest::mouseClick(palette->button(Workload::Pbkdf2), Qt::LeftButton);
        StatusModel* status = window.statusModel();
        QTRY_VERIFY_WITH_TIMEOUT(status->poolActive() == 4 && status->poolQueued() == 2, 10000);
        QCOMPARE(status->depth(loopscope::Phase::Poll), 6u);

        const QByteArray timer = R"({ "format": "loopscope-program", "version": 1, "name": "t", "main": [
            { "op": "setTimeout", "ms": 60000, "label": "much later", "do": [] },
            { "op": "setTimeout", "ms": 30000, "label": "later", "do": [] } ] })";
        QVERIFY(window.injectWorkload(timer, QStringLiteral("two timers")));
        QueueModel* timers = window.queueModel(QueueModel::Queue::Timers);
        QTRY_COMPARE_WITH_TIMEOUT(timers->labels(), QStringList({ "later", "much later" }), 5000);
        QTRY_COMPARE_WITH_TIMEOUT(status->depth(loopscope::Phase::Timers), 2u, 5000);
    }

    void stopAbandonsRunawayWorkAndTheServerLoopGoesOn()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* stop = window.findChild<QAction*>(QStringLiteral("stopAction"));
        QVERIFY(stop);
        // Nothing injected yet: there is nothing to abandon, and neither the console nor the recording says
        // there was.
        QTRY_VERIFY_WITH_TIMEOUT(window.session() && window.session()->live().healthPort.load() > 0, 5000);
        stop->trigger();
        QVERIFY(consoleEndsSaying(window, QStringLiteral("nothing to stop")));
        QTest::qWait(100);
        QVERIFY(!recordsError(window.session()->recording(), "work abandoned by the user; the loop goes on"));

        WorkloadPalette* palette = window.workloadPalette();
        palette->setParameters(Workload::Block, { 60000 });
        palette->trigger(Workload::Block);
        StatusModel* status = window.statusModel();
        QTRY_VERIFY_WITH_TIMEOUT(status->blocked(), 5000);
        QVERIFY(status->callbackLabel().contains(QStringLiteral("block 60000 ms")));
        loopscope::Session* server = window.session();

        stop->trigger();
        QVERIFY(window.consoleModel()
                    ->index(window.consoleModel()->rowCount() - 1, 1)
                    .data()
                    .toString()
                    .contains(QStringLiteral("abandoned")));
        // The same loop goes on: unblocked, still measuring its delay, and it takes work at once.
        QTRY_VERIFY_WITH_TIMEOUT(!server->live().inCallback.load(), 5000);
        QCOMPARE(window.session(), server);
        const std::size_t samples = delaySamples(server->recording());
        QVERIFY(takesWorkAtOnce(window));
        QTRY_VERIFY_WITH_TIMEOUT(delaySamples(server->recording()) > samples + 5, 5000);
        QVERIFY(!server->finished());
        QVERIFY(!server->recording().info.aborted);
        // The stopped block is in the recording as the callback it was, up to the stop.
        bool blockRecorded = false;
        const loopscope::EventLog& log = server->recording().mainLog();
        for (std::size_t i = 0; i < log.size(); ++i) {
            const loopscope::Record& r = log[i];
            blockRecorded = blockRecorded
                || (r.type == loopscope::RecordType::Callback
                    && server->recording().strings.at(r.label) == "block 60000 ms" && r.span.durNs < 60'000'000'000);
        }
        QVERIFY(blockRecorded);
    }

    // With the rolling window a storm runs on past the budget: the oldest events are let go, the console
    // and the status say so, and the timeline's index stays bounded however long it runs.
    void aRollingWindowKeepsAStormGoingPastTheBudget()
    {
        SessionController::setMemoryBudgetMb(32);
        SessionController::setRollingWindow(true);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QByteArray storm = R"({ "format": "loopscope-program", "version": 1, "name": "s", "main": [
            { "op": "chain", "via": "setImmediate", "times": 2000000000 } ] })";
        QVERIFY(window.injectWorkload(storm, QStringLiteral("storm")));
        loopscope::Session* server = window.session();
        SessionController::setMemoryBudgetMb(loopscope::MemoryBudget::DefaultMb);
        SessionController::setRollingWindow(false);
        // 32 MB hold about 80,000 iterations; let go of several budgets' worth.
        QTRY_VERIFY_WITH_TIMEOUT(
            server->recording().mainLog().firstKept() > 4 * (32u << 20) / sizeof(loopscope::Record), 60000);
        QVERIFY(!server->finished());
        QVERIFY(!server->memoryBudget().exceeded());
        // Within the budget but for the chunks filled since housekeeping last looked (it looks every 2 ms).
        QVERIFY(server->recording().mainLog().memoryBytes() <= 2 * (32u << 20));
        QTRY_VERIFY_WITH_TIMEOUT(consoleEndsSaying(window, QStringLiteral("rolling window")), 5000);
        std::size_t spans = 0;
        for (const TimelineIndex::Row& row : window.timeline()->index().rows())
            spans += row.spans.size();
        QVERIFY2(spans
                <= window.timeline()->index().rows().size() * (TimelineIndex::DetailLimit + TimelineIndex::FoldedLimit),
            std::to_string(spans).c_str());
        window.stopRunaway();
    }

    // Each run that outgrows its budget is told, the second as the first: a fresh server loop may lie where
    // the one before did, so the window never tells runs apart by their address.
    void anExceededMemoryBudgetEndsTheRunAndSaysSo()
    {
        SessionController::setMemoryBudgetMb(32);
        const auto restore
            = qScopeGuard([] { SessionController::setMemoryBudgetMb(loopscope::MemoryBudget::DefaultMb); });
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QByteArray storm = R"({ "format": "loopscope-program", "version": 1, "name": "s", "main": [
            { "op": "repeat", "times": 2000000000, "do": [ { "op": "nextTick", "do": [] } ] } ] })";
        // The window's notes that the budget ended a run, since the last storm was injected.
        const auto notesSinceTheStorm = [&window] {
            const ConsoleModel* console = window.consoleModel();
            int told = 0;
            for (int row = console->rowCount() - 1; row >= 0; --row) {
                const QString line = console->index(row, 1).data().toString();
                if (line.contains(QStringLiteral("injected: storm")))
                    break;
                told += line.startsWith(QStringLiteral("■ memory budget exceeded"));
            }
            return told;
        };
        for (int run = 1; run <= 2; ++run) {
            loopscope::Session* server = window.session();
            QVERIFY(window.injectWorkload(storm, QStringLiteral("storm")));
            QTRY_VERIFY_WITH_TIMEOUT(server->finished(), 10000);
            // Once a run, beside the error the run recorded.
            QTRY_COMPARE_WITH_TIMEOUT(notesSinceTheStorm(), 1, 5000);
            QTest::qWait(100);
            QCOMPARE(notesSinceTheStorm(), 1);
            // The next workload gets a fresh server loop, within its budget.
            QVERIFY(takesWorkAtOnce(window));
            QVERIFY(!window.session()->memoryBudget().exceeded());
        }
    }

    void stopEndsARunawayScenarioAndTheServerLoopTakesOver()
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.runScenario(QStringLiteral("compute-sync"), { { "ms", "600000" } }));
        loopscope::Session* scenario = window.session();
        StatusModel* status = window.statusModel();
        QTRY_VERIFY_WITH_TIMEOUT(status->blocked(), 5000);

        auto* stop = window.findChild<QAction*>(QStringLiteral("stopAction"));
        stop->trigger();
        QVERIFY(window.session() != scenario);
        QVERIFY(window.controller()->serving());
        QVERIFY(!status->blocked());
        QVERIFY(window.consoleModel()
                    ->index(window.consoleModel()->rowCount() - 1, 1)
                    .data()
                    .toString()
                    .contains(QStringLiteral("aborted")));
        QVERIFY(takesWorkAtOnce(window));
    }

    // What --program, --open and FILE do once the window runs: a bad file is a dialog over the window,
    // and the window's own server loop goes on while it shows and after.
    void badFileIsADialogOverTheRunningLoop_data()
    {
        QTest::addColumn<bool>("recording");
        QTest::addColumn<QByteArray>("text");
        QTest::addRow("program") << false << QByteArray("{\"format\":\"loopscope-program\",\n\"version\":1,");
        QTest::addRow("recording") << true << QByteArray("{\"traceEvents\": [ {\"ph\": ");
        QTest::addRow("gzip") << true << QByteArray("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    }
    void badFileIsADialogOverTheRunningLoop()
    {
        QFETCH(bool, recording);
        QFETCH(QByteArray, text);
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
        file.close();

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        loopscope::Session* server = window.session();
        QVERIFY(server);
        QTRY_VERIFY_WITH_TIMEOUT(server->live().iteration.load() > 2, 10000);

        QString shown;
        std::uint32_t whenShown = 0;
        std::uint32_t beforeClosed = 0;
        // Looks for the dialog until it shows (reading a recording runs an event loop of its own first).
        std::function<void()> lookForDialog = [&] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (!box) {
                QTimer::singleShot(20, &window, lookForDialog);
                return;
            }
            shown = box->text();
            whenShown = server->live().iteration.load();
            QTimer::singleShot(300, box, [&, box] {
                beforeClosed = server->live().iteration.load();
                box->accept();
            });
        };
        QTimer::singleShot(20, &window, lookForDialog);
        QVERIFY(recording ? !window.files()->openRecording(file.fileName())
                          : !window.files()->openProgram(file.fileName()));
        QVERIFY2(shown.contains(QStringLiteral("bad.json")), qPrintable(shown));
        QCOMPARE(shown, window.files()->lastError());
        QVERIFY2(beforeClosed > whenShown, "the server loop stood still behind the dialog");
        QCOMPARE(window.session(), server);
        QVERIFY(!window.replaying());
        const std::uint32_t after = server->live().iteration.load();
        QTRY_VERIFY_WITH_TIMEOUT(server->live().iteration.load() > after, 5000);
    }

    // --program FILE --set KEY=VALUE in the window.
    void programFileTakesOverrides()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("params.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format":"loopscope-program","version":1,"name":"params",
            "params":{"n":{"default":1,"min":1,"max":9}},"main":[{"op":"repeat","times":"$n","do":[{"op":"log","text":"hi"}]}]})");
        file.close();
        MainWindow window;
        QVERIFY(window.files()->openProgram(file.fileName(), { { "n", "3" } }));
        QTRY_COMPARE_WITH_TIMEOUT(window.consoleModel()->outputLines(), QStringList({ "hi", "hi", "hi" }), 10000);
        QVERIFY(!window.files()->openProgram(file.fileName(), { { "n", "10" } }));
        QVERIFY2(window.files()->lastError().contains(QStringLiteral("n=10")), qPrintable(window.files()->lastError()));
    }

    void badProgramFileLeavesTheRunAlone_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("where");
        QTest::addRow("truncated") << QByteArray("{\"format\":\"loopscope-program\",\n\"version\":1,") << "bad.json:2:";
        QTest::addRow("unknown op") << QByteArray(R"({"format":"loopscope-program","version":1,"name":"x",
"main":[{"op":"fork"}]})") << "bad.json:2:";
        QTest::addRow("out of range") << QByteArray(R"({"format":"loopscope-program","version":1,"name":"x",
"main":[{"op":"block","ms":-1}]})") << "bad.json:2:";
    }
    void badProgramFileLeavesTheRunAlone()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, where);
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
        file.close();

        MainWindow window;
        QVERIFY(window.runScenario(QStringLiteral("guess-order")));
        const loopscope::Session* before = window.session();
        QTRY_COMPARE_WITH_TIMEOUT(window.consoleModel()->outputLines().size(), 5, 10000);
        QVERIFY(!window.files()->openProgram(file.fileName()));
        QVERIFY2(window.files()->lastError().contains(where), qPrintable(window.files()->lastError()));
        QCOMPARE(window.session(), before);
        QCOMPARE(window.consoleModel()->outputLines().size(), 5);
    }

    void programFileRunsAndExports()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("mine.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format":"loopscope-program","version":1,"name":"mine","main":[
            {"op":"setImmediate","do":[{"op":"log","text":"immediate"}]},
            {"op":"nextTick","do":[{"op":"log","text":"tick"}]} ]})");
        file.close();

        MainWindow window;
        QVERIFY(window.files()->openProgram(file.fileName()));
        QTRY_COMPARE_WITH_TIMEOUT(window.consoleModel()->outputLines(), QStringList({ "tick", "immediate" }), 10000);
        QCOMPARE(window.session()->program().name, std::string("mine"));

        // The export reads a live recording: the loop keeps going while it writes.
        const QString tracePath = dir.filePath(QStringLiteral("mine-trace.json"));
        QVERIFY(window.files()->exportRecording(FileActions::ExportFormat::Trace, tracePath));
        loopscope::Recording loaded;
        std::string error;
        QVERIFY2(loopscope::readTrace(tracePath.toStdString(), loaded, &error), error.c_str());
        QCOMPARE(loaded.info.program, std::string("mine"));
        QVERIFY(loaded.mainLog().size() > 0);
        QVERIFY(window.files()->exportRecording(
            FileActions::ExportFormat::LatencyCsv, dir.filePath(QStringLiteral("mine.csv"))));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("mine.csv"))).size() > 0);
        // An unwritable path is an error message, not a crash.
        QVERIFY(!window.files()->exportRecording(
            FileActions::ExportFormat::Trace, dir.filePath(QStringLiteral("no/such/dir.json"))));
        QVERIFY(window.files()->lastError().contains(QStringLiteral("cannot open")));
    }

    void recordingReplaysInTheViews()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("guess.json"));
        {
            MainWindow recorder;
            QVERIFY(recorder.runScenario(QStringLiteral("guess-order")));
            QTRY_COMPARE_WITH_TIMEOUT(recorder.consoleModel()->outputLines().size(), 5, 10000);
            QTRY_VERIFY_WITH_TIMEOUT(recorder.session()->finished(), 10000);
            QVERIFY(recorder.files()->exportRecording(FileActions::ExportFormat::Trace, path));
        }

        MainWindow window;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"traceEvents\": [ {\"ph\": ");
        file.close();
        const loopscope::Session* live = window.session();
        QVERIFY(!window.files()->openRecording(bad));
        QVERIFY2(
            window.files()->lastError().contains(QStringLiteral("bad.json")), qPrintable(window.files()->lastError()));
        QCOMPARE(window.session(), live);
        QVERIFY(!window.replaying());

        // The browser follows the recording opened: its program's script, not the one selected before.
        QVERIFY(window.scenarioBrowser()->select(QStringLiteral("pool-saturation")));
        QVERIFY(window.files()->openRecording(path));
        QVERIFY(window.replaying());
        QVERIFY(!window.session());
        QCOMPARE(window.scenarioBrowser()->current(), QStringLiteral("guess-order"));
        window.feed()->poll();
        // The recording opens at its first event, to be stepped: nothing printed yet.
        QVERIFY(window.feed()->playhead());
        QVERIFY(window.consoleModel()->outputLines().isEmpty());
        // Next callback (C) steps forward through it as through a live run: after the readFile callback's
        // body its line is out and each queue holds the one thing it queued, the nextTick marked next.
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTest::keyClick(&window, Qt::Key_C);
        QTest::keyClick(&window, Qt::Key_C);
        window.feed()->poll();
        QCOMPARE(window.consoleModel()->outputLines(), QStringList { "readFile callback" });
        for (QueueModel::Queue queue : { QueueModel::Queue::NextTick, QueueModel::Queue::Microtask,
                 QueueModel::Queue::Immediates, QueueModel::Queue::Timers })
            QCOMPARE(window.queueModel(queue)->total(), std::size_t(1));
        QVERIFY(window.queueModel(QueueModel::Queue::NextTick)->runsNext());
        // A recording holds what ran, not the runtime's decision: the status names what ran next.
        const auto* state = window.findChild<QLabel*>(QStringLiteral("stateLabel"));
        QTRY_VERIFY_WITH_TIMEOUT(
            state->text().contains(QStringLiteral("Next, as the recording shows: \"process.nextTick\" (nextTick)")),
            5000);
        // To the end, then back one callback (Shift+C): setTimeout 0 has not run, and waits again.
        for (int press = 0; press < 6; ++press)
            QTest::keyClick(&window, Qt::Key_C);
        window.feed()->poll();
        QCOMPARE(window.consoleModel()->outputLines(),
            QStringList({ "readFile callback", "process.nextTick", "promise.then", "setImmediate", "setTimeout 0" }));
        QTest::keyClick(&window, Qt::Key_C, Qt::ShiftModifier);
        window.feed()->poll();
        QCOMPARE(window.consoleModel()->outputLines().size(), 4);
        QCOMPARE(window.queueModel(QueueModel::Queue::Timers)->total(), std::size_t(1));
        // Play (P) from the start moves the playhead on in time until the recording's end.
        window.feed()->setPlayhead(window.feed()->firstNs());
        QCOMPARE(window.consoleModel()->outputLines().size(), 0);
        QTest::keyClick(&window, Qt::Key_P);
        QTRY_COMPARE_WITH_TIMEOUT(window.consoleModel()->outputLines().size(), 5, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(window.feed()->playhead().value_or(-1), window.feed()->lastEndNs(), 10000);
        // Next phase (N) through it: as poll begins, the caption says how long the loop waits and why.
        window.feed()->setPlayhead(window.feed()->firstNs());
        QStringList captions;
        for (int press = 0; press < 30 && !captions.join(QLatin1Char('\n')).contains(QStringLiteral("Poll:"));
             ++press) {
            QTest::keyClick(&window, Qt::Key_N);
            window.feed()->poll();
            QTest::qWait(20);
            captions.append(state->text());
        }
        QVERIFY2(captions.join(QLatin1Char('\n')).contains(QStringLiteral("Poll: ")),
            qPrintable(captions.join(QLatin1Char('\n'))));
        QVERIFY(window.timeline()->index().spanCount() > 0);
        // Selecting the setTimeout callback tells, and draws, where it was queued: by the readFile callback.
        {
            TimelineView* timeline = window.timeline();
            const int timers = timeline->index().rowOf(
                TimelineIndex::RowKind::Callbacks, loopscope::MainThread, int(loopscope::CallbackKind::Timer));
            QVERIFY(timers >= 0 && !timeline->index().rows()[std::size_t(timers)].spans.empty());
            const TimelineSpan& ran = timeline->index().rows()[std::size_t(timers)].spans.front();
            const QString details = timeline->selectAt(timers, (ran.startNs + ran.endNs) / 2);
            QVERIFY2(
                details.contains(QStringLiteral("Queued at")) && details.contains(QStringLiteral("readFile callback")),
                qPrintable(details));
        }
        // One slot per callback: the run's callbacks side by side, one each, in the order they began.
        window.timeline()->setSlotMode(true);
        const std::vector<TimelineView::Slot> cells = window.timeline()->visibleSlots();
        QVERIFY(cells.size() >= 6); // main, readFile, nextTick, then, immediate, timeout
        for (std::size_t i = 1; i < cells.size(); ++i)
            QVERIFY(cells[i - 1].span->startNs <= cells[i].span->startNs);
        QVERIFY(!window.timeline()->grab().isNull());
        window.timeline()->setSlotMode(false);
        // It is first among the recent files, and dropping it onto a window opens it there.
        QCOMPARE(window.fileActions()->recentFiles().value(0), QFileInfo(path).absoluteFilePath());
        {
            MainWindow target;
            QMimeData data;
            data.setUrls({ QUrl::fromLocalFile(path) });
            QCOMPARE(FilesController::droppedFile(data), path);
            target.files()->openDropped(data);
            QTRY_VERIFY2_WITH_TIMEOUT(target.replaying(), qPrintable(target.files()->lastError()), 5000);
        }
        // The whole run is in view, not the live edge of a loop that is not running.
        QVERIFY(!window.timeline()->following());
        QVERIFY(window.timeline()->window().endNs >= window.timeline()->index().lastEndNs());
        // Injecting work starts a live loop again.
        const QByteArray hello = R"({ "format": "loopscope-program", "version": 1, "name": "h", "main": [
            { "op": "log", "text": "live again" } ] })";
        QVERIFY(window.injectWorkload(hello, QStringLiteral("hello")));
        QVERIFY(!window.replaying());
        QTRY_VERIFY_WITH_TIMEOUT(window.consoleModel()->outputLines().contains(QStringLiteral("live again")), 5000);
    }

    void openingALargeRecordingCanBeCancelled()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("large.json"));
        std::string error;
        QVERIFY2(loopscope::writeTrace(*largeRecording(300'000), path.toStdString(), &error), error.c_str());
        MainWindow window;
        const loopscope::Session* live = window.session();
        bool ranDuringWork = false;
        cancelSoon(window, ranDuringWork);
        QVERIFY(!window.files()->openRecording(path));
        QVERIFY(ranDuringWork);
        QCOMPARE(window.session(), live);
        QVERIFY(!window.replaying());
        QVERIFY(window.files()->lastError().isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(window.fileActions()->pendingTasks(), 0, 20000);
        QCOMPARE(window.session(), live);
    }

    // A program of tens of megabytes is read off the GUI thread: the window runs on meanwhile, and Cancel
    // leaves the session that was running.
    void openingALargeProgramCanBeCancelled()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("large.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format":"loopscope-program","version":1,"name":"large","main":[)");
        const QByteArray tick = R"({"op":"nextTick","do":[]},)";
        for (int i = 0; i < 600'000; ++i)
            file.write(tick);
        file.write(R"({"op":"log","text":"last"}]})");
        file.close();
        MainWindow window;
        const loopscope::Session* live = window.session();
        bool ranDuringWork = false;
        cancelSoon(window, ranDuringWork);
        QVERIFY(!window.files()->openProgram(file.fileName()));
        QVERIFY(ranDuringWork);
        QCOMPARE(window.session(), live);
        QVERIFY(window.files()->lastError().isEmpty());
        // The reader stops at its next look at the Cancel button, long before it would have finished.
        QTRY_COMPARE_WITH_TIMEOUT(window.fileActions()->pendingTasks(), 0, 20000);
        QCOMPARE(window.session(), live);
        // Opened again and let be, it runs.
        QVERIFY2(window.files()->openProgram(file.fileName()), qPrintable(window.files()->lastError()));
        QCOMPARE(window.session()->program().name, std::string("large"));
    }

    void cancelledExportLeavesNoFile()
    {
        QTemporaryDir dir;
        MainWindow window;
        window.controller()->replay(largeRecording(500'000));
        // The views take in the replay now, so that the export's event loop has nothing heavy to do.
        window.feed()->poll();
        const QString target = dir.filePath(QStringLiteral("copy.json"));
        bool ranDuringWork = false;
        cancelSoon(window, ranDuringWork);
        QVERIFY(!window.files()->exportRecording(FileActions::ExportFormat::Trace, target));
        QVERIFY(ranDuringWork);
        QVERIFY(!QFileInfo::exists(target));
        QTRY_COMPARE_WITH_TIMEOUT(window.fileActions()->pendingTasks(), 0, 20000);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
        QVERIFY(window.replaying());
    }

    void everyWorkloadBuildsAProgram()
    {
        for (int i = 0; i < WorkloadPalette::WorkloadCount; ++i) {
            const auto workload = Workload(i);
            const QByteArray text = WorkloadPalette::program(workload, WorkloadPalette::defaults(workload));
            auto parsed = ScenarioCatalog::parse(text, QStringLiteral("workload"));
            if (const auto* error = std::get_if<QString>(&parsed))
                QFAIL(qPrintable(*error));
            QVERIFY(!WorkloadPalette::shortcut(workload).isEmpty());
            QVERIFY(!WorkloadPalette::explanation(workload).isEmpty());
        }
    }

    void unsupportedWorkloadSaysSo()
    {
        MainWindow window;
        const QByteArray bad = R"({ "format": "loopscope-program", "version": 1, "name": "x", "main": [
            { "op": "noSuchOp" } ] })";
        QVERIFY(!window.injectWorkload(bad, QStringLiteral("mystery")));
        const int last = window.consoleModel()->rowCount() - 1;
        QVERIFY(window.consoleModel()->index(last, 1).data().toString().contains(QStringLiteral("mystery")));
    }
};

QTEST_MAIN(TestGuiScenario)
#include "tst_guiscenario.moc"
