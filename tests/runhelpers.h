#pragma once

#include "catalog/scenariocatalog.h"
#include "program/program.h"
#include "requirenode.h"
#include "session/session.h"

#include <QByteArray>
#include <QFile>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <cerrno>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

// Shared by the engine tests: run a program to the end and keep what it printed and recorded.
struct RunResult
{
    QStringList lines;
    std::unique_ptr<loopscope::Session> session;
    bool finished = false;
};

inline loopscope::Program parseOrFail(
    const QByteArray& json, const std::vector<std::pair<std::string, std::string>>& overrides = {})
{
    auto parsed
        = loopscope::parseProgram(std::string_view(json.constData(), std::size_t(json.size())), "test.json", overrides);
    if (auto* error = std::get_if<loopscope::ProgramError>(&parsed))
        qFatal("bad test program: %s", error->toString().c_str());
    return std::get<loopscope::Program>(std::move(parsed));
}

// What the views show at one step of a run: the console so far and how many items wait in each queue.
struct StepState
{
    QStringList console;
    std::size_t timers, immediates, nextTicks, microtasks;
};

inline bool operator==(const StepState& a, const StepState& b)
{
    return a.console == b.console && a.timers == b.timers && a.immediates == b.immediates && a.nextTicks == b.nextTicks
        && a.microtasks == b.microtasks;
}

// How QCOMPARE prints one.
inline char* toString(const StepState& s)
{
    return qstrdup(qPrintable(QStringLiteral("[%1] timers %2 immediates %3 nextTicks %4 microtasks %5")
                                  .arg(s.console.join(QStringLiteral(" | ")))
                                  .arg(s.timers)
                                  .arg(s.immediates)
                                  .arg(s.nextTicks)
                                  .arg(s.microtasks)));
}

// guess-order stepped by callback from "paused before main", live or replayed: the main module queues
// the readFile; after the readFile callback's body each queue holds the one thing it queued; then
// the nextTick, the promise job, the immediate and the timer run in Node's order.
inline QList<StepState> guessOrderSteps()
{
    return {
        { {}, 0, 0, 0, 0 },
        { { "readFile callback" }, 1, 1, 1, 1 },
        { { "readFile callback", "process.nextTick" }, 1, 1, 0, 1 },
        { { "readFile callback", "process.nextTick", "promise.then" }, 1, 1, 0, 0 },
        { { "readFile callback", "process.nextTick", "promise.then", "setImmediate" }, 1, 0, 0, 0 },
        { { "readFile callback", "process.nextTick", "promise.then", "setImmediate", "setTimeout 0" }, 0, 0, 0, 0 },
    };
}

// A built-in scenario, loaded as the app loads it.
inline loopscope::Program loadScenario(const QString& name, const ScenarioCatalog::Overrides& overrides = {})
{
    auto loaded = ScenarioCatalog::loadScenario(name, overrides);
    if (auto* error = std::get_if<QString>(&loaded))
        qFatal("bad scenario %s: %s", qPrintable(name), qPrintable(*error));
    return std::get<loopscope::Program>(std::move(loaded));
}

// How long a scenario may take to run to its end: a CPU-bound one (compute-immediate's hashing) runs
// ten times slower or more under ThreadSanitizer, and CI runs two tests at once.
#if defined(__SANITIZE_THREAD__)
inline constexpr int ScenarioRunMs = 240000;
#else
inline constexpr int ScenarioRunMs = 30000;
#endif

// Runs `program` to its end with Node's costs modelled as `costs` (by default as the app does).
inline RunResult runProgram(loopscope::Program program, int timeoutMs = ScenarioRunMs,
    const loopscope::NodeCosts& costs = loopscope::NodeCosts::node20())
{
    RunResult result;
    auto lines = std::make_shared<QStringList>();
    loopscope::SessionOptions options;
    options.costs = costs;
    options.onLog = [lines](std::string_view line) { lines->append(QString::fromUtf8(line.data(), int(line.size()))); };
    result.session = std::make_unique<loopscope::Session>(std::move(program), options);
    result.session->start();
    result.finished = result.session->waitFinished(timeoutMs);
    if (!result.finished)
        result.session->abort();
    result.session->stop();
    result.lines = *lines;
    // Every run ends as libuv's own tests do: the loop closes (no handle, no request, no pool work left).
    QTest::qVerify(
        result.session->closeResult() == 0, "closeResult() == 0", "uv_loop_close() failed", __FILE__, __LINE__);
    QTest::qVerify(result.session->handlesLeftOpen() == 0, "handlesLeftOpen() == 0", "the run left libuv handles open",
        __FILE__, __LINE__);
    return result;
}

// What `node` writes on `fd` (1 or 2) running `script` (an ES module when `esm`); the other output is
// discarded. Empty with *ok false when node is missing or the script does not end with status 0.
inline QByteArray runScriptInNode(const std::string& script, bool esm, int fd, bool* ok)
{
    *ok = false;
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        return {};
    QTemporaryDir dir;
    const QString path = dir.filePath(esm ? QStringLiteral("program.mjs") : QStringLiteral("program.js"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QByteArray::fromStdString(script));
    file.close();
    // posix_spawn, not QProcess: Qt 6.4 starts a child with clone(CLONE_VM | CLONE_VFORK), and the
    // clone hook of GCC 12's ThreadSanitizer then runs its fork-child code on the parent's own state.
    // That leaves the test's main thread ignoring synchronisation for the rest of the run, so every
    // thread it starts later looks unordered with its earlier writes (false races in the engine).
    // glibc's posix_spawn clones internally, where TSan does not hook.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0)
        return {};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], fd);
    posix_spawn_file_actions_addopen(
        &actions, fd == STDOUT_FILENO ? STDERR_FILENO : STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    const QByteArray nodePath = QFile::encodeName(node);
    const QByteArray scriptPath = QFile::encodeName(path);
    char* argv[] = { const_cast<char*>(nodePath.constData()), const_cast<char*>(scriptPath.constData()), nullptr };
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, nodePath.constData(), &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    QByteArray output;
    if (spawned == 0) {
        char buffer[4096];
        for (;;) {
            const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
            if (n > 0)
                output.append(buffer, qsizetype(n));
            else if (n == 0 || errno != EINTR)
                break;
        }
    }
    ::close(fds[0]);
    if (spawned != 0)
        return {};
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    *ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return output;
}

// What `node` prints for the program's emitted script; empty with *ok false when node is missing.
inline QStringList runInNode(const loopscope::Program& program, bool* ok)
{
    const QByteArray output
        = runScriptInNode(loopscope::emitJs(program), program.module == loopscope::ModuleKind::Esm, STDOUT_FILENO, ok);
    QString out = QString::fromUtf8(output);
    if (out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    return out.isEmpty() ? QStringList() : out.split(QLatin1Char('\n'));
}
