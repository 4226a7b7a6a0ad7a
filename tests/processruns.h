#pragma once

#include <QByteArray>
#include <QList>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <functional>

// A program run to its end, as the tests that compare a program run by node alone with the same program run
// under LoopScope see it: what it printed on each stream, and how it ended.
struct Ran
{
    QByteArray out;
    QByteArray err;
    int exitCode = -1;
    QProcess::ExitStatus status = QProcess::NormalExit;
};

// Runs `program` with `arguments` for at most `timeoutMs`; `inChild`, if given, runs in the child before it
// executes the program (to set up its file descriptors).
inline Ran run(
    const QString& program, const QStringList& arguments, int timeoutMs = 60000, std::function<void()> inChild = {})
{
    QProcess process;
    if (inChild)
        process.setChildProcessModifier(std::move(inChild));
    process.start(program, arguments);
    process.waitForFinished(timeoutMs);
    return { process.readAllStandardOutput(), process.readAllStandardError(), process.exitCode(),
        process.exitStatus() };
}

// The lines of `text`, sorted: for output whose lines may come in either order with the probe or without
// (an immediate and a promisified timer, a worker's line and the pool's callbacks).
inline QList<QByteArray> sortedLines(const QByteArray& text)
{
    QList<QByteArray> lines = text.split('\n');
    std::sort(lines.begin(), lines.end());
    return lines;
}
