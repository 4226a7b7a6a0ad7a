#pragma once

#include "program.h"
#include "session.h"

#include <QByteArray>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

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

inline loopscope::Program loadScenario(
    const QString& name, const std::vector<std::pair<std::string, std::string>>& overrides = {})
{
    QFile file(QStringLiteral(LOOPSCOPE_SOURCE_DIR "/resources/scenarios/%1.json").arg(name));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("missing scenario %s", qPrintable(name));
    return parseOrFail(file.readAll(), overrides);
}

inline RunResult runProgram(loopscope::Program program, int timeoutMs = 30000)
{
    RunResult result;
    auto lines = std::make_shared<QStringList>();
    loopscope::SessionOptions options;
    options.onLog = [lines](std::string_view line) { lines->append(QString::fromUtf8(line.data(), int(line.size()))); };
    result.session = std::make_unique<loopscope::Session>(std::move(program), options);
    result.session->start();
    result.finished = result.session->waitFinished(timeoutMs);
    if (!result.finished)
        result.session->abort();
    result.session->stop();
    result.lines = *lines;
    return result;
}

// What `node` prints for the program's emitted script; empty with *ok false when node is missing.
inline QStringList runInNode(const loopscope::Program& program, bool* ok)
{
    *ok = false;
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        return {};
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("program.js"));
    QFile script(path);
    if (!script.open(QIODevice::WriteOnly))
        return {};
    script.write(QByteArray::fromStdString(loopscope::emitJs(program)));
    script.close();
    QProcess process;
    process.start(node, { path });
    if (!process.waitForFinished(60000))
        return {};
    QString out = QString::fromUtf8(process.readAllStandardOutput());
    if (out.endsWith(QLatin1Char('\n')))
        out.chop(1);
    *ok = process.exitCode() == 0;
    return out.isEmpty() ? QStringList() : out.split(QLatin1Char('\n'));
}
