// How an attached program's run ends when LoopScope ends first: a supervisor's SIGTERM, a hang-up, an
// interrupt, --timeout-ms, a kill, a closed window or a lost display. Node never outlives LoopScope
// unless --detach says so, and whatever LoopScope lives to write says how the run ended. A program
// that ended before the probe started, or that cut the probe's stream, is said to have done so.
#include "attach/attachrun.h"
#include "callbacklabels.h"
#include "formats/traceio.h"
#include "requirenode.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <array>
#include <csignal>
#include <cstdlib>
#include <cstring>

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
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

QByteArray readFile(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Waits (up to `ms`) for `condition`, which what the processes do decides, never how fast.
template <typename Condition> bool waitFor(Condition condition, int ms = 30000)
{
    QElapsedTimer waited;
    waited.start();
    while (!condition() && waited.elapsed() < ms)
        QTest::qWait(10);
    return condition();
}

// True while process `pid` runs: it exists and is not a zombie (whoever adopted an orphan may not reap it).
bool running(qint64 pid)
{
    const QByteArray stat = readFile(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype name = stat.lastIndexOf(')');
    if (name < 0 || name + 2 >= stat.size())
        return false;
    const char state = stat.at(name + 2);
    return state != 'Z' && state != 'X';
}

// The sockets process `pid` holds open.
int sockets(qint64 pid)
{
    int count = 0;
    const QString fds = QStringLiteral("/proc/%1/fd").arg(pid);
    for (const QString& fd : QDir(fds).entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        char target[64] = {};
        const QByteArray path = QFile::encodeName(fds + QLatin1Char('/') + fd);
        if (::readlink(path.constData(), target, sizeof target - 1) > 0)
            count += std::strncmp(target, "socket:", 7) == 0;
    }
    return count;
}

// A server on loopback, which runs until it is ended. Once it listens it writes its pid to the file its
// first argument names; its second says how it behaves: 'ignore-sigterm', 'sigint-exits-7', 'heartbeat' (a count in
// FILE.beat, written every 20 ms, so that a test can see it still runs without reading its output), or
// 'close-probe-socket' (every socket but its own listening one closed before it says it listens: the
// probe can no longer hear LoopScope go).
const QByteArray Server = R"(const fs = require('fs');
const [pidFile, mode] = process.argv.slice(2);
if (mode === 'ignore-sigterm') process.on('SIGTERM', () => {});
if (mode === 'sigint-exits-7') process.on('SIGINT', () => process.exit(7));
if (mode === 'heartbeat') {
  let beats = 0;
  setInterval(() => fs.writeFileSync(pidFile + '.beat', String(++beats)), 20);
}
const server = require('http').createServer((request, response) => response.end('ok'));
server.listen(0, '127.0.0.1', () => {
  if (mode === 'close-probe-socket') {
    for (const fd of fs.readdirSync('/proc/self/fd')) {
      let target = '';
      try { target = fs.readlinkSync('/proc/self/fd/' + fd); } catch {}
      if (target.startsWith('socket:') && Number(fd) !== server._handle.fd) fs.closeSync(Number(fd));
    }
  }
  fs.writeFileSync(pidFile + '.tmp', String(process.pid));
  fs.renameSync(pidFile + '.tmp', pidFile);
});
)";

// The program's pid, once it has written it.
qint64 pidIn(const QString& pidFile)
{
    bool ok = false;
    const qint64 pid = readFile(pidFile).toLongLong(&ok);
    return ok ? pid : 0;
}

// Kills a program still running when a test ends, however it failed: an orphan must not outlive the test.
struct Leftover
{
    qint64 pid = 0;
    ~Leftover()
    {
        if (pid > 0 && running(pid))
            ::kill(pid_t(pid), SIGKILL);
    }
};

// Starts LoopScope in a process group of its own, so that a signal to its group reaches no test.
void startLoopScope(QProcess& process, const QStringList& arguments,
    const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    process.setProcessEnvironment(environment);
    process.setChildProcessModifier([] { ::setpgid(0, 0); });
    process.start(QStringLiteral(LOOPSCOPE_EXECUTABLE), arguments);
}

QByteArray describe(QProcess& process, const QByteArray& err)
{
    return "exit " + QByteArray::number(process.exitCode())
        + (process.exitStatus() == QProcess::CrashExit ? " (crashed)" : "") + ", stderr: " + err;
}

struct Written
{
    Recording recording;
    std::string text;
    std::string error;
};

void readBack(const QString& tracePath, Written& into)
{
    into.text = readFile(tracePath).toStdString();
    readTrace(tracePath.toStdString(), into.recording, &into.error);
}

std::size_t callbacks(const Recording& recording, const std::string& label)
{
    std::size_t count = 0;
    const EventLog& log = recording.mainLog();
    for (std::size_t i = 0; i < log.size(); ++i) {
        const Record r = log[i];
        count += r.type == RecordType::Callback && labelledAs(recording.strings.at(r.label), label);
    }
    return count;
}

} // namespace

class TestAttachLifecycle : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        REQUIRE_NODE();
        QVERIFY2(QFileInfo::exists(QStringLiteral(LOOPSCOPE_PROBE_DIR "/loopscope_probe.node")),
            "the probe was not built (Node.js headers missing?)");
    }

    // A supervisor's SIGTERM, a hang-up or an interrupt to a headless LoopScope ends the program (SIGTERM,
    // then SIGKILL after the grace), then the trace and the summary are written and say so; LoopScope
    // exits with 128 + the signal it got.
    void aSignalEndsTheProgramThenTheRecordingIsWritten_data()
    {
        QTest::addColumn<int>("signalNumber");
        QTest::addColumn<bool>("toTheGroup");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("programEndedBy");
        QTest::addColumn<QByteArray>("said");
        QTest::newRow("SIGTERM") << int(SIGTERM) << false << QString() << int(SIGTERM)
                                 << QByteArray("Ended by LoopScope on SIGTERM (signal 15)\n");
        QTest::newRow("SIGHUP") << int(SIGHUP) << false << QString() << int(SIGTERM)
                                << QByteArray("Ended by LoopScope on SIGHUP (signal 1)\n");
        QTest::newRow("SIGINT") << int(SIGINT) << false << QString() << int(SIGTERM)
                                << QByteArray("Ended by LoopScope on SIGINT (signal 2)\n");
        // `kill -TERM -PGID`, as a terminal's or a container's end sends it: node gets it itself too.
        QTest::newRow("SIGTERM to the process group") << int(SIGTERM) << true << QString() << int(SIGTERM)
                                                      << QByteArray("Ended by LoopScope on SIGTERM (signal 15)\n");
        QTest::newRow("SIGTERM, which the program ignores")
            << int(SIGTERM) << false << QStringLiteral("ignore-sigterm") << int(SIGKILL)
            << QByteArray("Ended by LoopScope on SIGTERM (signal 15)\n");
    }

    void aSignalEndsTheProgramThenTheRecordingIsWritten()
    {
        QFETCH(int, signalNumber);
        QFETCH(bool, toTheGroup);
        QFETCH(QString, mode);
        QFETCH(int, programEndedBy);
        QFETCH(QByteArray, said);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QProcess loopscope;
        startLoopScope(loopscope,
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), trace,
                QStringLiteral("--attach"), script, pidFile, mode });
        Leftover node;
        QVERIFY2(waitFor([&] { return (node.pid = pidIn(pidFile)) > 0; }), "the program never listened");
        const pid_t target = toTheGroup ? -pid_t(loopscope.processId()) : pid_t(loopscope.processId());
        QCOMPARE(::kill(target, signalNumber), 0);
        QVERIFY(loopscope.waitForFinished(60000));
        const QByteArray err = loopscope.readAllStandardError();
        QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == 128 + signalNumber,
            describe(loopscope, err).constData());
        QVERIFY2(waitFor([&] { return !running(node.pid); }), "the program outlived LoopScope");

        Written written;
        readBack(trace, written);
        QVERIFY2(written.error.empty(), written.error.c_str());
        QCOMPARE(written.recording.info.exitSignal, programEndedBy);
        QCOMPARE(written.recording.info.stoppedBy, RecordingInfo::StoppedBy::Signal);
        QCOMPARE(written.recording.info.stopSignal, signalNumber);
        QVERIFY(written.recording.info.aborted);
        QVERIFY(!written.recording.info.detached);
        const std::string fields = "\"stoppedBy\":\"signal\",\"stopSignal\":" + std::to_string(signalNumber);
        QVERIFY2(written.text.find(fields) != std::string::npos,
            written.text.substr(written.text.rfind("otherData")).c_str());
        QVERIFY2(err.contains(said), err.constData());
        QVERIFY2(err.contains("Program ended by signal " + QByteArray::number(programEndedBy) + '\n'), err.constData());
        QVERIFY2(err.contains("ABORTED\n"), err.constData());
    }

    // Ctrl+C at the terminal reaches the program itself (the terminal's foreground process group): it
    // decides how to end, and LoopScope records until it has and exits with its status, stopping nothing.
    void ctrlCAtTheTerminalIsTheProgramsToAnswer_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("exitStatus");
        QTest::addColumn<int>("exitSignal");
        QTest::newRow("the program's own handler") << QStringLiteral("sigint-exits-7") << 7 << 7 << 0;
        QTest::newRow("node's default") << QString() << 128 + SIGINT << -1 << int(SIGINT);
    }

    void ctrlCAtTheTerminalIsTheProgramsToAnswer()
    {
        QFETCH(QString, mode);
        QFETCH(int, exitCode);
        QFETCH(int, exitStatus);
        QFETCH(int, exitSignal);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        // LoopScope on a terminal of its own, in its foreground process group.
        const int terminal = ::posix_openpt(O_RDWR | O_NOCTTY);
        QVERIFY(terminal >= 0 && ::grantpt(terminal) == 0 && ::unlockpt(terminal) == 0);
        const QByteArray side = ::ptsname(terminal);
        QProcess loopscope;
        loopscope.setChildProcessModifier([side] {
            ::setsid();
            const int fd = ::open(side.constData(), O_RDWR);
            ::ioctl(fd, TIOCSCTTY, 0);
            for (int standard = 0; standard < 3; ++standard)
                ::dup2(fd, standard);
        });
        loopscope.start(QStringLiteral(LOOPSCOPE_EXECUTABLE),
            { QStringLiteral("--headless"), QStringLiteral("--trace"), trace, QStringLiteral("--attach"), script,
                pidFile, mode });
        // What they write to the terminal is read and let go, so that no write waits for room.
        const auto drain = [terminal] {
            char buffer[4096];
            while (::poll(std::array { pollfd { terminal, POLLIN, 0 } }.data(), 1, 0) > 0
                && ::read(terminal, buffer, sizeof buffer) > 0) { }
        };
        Leftover node;
        QVERIFY2(waitFor([&] {
            drain();
            return (node.pid = pidIn(pidFile)) > 0;
        }),
            "the program never listened");
        QCOMPARE(::write(terminal, "\x03", 1), ssize_t(1));
        QVERIFY(waitFor([&] {
            drain();
            return loopscope.state() == QProcess::NotRunning;
        }));
        ::close(terminal);
        QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == exitCode,
            describe(loopscope, {}).constData());
        Written written;
        readBack(trace, written);
        QVERIFY2(written.error.empty(), written.error.c_str());
        QCOMPARE(written.recording.info.exitStatus, exitStatus);
        QCOMPARE(written.recording.info.exitSignal, exitSignal);
        QCOMPARE(written.recording.info.stoppedBy, RecordingInfo::StoppedBy::None);
        QVERIFY(!written.recording.info.aborted);
    }

    // --timeout-ms ends an attached program as it aborts a run of LoopScope's own: exit status 3, the
    // trace written and marked.
    void theTimeoutEndsTheProgram()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QProcess loopscope;
        startLoopScope(loopscope,
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), trace,
                QStringLiteral("--timeout-ms"), QStringLiteral("3000"), QStringLiteral("--attach"), script, pidFile });
        Leftover node;
        QVERIFY2(waitFor([&] { return (node.pid = pidIn(pidFile)) > 0; }), "the program never listened");
        QVERIFY(loopscope.waitForFinished(60000));
        const QByteArray err = loopscope.readAllStandardError();
        QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == 3,
            describe(loopscope, err).constData());
        QVERIFY2(waitFor([&] { return !running(node.pid); }), "the program outlived LoopScope");
        Written written;
        readBack(trace, written);
        QVERIFY2(written.error.empty(), written.error.c_str());
        QCOMPARE(written.recording.info.exitSignal, SIGTERM);
        QCOMPARE(written.recording.info.stoppedBy, RecordingInfo::StoppedBy::Timeout);
        QCOMPARE(written.recording.info.timeoutMs, 3000);
        QVERIFY(written.recording.info.aborted);
        QVERIFY(written.text.find("\"stoppedBy\":\"timeout\",\"timeoutMs\":3000") != std::string::npos);
        QVERIFY2(err.contains("Ended by LoopScope: timed out after 3000 ms (--timeout-ms)\n"), err.constData());
    }

    // LoopScope killed outright, headless or with its window: the probe hears its socket hang up and ends
    // the program as a kill would (SIGTERM, then SIGKILL after the grace).
    void aKilledLoopScopeTakesTheProgramWithIt_data()
    {
        QTest::addColumn<bool>("window");
        QTest::addColumn<QString>("mode");
        QTest::newRow("headless") << false << QString();
        QTest::newRow("headless, the program ignores SIGTERM") << false << QStringLiteral("ignore-sigterm");
        QTest::newRow("the window") << true << QString();
    }

    void aKilledLoopScopeTakesTheProgramWithIt()
    {
        QFETCH(bool, window);
        QFETCH(QString, mode);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        QStringList arguments { QStringLiteral("--attach"), script, pidFile, mode };
        if (!window)
            arguments.prepend(QStringLiteral("--headless"));
        QProcess loopscope;
        startLoopScope(loopscope, arguments);
        Leftover node;
        QVERIFY2(waitFor([&] { return (node.pid = pidIn(pidFile)) > 0; }), "the program never listened");
        loopscope.kill();
        QVERIFY(loopscope.waitForFinished(60000));
        QVERIFY2(waitFor([&] { return !running(node.pid); }), "the program outlived LoopScope");
    }

    // --detach: the program runs on when LoopScope ends, killed or not, and the probe lets go of it (its
    // socket closed); what LoopScope lives to write says it left the program running.
    void detachLeavesTheProgramRunning_data()
    {
        QTest::addColumn<int>("signalNumber");
        QTest::newRow("SIGTERM") << int(SIGTERM);
        QTest::newRow("SIGKILL") << int(SIGKILL);
    }

    void detachLeavesTheProgramRunning()
    {
        QFETCH(int, signalNumber);
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QProcess loopscope;
        startLoopScope(loopscope,
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), trace,
                QStringLiteral("--detach"), QStringLiteral("--attach"), script, pidFile, QStringLiteral("heartbeat") });
        Leftover node;
        QVERIFY2(waitFor([&] { return (node.pid = pidIn(pidFile)) > 0; }), "the program never listened");
        // Its listening socket and the probe's.
        QCOMPARE(sockets(node.pid), 2);
        QCOMPARE(::kill(pid_t(loopscope.processId()), signalNumber), 0);
        QVERIFY(loopscope.waitForFinished(60000));
        const QByteArray err = loopscope.readAllStandardError();
        const QString beats = pidFile + QStringLiteral(".beat");
        const int beatsThen = readFile(beats).toInt();
        QVERIFY2(waitFor([&] { return readFile(beats).toInt() >= beatsThen + 10; }), "the program stopped");
        QVERIFY(running(node.pid));
        QVERIFY2(waitFor([&] { return sockets(node.pid) == 1; }), "the probe kept its socket");
        if (signalNumber == SIGKILL)
            return;
        QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == 128 + signalNumber,
            describe(loopscope, err).constData());
        Written written;
        readBack(trace, written);
        QVERIFY2(written.error.empty(), written.error.c_str());
        QVERIFY(written.recording.info.detached);
        QCOMPARE(written.recording.info.stoppedBy, RecordingInfo::StoppedBy::Signal);
        QCOMPARE(written.recording.info.exitStatus, -1);
        QCOMPARE(written.recording.info.exitSignal, 0);
        QVERIFY(written.text.find("\"detached\":true") != std::string::npos);
        QVERIFY2(
            err.contains("Left running by LoopScope on SIGTERM (signal 15), as --detach asked\n"), err.constData());
        QVERIFY2(!err.contains("Program ended by signal"), err.constData());
    }

    // A node that ends before the probe starts is said to have ended so, not taken for one too old for it.
    void aProgramEndedBeforeTheProbeStartedIsSaidSo_data()
    {
        QTest::addColumn<QByteArray>("fakeNode");
        QTest::addColumn<QString>("said");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("killed") << QByteArray("#!/bin/sh\nkill -KILL $$\n")
                                << QStringLiteral("node was ended by signal 9 before the probe started") << 128 + 9;
        QTest::newRow("exit 7") << QByteArray("#!/bin/sh\nexit 7\n") << QStringLiteral("node exited with status 7")
                                << 7;
    }

    void aProgramEndedBeforeTheProbeStartedIsSaidSo()
    {
        QFETCH(QByteArray, fakeNode);
        QFETCH(QString, said);
        QFETCH(int, exitCode);
        QTemporaryDir dir;
        const QString node = writeScript(dir, QStringLiteral("node"), fakeNode);
        QVERIFY(QFile::setPermissions(node, QFile::ReadOwner | QFile::ExeOwner));
        wire::AttachOptions options;
        options.probeDir = LOOPSCOPE_PROBE_DIR;
        options.script = "app.js";
        options.node = node.toStdString();
        Recording recording;
        const wire::AttachResult result = wire::attach(options, recording);
        QVERIFY(result.started);
        QVERIFY(!result.probed);
        QCOMPARE(result.exitCode, exitCode);
        QVERIFY2(result.streamError.find(said.toStdString()) != std::string::npos, result.streamError.c_str());
        if (exitCode > 128)
            QVERIFY2(result.streamError.find("Node.js 18") == std::string::npos, result.streamError.c_str());
    }

    // The same with the real node, which a bad NODE_OPTIONS stops before it runs anything.
    void aNodeThatRefusesItsOptionsIsSaidSo()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("app.js"), "console.log('never');\n");
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("NODE_OPTIONS"), QStringLiteral("--no-such-option-anywhere"));
        QProcess loopscope;
        startLoopScope(loopscope, { QStringLiteral("--headless"), QStringLiteral("--attach"), script }, environment);
        QVERIFY(loopscope.waitForFinished(60000));
        const QByteArray err = loopscope.readAllStandardError();
        QVERIFY2(loopscope.exitCode() == 9, describe(loopscope, err).constData());
        QVERIFY2(err.contains("node exited with status 9"), err.constData());
    }

    // A program that closes the probe's socket (here every socket it holds) runs on as it would; the
    // recording keeps what came and says where the stream was lost.
    void aLostStreamIsSaidSo()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("closer.js"), R"(const fs = require('fs');
let ticks = 0;
const timer = setInterval(() => {
  if (++ticks < 20) return;
  clearInterval(timer);
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    let target = '';
    try { target = fs.readlinkSync('/proc/self/fd/' + fd); } catch {}
    if (target.startsWith('socket:')) fs.closeSync(Number(fd));
  }
  setTimeout(() => console.log('still running'), 300);
}, 5);
)");
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QProcess loopscope;
        startLoopScope(loopscope,
            { QStringLiteral("--headless"), QStringLiteral("--summary"), QStringLiteral("--trace"), trace,
                QStringLiteral("--attach"), script });
        QVERIFY(loopscope.waitForFinished(60000));
        const QByteArray err = loopscope.readAllStandardError();
        QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == 0,
            describe(loopscope, err).constData());
        QCOMPARE(loopscope.readAllStandardOutput(), QByteArray("still running\n"));
        Written written;
        readBack(trace, written);
        QVERIFY2(written.error.empty(), written.error.c_str());
        // What came before is kept: the interval's first ticks, at least.
        QVERIFY(callbacks(written.recording, "Timeout") >= 10);
        QVERIFY(written.recording.info.streamLostNs > 0);
        QCOMPARE(written.recording.info.exitStatus, 0);
        QVERIFY(written.text.find("\"streamLostNs\":") != std::string::npos);
        QVERIFY2(err.contains("The probe's stream was lost at "), err.constData());
        QVERIFY2(err.contains("the probe's stream was lost at "), err.constData());
    }

    // The window closed (here by SIGTERM, which closes it) ends the program before the recording is
    // written, and the recording says so.
    void closingTheWindowEndsTheProgram()
    {
        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        QProcess loopscope;
        startLoopScope(loopscope,
            { QStringLiteral("--summary"), QStringLiteral("--trace"), trace, QStringLiteral("--attach"), script,
                pidFile });
        Leftover node;
        QVERIFY2(waitFor([&] { return (node.pid = pidIn(pidFile)) > 0; }), "the program never listened");
        QCOMPARE(::kill(pid_t(loopscope.processId()), SIGTERM), 0);
        QVERIFY(loopscope.waitForFinished(60000));
        const QByteArray err = loopscope.readAllStandardError();
        QVERIFY2(loopscope.exitStatus() == QProcess::NormalExit && loopscope.exitCode() == 0,
            describe(loopscope, err).constData());
        QVERIFY2(waitFor([&] { return !running(node.pid); }), "the program outlived LoopScope");
        Written written;
        readBack(trace, written);
        QVERIFY2(written.error.empty(), written.error.c_str());
        QCOMPARE(written.recording.info.exitSignal, SIGTERM);
        QCOMPARE(written.recording.info.stoppedBy, RecordingInfo::StoppedBy::Window);
        QVERIFY(written.text.find("\"stoppedBy\":\"window\"") != std::string::npos);
        QVERIFY2(err.contains("Ended by LoopScope: its window closed\n"), err.constData());
    }

    // The X server goes away: Qt ends the process at once (exit(1) from the display's connection), and the
    // program is ended with it, by LoopScope on its way out even where the probe cannot hear it go.
    void aLostDisplayEndsTheProgram_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::newRow("a server") << QString();
        QTest::newRow("a server that closed the probe's socket") << QStringLiteral("close-probe-socket");
    }

    void aLostDisplayEndsTheProgram()
    {
        QFETCH(QString, mode);
        const QString xvfb = QStandardPaths::findExecutable(QStringLiteral("Xvfb"));
        if (xvfb.isEmpty())
            QSKIP("Xvfb is not installed (scripts/install-deps.sh installs it)");
        QProcess server;
        // -displayfd: the server picks a free display and writes its number once it accepts connections.
        server.start(xvfb,
            { QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-nolisten"), QStringLiteral("tcp") });
        QVERIFY(waitFor([&] { return server.canReadLine() || server.state() == QProcess::NotRunning; }));
        const QByteArray display = server.readLine().trimmed();
        QVERIFY2(!display.isEmpty(), server.readAllStandardError().constData());

        QTemporaryDir dir;
        const QString script = writeScript(dir, QStringLiteral("server.js"), Server);
        const QString pidFile = dir.filePath(QStringLiteral("pid"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("DISPLAY"), QStringLiteral(":") + QString::fromLatin1(display));
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
        // Qt ends the process with exit(1) from under the running event loop, its application and every
        // widget still on main's stack: a leak checker's report at that exit lists all of Qt's (under ASan
        // it took over a minute to write on a busy machine). The leaks are by design; what is tested is
        // that the program goes with LoopScope.
        if (const QString asan = environment.value(QStringLiteral("ASAN_OPTIONS")); !asan.isEmpty())
            environment.insert(QStringLiteral("ASAN_OPTIONS"), asan + QStringLiteral(":detect_leaks=0"));
        QProcess loopscope;
        startLoopScope(loopscope, { QStringLiteral("--attach"), script, pidFile, mode }, environment);
        Leftover node;
        QVERIFY2(waitFor([&] { return (node.pid = pidIn(pidFile)) > 0; }), "the program never listened");
        server.kill();
        QVERIFY(server.waitForFinished(30000));
        QVERIFY2(loopscope.waitForFinished(60000), "LoopScope outlived its display");
        QVERIFY2(waitFor([&] { return !running(node.pid); }), "the program outlived LoopScope");
    }
};

QTEST_MAIN(TestAttachLifecycle)
#include "tst_attachlifecycle.moc"
