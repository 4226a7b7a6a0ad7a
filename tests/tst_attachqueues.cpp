// A real Node.js program, attached with every callback labelled, is stepped afterwards as a run of
// LoopScope's own is: replaying its trace runs its callbacks in the order node ran them, and at each
// callback the queue panels hold what the program itself says it had queued then. In markers-only mode
// the queues are said to be unseen, never shown empty.
#include "attach/attachedprogram.h"
#include "attach/attachrun.h"
#include "formats/traceio.h"
#include "nodecache.h"
#include "processruns.h"
#include "recording/replay.h"
#include "requirenode.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <vector>

using namespace loopscope;

namespace {

// Logs what it queues and what runs, with fs.writeSync: console.log on a pipe queues a nextTick of Node's
// own after each line, which the program could not log.
const QByteArray QueueingProgram = R"('use strict';
const fs = require('fs');
const say = (text) => fs.writeSync(1, text + '\n');
const ran = (name) => say('run ' + name);
const later = {
  tick(name) { say('queue tick ' + name); process.nextTick(() => ran(name)); },
  micro(name) { say('queue micro ' + name); queueMicrotask(() => ran(name)); },
  then(name) { say('queue promise ' + name); Promise.resolve().then(() => ran(name)); },
  timeout(fn, ms) { say('queue timeout ' + fn.name + ' ' + ms); return setTimeout(fn, ms); },
  immediate(fn) { say('queue immediate ' + fn.name); setImmediate(fn); },
};
function firstTimeout() { ran('firstTimeout'); later.then('then3'); later.tick('tick5'); }
function laterTimeout() { ran('laterTimeout'); later.micro('micro2'); }
function timeoutFromRead() { ran('timeoutFromRead'); }
function neverRuns() { ran('neverRuns'); }
function secondImmediate() { ran('secondImmediate'); }
function immediateFromRead() { ran('immediateFromRead'); }
function firstImmediate() {
  ran('firstImmediate');
  later.tick('tick3');
  later.then('then2');
  later.immediate(secondImmediate);
}
function readDone() {
  ran('readDone');
  later.immediate(immediateFromRead);
  later.timeout(timeoutFromRead, 1);
  later.tick('tick4');
  later.then('then4');
}
later.timeout(laterTimeout, 60);
later.timeout(firstTimeout, 5);
const cancelled = later.timeout(neverRuns, 300);
later.immediate(firstImmediate);
later.tick('tick1');
later.micro('micro1');
later.then('then1');
later.tick('tick2');
fs.readFile(__filename, readDone);
setTimeout(function clearsIt() { clearTimeout(cancelled); say('cleared neverRuns'); }, 15);
)";

// The same program as an ES module, whose body Node runs inside a promise job.
QByteArray moduleProgram()
{
    QByteArray module = QueueingProgram;
    module.replace("'use strict';\nconst fs = require('fs');", "import fs from 'fs';");
    module.replace("fs.readFile(__filename,", "fs.readFile(new URL(import.meta.url),");
    return module;
}

Ran run(const QStringList& arguments)
{
    return run(QStringLiteral(LOOPSCOPE_EXECUTABLE), arguments);
}

// The name a queue panel's label stands for in the program's log: a timer's or an immediate's function,
// or the kind of a job the program logs by kind (a nextTick's or a queueMicrotask callback's arrow function,
// named by where it was created; a promise job, which has no name).
std::string nameOf(const std::string& label)
{
    if (label.rfind("TickObject", 0) == 0)
        return "tick";
    if (label == "PROMISE")
        return "promise";
    if (label.rfind("Microtask", 0) == 0)
        return "micro";
    const std::size_t space = label.find(' ');
    const std::size_t end = label.find(" (", space + 1);
    if (space == std::string::npos || end == std::string::npos || end <= space)
        return label;
    return label.substr(space + 1, end - space - 1);
}

// The queues as the program's log says them, each in the order it will run.
struct Queues
{
    std::vector<std::string> nextTicks, microtasks, immediates;
    std::vector<std::pair<double, std::string>> timers; // ms until due (the replay's; 0 in the log's), name
    bool operator==(const Queues& o) const = default;
};

QString describe(const Queues& q)
{
    const auto list = [](const std::vector<std::string>& items) {
        QStringList names;
        for (const std::string& item : items)
            names << QString::fromStdString(item);
        return names.join(QLatin1Char(','));
    };
    std::vector<std::string> timers;
    for (const auto& timer : q.timers)
        timers.push_back(timer.second);
    return QStringLiteral("ticks [%1] microtasks [%2] immediates [%3] timers [%4]")
        .arg(list(q.nextTicks), list(q.microtasks), list(q.immediates), list(timers));
}

// One callback the program ran (a "run" line), with what was queued just before it began.
struct Step
{
    std::string name; // the log's name for it: the function, or the job's kind
    Queues before;
};

// Replays the program's own log: what joined which queue, what ran, what was cleared.
std::vector<Step> stepsOfLog(const QByteArray& out)
{
    Queues queues;
    std::map<std::string, std::string> kindOf; // job name -> queue
    std::vector<Step> steps;
    const auto erase = [](auto& items, auto matches) {
        const auto found = std::find_if(items.begin(), items.end(), matches);
        if (found != items.end())
            items.erase(found);
    };
    for (const QByteArray& line : out.split('\n')) {
        const QList<QByteArray> words = line.split(' ');
        if (words.size() >= 3 && words[0] == "queue") {
            const std::string kind = words[1].toStdString();
            const std::string name = words[2].toStdString();
            kindOf[name] = kind;
            if (kind == "tick")
                queues.nextTicks.push_back("tick");
            else if (kind == "micro" || kind == "promise")
                queues.microtasks.push_back(kind);
            else if (kind == "immediate")
                queues.immediates.push_back(name);
            else if (kind == "timeout")
                queues.timers.emplace_back(0, name);
        } else if (words.size() == 2 && words[0] == "run") {
            const std::string name = words[1].toStdString();
            // An I/O callback (readFile's) waited in no queue the panels show.
            if (kindOf.count(name) == 0)
                continue;
            const std::string kind = kindOf[name];
            steps.push_back({ kind == "tick" || kind == "micro" || kind == "promise" ? kind : name, queues });
            if (kind == "tick")
                queues.nextTicks.erase(queues.nextTicks.begin());
            else if (kind == "micro" || kind == "promise")
                queues.microtasks.erase(queues.microtasks.begin());
            else if (kind == "immediate")
                erase(queues.immediates, [&](const std::string& item) { return item == name; });
            else
                erase(queues.timers, [&](const auto& timer) { return timer.second == name; });
        } else if (words.size() == 2 && words[0] == "cleared") {
            erase(queues.timers, [&](const auto& timer) { return timer.second == words[1].toStdString(); });
        }
    }
    return steps;
}

// The queues a replay shows at `atNs`, in the log's words.
Queues queuesAt(const Replay& replay, const Recording& recording, std::int64_t atNs)
{
    const QueueSnapshot snapshot = replay.stateAt(atNs).queues;
    Queues queues;
    const auto names = [&](const std::vector<QueueItem>& items, std::vector<std::string>& into) {
        for (const QueueItem& item : items)
            into.push_back(nameOf(recording.strings.at(item.label)));
    };
    names(snapshot.nextTicks, queues.nextTicks);
    names(snapshot.microtasks, queues.microtasks);
    names(snapshot.immediates, queues.immediates);
    for (const QueueItem& timer : snapshot.timers)
        queues.timers.emplace_back(timer.dueInMs, nameOf(recording.strings.at(timer.label)));
    return queues;
}

// The program's own callbacks of the main loop, in the order they began (a counted run of n jobs is n
// callbacks), each with its start: its I/O callbacks (readFile's steps) and Node's own are left out.
struct Callback
{
    std::string name;
    std::int64_t startNs;
    bool firstOfRun;
};

std::vector<Callback> callbacksOf(const Recording& recording)
{
    std::vector<Record> records;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        const CallbackKind kind = callbackKindOf(r);
        if (r.type == RecordType::Callback && !isInternal(r) && kind != CallbackKind::Io && kind != CallbackKind::Main)
            records.push_back(r);
    }
    std::stable_sort(
        records.begin(), records.end(), [](const Record& a, const Record& b) { return a.startNs < b.startNs; });
    std::vector<Callback> callbacks;
    for (const Record& r : records) {
        for (std::uint32_t i = 0; i < r.span.count; ++i)
            callbacks.push_back({ nameOf(recording.strings.at(r.label)), r.startNs, i == 0 });
    }
    return callbacks;
}

// Waits (up to `ms`) for `condition`.
template <typename Condition> bool waitFor(Condition condition, int ms = 20000)
{
    QElapsedTimer waited;
    waited.start();
    while (!condition() && waited.elapsed() < ms)
        QTest::qWait(5);
    return condition();
}

std::size_t queuedRecords(const Recording& recording)
{
    const EventLog& log = recording.mainLog();
    std::size_t queued = 0;
    for (std::size_t i = 0; i < log.size(); ++i)
        queued += log[i].type == RecordType::Queued ? 1 : 0;
    return queued;
}

} // namespace

class TestAttachQueues : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_NODE();
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOOPSCOPE_PROBE_DIR "/loopscope_probe.node")),
            "the probe was not built (Node.js headers missing?)");
    }

    // The trace of an attached run, replayed: its callbacks in node's order, and before each the queues as
    // the program had them, the callback about to run the one marked next; the cleared timer never runs
    // and has left the timers' queue by the end.
    void aRealRunIsSteppedWithItsQueues_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("program");
        // Node's ES module loader runs promise jobs of its own before and after the module's body, which
        // the probe cannot tell from the program's: there promise jobs are left out of the comparison.
        QTest::addColumn<bool>("loaderJobs");
        // Empty: the node on the PATH. From Node 24 there is no binding for the probe to put its promise hooks
        // in with: it shares V8's with Node's, and every promise job is told one by one.
        QTest::addColumn<QString>("node");
        QTest::newRow("CommonJS") << QStringLiteral("queues.js") << QueueingProgram << false << QString();
        QTest::newRow("ES module") << QStringLiteral("queues.mjs") << moduleProgram() << true << QString();
        for (const QString& major : { QStringLiteral("22."), QStringLiteral("24.") }) {
            const QString node = cachedNode(major);
            if (!node.isEmpty())
                QTest::newRow(qPrintable(QStringLiteral("CommonJS, Node ") + major.chopped(1)))
                    << QStringLiteral("queues.js") << QueueingProgram << false << node;
            else if (qEnvironmentVariable("CI") == QLatin1String("true"))
                QFAIL(qPrintable(QStringLiteral("no Node ") + major + QStringLiteral(" in ") + nodeCacheDirectory()
                    + QStringLiteral(" (scripts/install-node-versions.sh installs it)")));
        }
    }

    void aRealRunIsSteppedWithItsQueues()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, program);
        QFETCH(bool, loaderJobs);
        QFETCH(QString, node);
        QTemporaryDir dir;
        const QString script = dir.filePath(name);
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(program) == program.size());
        file.close();
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
        QStringList arguments { QStringLiteral("--headless"), QStringLiteral("--trace"), tracePath };
        if (!node.isEmpty())
            arguments << QStringLiteral("--node") << node;
        const Ran attached = run(arguments << QStringLiteral("--attach") << script);
        QCOMPARE(attached.exitCode, 0);
        QVERIFY2(!attached.out.contains("run neverRuns"), attached.out.constData());
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());
        QCOMPARE(trace.info.unobserved & UnobservedQueues, 0);

        std::vector<Step> steps = stepsOfLog(attached.out);
        std::vector<Callback> callbacks = callbacksOf(trace);
        // The timer that clears the other is the test's own, not logged as run.
        std::erase_if(callbacks, [](const Callback& callback) { return callback.name == "clearsIt"; });
        if (loaderJobs) {
            std::erase_if(steps, [](const Step& step) { return step.name == "promise"; });
            std::erase_if(callbacks, [](const Callback& callback) { return callback.name == "promise"; });
        }
        QStringList ranByNode;
        QStringList replayed;
        for (const Step& step : steps)
            ranByNode << QString::fromStdString(step.name);
        for (const Callback& callback : callbacks)
            replayed << QString::fromStdString(callback.name);
        QVERIFY2(replayed == ranByNode,
            qPrintable(QStringLiteral("replayed %1, node ran %2")
                           .arg(replayed.join(QLatin1Char(',')), ranByNode.join(QLatin1Char(',')))));

        Replay replay(trace);
        std::size_t step = 0;
        for (const Callback& callback : callbacks) {
            const Step& expected = steps[step++];
            if (!callback.firstOfRun)
                continue;
            const Queues shown = queuesAt(replay, trace, callback.startNs);
            Queues wanted = expected.before;
            Queues compared = shown;
            // A cleared timer leaves the panel when Node tells the probe (its destroy hook, by the next
            // check phase): until then it may still be shown.
            const auto isCleared = [](const auto& timer) { return timer.second == "neverRuns"; };
            if (std::none_of(wanted.timers.begin(), wanted.timers.end(), isCleared))
                std::erase_if(compared.timers, isCleared);
            // The timers as a set: the log does not know when Node counts each one's delay from (the loop's
            // cached time). That the one about to run is due first is checked below.
            for (auto* timers : { &wanted.timers, &compared.timers }) {
                std::erase_if(*timers, [](const auto& timer) { return timer.second == "clearsIt"; });
                for (auto& timer : *timers)
                    timer.first = 0;
                std::sort(timers->begin(), timers->end());
            }
            if (loaderJobs) {
                for (auto* microtasks : { &wanted.microtasks, &compared.microtasks })
                    std::erase(*microtasks, "promise");
            }
            QVERIFY2(compared == wanted,
                qPrintable(QStringLiteral("before %1: shown %2, the program had %3")
                               .arg(QString::fromStdString(expected.name), describe(shown), describe(wanted))));
            // A timer about to run is the one due first (within Node's millisecond).
            const auto running = std::find_if(shown.timers.begin(), shown.timers.end(),
                [&](const auto& timer) { return timer.second == callback.name; });
            if (running != shown.timers.end()) {
                for (const auto& timer : shown.timers)
                    QVERIFY2(running->first <= timer.first + 1.0,
                        qPrintable(
                            QStringLiteral("%1 runs before %2, due sooner")
                                .arg(QString::fromStdString(callback.name), QString::fromStdString(timer.second))));
            }
            // The callback about to run is the one marked next.
            const NextUp next = replay.stateAt(callback.startNs).queues.next;
            QCOMPARE(next.rule, NextRule::Recorded);
            QCOMPARE(nameOf(trace.strings.at(next.label)), callback.name);
        }
        // Nothing is left queued at the end, the cleared timer included.
        Queues atEnd = queuesAt(replay, trace, replay.lastNs());
        QVERIFY2(atEnd == Queues(), qPrintable(describe(atEnd)));

        // Stepping by callback visits the same places forward and back.
        std::vector<std::int64_t> forward { replay.firstNs() };
        while (forward.size() < 10000) {
            const std::int64_t next = replay.step(forward.back(), StepMode::Callback, true);
            if (next == forward.back())
                break;
            forward.push_back(next);
        }
        QVERIFY(forward.size() > steps.size() / 2);
        std::vector<std::int64_t> backward { forward.back() };
        while (backward.size() < forward.size() + 1) {
            const std::int64_t previous = replay.step(backward.back(), StepMode::Callback, false);
            if (previous == backward.back())
                break;
            backward.push_back(previous);
        }
        std::reverse(backward.begin(), backward.end());
        if (backward.front() != forward.front())
            backward.insert(backward.begin(), forward.front());
        QCOMPARE(backward, forward);
        // Phases and iterations step too.
        QVERIFY(replay.step(replay.firstNs(), StepMode::Phase, true) > replay.firstNs());
        QVERIFY(replay.step(replay.firstNs(), StepMode::Iteration, true) > replay.firstNs());
    }

    // Marking the phases only, the probe sees no queue: the trace says so, and holds no queued jobs.
    void markersOnlySaysTheQueuesAreUnseen()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("queues.js"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(QueueingProgram) == QueueingProgram.size());
        file.close();
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
        const Ran attached = run({ QStringLiteral("--headless"), QStringLiteral("--probe"), QStringLiteral("markers"),
            QStringLiteral("--trace"), tracePath, QStringLiteral("--attach"), script });
        QCOMPARE(attached.exitCode, 0);
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());
        QCOMPARE(trace.info.unobserved & UnobservedQueues, UnobservedQueues);
        const EventLog& log = trace.mainLog();
        for (std::size_t i = 0; i < log.size(); ++i)
            QVERIFY(log[i].type != RecordType::Queued);
    }

    // The window's program: while it runs its queues are not shown (only its recording has them); switched to
    // marking the phases only, the probe no longer sees what joins them, and once it has ended the
    // recording says its queues were not seen, though they were until the switch.
    void switchingToMarkersOnlyLosesTheQueues()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("ticking.js"));
        QFile file(script);
        const QByteArray ticking = "const t = setInterval(() => process.nextTick(() => {}), 2);\n"
                                   "setTimeout(() => clearInterval(t), 1500);\n";
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(ticking) == ticking.size());
        file.close();
        wire::AttachOptions options;
        options.probeDir = LOOPSCOPE_PROBE_DIR;
        options.script = script.toStdString();
        wire::AttachedProgram program(options);
        program.start();
        QVERIFY(waitFor([&] { return queuedRecords(program.recording()) >= 10; }));
        QCOMPARE(program.unobserved() & UnobservedQueues, UnobservedQueues);
        QCOMPARE(program.queueSnapshot().takenAtNs, std::int64_t(-1));
        program.setEveryCallback(false);
        QVERIFY(waitFor([&] { return program.ended(); }));
        program.describe();
        QCOMPARE(program.unobserved() & UnobservedQueues, UnobservedQueues);
        QCOMPARE(program.recording().info.unobserved & UnobservedQueues, UnobservedQueues);
    }

    // Left every callback labelled, the same program's ended run shows its queues, its recording's at the end.
    void anEndedRunShowsItsQueues()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("short.js"));
        QFile file(script);
        const QByteArray program = "setTimeout(() => {}, 20);\nprocess.nextTick(() => {});\n";
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(program) == program.size());
        file.close();
        wire::AttachOptions options;
        options.probeDir = LOOPSCOPE_PROBE_DIR;
        options.script = script.toStdString();
        wire::AttachedProgram attached(options);
        attached.start();
        QVERIFY(waitFor([&] { return attached.ended(); }));
        attached.describe();
        QCOMPARE(attached.unobserved() & UnobservedQueues, 0);
        QCOMPARE(attached.unobserved() & UnobservedCloses, UnobservedCloses);
        const QueueSnapshot atEnd = attached.queueSnapshot();
        QVERIFY(atEnd.takenAtNs >= 0);
        QCOMPARE(atEnd.timerCount + atEnd.nextTickCount + atEnd.microtaskCount + atEnd.immediateCount, std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestAttachQueues)
#include "tst_attachqueues.moc"
