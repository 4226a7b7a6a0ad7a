#include "control/nodecomparison.h"

#include "formats/atomicfile.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>

namespace {

// Distinct outputs with their counts, most frequent first; ties keep the order of first appearance.
QList<NodeComparison::Output> distinct(const QList<QStringList>& runs)
{
    QList<NodeComparison::Output> outputs;
    for (const QStringList& run : runs) {
        auto found = std::find_if(outputs.begin(), outputs.end(),
            [&run](const NodeComparison::Output& output) { return output.lines == run; });
        if (found != outputs.end())
            ++found->count;
        else
            outputs.append({ run, 1 });
    }
    std::stable_sort(outputs.begin(), outputs.end(),
        [](const NodeComparison::Output& a, const NodeComparison::Output& b) { return a.count > b.count; });
    return outputs;
}

int indexOf(const QList<NodeComparison::Output>& outputs, const QStringList& lines)
{
    for (int i = 0; i < outputs.size(); ++i) {
        if (outputs.at(i).lines == lines)
            return i;
    }
    return -1;
}

bool racesTimerAgainstImmediate(const loopscope::Block& main)
{
    const auto has = [&main](loopscope::OpKind kind) {
        return std::any_of(main.begin(), main.end(), [kind](const loopscope::Op& op) {
            return op.kind == kind && (kind != loopscope::OpKind::SetTimeout || op.ms <= 1);
        });
    };
    return has(loopscope::OpKind::SetTimeout) && has(loopscope::OpKind::SetImmediate);
}

QString firstLine(const QByteArray& text)
{
    const QString line = QString::fromUtf8(text).trimmed().section(QLatin1Char('\n'), 0, 0);
    return line.isEmpty() ? NodeComparison::tr("(nothing on stderr)") : line.left(300);
}

} // namespace

NodeComparison::Source NodeComparison::Source::fromScenario(
    const QString& name, const ScenarioCatalog::Overrides& overrides)
{
    return { name, {}, overrides };
}

NodeComparison::Source NodeComparison::Source::fromFile(
    const QString& path, const ScenarioCatalog::Overrides& overrides)
{
    return { {}, path, overrides };
}

QString NodeComparison::Source::displayName() const
{
    return scenario.isEmpty() ? QFileInfo(programFile).fileName() : scenario;
}

NodeComparison::NodeComparison(QObject* parent)
    : QObject(parent)
    , m_nodePath(QStringLiteral("node"))
    , m_loopscopePath(QCoreApplication::applicationFilePath())
    , m_timer(new QTimer(this))
{
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &NodeComparison::onTimeout);
}

// Killed processes not reaped yet are waited for here: after SIGKILL that takes a moment, and without
// it QProcess would warn that it was destroyed while running.
NodeComparison::~NodeComparison()
{
    stopProcess();
    for (QProcess* process : findChildren<QProcess*>()) {
        if (process->state() != QProcess::NotRunning)
            process->waitForFinished(1000);
    }
}

void NodeComparison::setNodePath(const QString& path)
{
    m_nodePath = path.trimmed().isEmpty() ? QStringLiteral("node") : path.trimmed();
}

void NodeComparison::setLoopScopePath(const QString& path)
{
    m_loopscopePath = path;
}

bool NodeComparison::start(const Source& source, int runs)
{
    cancel();
    m_result = {};
    m_nodeRuns.clear();
    m_loopscopeRuns.clear();
    m_runs = std::max(1, runs);
    if (!prepare(source)) {
        m_result.verdict = Verdict::Failed;
        return false;
    }
    emit progress(0, 2 * m_runs);
    startNext();
    return true;
}

// Loads the program, writes its script (and for a file, the program) to a fresh temporary directory
// and finds node.
bool NodeComparison::prepare(const Source& source)
{
    const QString resolvedNode = m_nodePath.contains(QLatin1Char('/'))
        ? (QFileInfo(m_nodePath).isExecutable() ? m_nodePath : QString())
        : QStandardPaths::findExecutable(m_nodePath);
    if (resolvedNode.isEmpty()) {
        m_result.error = tr("Node.js was not found ('%1'). Install it with scripts/install-deps.sh, or give the "
                            "path to node.")
                             .arg(m_nodePath);
        return false;
    }
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid()) {
        m_result.error = tr("Cannot create a temporary directory: %1").arg(m_dir->errorString());
        return false;
    }
    QByteArray programText;
    std::variant<loopscope::Program, QString> loaded = tr("Nothing to compare: choose a scenario or open a program.");
    if (!source.scenario.isEmpty()) {
        loaded = ScenarioCatalog::loadScenario(source.scenario, source.overrides);
    } else if (!source.programFile.isEmpty()) {
        QFile file(source.programFile);
        if (!file.open(QIODevice::ReadOnly)) {
            m_result.error = tr("%1: cannot open: %2").arg(source.programFile, file.errorString());
            return false;
        }
        programText = file.read(ScenarioCatalog::MaxProgramBytes + 1);
        if (programText.size() > ScenarioCatalog::MaxProgramBytes) {
            m_result.error = tr("%1: programs larger than %2 MiB are refused")
                                 .arg(source.programFile)
                                 .arg(ScenarioCatalog::MaxProgramBytes / ScenarioCatalog::MiB);
            return false;
        }
        loaded = ScenarioCatalog::parse(programText, source.programFile, source.overrides);
    }
    if (auto* error = std::get_if<QString>(&loaded)) {
        m_result.error = *error;
        return false;
    }
    const loopscope::Program& program = std::get<loopscope::Program>(loaded);

    // Fixed names: a program's own name is data from the file and may hold "../". Node 20 runs an ES
    // module only from a .mjs file.
    m_script = QString::fromStdString(loopscope::emitJs(program));
    const bool esm = program.module == loopscope::ModuleKind::Esm;
    m_scriptPath = m_dir->filePath(esm ? QStringLiteral("program.mjs") : QStringLiteral("program.js"));
    // As every file is written: whole, or not at all (node must never run a script cut short).
    const auto write = [this](const QString& path, const QByteArray& text) {
        std::string error;
        const std::string file = path.toStdString();
        if (loopscope::writeFileAtomically(file, std::string_view(text.constData(), std::size_t(text.size())), &error))
            return true;
        m_result.error = tr("Cannot write %1: %2").arg(path, QString::fromStdString(error.substr(file.size() + 2)));
        return false;
    };
    if (!write(m_scriptPath, m_script.toUtf8()))
        return false;

    m_loopscopeRun = { QStringLiteral("--headless") };
    if (!source.scenario.isEmpty()) {
        m_loopscopeRun << QStringLiteral("--scenario") << source.scenario;
    } else {
        const QString copy = m_dir->filePath(QStringLiteral("program.json"));
        if (!write(copy, programText))
            return false;
        m_loopscopeRun << QStringLiteral("--program") << copy;
    }
    for (const auto& [key, value] : source.overrides)
        m_loopscopeRun << QStringLiteral("--set") << QString::fromStdString(key + '=' + value);
    m_loopscopeRun << QStringLiteral("--timeout-ms") << QString::number(m_timeoutMs) << m_loopscopeArguments;
    m_resolvedNode = resolvedNode;
    return true;
}

void NodeComparison::startNext()
{
    const int done = int(m_nodeRuns.size() + m_loopscopeRuns.size());
    if (done == 2 * m_runs) {
        m_process = nullptr;
        m_result = compare(m_nodeRuns, m_loopscopeRuns);
        emit finished();
        return;
    }
    m_processIsNode = m_nodeRuns.size() == m_loopscopeRuns.size();
    auto* process = new QProcess(this);
    m_process = process;
    process->setWorkingDirectory(m_dir->path());
    connect(process, &QProcess::finished, this, &NodeComparison::onProcessFinished);
    connect(process, &QProcess::errorOccurred, this, &NodeComparison::onProcessError);
    // LoopScope stops itself at the timeout (--timeout-ms); the margin lets it say so.
    m_timer->start(m_processIsNode ? m_timeoutMs : m_timeoutMs + 5000);
    if (m_processIsNode)
        process->start(m_resolvedNode, { m_scriptPath });
    else
        process->start(m_loopscopePath, m_loopscopeRun);
}

QString NodeComparison::sideName(bool node) const
{
    return node ? tr("Node.js") : tr("LoopScope");
}

void NodeComparison::onProcessFinished()
{
    QProcess* process = m_process;
    if (!process || sender() != process)
        return;
    m_timer->stop();
    const int run = int((m_processIsNode ? m_nodeRuns : m_loopscopeRuns).size()) + 1;
    if (process->exitStatus() != QProcess::NormalExit || process->exitCode() != 0) {
        const QString why = process->exitStatus() == QProcess::NormalExit ? tr("exit code %1").arg(process->exitCode())
                                                                          : tr("crashed");
        fail(tr("%1 failed in run %2 (%3): %4")
                 .arg(sideName(m_processIsNode))
                 .arg(run)
                 .arg(why, firstLine(process->readAllStandardError())));
        return;
    }
    (m_processIsNode ? m_nodeRuns : m_loopscopeRuns).append(linesOf(process->readAllStandardOutput()));
    process->deleteLater();
    m_process = nullptr;
    emit progress(int(m_nodeRuns.size() + m_loopscopeRuns.size()), 2 * m_runs);
    startNext();
}

void NodeComparison::onProcessError()
{
    QProcess* process = m_process;
    if (!process || sender() != process || process->error() != QProcess::FailedToStart)
        return;
    m_timer->stop();
    fail(m_processIsNode ? tr("Cannot start Node.js ('%1'): %2. Install it with scripts/install-deps.sh, or give "
                              "the path to node.")
                               .arg(m_resolvedNode, process->errorString())
                         : tr("Cannot start LoopScope ('%1'): %2").arg(m_loopscopePath, process->errorString()));
}

void NodeComparison::onTimeout()
{
    const int run = int((m_processIsNode ? m_nodeRuns : m_loopscopeRuns).size()) + 1;
    fail(tr("%1 did not finish run %2 within %3 s; it was stopped.")
             .arg(sideName(m_processIsNode))
             .arg(run)
             .arg(m_timeoutMs / 1000.0));
}

void NodeComparison::fail(const QString& error)
{
    stopProcess();
    m_result = {};
    m_result.verdict = Verdict::Failed;
    m_result.error = error;
    emit finished();
}

void NodeComparison::cancel()
{
    if (!isRunning())
        return;
    stopProcess();
    m_result = {};
    m_result.verdict = Verdict::Cancelled;
    emit finished();
}

// A killed process is deleted once it has exited, so nothing here waits for it.
void NodeComparison::stopProcess()
{
    m_timer->stop();
    QProcess* process = m_process;
    m_process = nullptr;
    if (!process)
        return;
    process->disconnect(this);
    if (process->state() == QProcess::NotRunning) {
        process->deleteLater();
        return;
    }
    connect(process, &QProcess::finished, process, &QObject::deleteLater);
    process->kill();
}

int NodeComparison::suggestedRuns(const loopscope::Program& program)
{
    const bool race = program.module == loopscope::ModuleKind::Cjs && racesTimerAgainstImmediate(program.main);
    return race ? 20 : 1;
}

NodeComparison::Result NodeComparison::compare(
    const QList<QStringList>& nodeRuns, const QList<QStringList>& loopscopeRuns)
{
    Result result;
    result.node = distinct(nodeRuns);
    result.loopscope = distinct(loopscopeRuns);
    if (result.node.isEmpty() || result.loopscope.isEmpty())
        return result;
    int unmatched = -1;
    for (int i = 0; i < result.loopscope.size() && unmatched < 0; ++i) {
        if (indexOf(result.node, result.loopscope.at(i).lines) < 0)
            unmatched = i;
    }
    if (unmatched >= 0)
        result.verdict = Verdict::Differ;
    else if (result.node.size() == 1 && result.loopscope.size() == 1)
        result.verdict = Verdict::Agree;
    else
        result.verdict = Verdict::WithinNode;
    result.loopscopeShown = std::max(unmatched, 0);
    result.nodeShown = 0;
    result.first
        = firstDifference(result.node.at(result.nodeShown).lines, result.loopscope.at(result.loopscopeShown).lines);
    return result;
}

NodeComparison::Difference NodeComparison::firstDifference(const QStringList& node, const QStringList& loopscope)
{
    Difference difference;
    const qsizetype lines = std::max(node.size(), loopscope.size());
    for (qsizetype i = 0; i < lines; ++i) {
        const bool nodeEnded = i >= node.size();
        const bool loopscopeEnded = i >= loopscope.size();
        if (!nodeEnded && !loopscopeEnded && node.at(i) == loopscope.at(i))
            continue;
        difference.line = int(i) + 1;
        difference.nodeEnded = nodeEnded;
        difference.loopscopeEnded = loopscopeEnded;
        difference.node = nodeEnded ? QString() : node.at(i);
        difference.loopscope = loopscopeEnded ? QString() : loopscope.at(i);
        break;
    }
    return difference;
}

QStringList NodeComparison::linesOf(const QByteArray& stdoutText)
{
    QStringList lines = QString::fromUtf8(stdoutText).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}
