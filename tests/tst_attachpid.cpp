// Attaching to a Node.js process that runs already (loopscope --attach-pid): a real HTTP server is attached
// to, watched, and let go of, and must go on serving exactly as before; the processes LoopScope cannot
// attach to are refused in one line and left untouched. The protocol's and /proc's parts on plain data.
#include "attach/nodeprocesses.h"
#include "attach/processattach.h"
#include "callbacklabels.h"
#include "inspector/inspectorclient.h"
#include "requirenode.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>

using namespace loopscope;

namespace {

// A server that prints a line for each request but /state, which says what attaching could have changed.
const QByteArray Server = R"(const http = require('http');
let served = 0;
const server = http.createServer((request, response) => {
  if (request.url === '/state') {
    let hooks = null;
    try {
      process.noDeprecation = true; // process.binding() would warn on stderr
      const { async_hook_fields: fields, constants } = process.binding('async_wrap');
      process.noDeprecation = false;
      hooks = fields[constants.kInit] + fields[constants.kBefore] + fields[constants.kAfter];
    } catch {
      // Node 24: no binding to ask.
    }
    response.end(JSON.stringify({ inspector: require('inspector').url() ?? null, execArgv: process.execArgv,
      exitListeners: process.listenerCount('exit'), hooks }));
    return;
  }
  served += 1;
  console.log(`request ${served} ${request.url}`);
  response.end(`answer ${served}\n`);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
)";

// Node's own lines on a process's stderr when its inspector is opened and a session comes.
bool isInspectorMessage(const QString& line)
{
    return line.startsWith(QLatin1String("Debugger listening on ws://127.0.0.1:"))
        || line.startsWith(QLatin1String("For help, see: https://nodejs.org/"))
        || line == QLatin1String("Debugger attached.");
}

// GET `path` from 127.0.0.1:`port`: the body, or empty.
QByteArray get(int port, const QByteArray& path)
{
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), quint16(port));
    if (!socket.waitForConnected(5000))
        return {};
    socket.write("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    QByteArray response;
    while (socket.waitForReadyRead(5000))
        response += socket.readAll();
    const qsizetype body = response.indexOf("\r\n\r\n");
    return body < 0 ? QByteArray() : response.mid(body + 4);
}

// The process's descriptors from `lowest` up (the probe's socket lies at wire::ProbeFdFloor or above).
int openDescriptors(qint64 pid, int lowest)
{
    int open = 0;
    for (const QString& fd :
        QDir(QStringLiteral("/proc/%1/fd").arg(pid)).entryList(QDir::NoDotAndDotDot | QDir::System))
        open += fd.toInt() >= lowest;
    return open;
}

// A node from scripts/install-node-versions.sh's cache that has --disable-sigusr1 (22.14 and later), or empty.
QString nodeWithDisableSigusr1()
{
    const QString xdg = qEnvironmentVariable("XDG_CACHE_HOME");
    const QDir cache(
        (xdg.isEmpty() ? QDir::homePath() + QStringLiteral("/.cache") : xdg) + QStringLiteral("/loopscope/node"));
    for (const QString& version : cache.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name | QDir::Reversed)) {
        const QStringList parts = version.split(QLatin1Char('.'));
        if (parts.size() == 3 && (parts[0].toInt() > 22 || (parts[0].toInt() == 22 && parts[1].toInt() >= 14)))
            return cache.filePath(version + QStringLiteral("/bin/node"));
    }
    return {};
}

} // namespace

class TestAttachPid : public QObject
{
    Q_OBJECT

private slots:
    void listeningSocketsFromProcNetTcp();
    void inspectorPortFromOptions_data();
    void inspectorPortFromOptions();
    void nodeExecutables();
    void probeExpressionIsOneCall();
    void inspectorProtocol();
    void targetListDoesNotWaitForTheConnectionToClose();
    void attachesToARunningServerAndLeavesItAsItWas();
    void refusesInOneSentence_data();
    void refusesInOneSentence();
};

void TestAttachPid::listeningSocketsFromProcNetTcp()
{
    const std::string text
        = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n"
          "   0: 0100007F:240D 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 3302940 1 0 100 "
          "0 0 10 0\n"
          "   1: 0100007F:8F07 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 3302935 1 0 100 "
          "0 0 10 0\n"
          "   2: 00000000000000000000000000000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 "
          "00:00000000 00000000 0 0 77 1 0 100 0 0 10 0\n";
    const std::map<std::uint64_t, int> sockets = wire::listeningSockets(text);
    QCOMPARE(sockets.size(), std::size_t(2)); // the established one is no listener
    QCOMPARE(sockets.at(3302940), 9229);
    QCOMPARE(sockets.at(77), 8080);
}

void TestAttachPid::inspectorPortFromOptions_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("nodeOptions");
    QTest::addColumn<int>("port");
    QTest::addColumn<bool>("open");
    QTest::newRow("default") << QStringList { "node", "server.js" } << QString() << 9229 << false;
    QTest::newRow("inspect-port") << QStringList { "node", "--inspect-port=0", "server.js" } << QString() << 0 << false;
    QTest::newRow("inspect-port apart") << QStringList { "node", "--inspect-port", "9330", "server.js" } << QString()
                                        << 9330 << false;
    QTest::newRow("inspect") << QStringList { "node", "--inspect", "server.js" } << QString() << 9229 << true;
    QTest::newRow("inspect host:port") << QStringList { "node", "--inspect-brk=127.0.0.1:9400", "a.js" } << QString()
                                       << 9400 << true;
    QTest::newRow("NODE_OPTIONS") << QStringList { "node", "a.js" }
                                  << QStringLiteral("--inspect=9500 --max-old-space-size=100") << 9500 << true;
    QTest::newRow("the program's own option")
        << QStringList { "node", "a.js", "--inspect" } << QString() << 9229 << false;
}

void TestAttachPid::inspectorPortFromOptions()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, nodeOptions);
    QFETCH(int, port);
    QFETCH(bool, open);
    std::vector<std::string> argv;
    for (const QString& argument : arguments)
        argv.push_back(argument.toStdString());
    bool opened = false;
    QCOMPARE(wire::inspectorPort(argv, nodeOptions.toStdString(), &opened), port);
    QCOMPARE(opened, open);
}

void TestAttachPid::nodeExecutables()
{
    QVERIFY(wire::isNodeExecutable("/usr/bin/node"));
    QVERIFY(wire::isNodeExecutable("/usr/bin/nodejs"));
    QVERIFY(wire::isNodeExecutable("node"));
    QVERIFY(!wire::isNodeExecutable("/usr/bin/nodemon"));
    QVERIFY(!wire::isNodeExecutable("/bin/sleep"));
}

void TestAttachPid::probeExpressionIsOneCall()
{
    const std::string expression = wire::probeExpression("/opt/a \"b\"\\c", "loopscope-attach-1-0-2", 10, false, 50);
    QCOMPARE(QString::fromStdString(expression),
        QStringLiteral("(globalThis[Symbol.for('loopscope.attaching')] = true, require(\"/opt/a "
                       "\\\"b\\\"\\\\c/loopscope-probe.js\")"
                       ".attachRunning(\"loopscope-attach-1-0-2\", 10, false, 50))"));
    QCOMPARE(
        QString::fromStdString(wire::javaScriptString("a\nb\xe2\x80\xa8")), QStringLiteral("\"a\\u000ab\\u2028\""));
}

void TestAttachPid::inspectorProtocol()
{
    // (moc reads raw strings inside macro arguments wrongly: each reply is a variable of its own.)
    const QByteArray list = R"([{"id":"x","webSocketDebuggerUrl":"ws://127.0.0.1:9229/x"}])";
    QCOMPARE(inspector::debuggerUrl(list), QUrl(QStringLiteral("ws://127.0.0.1:9229/x")));
    QVERIFY(inspector::debuggerUrl("[]").isEmpty());
    const QJsonObject request = QJsonDocument::fromJson(inspector::evaluateRequest(7, QStringLiteral("1+1"))).object();
    QCOMPARE(request.value(QStringLiteral("method")).toString(), QStringLiteral("Runtime.evaluate"));
    QCOMPARE(request.value(QStringLiteral("id")).toInt(), 7);
    QVERIFY(request.value(QStringLiteral("params")).toObject().value(QStringLiteral("includeCommandLineAPI")).toBool());
    const auto reply = [](const char* json) { return QJsonDocument::fromJson(json).object(); };
    const char* loaded = R"({"id":1,"result":{"result":{"type":"boolean","value":true}}})";
    const char* refused = R"({"id":1,"result":{"result":{"type":"string","value":"no"}}})";
    const char* thrown
        = R"({"id":1,"result":{"result":{},"exceptionDetails":{"text":"Uncaught","exception":{"description":"Error: Cannot find module 'x'\n    at y"}}}})";
    const char* error = R"({"id":1,"error":{"code":-32000,"message":"gone"}})";
    QCOMPARE(inspector::evaluateOutcome(reply(loaded)), QString());
    QCOMPARE(inspector::evaluateOutcome(reply(refused)), QStringLiteral("no"));
    QCOMPARE(
        inspector::evaluateOutcome(reply(thrown)), QStringLiteral("loading it threw Error: Cannot find module 'x'"));
    QCOMPARE(inspector::evaluateOutcome(reply(error)), QStringLiteral("the inspector refused: gone"));
}

// Node's inspector answers GET /json/list in HTTP/1.0 with a Content-Length and keeps the connection open:
// the list is taken as soon as it has come whole. Seen failing: the attach waited out the whole timeout (5 s
// of every attach) for the connection to close.
void TestAttachPid::targetListDoesNotWaitForTheConnectionToClose()
{
    QCOMPARE(inspector::completeBody("HTTP/1.0 200 OK\r\nContent-Length: 4\r\n\r\n[{}]"), QByteArray("[{}]"));
    QCOMPARE(inspector::completeBody("HTTP/1.0 200 OK\r\ncontent-length: 4\r\n\r\n[{}]\r\n"), QByteArray("[{}]"));
    QVERIFY(inspector::completeBody("HTTP/1.0 200 OK\r\nContent-Length: 10\r\n\r\n[{}]").isEmpty());
    QVERIFY(inspector::completeBody("HTTP/1.0 200 OK\r\nContent-Length: 4\r\n").isEmpty());
    QVERIFY(inspector::completeBody("HTTP/1.0 200 OK\r\n\r\n[{}]").isEmpty());

    const QByteArray list = R"([{"webSocketDebuggerUrl":"ws://127.0.0.1:9229/x"}])";
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    QList<QTcpSocket*> kept; // open until the test ends, as Node keeps them
    QObject::connect(&server, &QTcpServer::newConnection, &server, [&] {
        QTcpSocket* socket = server.nextPendingConnection();
        kept.append(socket);
        QObject::connect(socket, &QTcpSocket::readyRead, socket, [socket, list] {
            if (socket->readAll().contains("\r\n\r\n"))
                socket->write("HTTP/1.0 200 OK\r\nContent-Type: application/json; charset=UTF-8\r\nContent-Length: "
                    + QByteArray::number(list.size()) + "\r\n\r\n" + list);
        });
    });
    // A minute's timeout: answered whole, the list comes back long before it.
    QElapsedTimer waited;
    waited.start();
    QCOMPARE(inspector::targetList(server.serverPort(), 60000), list);
    QVERIFY2(waited.elapsed() < 30000, qPrintable(QString::number(waited.elapsed())));
    QCOMPARE(kept.size(), 1);
    QCOMPARE(kept.first()->state(), QAbstractSocket::ConnectedState);
}

void TestAttachPid::attachesToARunningServerAndLeavesItAsItWas()
{
    REQUIRE_NODE();
    QTemporaryDir directory;
    QVERIFY(directory.isValid());
    QFile script(directory.filePath(QStringLiteral("server.js")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(Server);
    script.close();

    // Its inspector on a port of the system's choosing, so that tests running at once do not meet on 9229.
    QProcess server;
    server.start(QStringLiteral("node"), { QStringLiteral("--inspect-port=0"), script.fileName() });
    QVERIFY(server.waitForStarted());
    QByteArray output;
    QTRY_VERIFY_WITH_TIMEOUT((output += server.readAllStandardOutput()).contains('\n'), 10000);
    const int port = output.mid(output.indexOf(' ') + 1).trimmed().toInt();
    QVERIFY(port > 0);
    QCOMPARE(get(port, "/before"), QByteArray("answer 1\n"));
    const QJsonObject before = QJsonDocument::fromJson(get(port, "/state")).object();
    QVERIFY(before.value(QStringLiteral("inspector")).isNull());
    const int descriptors = openDescriptors(server.processId(), wire::ProbeFdFloor);

    const QString trace = directory.filePath(QStringLiteral("attached.json"));
    QProcess loopscope;
    loopscope.start(QStringLiteral(LOOPSCOPE_EXECUTABLE),
        { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), trace,
            QStringLiteral("--attach-pid"), QString::number(server.processId()) });
    QByteArray said;
    QTRY_VERIFY_WITH_TIMEOUT((said += loopscope.readAllStandardError()).contains("attached to process"), 20000);
    QVERIFY2(loopscope.state() == QProcess::Running, said.constData());
    // While attached its inspector is closed again, and the server answers as ever.
    QVERIFY(QJsonDocument::fromJson(get(port, "/state")).object().value(QStringLiteral("inspector")).isNull());
    for (const QByteArray path : { "/a", "/b", "/c" })
        QVERIFY(get(port, path).startsWith("answer"));
    QCOMPARE(openDescriptors(server.processId(), wire::ProbeFdFloor), descriptors + 1); // the probe's socket
    // Ctrl+C ends the watch by detaching: the recording is written, the program runs on.
    ::kill(pid_t(loopscope.processId()), SIGINT);
    QVERIFY(loopscope.waitForFinished(20000));
    said += loopscope.readAllStandardError();
    QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == 0, said.constData());
    QVERIFY2(said.contains("detached from process"), said.constData());
    // The summary (on standard error, beside LoopScope's other words) says the watch ended by detaching,
    // not that the process was ended or left running by --detach.
    QVERIFY2(
        said.contains("Detached by LoopScope on SIGINT (signal 2): the process runs on as before"), said.constData());
    QFile written(trace);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QJsonObject recorded = QJsonDocument::fromJson(written.readAll()).object();
    QVERIFY(
        recorded.value(QStringLiteral("otherData")).toObject().value(QStringLiteral("attachedWhileRunning")).toBool());
    int requestsSeen = 0;
    for (const QJsonValue& event : recorded.value(QStringLiteral("traceEvents")).toArray()) {
        const QJsonObject e = event.toObject();
        requestsSeen += e.value(QStringLiteral("cat")).toString() == QLatin1String("callback")
            && labelledAs(e.value(QStringLiteral("name")).toString().toStdString(), "HTTPINCOMINGMESSAGE");
    }
    QVERIFY2(requestsSeen >= 3, qPrintable(QStringLiteral("%1 requests' callbacks recorded").arg(requestsSeen)));

    QCOMPARE(get(port, "/after"), QByteArray("answer 5\n"));
    QTRY_COMPARE_WITH_TIMEOUT(openDescriptors(server.processId(), wire::ProbeFdFloor), descriptors, 10000);
    const QJsonObject after = QJsonDocument::fromJson(get(port, "/state")).object();
    QCOMPARE(after, before);
    server.terminate();
    QVERIFY(server.waitForFinished());
    output += server.readAllStandardOutput();
    QCOMPARE(output,
        QByteArray("listening " + QByteArray::number(port)
            + "\nrequest 1 /before\nrequest 2 /a\nrequest 3 /b\nrequest 4 /c\nrequest 5 /after\n"));
    // Its standard error holds Node's own words on its inspector, nothing of the probe's.
    for (const QString& line :
        QString::fromUtf8(server.readAllStandardError()).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        QVERIFY2(isInspectorMessage(line), qPrintable(line));
}

void TestAttachPid::refusesInOneSentence_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("sentence");
    QTest::newRow("not node") << QStringLiteral("sleep") << QStringList { QStringLiteral("60") }
                              << QStringLiteral("is not a Node.js process");
    QTest::newRow("inspector open") << QStringLiteral("node")
                                    << QStringList { QStringLiteral("--inspect=127.0.0.1:0"), QStringLiteral("-e"),
                                           QStringLiteral("setInterval(() => {}, 1000)") }
                                    << QStringLiteral("has its inspector open already");
    const QString disabling = nodeWithDisableSigusr1();
    if (!disabling.isEmpty())
        QTest::newRow("--disable-sigusr1") << disabling
                                           << QStringList { QStringLiteral("--disable-sigusr1"), QStringLiteral("-e"),
                                                  QStringLiteral("setInterval(() => {}, 1000)") }
                                           << QStringLiteral("has its inspector disabled");
    QTest::newRow("no such process") << QString() << QStringList() << QStringLiteral("There is no process");
}

void TestAttachPid::refusesInOneSentence()
{
    QFETCH(QString, program);
    QFETCH(QStringList, arguments);
    QFETCH(QString, sentence);
    if (program == QLatin1String("node"))
        REQUIRE_NODE();
    QProcess target;
    qint64 pid = 0;
    if (program.isEmpty()) {
        // A process that ended and was reaped: its number is no one's.
        QProcess finished;
        finished.start(QStringLiteral("sh"), { QStringLiteral("-c"), QStringLiteral("echo $$") });
        QVERIFY(finished.waitForFinished());
        pid = finished.readAllStandardOutput().trimmed().toLongLong();
    } else {
        target.start(program, arguments);
        QVERIFY(target.waitForStarted());
        pid = target.processId();
    }
    QVERIFY(pid > 0);
    QProcess loopscope;
    loopscope.start(QStringLiteral(LOOPSCOPE_EXECUTABLE),
        { QStringLiteral("--headless"), QStringLiteral("--attach-pid"), QString::number(pid) });
    QVERIFY(loopscope.waitForFinished(30000));
    QCOMPARE(loopscope.exitCode(), 2);
    const QString said = QString::fromUtf8(loopscope.readAllStandardError());
    QCOMPARE(said.count(QLatin1Char('\n')), 1);
    QVERIFY2(said.contains(sentence), qPrintable(said));
    if (!program.isEmpty()) {
        QCOMPARE(target.state(), QProcess::Running); // untouched: no signal went to it
        target.kill();
        target.waitForFinished();
    }
}

QTEST_GUILESS_MAIN(TestAttachPid)
#include "tst_attachpid.moc"
