#include "control/nodeoutputcheck.h"

#include "control/exitcode.h"
#include "control/runoptions.h"
#include "control/terminal.h"
#include "formats/atomicfile.h"

#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>

bool NodeOutputCheck::isNode(const QString& nodePath)
{
    QProcess node;
    node.start(nodePath, { QStringLiteral("--version") });
    if (!node.waitForStarted(10000)) {
        Terminal::printErr(QStringLiteral("loopscope: cannot start '%1': %2").arg(nodePath, node.errorString()));
        return false;
    }
    if (!node.waitForFinished(10000))
        node.kill();
    const QString version = QString::fromUtf8(node.readAllStandardOutput()).trimmed();
    if (node.exitStatus() == QProcess::NormalExit && node.exitCode() == 0
        && QRegularExpression(QStringLiteral("^v\\d+\\.")).match(version).hasMatch())
        return true;
    Terminal::printErr(
        QStringLiteral("loopscope: '%1' is not Node.js: '%1 --version' %2")
            .arg(nodePath,
                node.exitStatus() != QProcess::NormalExit ? QStringLiteral("did not exit normally")
                    : version.isEmpty() ? QStringLiteral("printed nothing (exit status %1)").arg(node.exitCode())
                                        : QStringLiteral("printed '%1'").arg(Terminal::shown(version.left(80)))));
    return false;
}

int NodeOutputCheck::check(const RunOptions& options, const loopscope::Program& program, const std::string& ours,
    int ourStatus, const std::string& ourErrors)
{
    if (!isNode(options.nodePath))
        return exitcode::BadInput;
    QTemporaryDir dir;
    if (!dir.isValid()) {
        Terminal::printErr(QStringLiteral("loopscope: cannot create a temporary directory"));
        return exitcode::InternalError;
    }
    // A fixed name: the program's own name is data from the file and may hold "../". An ES module is
    // program.mjs, so that every Node that can run it does (Node 18 does not detect module syntax).
    const bool esm = program.module == loopscope::ModuleKind::Esm;
    const QString script = dir.filePath(esm ? QStringLiteral("program.mjs") : QStringLiteral("program.js"));
    std::string problem;
    if (!loopscope::writeFileAtomically(script.toStdString(), loopscope::emitJs(program), &problem)) {
        Terminal::printErr(QStringLiteral("loopscope: %1").arg(QString::fromStdString(problem)));
        return exitcode::InternalError;
    }
    QProcess node;
    node.start(options.nodePath, { script });
    if (!node.waitForStarted(10000)) {
        Terminal::printErr(
            QStringLiteral("loopscope: cannot start '%1': %2").arg(options.nodePath, node.errorString()));
        return exitcode::BadInput;
    }
    if (!node.waitForFinished(options.timeoutMs)) {
        node.kill();
        node.waitForFinished();
        Terminal::printErr(QStringLiteral("loopscope: node did not finish within %1 ms").arg(options.timeoutMs));
        return exitcode::Aborted;
    }
    const QStringList theirs = QString::fromUtf8(node.readAllStandardOutput()).split(QLatin1Char('\n'));
    const QStringList mine = QString::fromStdString(ours).split(QLatin1Char('\n'));
    const QString theirErrors = QString::fromUtf8(node.readAllStandardError());
    if (theirs == mine && node.exitCode() != ourStatus) {
        Terminal::printErr(
            QStringLiteral("loopscope: node exited with %1, loopscope with %2").arg(node.exitCode()).arg(ourStatus));
        return exitcode::NodeDiffers;
    }
    if (theirs == mine && !ourErrors.empty() && theirErrors != QString::fromStdString(ourErrors)) {
        Terminal::printErr(QStringLiteral("loopscope: node printed another error on stderr:\n%1").arg(theirErrors));
        return exitcode::NodeDiffers;
    }
    if (theirs == mine) {
        Terminal::printErr(QStringLiteral("loopscope: node agrees: %1 lines").arg(mine.size() - 1));
        return exitcode::Success;
    }
    for (int i = 0; i < std::max(theirs.size(), mine.size()); ++i) {
        const QString a = i < mine.size() ? mine.at(i) : QStringLiteral("(end)");
        const QString b = i < theirs.size() ? theirs.at(i) : QStringLiteral("(end)");
        if (a != b) {
            Terminal::printErr(QStringLiteral("loopscope: line %1 differs: loopscope '%2', node '%3'")
                                   .arg(i + 1)
                                   .arg(Terminal::shown(a), Terminal::shown(b)));
            break;
        }
    }
    return exitcode::NodeDiffers;
}
