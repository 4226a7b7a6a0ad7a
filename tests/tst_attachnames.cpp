// loopscope --attach names each callback by the JavaScript function it runs and where that was created
// (file:line:column), in the recording, the trace and the summary: timers, immediates, ticks, queueMicrotask
// callbacks, sockets' reads, HTTP requests and responses, fs.readFile's steps; an anonymous function says
// where it was created, a request whose callback Node wraps (fs.stat) where the program made it, and a
// function of Node's own leaves the resource type's label.
#include "attach/attachrun.h"
#include "callbacklabels.h"
#include "formats/traceio.h"
#include "processruns.h"
#include "recording/blockprofiles.h"
#include "requirenode.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <map>
#include <optional>

using namespace loopscope;

namespace {

const QByteArray Program = R"('use strict';
const { setTimeout: sleep } = require('timers/promises');
function slowGreeting() {
  const end = Date.now() + 200;
  while (Date.now() < end) {}
  console.log('greeted');
}
setTimeout(slowGreeting, 5);
setImmediate(() => console.log('immediate'));
let ticks = 0;
const interval = setInterval(function everyFewMs() {
  if (++ticks === 3) clearInterval(interval);
}, 1);
sleep(1).then(() => console.log('slept'));
const greeter = { greet() { console.log('bound'); } };
setTimeout(greeter.greet.bind(greeter), 2);
require('fs').readFile(__filename, function gotFile() { console.log('read'); });
)";

// A timer's callback that blocks in a function two calls down, and an HTTP server whose slow route blocks
// a request's callback, asked by the program itself over loopback.
const QByteArray Blocking = R"('use strict';
const http = require('http');
function spin(ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {}
}
function slowRoute() {
  spin(300);
}
setTimeout(function handler() { slowRoute(); }, 5);
const server = http.createServer((request, response) => {
  if (request.url === '/slow') spin(250);
  response.end('done');
});
server.listen(0, '127.0.0.1', () => {
  http.get({ port: server.address().port, path: '/slow', host: '127.0.0.1' }, (response) => {
    response.resume();
    response.on('end', () => { console.log('served', response.statusCode); server.close(); });
  });
});
)";

// Ticks, a queueMicrotask callback, an fs call, a TCP server and client, and an HTTP server and client: the
// callbacks of each, named by the program's function or by where the program made the request.
const QByteArray Requests = R"('use strict';
const fs = require('fs');
const net = require('net');
const http = require('http');
process.nextTick(function afterMain() { console.log('tick'); });
queueMicrotask(function soon() { console.log('micro'); });
function loadConfig() {
  fs.stat(__filename, () => console.log('stat'));
}
loadConfig();
const server = net.createServer(function onConnection(socket) {
  socket.on('data', function echo(data) { socket.end(data); });
});
server.listen(0, '127.0.0.1', function listening() {
  const client = net.connect(server.address().port, '127.0.0.1');
  client.on('data', function gotReply() {
    console.log('echoed');
    client.end();
    server.close();
    const web = http.createServer((request, response) => response.end('ok'));
    web.listen(0, '127.0.0.1', () => {
      http.get({ port: web.address().port, host: '127.0.0.1' }, function onResponse(response) {
        response.resume();
        response.on('end', () => { console.log('fetched', response.statusCode); web.close(); });
      });
    });
  });
  client.write('hello');
});
)";

// How many callbacks of the main loop carry each label, and the kind of each.
struct Labels
{
    std::map<std::string, std::size_t> counts;
    std::map<std::string, CallbackKind> kinds;
};

Labels labelsOf(const Recording& recording)
{
    Labels labels;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        if (r.type != RecordType::Callback)
            continue;
        const std::string& label = recording.strings.at(r.label);
        labels.counts[label] += r.span.count;
        labels.kinds[label] = callbackKindOf(r);
    }
    return labels;
}

} // namespace

class TestAttachNames : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_NODE();
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOOPSCOPE_PROBE_DIR "/loopscope_probe.node")),
            "the probe was not built (Node.js headers missing?)");
    }

    // Each timer and immediate is labelled with its function's name and place, read back from the trace;
    // the program prints what it prints without the probe.
    void callbacksNameTheirFunctionsAndPlaces()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("names.js"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(Program) == Program.size());
        file.close();
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));

        const Ran plain = run(QStringLiteral("node"), { script });
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), tracePath,
                QStringLiteral("--attach"), script });
        QCOMPARE(attached.exitCode, plain.exitCode);
        // The immediate and the promisified timer may run in either order, with the probe or without.
        QCOMPARE(sortedLines(attached.out), sortedLines(plain.out));
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());

        const Labels labels = labelsOf(trace);
        const std::string at = script.toStdString();
        const std::string slow = "Timeout slowGreeting (" + at + ":3:22)";
        const std::string immediate = "Immediate (anonymous, created at " + at + ":9:14)";
        const std::string interval = "Timeout everyFewMs (" + at + ":11:49)";
        QVERIFY2(labels.counts.count(slow) == 1, slow.c_str());
        QCOMPARE(labels.counts.at(slow), std::size_t(1));
        QCOMPARE(labels.kinds.at(slow), CallbackKind::Timer);
        QVERIFY2(labels.counts.count(immediate) == 1, immediate.c_str());
        QCOMPARE(labels.counts.at(immediate), std::size_t(1));
        QCOMPARE(labels.kinds.at(immediate), CallbackKind::Immediate);
        QVERIFY2(labels.counts.count(interval) == 1, interval.c_str());
        QCOMPARE(labels.counts.at(interval), std::size_t(3));
        QCOMPARE(labels.kinds.at(interval), CallbackKind::Timer);
        // A bound function is named by the function it calls.
        const auto bound = std::find_if(labels.counts.begin(), labels.counts.end(),
            [&](const auto& entry) { return entry.first.rfind("Timeout greet (" + at + ":15:", 0) == 0; });
        QVERIFY(bound != labels.counts.end());
        QCOMPARE(bound->second, std::size_t(1));
        // fs.readFile's requests (open, stat, read, close) are named by the callback the program gave it.
        const auto read = std::find_if(labels.counts.begin(), labels.counts.end(),
            [&](const auto& entry) { return entry.first.rfind("FSREQCALLBACK gotFile (" + at + ":17:", 0) == 0; });
        QVERIFY2(read != labels.counts.end(), "fs.readFile's callbacks are not named");
        QVERIFY(read->second >= 1);
        QCOMPARE(labels.kinds.at(read->first), CallbackKind::Io);
        // The promisified timer runs a function of Node's: its label is the type's alone.
        QVERIFY(labels.counts.count("Timeout") == 1);
        QCOMPARE(labels.counts.at("Timeout"), std::size_t(1));
        for (const auto& [label, count] : labels.counts)
            QVERIFY2(label.find("node:") == std::string::npos, label.c_str());

        // The program printed to its own standard output, which LoopScope never read: its console is not
        // recorded, and neither the summary nor the trace says it printed nothing (it said "0 lines").
        QVERIFY2(attached.err.contains("Console: not recorded"), attached.err.constData());
        QVERIFY(!attached.err.contains("Console: 0 lines"));
        QCOMPARE(trace.info.unobserved & UnobservedConsole, UnobservedConsole);

        // The summary's longest callback is the function that blocked, named with its place.
        QVERIFY2(attached.err.contains(QByteArray("Longest callback: ") + slow.c_str() + " (timer)"),
            attached.err.constData());
    }

    // A nextTick and a queueMicrotask callback are named by their functions; a socket's reads by its 'data'
    // listener, a server's connections by its 'connection' listener, an HTTP client's response by http.get's
    // callback; a request whose callback Node wraps (fs.stat, a socket's end) by the program's function and
    // place that made it. Seen failing before: each was its resource type alone.
    void ticksMicrotasksAndRequestsAreNamed()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("requests.js"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(Requests) == Requests.size());
        file.close();
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));

        const Ran plain = run(QStringLiteral("node"), { script });
        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--trace"), tracePath, QStringLiteral("--attach"), script });
        QCOMPARE(attached.exitCode, plain.exitCode);
        QCOMPARE(attached.out, plain.out);
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());

        const Labels labels = labelsOf(trace);
        const std::string at = script.toStdString();
        const auto labelled = [&](const std::string& prefix, CallbackKind kind) {
            const auto found = std::find_if(labels.counts.begin(), labels.counts.end(),
                [&](const auto& entry) { return entry.first.rfind(prefix, 0) == 0; });
            if (found == labels.counts.end())
                return false;
            return labels.kinds.at(found->first) == kind;
        };
        QVERIFY(labelled("TickObject afterMain (" + at + ":5:", CallbackKind::NextTick));
        QVERIFY(labelled("Microtask soon (" + at + ":6:", CallbackKind::Microtask));
        QVERIFY(labelled("FSREQCALLBACK (created in loadConfig at " + at + ":8:", CallbackKind::Io));
        QVERIFY(labelled("TCPSERVERWRAP onConnection (" + at + ":11:", CallbackKind::Io));
        QVERIFY(labelled("TCPWRAP echo (" + at + ":12:", CallbackKind::Io));
        QVERIFY(labelled("TCPWRAP gotReply (" + at + ":16:", CallbackKind::Io));
        QVERIFY(labelled("SHUTDOWNWRAP (created in gotReply at " + at + ":18:", CallbackKind::Io));
        QVERIFY(labelled("HTTPINCOMINGMESSAGE (anonymous, created at " + at + ":20:", CallbackKind::Io));
        QVERIFY(labelled("HTTPCLIENTREQUEST onResponse (" + at + ":22:", CallbackKind::Io));
        // Nothing is named by the probe's own scripts or by Node's.
        for (const auto& [label, count] : labels.counts) {
            QVERIFY2(label.find("node:") == std::string::npos, label.c_str());
            QVERIFY2(label.find("loopscope-") == std::string::npos, label.c_str());
        }
    }

    // While a callback blocks the loop its JavaScript stacks are sampled: the trace keeps them for that
    // callback, outermost frame first, and the summary names the function that blocked, with its file and
    // line, for the timer and for the HTTP server's slow route alike.
    void theFunctionThatBlocksIsNamed()
    {
        QTemporaryDir dir;
        const QString script = dir.filePath(QStringLiteral("blocking.js"));
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly) && file.write(Blocking) == Blocking.size());
        file.close();
        const QString tracePath = dir.filePath(QStringLiteral("trace.json"));

        const Ran attached = run(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), tracePath,
                QStringLiteral("--attach"), script });
        QCOMPARE(attached.exitCode, 0);
        QCOMPARE(attached.out, QByteArray("served 200\n"));
        Recording trace;
        std::string error;
        QVERIFY2(readTrace(tracePath.toStdString(), trace, &error), error.c_str());

        const std::string at = script.toStdString();
        const std::string spin = "spin (" + at + ":5:";
        // The timer's callback: its profile is the one of its record, and every stack runs through handler
        // and slowRoute into spin.
        const std::string handler = "Timeout handler (" + at + ":10:";
        const EventLog& log = trace.mainLog();
        std::optional<BlockProfile> timerProfile;
        for (std::size_t i = 0; i < log.size() && !timerProfile; ++i) {
            const Record r = log[i];
            if (r.type == RecordType::Callback && trace.strings.at(r.label).rfind(handler, 0) == 0)
                timerProfile = trace.blockProfiles.of(r.thread, r.startNs);
        }
        QVERIFY2(timerProfile.has_value(), "the blocking timer's callback has no sampled stacks");
        QVERIFY(timerProfile->samples() > 0);
        std::uint64_t throughSpin = 0;
        for (const BlockProfile::Stack& stack : timerProfile->stacks) {
            std::vector<std::string> frames;
            for (const std::uint32_t frame : stack.frames)
                frames.push_back(trace.strings.at(frame));
            const auto named = [&](const std::string& prefix) {
                return std::find_if(frames.begin(), frames.end(),
                    [&](const std::string& frame) { return frame.rfind(prefix, 0) == 0; });
            };
            // A sample may find Node's own code of the timer's callback, before or after the program's function
            // (listOnTimeout's destroyHooksExist() once it has returned): only Node's frames, then.
            const bool nodesOnly = std::all_of(frames.begin(), frames.end(),
                [](const std::string& frame) { return frameOwner(frame) == FrameOwner::Node; });
            if (nodesOnly)
                continue;
            const auto outer = named("handler (" + at + ":10:");
            const auto middle = named("slowRoute (" + at + ":8:");
            const auto inner = named(spin);
            QVERIFY2(outer != frames.end() && middle != frames.end(), frames.back().c_str());
            QVERIFY(outer < middle);
            if (inner != frames.end()) {
                QVERIFY(middle < inner);
                throughSpin += stack.hits;
            }
        }
        QVERIFY(throughSpin > 0);

        // The summary lists spin first: it blocked the timer and the request, the two longest.
        const QString summary = QString::fromUtf8(attached.err);
        const qsizetype listed = summary.indexOf(QStringLiteral("Functions that blocked longest:\n  "));
        QVERIFY2(listed >= 0, attached.err.constData());
        QVERIFY2(
            summary.mid(listed).section(QLatin1Char('\n'), 1, 1).trimmed().startsWith(QString::fromStdString(spin)),
            attached.err.constData());
        // Two callbacks blocked: the timer's and the request's, whose stacks run through the route.
        QVERIFY(trace.blockProfiles.all().size() >= 2);
        bool routeSeen = false;
        for (const BlockProfile& profile : trace.blockProfiles.all()) {
            for (const BlockProfile::Stack& stack : profile.stacks) {
                for (const std::uint32_t frame : stack.frames)
                    routeSeen = routeSeen || trace.strings.at(frame).find(at + ":12:") != std::string::npos;
            }
        }
        QVERIFY2(routeSeen, "the slow route's callback was not sampled");

        // The request's callbacks (its headers', its end's) are named by the server's request listener: an
        // anonymous one by the place it was created.
        const Labels labels = labelsOf(trace);
        const std::string request = "HTTPINCOMINGMESSAGE (anonymous, created at " + at + ":11:34)";
        QVERIFY2(labels.counts.count(request) == 1, request.c_str());
        QVERIFY(labels.counts.at(request) >= 1);
        QCOMPARE(labels.kinds.at(request), CallbackKind::Io);
        QCOMPARE(labels.counts.count("HTTPINCOMINGMESSAGE"), std::size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestAttachNames)
#include "tst_attachnames.moc"
