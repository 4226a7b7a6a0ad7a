// loopscope --attach: a real Node.js program runs with the probe loaded, and what its main loop did is
// recorded. The phases the probe times hold the callbacks that run in them (an immediate in check, an
// fs callback in poll), and the program's output and exit status are what they are without the probe.
#include "attach/attachedprogram.h"
#include "attach/attachrun.h"
#include "callbacklabels.h"
#include "formats/summary.h"
#include "formats/traceio.h"
#include "processruns.h"
#include "requirenode.h"

#include <QElapsedTimer>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <optional>
#include <sstream>

#include <fcntl.h>
#include <unistd.h>

using namespace loopscope;

namespace {

QString writeScript(const QTemporaryDir& dir, const QString& name, const QByteArray& source)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(source) != source.size())
        return {};
    return path;
}

// Runs `program` with its fd 3 that file open for reading (as `3<file` in a shell, or a socket systemd
// passes, gives it), or closed when `fd3` is empty (ctest, for one, leaves a file of its own there).
Ran runWithFd3(const QString& program, const QStringList& arguments, const QString& fd3)
{
    return run(program, arguments, 60000, [path = QFile::encodeName(fd3)] {
        const int fd = path.isEmpty() ? -1 : ::open(path.constData(), O_RDONLY);
        if (fd < 0) {
            ::close(3);
        } else if (fd != 3) {
            ::dup2(fd, 3);
            ::close(fd);
        }
    });
}

// A node that runs with `flags` before the rest of its command line, for --node: a wrapper a user may
// have (node's own options on LoopScope's command line are --node-option's).
QString nodeWith(const QTemporaryDir& dir, const QByteArray& flags)
{
    const QString path = dir.filePath(QStringLiteral("node-with-flags"));
    QFile file(path);
    const QByteArray source = "#!/bin/sh\nexec node " + flags + " \"$@\"\n";
    if (!file.open(QIODevice::WriteOnly) || file.write(source) != source.size())
        return {};
    file.setPermissions(file.permissions() | QFileDevice::ExeOwner);
    return path;
}

// The callbacks labelled in each loop of `recording` (the main loop's first), and each loop's phases.
struct Labelled
{
    std::vector<std::size_t> callbacks;
    std::vector<std::size_t> phases;
};

Labelled labelledIn(const Recording& recording)
{
    Labelled labelled;
    for (const auto& log : recording.logs) {
        std::size_t callbacks = 0;
        std::size_t phases = 0;
        for (std::size_t i = 0; i < log->size(); ++i) {
            const Record r = (*log)[i];
            callbacks += r.type == RecordType::Callback ? 1 : 0;
            phases += r.type == RecordType::Phase ? 1 : 0;
        }
        labelled.callbacks.push_back(callbacks);
        labelled.phases.push_back(phases);
    }
    return labelled;
}

// How tests run `script` with the probe built beside the executable.
wire::AttachOptions optionsFor(const QString& script)
{
    wire::AttachOptions options;
    options.probeDir = LOOPSCOPE_PROBE_DIR;
    options.script = script.toStdString();
    return options;
}

// Waits (up to `ms`) for `condition`; the conditions below come from the program's own work, not its timing.
template <typename Condition> bool waitFor(Condition condition, int ms = 20000)
{
    QElapsedTimer waited;
    waited.start();
    while (!condition() && waited.elapsed() < ms)
        QTest::qWait(5);
    return condition();
}

// The records of `type` in `recording`'s main loop: callbacks labelled as resources of type `label`
// (labelledAs), and the timed phase records of `phase`.
std::vector<Record> recordsOf(
    const Recording& recording, RecordType type, const std::string& label = {}, std::optional<Phase> phase = {})
{
    std::vector<Record> found;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        if (r.type != type)
            continue;
        if (!label.empty() && !labelledAs(recording.strings.at(r.label), label))
            continue;
        if (phase && (r.sub != std::uint8_t(*phase) || !phaseTimed(r)))
            continue;
        found.push_back(r);
    }
    return found;
}

bool inside(const Record& callback, const std::vector<Record>& phases)
{
    const std::int64_t end = callback.startNs + callback.span.durNs;
    return std::any_of(phases.begin(), phases.end(),
        [&](const Record& p) { return p.startNs <= callback.startNs && end <= p.startNs + p.span.durNs; });
}

// Runs `script` attached, headless, with a trace and a summary: how it went, and the trace read back.
struct AttachedRun
{
    Ran ran;
    Recording trace;
    std::string traceText;
    std::string readError;
};

void attachHeadless(const QTemporaryDir& dir, const QString& script, AttachedRun& into)
{
    const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
    into.ran = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
        { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), tracePath,
            QStringLiteral("--attach"), script });
    QFile file(tracePath);
    if (file.open(QIODevice::ReadOnly))
        into.traceText = file.readAll().toStdString();
    readTrace(tracePath.toStdString(), into.trace, &into.readError);
}

} // namespace

class TestAttach : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_NODE();
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOOPSCOPE_PROBE_DIR "/loopscope_probe.node")),
            "the probe was not built (Node.js headers missing?)");
    }

    // Each immediate lies inside a check phase the probe timed, each fs callback inside a poll phase.
    void callbacksLieInsideTheirPhases()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("chain.js"),
            "let n = 0;\n"
            "function step() { if (++n < 200) setImmediate(step); else console.log('chain done'); }\n"
            "setImmediate(step);\n"
            "const fs = require('fs');\n"
            "for (let i = 0; i < 5; ++i) fs.stat(__filename, () => {});\n"
            "setTimeout(() => console.log('timer'), 20);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        QVERIFY2(result.started, result.error.c_str());
        QVERIFY2(result.probed, result.streamError.c_str());
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.described.libuv,
            std::string(
                qPrintable(run(QStringLiteral("node"), { QStringLiteral("-p"), QStringLiteral("process.versions.uv") })
                               .out.trimmed())));

        const std::vector<Record> immediates = recordsOf(recording, RecordType::Callback, "Immediate");
        QCOMPARE(immediates.size(), std::size_t(200));
        const std::vector<Record> checks = recordsOf(recording, RecordType::Phase, {}, Phase::Check);
        QVERIFY(checks.size() >= 200);
        for (const Record& immediate : immediates) {
            QCOMPARE(callbackKindOf(immediate), CallbackKind::Immediate);
            QVERIFY2(inside(immediate, checks), std::to_string(immediate.startNs).c_str());
        }
        const std::vector<Record> stats = recordsOf(recording, RecordType::Callback, "FSREQCALLBACK");
        QCOMPARE(stats.size(), std::size_t(5));
        const std::vector<Record> polls = recordsOf(recording, RecordType::Phase, {}, Phase::Poll);
        for (const Record& stat : stats)
            QVERIFY2(inside(stat, polls), std::to_string(stat.startNs).c_str());
        QCOMPARE(recordsOf(recording, RecordType::Callback, "Timeout").size(), std::size_t(1));
        QCOMPARE(result.described.droppedEvents, std::uint64_t(0));
    }

    // What the program prints, on stdout and stderr, and how it ends are its own: the same as without
    // the probe, for a normal end, an uncaught exception, process.exit, an unhandled rejection, a
    // signal, and a lot of output.
    void theProgramsOutputAndExitStatusStayItsOwn_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::newRow("normal end") << QByteArray("console.log('a'); setTimeout(() => console.error('b'), 1);\n");
        QTest::newRow("uncaught exception") << QByteArray("setImmediate(() => { throw new Error('boom'); });\n");
        QTest::newRow("process.exit") << QByteArray("console.log('bye'); process.exit(3);\n");
        QTest::newRow("unhandled rejection") << QByteArray("Promise.reject(new Error('nobody caught me'));\n");
        QTest::newRow("a signal") << QByteArray("setTimeout(() => process.kill(process.pid, 'SIGTERM'), 5);\n"
                                                "setTimeout(() => {}, 10000);\n");
        // fork()'s IPC channel is the child's fd 3, as it is without the probe: the probe's socket is
        // never handed down.
        QTest::newRow("a forked child on fd 3")
            << QByteArray("const { fork } = require('child_process');\n"
                          "if (process.argv[2] === 'child') { process.send('hello from the child'); }\n"
                          "else fork(__filename, ['child']).on('message', (m) => console.log(m)).on('exit', (c) => "
                          "console.log('child exited', c));\n");
        // The probe counts promise jobs in place of Node's promise hooks only while no one else needs them:
        // AsyncLocalStorage keeps its store across awaits, a hook of the program's sees its promises.
        QTest::newRow("AsyncLocalStorage across awaits")
            << QByteArray("const { AsyncLocalStorage, createHook } = require('async_hooks');\n"
                          "const als = new AsyncLocalStorage();\n"
                          "als.run('request 1', async () => { await null; await new Promise((r) => setTimeout(r, 1));\n"
                          "  console.log(als.getStore()); });\n"
                          "let promises = 0;\n"
                          "createHook({ init(id, type) { if (type === 'PROMISE') ++promises; } }).enable();\n"
                          "(async () => { await null; await null; })().then(() => console.log(promises > 0));\n");
        // A worker's loop is watched too, and a worker terminated while it runs ends as it would.
        QTest::newRow("a worker terminated")
            << QByteArray("const { Worker } = require('worker_threads');\n"
                          "const w = new Worker(`setInterval(() => {}, 1);\n"
                          "  require('worker_threads').parentPort.postMessage('ready');`, { eval: true });\n"
                          "w.on('message', (m) => { console.log(m); w.terminate().then((code) => "
                          "console.log('terminated', code)); });\n");
        // The last thing the program does is close a socket: its close callback runs in a close phase the
        // probe marks, and the program ends as it would.
        QTest::newRow("a socket closed last")
            << QByteArray("const net = require('net');\n"
                          "const server = net.createServer((s) => s.end()).listen(0, '127.0.0.1', () => {\n"
                          "  net.connect(server.address().port, '127.0.0.1').resume().on('close', () => {\n"
                          "    console.log('closed'); server.close(); process.exitCode = 4; });\n"
                          "});\n");
        QTest::newRow("2,000 lines") << QByteArray(
            "for (let i = 0; i < 2000; ++i) setImmediate(() => console.log('line', i));\n");
    }

    void theProgramsOutputAndExitStatusStayItsOwn()
    {
        QFETCH(QByteArray, source);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("app.js"), source);
        QVERIFY(!script.isEmpty());
        const Ran alone = run(QStringLiteral("node"), { script });
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--trace"), dir.filePath(QStringLiteral("trace.json")),
                QStringLiteral("--attach"), script });
        QCOMPARE(attached.out, alone.out);
        // LoopScope's own notes (a stream cut by the signal) are its, not the program's.
        QByteArray programErr;
        for (const QByteArray& line : attached.err.split('\n')) {
            if (!line.startsWith("loopscope: "))
                programErr += line + '\n';
        }
        programErr.chop(1);
        QCOMPARE(programErr, alone.err);
        // A signal's end is told as 128 + the signal, the shell's way.
        QCOMPARE(attached.exitCode, alone.status == QProcess::CrashExit ? 128 + alone.exitCode : alone.exitCode);
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("trace.json"))).size() > 0);
    }

    // The seed's pool-saturation experiment on the real node: four slow pbkdf2 calls take every thread of a
    // pool of four, so fs.readFile's open and dns.lookup's getaddrinfo wait for the first of them to finish,
    // while the HTTP request, which needs no thread, is answered at once. On a pool of eight nothing waits.
    // Each hash takes about a second, so that a loaded machine still answers the request before the first ends.
    void aFullPoolHoldsFsAndDnsBackNotTheNetwork_data()
    {
        QTest::addColumn<int>("pool");
        QTest::newRow("a pool of 4") << 4;
        QTest::newRow("a pool of 8") << 8;
    }

    void aFullPoolHoldsFsAndDnsBackNotTheNetwork()
    {
        QFETCH(int, pool);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("saturation.js"),
            "const crypto = require('crypto'), fs = require('fs'), dns = require('dns'), http = require('http');\n"
            "for (let i = 1; i <= 4; ++i) crypto.pbkdf2('secret', 'salt', 1500000, 64, 'sha512', () => {});\n"
            "fs.readFile(__filename, () => {});\n"
            "dns.lookup('localhost', () => {});\n"
            "const server = http.createServer((req, res) => res.end('ok')).listen(0, '127.0.0.1', () => {\n"
            "  http.get({ host: '127.0.0.1', port: server.address().port }, (res) => {\n"
            "    res.resume();\n"
            "    res.on('end', () => server.close());\n"
            "  });\n"
            "});\n");
        QVERIFY(!script.isEmpty());
        const QByteArray saved = qgetenv("UV_THREADPOOL_SIZE");
        qputenv("UV_THREADPOOL_SIZE", QByteArray::number(pool));
        wire::AttachOptions options = optionsFor(script);
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        if (saved.isNull())
            qunsetenv("UV_THREADPOOL_SIZE");
        else
            qputenv("UV_THREADPOOL_SIZE", saved);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.described.unobserved & UnobservedThreadPool, 0);
        QCOMPARE(result.described.threadpoolSize, pool);

        const std::vector<Record> hashes = recordsOf(recording, RecordType::Pool, "pbkdf2");
        QCOMPARE(hashes.size(), std::size_t(4));
        std::int64_t firstHashEnd = INT64_MAX;
        for (const Record& hash : hashes) {
            QVERIFY(hash.thread >= 1 && hash.thread <= pool);
            firstHashEnd = std::min(firstHashEnd, hash.startNs + hash.span.durNs);
        }
        const std::vector<Record> opens = recordsOf(recording, RecordType::Pool, "fs.open");
        const std::vector<Record> lookups = recordsOf(recording, RecordType::Pool, "getaddrinfo");
        QCOMPARE(opens.size(), std::size_t(1));
        QCOMPARE(lookups.size(), std::size_t(1));
        const std::vector<Record> answers = recordsOf(recording, RecordType::Callback, "HTTPCLIENTREQUEST");
        QVERIFY(!answers.empty());
        // The network is never held back by the pool.
        QVERIFY2(answers.front().startNs < firstHashEnd, "the HTTP answer waited for the pool");
        for (const Record& work : { opens.front(), lookups.front() }) {
            const std::string what = recording.strings.at(work.label);
            if (pool == 4) {
                // Started on the thread the first pbkdf2 let go of, having waited in the queue until then.
                QVERIFY2(work.startNs >= firstHashEnd, what.c_str());
                QVERIFY2(work.span.busyNs > 0, what.c_str());
            } else {
                QVERIFY2(work.startNs < firstHashEnd, what.c_str());
            }
        }
    }

    // In the window the program runs as an AttachedProgram: its output becomes console lines (stdout as
    // Log, stderr as Error records), a callback that blocks shows while it blocks (the probe's Now frames),
    // the delay monitor measures the block, and stop() ends a program that would run for ever.
    void aProgramFollowedLive()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("live.js"),
            "console.log('to stdout');\n"
            "console.error('to stderr');\n"
            "setTimeout(function block() { const end = Date.now() + 1500; while (Date.now() < end) {} }, 50);\n"
            "setInterval(() => {}, 1000);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.delayMonitorMs = wire::AttachedProgram::DelayResolutionMs;
        wire::AttachedProgram program(options);
        program.start();
        const LiveState& live = program.liveState();
        // The block, seen while it lasts: a timer's callback, in the timers phase.
        QVERIFY2(waitFor([&] {
            return live.inCallback.load() && CallbackKind(live.callbackKind.load()) == CallbackKind::Timer;
        }),
            "the blocking callback was never seen running");
        QCOMPARE(Phase(live.phase.load()), Phase::Timers);
        QVERIFY(labelledAs(program.recording().strings.at(live.callbackLabel.load()), "Timeout"));
        // The delay monitor's last check is known, so a check overdue while the block lasts counts as busy.
        QVERIFY(waitFor([&] { return live.delayCheckNs.load() >= 0; }));
        QVERIFY(program.clockNs() >= 0);
        QVERIFY(!program.ended());
        // The block is over once a callback's record of it came in; then the program is stopped.
        QVERIFY(waitFor([&] { return recordsOf(program.recording(), RecordType::Callback, "Timeout").size() >= 1; }));
        program.stop();
        QVERIFY(waitFor([&] { return program.ended(); }, wire::AttachedProgram::GraceMs + 10000));
        QCOMPARE(program.result().signal, SIGTERM);
        program.describe();
        QCOMPARE(program.recording().info.program, std::string("live.js"));
        QCOMPARE(program.recording().info.exitSignal, SIGTERM);
        QCOMPARE(program.recording().info.exitStatus, -1);

        QCOMPARE(recordsOf(program.recording(), RecordType::Log, "to stdout").size(), std::size_t(1));
        QCOMPARE(recordsOf(program.recording(), RecordType::Error, "to stderr").size(), std::size_t(1));
        double longestDelayMs = 0;
        for (const Record& sample : recordsOf(program.recording(), RecordType::Latency))
            longestDelayMs = std::max(longestDelayMs, sample.latency.loopDelayMs);
        QVERIFY2(longestDelayMs > 1000, std::to_string(longestDelayMs).c_str());
    }

    // Ticks and promise jobs taking turns within one drain, twenty thousand times: each turn is a run of
    // its own, and every job is counted, however many turns one buffer of the probe's holds.
    void ticksAndPromiseJobsTakingTurnsAreAllCounted()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("turns.js"),
            "let n = 0;\n"
            "function turn() { if (++n < 20000) process.nextTick(() => Promise.resolve().then(turn)); }\n"
            "turn();\n");
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.described.droppedEvents, std::uint64_t(0));
        const auto total = [&](const char* label) {
            std::uint64_t count = 0;
            for (const Record& run : recordsOf(recording, RecordType::Callback, label))
                count += run.span.count;
            return count;
        };
        QCOMPARE(total("TickObject"), std::uint64_t(19999));
        QCOMPARE(total("PROMISE"), std::uint64_t(19999));
    }

    // Poll's wait is the one libuv decides: none while immediates are pending, until the earliest timer
    // once only a timer is left.
    void pollWaitsAsLibuvDecides()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("wait.js"),
            "let n = 0;\n"
            "(function step() { if (++n < 50) setImmediate(step); })();\n"
            "setTimeout(() => {}, 300);\n");
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.described.unobserved & UnobservedPollWait, 0);
        const std::vector<Record> polls = recordsOf(recording, RecordType::Phase, {}, Phase::Poll);
        const auto waited = [&](std::int64_t from, std::int64_t to) {
            return std::count_if(polls.begin(), polls.end(),
                [&](const Record& poll) { return pollTimeoutMs(poll) >= from && pollTimeoutMs(poll) <= to; });
        };
        QVERIFY2(waited(0, 0) >= 40, "poll waited while immediates were pending");
        // The timer's wait: 300 ms less what the immediates took, poll timing out on it.
        QVERIFY2(waited(150, 300) >= 1, "poll did not wait for the timer");
        QVERIFY(
            std::any_of(polls.begin(), polls.end(), [](const Record& poll) { return poll.span.durNs > 150'000'000; }));
    }

    // A timer's callback runs in a timers phase the probe timed (from the end of close to a timer of its
    // own, due with the earliest), as long as the callback and more.
    void aTimersCallbackLiesInsideATimedTimersPhase()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("timers.js"),
            "const { performance } = require('perf_hooks');\n"
            "let n = 0;\n"
            "const t = setInterval(() => {\n"
            "  const end = performance.now() + 60; while (performance.now() < end) {}\n"
            "  if (++n === 3) clearInterval(t);\n"
            "}, 20);\n");
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        const std::vector<Record> timeouts = recordsOf(recording, RecordType::Callback, "Timeout");
        QCOMPARE(timeouts.size(), std::size_t(3));
        const std::vector<Record> timers = recordsOf(recording, RecordType::Phase, {}, Phase::Timers);
        for (const Record& timeout : timeouts) {
            QVERIFY(timeout.span.durNs >= 60'000'000);
            QVERIFY2(inside(timeout, timers), std::to_string(timeout.startNs).c_str());
        }
        QVERIFY(std::count_if(timers.begin(), timers.end(), [](const Record& p) { return p.span.durNs >= 60'000'000; })
            == 3);
    }

    // The close callbacks libuv runs (a socket's 'close', emitted from its handle's close callback) lie
    // inside a close phase the probe timed, from the end of check to a handle of its own closed last.
    void aCloseCallbackLiesInsideATimedClosePhase()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("close.js"),
            "const net = require('net');\n"
            "const { performance } = require('perf_hooks');\n"
            "const server = net.createServer((socket) => socket.end());\n"
            "server.listen(0, '127.0.0.1', () => {\n"
            "  const client = net.connect(server.address().port, '127.0.0.1');\n"
            "  client.resume();\n"
            "  client.on('close', () => {\n"
            "    const end = performance.now() + 40; while (performance.now() < end) {}\n"
            "    server.close(); console.log('closed');\n"
            "  });\n"
            "});\n");
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        const std::vector<Record> closes = recordsOf(recording, RecordType::Phase, {}, Phase::Close);
        const std::vector<Record> callbacks = recordsOf(recording, RecordType::Callback);
        const auto closeCallback = std::find_if(
            callbacks.begin(), callbacks.end(), [](const Record& r) { return r.span.durNs >= 40'000'000; });
        QVERIFY(closeCallback != callbacks.end());
        // The client's socket, named by where the program made it (it has no 'data' listener).
        const std::string made = "TCPWRAP (created at " + script.toStdString() + ":5:";
        QVERIFY2(recording.strings.at(closeCallback->label).rfind(made, 0) == 0,
            recording.strings.at(closeCallback->label).c_str());
        QVERIFY2(inside(*closeCallback, closes), std::to_string(closeCallback->startNs).c_str());
    }

    // A close phase with nothing to close and a timers phase with no timer due run nothing: the probe times
    // them as empty, with no handle of its own to close or timer to start, which is what keeps a storm of
    // immediates (a million iterations a second) near its own speed. Those with work keep their markers
    // (the two tests above).
    void emptyTimersAndClosePhasesAreTimedWithoutMarkers()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("storm.js"),
            "let n = 0;\n"
            "(function step() { if (++n < 2000) setImmediate(step); })();\n");
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        std::uint32_t emptyTimers = 0;
        std::uint32_t emptyCloses = 0;
        for (const Record& p : recordsOf(recording, RecordType::Phase)) {
            if (!phaseTimed(p) || p.span.durNs != 0)
                continue;
            emptyTimers += Phase(p.sub) == Phase::Timers ? 1 : 0;
            emptyCloses += Phase(p.sub) == Phase::Close ? 1 : 0;
        }
        // Nearly every iteration of the 2000: the probe's delay monitor is a timer due now and then.
        QVERIFY2(emptyTimers >= 1900, std::to_string(emptyTimers).c_str());
        QVERIFY2(emptyCloses >= 1900, std::to_string(emptyCloses).c_str());
    }

    // The phases the probe times follow one another as libuv runs them, without overlapping: an
    // iteration's timers (from the second on), poll, check and close, each phase starting where the one
    // before ended; every iteration has its seven phases, and the records keep their order.
    void thePhasesOfEachIterationComeInLibuvsOrder()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("order.js"),
            "let n = 0;\n"
            "const t = setInterval(() => { setImmediate(() => {}); if (++n === 20) clearInterval(t); }, 5);\n"
            "require('fs').stat(__filename, () => {});\n");
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        const EventLog& log = recording.mainLog();
        std::vector<Record> phases;
        for (std::size_t i = 0; i < log.size(); ++i) {
            if (log[i].type == RecordType::Phase)
                phases.push_back(log[i]);
        }
        QVERIFY(!phases.empty());
        const std::uint32_t last = phases.back().span.iteration;
        std::vector<std::vector<Phase>> seen(last + 1);
        std::int64_t timedEnd = 0;
        for (const Record& p : phases) {
            seen[p.span.iteration].push_back(Phase(p.sub));
            if (!phaseTimed(p))
                continue;
            const std::string where = std::string(phaseName(Phase(p.sub))) + " of iteration "
                + std::to_string(p.span.iteration) + " at " + std::to_string(p.startNs);
            QVERIFY2(p.startNs >= timedEnd, where.c_str());
            timedEnd = p.startNs + p.span.durNs;
        }
        const std::vector<Phase> all
            = { Phase::Timers, Phase::Pending, Phase::Idle, Phase::Prepare, Phase::Poll, Phase::Check, Phase::Close };
        std::uint32_t timedTimers = 0;
        std::uint32_t timedCloses = 0;
        for (std::uint32_t iteration = 1; iteration <= last; ++iteration) {
            // The last may be the timers libuv >= 1.45 runs after the last close.
            if (iteration == last && seen[iteration] == std::vector<Phase> { Phase::Timers })
                continue;
            QVERIFY2(seen[iteration] == all, std::to_string(iteration).c_str());
        }
        for (const Record& p : phases) {
            timedTimers += Phase(p.sub) == Phase::Timers && phaseTimed(p) ? 1 : 0;
            timedCloses += Phase(p.sub) == Phase::Close && phaseTimed(p) ? 1 : 0;
        }
        // Every close is timed; every timers phase but the first (before the loop's first close).
        QCOMPARE(timedCloses, last - (seen[last].size() == 1 ? 1 : 0));
        QVERIFY2(timedTimers + 1 >= last, std::to_string(timedTimers).c_str());
    }

    // Marking timers and close adds no wake-up: a program that wakes for a timer ten times runs as many
    // iterations (poll phases) as before the probe marked them (10, and 1 for a single timer, on Node 20,
    // every run before the change), every poll but the last waiting for the timer. One more is libuv
    // 1.44's (Node 18): its timers run at the start of an iteration, so the one that runs the last timer
    // goes on through a poll that does not wait, nothing keeping the loop alive any more.
    void markingAddsNoWakeUps_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("fewest");
        QTest::addColumn<int>("most");
        QTest::newRow("setInterval 50 ms x 10")
            << QByteArray("let n = 0; const t = setInterval(() => { if (++n === 10) clearInterval(t); }, 50);\n") << 10
            << 11;
        QTest::newRow("one setTimeout 300 ms") << QByteArray("setTimeout(() => {}, 300);\n") << 1 << 2;
    }

    void markingAddsNoWakeUps()
    {
        QFETCH(QByteArray, source);
        QFETCH(int, fewest);
        QFETCH(int, most);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("wakeups.js"), source);
        QVERIFY(!script.isEmpty());
        Recording recording;
        const wire::AttachResult result = wire::attach(optionsFor(script), recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        const std::vector<Record> polled = recordsOf(recording, RecordType::Phase, {}, Phase::Poll);
        const auto polls = int(polled.size());
        qInfo("%d poll phases", polls);
        QVERIFY2(polls >= fewest && polls <= most, std::to_string(polls).c_str());
        const auto noWait
            = std::count_if(polled.begin(), polled.end(), [](const Record& p) { return pollTimeoutMs(p) == 0; });
        QVERIFY2(noWait <= 1, std::to_string(noWait).c_str());
    }

    // The issue's own check: a real HTTP server called by a loopback client. Requests arrive in poll, a
    // blocking route shows as a callback as long as the block and as a loop-delay spike, and pool work in
    // the lanes.
    void anHttpServerCalledOverLoopback()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"),
            "const http = require('http'), crypto = require('crypto');\n"
            "const server = http.createServer((req, res) => {\n"
            "  if (req.url === '/block') { const end = Date.now() + 300; while (Date.now() < end) {} res.end('b'); }\n"
            "  else if (req.url === '/hash') crypto.pbkdf2('a', 'b', 20000, 32, 'sha256', () => res.end('h'));\n"
            "  else res.end('ok');\n"
            "});\n"
            "server.listen(0, '127.0.0.1', async () => {\n"
            "  const get = (path) => new Promise((done) => http.get({ host: '127.0.0.1', port: "
            "server.address().port, path }, (res) => { res.resume(); res.on('end', done); }));\n"
            "  for (const path of ['/', '/hash', '/', '/block', '/', '/hash']) await get(path);\n"
            "  server.close();\n"
            "});\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.delayMonitorMs = 10;
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);

        const std::vector<Record> requests = recordsOf(recording, RecordType::Callback, "HTTPINCOMINGMESSAGE");
        QVERIFY(requests.size() >= 6);
        const std::vector<Record> polls = recordsOf(recording, RecordType::Phase, {}, Phase::Poll);
        std::int64_t longest = 0;
        for (const Record& request : requests) {
            QVERIFY2(inside(request, polls), std::to_string(request.startNs).c_str());
            longest = std::max(longest, request.span.durNs);
        }
        // The /block request's handler (Date.now()'s milliseconds make its 300 ms a little less).
        QVERIFY2(longest >= 295'000'000, std::to_string(longest).c_str());
        double longestDelayMs = 0;
        for (const Record& sample : recordsOf(recording, RecordType::Latency))
            longestDelayMs = std::max(longestDelayMs, sample.latency.loopDelayMs);
        QVERIFY2(longestDelayMs >= 250, std::to_string(longestDelayMs).c_str());
        const std::vector<Record> hashes = recordsOf(recording, RecordType::Pool, "pbkdf2");
        QCOMPARE(hashes.size(), std::size_t(2));
        for (const Record& hash : hashes)
            QVERIFY(hash.thread >= 1 && hash.thread <= 4 && hash.span.durNs > 0);
    }

    // Each worker thread's loop is recorded as a worker loop of its own (its thread WorkerThreadBase + its
    // threadId, named), its callbacks inside its own phases, and never mixed with the main loop's.
    void workerLoopsAreTheirOwn()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("workers.js"),
            "const { Worker } = require('worker_threads');\n"
            "for (let i = 0; i < 2; ++i) {\n"
            "  new Worker(`let n = 0;\n"
            "    (function step() { if (++n < 100) setImmediate(step); })();`, { eval: true });\n"
            "}\n"
            "setImmediate(() => {});\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        QVERIFY2(result.started && result.probed, (result.error + result.streamError).c_str());
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(recording.logs.size(), std::size_t(3)); // the main loop's, and one each worker
        for (std::size_t w = 1; w <= 2; ++w) {
            const EventLog& log = *recording.logs[w];
            std::vector<Record> immediates;
            std::vector<Record> checks;
            std::size_t timedCloses = 0;
            std::uint16_t thread = 0;
            for (std::size_t i = 0; i < log.size(); ++i) {
                const Record r = log[i];
                thread = r.thread;
                if (r.type == RecordType::Callback && callbackKindOf(r) == CallbackKind::Immediate)
                    immediates.push_back(r);
                if (r.type == RecordType::Phase && Phase(r.sub) == Phase::Check)
                    checks.push_back(r);
                if (r.type == RecordType::Phase && Phase(r.sub) == Phase::Close && phaseTimed(r))
                    ++timedCloses;
            }
            QVERIFY(thread > WorkerThreadBase);
            QCOMPARE(immediates.size(), std::size_t(99)); // the first step runs in the worker's main script
            // A worker's close phases are timed as the main loop's are, one an iteration.
            QVERIFY2(timedCloses >= immediates.size(), std::to_string(timedCloses).c_str());
            for (const Record& immediate : immediates)
                QVERIFY(inside(immediate, checks));
            const auto& names = result.described.threadNames;
            QVERIFY(std::any_of(names.begin(), names.end(), [thread](const auto& named) {
                return named.first == thread && named.second.rfind("worker ", 0) == 0;
            }));
        }
        // The main loop ran one immediate of its own.
        QCOMPARE(recordsOf(recording, RecordType::Callback, "Immediate").size(), std::size_t(1));
    }

    // The probe marks the phases only, and labels every callback again, as LoopScope tells it while the
    // program runs (Control bytes on its socket).
    void markersOnlyAndBackWhileItRuns()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("ticking.js"), "setInterval(() => {}, 2);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.everyCallback = false;
        wire::AttachedProgram program(options);
        program.start();
        const Recording& recording = program.recording();
        const auto polls = [&] { return recordsOf(recording, RecordType::Phase, {}, Phase::Poll).size(); };
        const auto timeouts = [&] { return recordsOf(recording, RecordType::Callback, "Timeout").size(); };
        QVERIFY(waitFor([&] { return polls() >= 30; }));
        QCOMPARE(timeouts(), std::size_t(0));

        program.setEveryCallback(true);
        QVERIFY2(waitFor([&] { return timeouts() >= 10; }), "no callback was labelled once asked");
        program.setEveryCallback(false);
        QVERIFY(!program.everyCallback());
        // Once the switch has gone through, the loop turns on with no callback labelled.
        std::size_t labelled = 0;
        QVERIFY(waitFor([&] {
            const std::size_t now = timeouts();
            const bool still = now == labelled;
            labelled = now;
            const std::size_t from = polls();
            return still && waitFor([&] { return polls() >= from + 20; }) && timeouts() == labelled;
        }));
        program.stop();
        QVERIFY(waitFor([&] { return program.ended(); }, wire::AttachedProgram::GraceMs + 10000));
    }

    // A node in which the probe never starts (too old, or not node at all) is said so, not taken for a
    // stream cut short; one that is not there cannot be started.
    void aProbeThatNeverStartsIsSaidSo()
    {
        wire::AttachOptions options;
        options.probeDir = LOOPSCOPE_PROBE_DIR;
        options.script = "app.js";
        options.node = "true"; // starts, says nothing, exits 0
        Recording recording;
        wire::AttachResult result = wire::attach(options, recording);
        QVERIFY(result.started);
        QVERIFY(!result.probed);
        QVERIFY2(result.streamError.find("did not start") != std::string::npos, result.streamError.c_str());
        options.node = "/no/such/node";
        result = wire::attach(options, recording);
        QVERIFY(!result.started);
        QVERIFY2(result.error.find("cannot start /no/such/node") != std::string::npos, result.error.c_str());
    }

    // Switched to labelling every callback while an AsyncLocalStorage is in use, the probe leaves Node's
    // promise hooks in place: the store still crosses every await.
    void switchingOnKeepsAsyncLocalStorage()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("als.js"),
            "const { AsyncLocalStorage } = require('async_hooks');\n"
            "const als = new AsyncLocalStorage();\n"
            "let n = 0;\n"
            "setInterval(() => { const id = ++n;\n"
            "  als.run(id, async () => { await null; await null; console.log(als.getStore() === id ? 'kept' : 'lost'); "
            "});\n"
            "}, 5);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.everyCallback = false;
        wire::AttachedProgram program(options);
        program.start();
        const auto lines
            = [&](const std::string& text) { return recordsOf(program.recording(), RecordType::Log, text).size(); };
        QVERIFY(waitFor([&] { return lines("kept") >= 10; }));
        program.setEveryCallback(true);
        const std::size_t before = lines("kept");
        QVERIFY2(waitFor([&] { return lines("kept") >= before + 50; }), "the program stopped printing");
        QVERIFY(waitFor([&] { return recordsOf(program.recording(), RecordType::Callback, "PROMISE").size() >= 10; }));
        QCOMPARE(lines("lost"), std::size_t(0));
        program.stop();
        QVERIFY(waitFor([&] { return program.ended(); }, wire::AttachedProgram::GraceMs + 10000));
    }

    // A reader that never reads holds the program up neither while it runs (the probe's records wait in
    // its own buffer, then are dropped) nor at its exit (the probe gives up on what is left).
    void aStuckReaderNeverHoldsTheProgram()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("storm.js"),
            "let n = 0;\n"
            "function step() { if (++n < 300000) setImmediate(step); else console.log('done', n); }\n"
            "step();\n");
        // fd 3 is a pipe to a process that never reads it.
        const QString command = QStringLiteral("exec 3> >(sleep 60 >/dev/null 2>&1); LOOPSCOPE_PROBE_FD=3 exec node "
                                               "--require '%1/loopscope-probe.js' '%2'")
                                    .arg(QStringLiteral(LOOPSCOPE_PROBE_DIR), script);
        QProcess process;
        process.start(QStringLiteral("bash"), { QStringLiteral("-c"), command });
        QVERIFY2(process.waitForFinished(30000), "the program was held up by a reader that does not read");
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(process.readAllStandardOutput(), QByteArray("done 300000\n"));
        QCOMPARE(process.readAllStandardError(), QByteArray());
    }

    // How the program ended is the recording's: its exit status, or the signal that ended it, in the
    // trace's otherData and in the summary, as LoopScope's own exit status says it.
    void howTheProgramEndedIsRecorded_data()
    {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<int>("status");
        QTest::addColumn<int>("signal");
        QTest::newRow("a normal end") << QByteArray("setImmediate(() => {});\n") << 0 << 0;
        QTest::newRow("process.exit(3)") << QByteArray("setImmediate(() => process.exit(3));\n") << 3 << 0;
        QTest::newRow("SIGKILL") << QByteArray("setTimeout(() => process.kill(process.pid, 'SIGKILL'), 5);\n"
                                               "setTimeout(() => {}, 100000);\n")
                                 << -1 << int(SIGKILL);
    }

    void howTheProgramEndedIsRecorded()
    {
        QFETCH(QByteArray, source);
        QFETCH(int, status);
        QFETCH(int, signal);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("ending.js"), source);
        QVERIFY(!script.isEmpty());
        AttachedRun attached;
        attachHeadless(dir, script, attached);
        QCOMPARE(attached.ran.exitCode, signal != 0 ? 128 + signal : status);
        QVERIFY2(attached.readError.empty(), attached.readError.c_str());
        QCOMPARE(attached.trace.info.exitStatus, status);
        QCOMPARE(attached.trace.info.exitSignal, signal);
        const std::string said
            = signal != 0 ? "\"exitSignal\":" + std::to_string(signal) : "\"exitStatus\":" + std::to_string(status);
        QVERIFY2(attached.traceText.find(said) != std::string::npos, said.c_str());
        const QByteArray summary = signal != 0 ? "Program ended by signal " + QByteArray::number(signal) + '\n'
                                               : "Program exit status: " + QByteArray::number(status) + '\n';
        QVERIFY2(attached.ran.err.contains(summary), attached.ran.err.constData());
        QVERIFY2(!attached.ran.err.contains(signal != 0 ? "Program exit status" : "Program ended by signal"),
            attached.ran.err.constData());
    }

    // The pool's size is the one libuv started, not the one the environment said when the probe loaded:
    // a program that sets UV_THREADPOOL_SIZE before its first use of the pool gets that many threads.
    void thePoolSizeIsTheOneLibuvStarted()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("poolsize.js"),
            "process.env.UV_THREADPOOL_SIZE = '8';\n"
            "const crypto = require('crypto');\n"
            "for (let i = 0; i < 8; ++i) crypto.pbkdf2('secret', 'salt', 20000, 64, 'sha512', () => {});\n");
        QVERIFY(!script.isEmpty());
        const QByteArray saved = qgetenv("UV_THREADPOOL_SIZE");
        qunsetenv("UV_THREADPOOL_SIZE");
        AttachedRun attached;
        attachHeadless(dir, script, attached);
        if (!saved.isNull())
            qputenv("UV_THREADPOOL_SIZE", saved);
        QCOMPARE(attached.ran.exitCode, 0);
        QVERIFY2(attached.readError.empty(), attached.readError.c_str());
        if (attached.trace.info.unobserved & UnobservedThreadPool)
            QSKIP("this node's pool is not seen by the probe (no symbol table)");
        QCOMPARE(attached.trace.info.threadpoolSize, 8);
        QVERIFY2(attached.traceText.find("\"threadpoolSize\":8") != std::string::npos, "trace");
        QVERIFY2(attached.ran.err.contains("thread pool size: 8\n"), attached.ran.err.constData());
        // Followed live, the recording's info says the same.
        wire::AttachedProgram program(optionsFor(script));
        program.start();
        QVERIFY(waitFor([&] { return program.ended(); }, 60000));
        program.describe();
        QCOMPARE(program.recording().info.threadpoolSize, 8);
    }

    // A run of ticks or promise jobs counted in one drain is timed as a whole: its mean is known, its
    // longest call is not, and nothing takes the mean for a longest.
    void aCountedRunsMeanIsNeverItsLongest()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("ticks.js"),
            "const spin = (ms) => { const end = performance.now() + ms; while (performance.now() < end) {} };\n"
            "setImmediate(() => { for (let i = 0; i < 1000; ++i) process.nextTick(() => spin(0.2)); });\n");
        QVERIFY(!script.isEmpty());
        AttachedRun attached;
        attachHeadless(dir, script, attached);
        QCOMPARE(attached.ran.exitCode, 0);
        QVERIFY2(attached.readError.empty(), attached.readError.c_str());
        const std::vector<Record> ticks = recordsOf(attached.trace, RecordType::Callback, "TickObject");
        std::uint64_t counted = 0;
        for (const Record& run : ticks) {
            counted += run.span.count;
            if (run.span.count > 1)
                QCOMPARE(longestCallNs(run), LongestUnknown);
        }
        QCOMPARE(counted, std::uint64_t(1000));
        QVERIFY2(!attached.ran.err.contains("Longest callback: TickObject"), attached.ran.err.constData());
        QVERIFY2(attached.ran.err.contains("Longest callback: "), attached.ran.err.constData());
    }

    // Headless as in the window, the probe's delay monitor measures the loop delay as the program's own
    // monitorEventLoopDelay does in the same run: a short program whose callback blocks 129 ms has the
    // block among its samples wherever Node's histogram has it, and no sample Node's has not (the first
    // check only says when it ran).
    void theLoopDelayIsWhatNodesOwnMonitorMeasures()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("delay.js"),
            "const { monitorEventLoopDelay } = require('perf_hooks');\n"
            "const h = monitorEventLoopDelay({ resolution: 10 });\n"
            "h.enable();\n"
            "process.on('exit', () => { h.disable(); console.error(`node count ${h.count} max ${h.max / 1e6}`); });\n"
            "setTimeout(() => { const end = Date.now() + 129; while (Date.now() < end) {} }, 0);\n"
            "setTimeout(() => {}, 50);\n");
        QVERIFY(!script.isEmpty());
        AttachedRun attached;
        attachHeadless(dir, script, attached);
        QCOMPARE(attached.ran.exitCode, 0);
        const QString err = QString::fromUtf8(attached.ran.err);
        const QRegularExpressionMatch node
            = QRegularExpression(QStringLiteral("node count (\\d+) max ([\\d.]+)")).match(err);
        QVERIFY2(node.hasMatch(), attached.ran.err.constData());
        const int nodeCount = node.captured(1).toInt();
        const double nodeMaxMs = node.captured(2).toDouble();
        QVERIFY2(nodeCount >= 1 && nodeMaxMs >= 120, attached.ran.err.constData());
        const QRegularExpressionMatch probe
            = QRegularExpression(QStringLiteral("Loop delay \\(monitorEventLoopDelay, resolution 10 ms\\): .*max "
                                                "([\\d.]+) ms \\((\\d+) samples?\\)"))
                  .match(err);
        QVERIFY2(probe.hasMatch(), attached.ran.err.constData());
        const double probeMaxMs = probe.captured(1).toDouble();
        const int probeCount = probe.captured(2).toInt();
        // Two monitors of one loop: their checks interleave, so a count may differ by one.
        QVERIFY2(std::abs(probeCount - nodeCount) <= 1, attached.ran.err.constData());
        QVERIFY2(probeMaxMs >= nodeMaxMs / 1.25 && probeMaxMs <= nodeMaxMs * 1.25, attached.ran.err.constData());
    }

    // The utilisation of an attached program is the one its own performance.eventLoopUtilization() reads
    // at exit, computed the same way (Node's loopStart milestone and libuv's idle time, sent by the probe
    // as the program exits), not an estimate from the delay monitor's checks: a program idle for about
    // half its loop's life agrees with what it prints itself, within the ratio the figures allow (1.15).
    void theUtilisationIsWhatTheProgramsOwnPerfHooksReads()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("elu.js"),
            "const { performance } = require('perf_hooks');\n"
            "process.on('exit', () => console.error(`node elu ${performance.eventLoopUtilization().utilization}`));\n"
            "const block = (ms) => { const end = performance.now() + ms; while (performance.now() < end) {} };\n"
            "setTimeout(() => block(150), 100);\n"
            "setTimeout(() => block(100), 400);\n");
        QVERIFY(!script.isEmpty());
        AttachedRun attached;
        attachHeadless(dir, script, attached);
        QCOMPARE(attached.ran.exitCode, 0);
        const QString err = QString::fromUtf8(attached.ran.err);
        const QRegularExpressionMatch node = QRegularExpression(QStringLiteral("node elu ([\\d.e-]+)")).match(err);
        QVERIFY2(node.hasMatch(), attached.ran.err.constData());
        const double nodeElu = node.captured(1).toDouble();
        QVERIFY2(nodeElu > 0.2 && nodeElu < 0.9, attached.ran.err.constData());
        const QRegularExpressionMatch probe = QRegularExpression(
            QStringLiteral("Event-loop utilization: (\\d+)% as performance.eventLoopUtilization\\(\\) computes it"))
                                                  .match(err);
        QVERIFY2(probe.hasMatch(), attached.ran.err.constData());
        const double probeElu = probe.captured(1).toDouble() / 100;
        QVERIFY2(
            probeElu >= nodeElu / 1.15 - 0.005 && probeElu <= nodeElu * 1.15 + 0.005, attached.ran.err.constData());
        // The trace keeps what the figure was computed from.
        QVERIFY2(attached.trace.info.loopStartNs > 0 && attached.trace.info.loopIdleNs > 0, attached.readError.c_str());
    }

    // A program that blocks in its main module, before its loop starts, blocks what a request waits for,
    // yet neither its delay monitor nor its eventLoopUtilization() sees it: the summary says it in words.
    void aBlockBeforeTheLoopIsSaidInWords()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("before.js"),
            "const end = Date.now() + 300;\n"
            "while (Date.now() < end) {}\n"
            "setTimeout(() => {}, 20);\n");
        QVERIFY(!script.isEmpty());
        AttachedRun attached;
        attachHeadless(dir, script, attached);
        QCOMPARE(attached.ran.exitCode, 0);
        const QRegularExpressionMatch before
            = QRegularExpression(QStringLiteral("Before the loop: the program ran ([\\d.]+) ms"))
                  .match(QString::fromUtf8(attached.ran.err));
        QVERIFY2(before.hasMatch(), attached.ran.err.constData());
        QVERIFY2(before.captured(1).toDouble() >= 300, attached.ran.err.constData());
    }

    // Attached for as long as it runs, a program's recording stays within the memory budget as LoopScope's
    // own runs do: past it the oldest records go to the spill file, and every record is still there to
    // read (each of 400,000 immediates). The storm ends in a quiet 1.5 s, as a server's busy spell does,
    // which lets a slow reader (a sanitizer's build) catch up before the probe's last flush at exit, which
    // waits for it 250 ms at most.
    void aLongRecordingStaysWithinItsBudget()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("storm.js"),
            "let n = 0;\n"
            "const step = () => { if (++n < 400000) setImmediate(step); else setTimeout(() => {}, 1500); };\n"
            "setImmediate(step);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.keeping.budgetBytes = std::size_t(4) << 20;
        options.keeping.spillDirectory = dir.path().toStdString();
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        QVERIFY2(result.started && result.probed, result.streamError.c_str());
        QVERIFY2(result.spillProblem.empty(), result.spillProblem.c_str());
        QVERIFY(result.spilledBytes > 0);
        // What stays in memory: the budget's three quarters and the chunk being written (as written).
        QVERIFY(recording.memoryBytes() <= options.keeping.budgetBytes + EventLog::ChunkBytes);
        std::size_t immediates = 0;
        const EventLog& log = recording.mainLog();
        log.walk(0, log.size(), [&](const Record& r) {
            if (r.type == RecordType::Callback && labelledAs(recording.strings.at(r.label), "Immediate"))
                ++immediates;
            return true;
        });
        // None let go: any missing is one the probe could not send (a machine too busy to read the stream).
        QVERIFY2(immediates + result.described.droppedEvents >= 400000,
            qPrintable(QStringLiteral("%1 kept, %2 dropped").arg(immediates).arg(result.described.droppedEvents)));
    }

    // Followed live, as the window follows it, the program's spilling is seen while it runs (the window's
    // console says where the file is), and a rolling window's let-go events are counted as dropped (as are
    // those the probe itself could not send, on a machine too busy to read them as fast as they come).
    void theWindowSeesTheRecordingKeptWithinItsBudget_data()
    {
        QTest::addColumn<bool>("rolling");
        QTest::newRow("spilled") << false;
        QTest::newRow("rolling window") << true;
    }

    void theWindowSeesTheRecordingKeptWithinItsBudget()
    {
        QFETCH(bool, rolling);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("storm.js"),
            "let n = 0;\n"
            "const step = () => { if (++n < 400000) setImmediate(step); else setTimeout(() => {}, 1500); };\n"
            "setImmediate(step);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.keeping.budgetBytes = std::size_t(4) << 20;
        options.keeping.rollingWindow = rolling;
        options.keeping.spillDirectory = dir.path().toStdString();
        wire::AttachedProgram program(options);
        program.start();
        QVERIFY(waitFor([&] { return program.ended(); }, wire::AttachedProgram::GraceMs + 60000));
        QCOMPARE(program.rollingWindow(), rolling);
        QVERIFY2(program.spillProblem().empty(), program.spillProblem().c_str());
        QCOMPARE(program.spilledBytes() > 0, !rolling);
        if (!rolling)
            QCOMPARE(QString::fromStdString(program.spillDirectory()), dir.path());
        // Every immediate is in the recording, or counted among the events it could not keep.
        std::uint64_t immediates = 0;
        const Recording& recording = program.recording();
        const EventLog& log = recording.mainLog();
        log.walk(log.firstKept(), log.size(), [&](const Record& r) {
            if (r.type == RecordType::Callback && labelledAs(recording.strings.at(r.label), "Immediate"))
                ++immediates;
            return true;
        });
        QVERIFY2(immediates + program.droppedEvents() >= 400000,
            qPrintable(QStringLiteral("%1 kept, %2 dropped").arg(immediates).arg(program.droppedEvents())));
        if (rolling)
            QVERIFY(immediates < 400000);
    }

    // The rest of the line after --attach SCRIPT is the program's, options included; the summary says
    // what the probe saw and what it could not time.
    void theRestOfTheLineIsTheProgramsArguments()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("args.js"),
            "console.log(process.argv.slice(2).join(' '));\n"
            "setImmediate(() => {});\n");
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--attach"), script,
                QStringLiteral("one"), QStringLiteral("--two"), QStringLiteral("-x") });
        QCOMPARE(attached.exitCode, 0);
        QCOMPARE(attached.out, QByteArray("one --two -x\n"));
        QVERIFY2(attached.err.contains("Program: args.js"), attached.err.constData());
        QVERIFY2(attached.err.contains("immediate 1"), attached.err.constData());
        QVERIFY2(attached.err.contains("pending not timed"), attached.err.constData());
        QVERIFY2(!attached.err.contains("timers not timed") && !attached.err.contains("close not timed"),
            attached.err.constData());
    }

    // The program's file descriptors are its own: what it inherits stays on its numbers (a file on fd 3,
    // as `3<file` or systemd's socket activation give it), the files it opens get the numbers they get
    // without the probe, and its children inherit only what they would without it. The probe's socket
    // lies above them all and is closed in children.
    void theProgramsFileDescriptorsStayItsOwn_data()
    {
        QTest::addColumn<bool>("fileOnFd3");
        QTest::newRow("nothing on fd 3") << false;
        QTest::newRow("a file on fd 3") << true;
    }

    void theProgramsFileDescriptorsStayItsOwn()
    {
        QFETCH(bool, fileOnFd3);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("fds.js"),
            "const fs = require('fs');\n"
            "const { execFileSync } = require('child_process');\n"
            "const first = fs.openSync(__filename, 'r');\n"
            "const second = fs.openSync(__filename, 'r');\n"
            "console.log('opened', first, second);\n"
            "try {\n"
            "  const stat = fs.fstatSync(3);\n"
            "  console.log('fd 3:', stat.isFile() ? `a file of ${stat.size} bytes` : 'not a file');\n"
            "} catch (error) {\n"
            "  console.log('fd 3:', error.code);\n"
            "}\n"
            "const inherited = execFileSync('/bin/ls', ['/proc/self/fd']).toString().trim().split('\\n');\n"
            "console.log('a child starts with', inherited.join(' '));\n");
        QVERIFY(!script.isEmpty());
        const QString given = fileOnFd3 ? writeScript(dir, QStringLiteral("given.txt"), "given to fd 3\n") : QString();
        const Ran alone = runWithFd3(QStringLiteral("node"), { script }, given);
        QCOMPARE(alone.exitCode, 0);
        QVERIFY2(alone.out.contains(fileOnFd3 ? "fd 3: a file of 14 bytes" : "fd 3: not a file"), alone.out);
        const Ran attached = runWithFd3(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--attach"), script }, given);
        QCOMPARE(attached.exitCode, 0);
        QCOMPARE(attached.out, alone.out);
        QCOMPARE(attached.err, alone.err);
    }

    // process.execArgv is what it is without the probe (its --require gone), so that fork() starts
    // children without it, as a worker thread's process.execArgv is too. The probe's environment
    // variables never reach a child.
    void processExecArgvIsTheProgramsOwn()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("execargv.js"),
            "const { fork } = require('child_process');\n"
            "const { Worker } = require('worker_threads');\n"
            "if (process.argv[2] === 'child') {\n"
            "  const variables = Object.keys(process.env).filter((name) => name.startsWith('LOOPSCOPE_PROBE'));\n"
            "  const preloaded = Object.keys(require.cache).filter((file) => file.includes('loopscope-probe'));\n"
            "  console.log('child:', JSON.stringify(process.execArgv), JSON.stringify(variables), "
            "JSON.stringify(preloaded));\n"
            "} else {\n"
            "  console.log('program:', JSON.stringify(process.execArgv));\n"
            "  const code = \"require('worker_threads').parentPort.postMessage(JSON.stringify(process.execArgv))\";\n"
            "  new Worker(code, { eval: true }).on('message', (execArgv) => {\n"
            "    console.log('worker:', execArgv);\n"
            "    fork(__filename, ['child']).on('exit', (code) => console.log('child exited', code));\n"
            "  });\n"
            "}\n");
        QVERIFY(!script.isEmpty());
        const QString node = nodeWith(dir, "--no-warnings");
        QVERIFY(!node.isEmpty());
        const Ran alone = run(node, { script });
        QCOMPARE(alone.exitCode, 0);
        QVERIFY2(alone.out.startsWith("program: [\"--no-warnings\"]\n"), alone.out);
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--node"), node, QStringLiteral("--attach"), script });
        QCOMPARE(attached.exitCode, 0);
        QCOMPARE(attached.out, alone.out);
        QCOMPARE(attached.err, alone.err);
    }

    // --node-option gives node its own options before the script, in order, as `node OPTIONS script` does:
    // they work (gc exposed, the stack as deep as asked), and process.execArgv is the same as without the
    // probe, so that Node's own tests that check their `// Flags:` find them.
    void nodesOwnOptionsComeBeforeTheScript()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("options.js"),
            "console.log(JSON.stringify(process.execArgv), typeof gc, process.argv.slice(2).join(' '));\n"
            "let depth = 0;\n"
            "const dive = () => { ++depth; dive(); };\n"
            "try { dive(); } catch { console.log('deep', depth > 20000); }\n"
            "setImmediate(() => gc());\n");
        QVERIFY(!script.isEmpty());
        const Ran alone = run(QStringLiteral("node"),
            { QStringLiteral("--expose-gc"), QStringLiteral("--stack-size=4000"), script, QStringLiteral("--x") });
        QCOMPARE(alone.exitCode, 0);
        QCOMPARE(alone.out, QByteArray("[\"--expose-gc\",\"--stack-size=4000\"] function --x\ndeep true\n"));
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--node-option=--expose-gc"),
                QStringLiteral("--node-option"), QStringLiteral("--stack-size=4000"), QStringLiteral("--attach"),
                script, QStringLiteral("--x") });
        QCOMPARE(attached.exitCode, 0);
        QCOMPARE(attached.out, alone.out);
        QCOMPARE(attached.err, alone.err);
    }

    // The probe loads none of Node's modules that the program does not load itself before it runs
    // (Node's own test-bootstrap-modules.js checks process.moduleLoadList): not worker_threads, nor
    // perf_hooks and the streams they bring. Labelling every callback enables an async_hooks hook, which
    // loads internal/promise_hooks as any program's own hook does; nothing else.
    void theProbeLoadsNoModuleOfNodesBeforeTheProgram_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QByteArray>("allowed");
        QTest::newRow("markers") << QStringLiteral("markers") << QByteArray("[]");
        QTest::newRow("callbacks") << QStringLiteral("callbacks")
                                   << QByteArray("[\"NativeModule internal/promise_hooks\"]");
    }

    void theProbeLoadsNoModuleOfNodesBeforeTheProgram()
    {
        QFETCH(QString, mode);
        QFETCH(QByteArray, allowed);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("modules.js"),
            "const loaded = new Set(JSON.parse(process.argv[2]));\n"
            "const more = process.moduleLoadList.filter((name) => !loaded.has(name) && !name.startsWith('Internal'));\n"
            "console.log(JSON.stringify(more));\n");
        QVERIFY(!script.isEmpty());
        const QString list
            = writeScript(dir, QStringLiteral("list.js"), "console.log(JSON.stringify(process.moduleLoadList));\n");
        const Ran alone = run(QStringLiteral("node"), { list });
        QCOMPARE(alone.exitCode, 0);
        const QString plainList = QString::fromUtf8(alone.out.trimmed());
        const Ran plain = run(QStringLiteral("node"), { script, plainList });
        QCOMPARE(plain.exitCode, 0);
        QCOMPARE(plain.out, QByteArray("[]\n"));
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--probe"), mode, QStringLiteral("--attach"), script,
                plainList });
        QVERIFY2(attached.exitCode == 0, attached.err);
        QVERIFY2(attached.out == allowed + '\n' || attached.out == "[]\n", attached.out);
    }

    // The program's own errors reach it too. Node 18 and 20 build a crypto job whose options it has just
    // refused (an unknown cipher) and calls the init hooks with its error pending: a probe that called its
    // native half there had the error thrown into its hook, caught it, and node aborted on the refused job
    // (FATAL ERROR: v8::FromJust; Node's test-crypto-keygen.js).
    void anErrorPendingInNodeDuringInitStaysTheProgramsOwn()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("cipher.js"),
            "const { generateKeyPairSync } = require('crypto');\n"
            "try {\n"
            "  generateKeyPairSync('rsa', { modulusLength: 1024, publicKeyEncoding: { type: 'pkcs1', format: 'pem' },\n"
            "    privateKeyEncoding: { type: 'pkcs8', format: 'pem', cipher: 'no-such-cipher', passphrase: 'p' } });\n"
            "} catch (error) {\n"
            "  console.log('refused', error.code);\n"
            "}\n"
            "setImmediate(() => console.log('went on'));\n");
        QVERIFY(!script.isEmpty());
        const Ran alone = run(QStringLiteral("node"), { script });
        QCOMPARE(alone.exitCode, 0);
        QCOMPARE(alone.out, QByteArray("refused ERR_CRYPTO_UNKNOWN_CIPHER\nwent on\n"));
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--probe"), QStringLiteral("callbacks"),
                QStringLiteral("--attach"), script });
        QVERIFY2(attached.exitCode == 0, attached.err);
        QCOMPARE(attached.out, alone.out);
        QCOMPARE(attached.err, alone.err);
    }

    // No error of the probe's reaches the program. Node's test/async-hooks/test-emit-before-after.js emits
    // an init with no resource, and hooks run for resources Node itself never makes (primitives, a proxy
    // that throws, a resource whose constructor throws): the program runs as without the probe, and the
    // probe stops labelling callbacks and says so.
    void aProbeErrorNeverReachesTheProgram()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("odd.js"),
            "'use strict';\n"
            "const internal = require('internal/async_hooks');\n"
            "const { AsyncResource, createHook, executionAsyncResource } = require('async_hooks');\n"
            "const id = internal.newAsyncId();\n"
            "const trigger = internal.newAsyncId();\n"
            "internal.emitBefore(id, trigger);\n"
            "internal.emitAfter(id);\n"
            "const seen = [];\n"
            "createHook({\n"
            "  init(asyncId, type) { if (asyncId >= id) seen.push(`init ${type}`); },\n"
            "  before(asyncId) { if (asyncId >= id) seen.push('before'); },\n"
            "  after(asyncId) { if (asyncId >= id) seen.push('after'); },\n"
            "}).enable();\n"
            "internal.emitInit(id, 'test_emit_before_after_type', trigger);\n"
            "internal.emitBefore(id, trigger);\n"
            "internal.emitAfter(id);\n"
            "const throwing = new Proxy({}, {\n"
            "  get(target, key) { if (key === 'constructor') throw new Error('constructor'); return target[key]; },\n"
            "  getPrototypeOf() { throw new Error('prototype'); },\n"
            "});\n"
            "const odd = { undefined, null: null, number: 42, string: 'text', symbol: Symbol('s'), "
            "throwing };\n"
            "for (const [name, resource] of Object.entries(odd)) {\n"
            "  for (const type of ['ODD', 'Immediate', 'Timeout', 'TickObject', 'PROMISE']) {\n"
            "    const asyncId = internal.newAsyncId();\n"
            "    internal.emitInit(asyncId, type, trigger, resource);\n"
            "    internal.emitBefore(asyncId, trigger, resource);\n"
            "    internal.emitAfter(asyncId);\n"
            "  }\n"
            "  console.log('survived', name);\n"
            "}\n"
            "const resource = new AsyncResource('ODD_RESOURCE');\n"
            "Object.defineProperty(resource, 'constructor', { get() { throw new Error('constructor'); } });\n"
            "resource.runInAsyncScope(() => console.log('in scope', executionAsyncResource() === resource));\n"
            "setImmediate(() => Promise.resolve().then(() => console.log('hooks ran', seen.length)));\n");
        QVERIFY(!script.isEmpty());
        const Ran alone = run(QStringLiteral("node"), { QStringLiteral("--expose-internals"), script });
        QCOMPARE(alone.exitCode, 0);
        QVERIFY2(alone.out.contains("in scope true\nhooks ran"), alone.out);
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), tracePath,
                QStringLiteral("--node-option=--expose-internals"), QStringLiteral("--attach"), script });
        QVERIFY2(attached.exitCode == 0, attached.err);
        QCOMPARE(attached.out, alone.out);
        QVERIFY2(attached.err.contains("not seen by the probe: ") && attached.err.contains("callbacks' labels"),
            attached.err);
    }

    // --probe markers marks the phases of every loop, the workers' included, and labels no callback;
    // --probe callbacks (the default) labels them all.
    void theProbesModeFromTheCommandLineReachesEveryLoop_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("markers") << QStringLiteral("markers");
        QTest::newRow("callbacks") << QStringLiteral("callbacks");
    }

    void theProbesModeFromTheCommandLineReachesEveryLoop()
    {
        QFETCH(QString, mode);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("loops.js"),
            "const { Worker } = require('worker_threads');\n"
            "const steps = `let n = 0; (function step() { if (++n < 100) setImmediate(step); })();`;\n"
            "new Worker(steps, { eval: true }).on('exit', () => console.log('worker done'));\n"
            "let n = 0;\n"
            "(function step() { if (++n < 100) setImmediate(step); })();\n");
        QVERIFY(!script.isEmpty());
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--trace"), tracePath, QStringLiteral("--probe"), mode,
                QStringLiteral("--attach"), script });
        QVERIFY2(attached.exitCode == 0, attached.err);
        QCOMPARE(attached.out, QByteArray("worker done\n"));
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());
        const Labelled labelled = labelledIn(trace);
        QCOMPARE(labelled.phases.size(), std::size_t(2)); // the main loop and the worker's
        for (std::size_t loop = 0; loop < 2; ++loop) {
            QVERIFY2(labelled.phases[loop] >= 100, std::to_string(loop).c_str());
            if (mode == QLatin1String("markers"))
                QCOMPARE(labelled.callbacks[loop], std::size_t(0));
            else
                QVERIFY2(labelled.callbacks[loop] >= 99, std::to_string(loop).c_str());
        }
    }

    // --follow-children: a fork and a node run by the program are recorded, each as a process of its own
    // (who it is, its callbacks, the status it exits with), and their execArgv stays their own; the trace
    // holds them under pids of their own and reads back to the same summary.
    void childProcessesAreFollowedWhenAsked()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("family.js"),
            "const { fork, execFileSync } = require('child_process');\n"
            "if (process.argv[2] === 'child') {\n"
            "  setTimeout(() => {\n"
            "    console.log('child:', JSON.stringify(process.execArgv));\n"
            "    process.exitCode = 7;\n"
            "  }, 5);\n"
            "} else {\n"
            "  fork(__filename, ['child']).on('exit', (code) => {\n"
            "    console.log('child exited', code);\n"
            "    execFileSync(process.execPath, ['-e', 'setImmediate(() => {})']);\n"
            "  });\n"
            "}\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.output = wire::AttachOptions::Output::Recorded;
        options.followChildren = true;
        Recording recording;
        recording.info.generator = "LoopScope test";
        wire::AttachResult result = wire::attach(options, recording);
        QVERIFY2(result.probed, result.streamError.c_str());
        QCOMPARE(result.exitCode, 0);
        recording.info = result.described;
        recording.children = std::move(result.children);
        QCOMPARE(recordsOf(recording, RecordType::Log, "child: []").size(), std::size_t(1));
        QCOMPARE(recordsOf(recording, RecordType::Log, "child exited 7").size(), std::size_t(1));
        QCOMPARE(recording.children.size(), std::size_t(2));
        const Recording& forked = *recording.children[0];
        const Recording& evaluated = *recording.children[1];
        for (const Recording* child : { &forked, &evaluated }) {
            QVERIFY(child->info.pid > 0 && child->info.pid != result.pid);
            QCOMPARE(child->info.parentPid, result.pid);
            QVERIFY(child->info.startNs > 0);
            QCOMPARE(child->info.generator, std::string("LoopScope test"));
        }
        QVERIFY2(forked.info.program.find("family.js child") != std::string::npos, forked.info.program.c_str());
        QCOMPARE(forked.info.exitStatus, 7);
        QCOMPARE(recordsOf(forked, RecordType::Callback, "Timeout").size(), std::size_t(1));
        QVERIFY2(evaluated.info.program.find(" -e ") != std::string::npos, evaluated.info.program.c_str());
        QCOMPARE(evaluated.info.exitStatus, 0);
        QCOMPARE(recordsOf(evaluated, RecordType::Callback, "Immediate").size(), std::size_t(1));
        // The program's own recording holds none of theirs.
        QVERIFY(recordsOf(recording, RecordType::Callback, "Immediate").empty());

        std::ostringstream written;
        QVERIFY(writeTrace(recording, written));
        const std::string text = written.str();
        QVERIFY(text.find("\"pid\":2,\"tid\"") != std::string::npos);
        QVERIFY(text.find("\"pid\":3,\"tid\"") != std::string::npos);
        Recording readBack;
        std::string error;
        QVERIFY2(readTraceText(text, readBack, &error), error.c_str());
        QCOMPARE(readBack.children.size(), std::size_t(2));
        QCOMPARE(readBack.children[0]->info.pid, forked.info.pid);
        QCOMPARE(readBack.children[0]->info.startNs, forked.info.startNs);
        QCOMPARE(readBack.children[1]->info.program, evaluated.info.program);
        QCOMPARE(summarize(readBack), summarize(recording));
    }

    // A child still running when the program has ended (and its grace has passed) is ended with it, as
    // the program would be: LoopScope never leaves a node behind, and its recording says so.
    void aChildStillRunningIsEndedWithTheProgram()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("leaves.js"),
            "const { spawn } = require('child_process');\n"
            "const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, "
            "stdio: 'ignore' });\n"
            "child.unref();\n"
            "setTimeout(() => {}, 300);\n");
        QVERIFY(!script.isEmpty());
        wire::AttachOptions options = optionsFor(script);
        options.followChildren = true;
        Recording recording;
        wire::AttachResult result = wire::attach(options, recording);
        QCOMPARE(result.exitCode, 0);
        QCOMPARE(result.children.size(), std::size_t(1));
        const RecordingInfo& child = result.children.front()->info;
        QVERIFY(child.pid > 0);
        QCOMPARE(child.stoppedBy, RecordingInfo::StoppedBy::Parent);
        QVERIFY(!child.detached);
        QCOMPARE(child.exitStatus, -1);
        QVERIFY2(waitFor([pid = child.pid] { return kill(pid, 0) != 0; }, 10000), "the child was left running");
    }

    // A switch while the program runs reaches its worker threads' loops too: a worker running since the
    // start stops labelling, and labels again.
    void aSwitchReachesRunningWorkers()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("worker.js"),
            "const { Worker } = require('worker_threads');\n"
            "new Worker('setInterval(() => {}, 2);', { eval: true });\n");
        QVERIFY(!script.isEmpty());
        wire::AttachedProgram program(optionsFor(script));
        program.start();
        const Recording& recording = program.recording();
        const auto worker = [&] {
            const Labelled labelled = labelledIn(recording);
            // The first worker-loop log, wherever it lies.
            std::size_t log = 0;
            while (log < recording.logs.size() && recording.logs[log]->role() != loopscope::LogRole::WorkerLoop)
                ++log;
            return std::pair { labelled.callbacks[log], labelled.phases[log] };
        };
        QVERIFY2(waitFor([&] { return worker().first >= 10; }), "the worker's callbacks were never labelled");

        program.setEveryCallback(false);
        // Once the switch has gone through, the worker's loop turns on with no callback labelled.
        std::size_t labelled = worker().first;
        QVERIFY2(waitFor([&] {
            const std::size_t now = worker().first;
            const bool still = now == labelled;
            labelled = now;
            const std::size_t from = worker().second;
            return still && waitFor([&] { return worker().second >= from + 40; }) && worker().first == labelled;
        }),
            "the worker kept labelling its callbacks");
        program.setEveryCallback(true);
        QVERIFY2(waitFor([&] { return worker().first >= labelled + 10; }), "the worker never labelled again");
        program.stop();
        QVERIFY(waitFor([&] { return program.ended(); }, wire::AttachedProgram::GraceMs + 10000));
    }

    // The window attaches as --headless does: with the node --node names, in the mode --probe asks for
    // (which its Loop menu's "Label every callback" holds, and the session follows).
    void theWindowAttachesAsTheCommandLineSays()
    {
        QTemporaryDir dir;
        const QString done = dir.filePath(QStringLiteral("done"));
        const QString script = writeScript(dir, QStringLiteral("window.js"),
            "let n = 0;\n"
            "(function step() {\n"
            "  if (++n < 100) setImmediate(step);\n"
            "  else require('fs').writeFileSync(process.argv[2], String(process.execArgv));\n"
            "})();\n");
        QVERIFY(!script.isEmpty());
        const QString node = nodeWith(dir, "--no-warnings");
        QVERIFY(!node.isEmpty());
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        QProcess window;
        window.setProcessEnvironment(environment);
        window.start(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--trace"), tracePath, QStringLiteral("--probe"), QStringLiteral("markers"),
                QStringLiteral("--node"), node, QStringLiteral("--attach"), script, done });
        QVERIFY(window.waitForStarted());
        QVERIFY2(waitFor([&] { return QFileInfo(done).size() > 0; }, 30000), window.readAllStandardError());
        QFile written(done);
        QVERIFY(written.open(QIODevice::ReadOnly));
        QCOMPARE(written.readAll(), QByteArray("--no-warnings")); // the node --node named
        window.terminate();
        QVERIFY(window.waitForFinished(20000));
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());
        const Labelled labelled = labelledIn(trace);
        QVERIFY(!labelled.phases.empty());
        QVERIFY2(labelled.phases[0] >= 100, std::to_string(labelled.phases[0]).c_str());
        QCOMPARE(labelled.callbacks[0], std::size_t(0));
    }
};

QTEST_MAIN(TestAttach)
#include "tst_attach.moc"
