#include "control/comparisonruns.h"

#include "control/sessioncontroller.h"

#include "catalog/scenariocatalog.h"
#include "formats/traceio.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace {

// A side's run ends on its own; one that has not after this long is taken for one that never does.
constexpr int RunTimeoutMs = 120'000;

} // namespace

ComparisonRuns::ComparisonRuns(QObject* parent)
    : QObject(parent)
    , m_executable(QCoreApplication::applicationFilePath())
{ }

ComparisonRuns::~ComparisonRuns()
{
    cancel();
}

QString ComparisonRuns::describe(const Side& side)
{
    QStringList parts { side.scenario };
    parts << (side.module == loopscope::ModuleKind::Esm ? tr("ES module") : tr("CommonJS"));
    if (side.awaitModel == loopscope::AwaitModel::Node10)
        parts << tr("Node 10's await");
    parts << tr("pool of %1").arg(side.poolSize);
    return parts.join(QStringLiteral(" · "));
}

std::optional<QByteArray> ComparisonRuns::programText(const Side& side)
{
    const std::optional<QByteArray> source = ScenarioCatalog::source(side.scenario);
    if (!source)
        return std::nullopt;
    QJsonObject program = QJsonDocument::fromJson(*source).object();
    program.insert(QStringLiteral("module"),
        side.module == loopscope::ModuleKind::Esm ? QStringLiteral("esm") : QStringLiteral("cjs"));
    program.insert(QStringLiteral("awaitModel"),
        side.awaitModel == loopscope::AwaitModel::Node10 ? QStringLiteral("node10") : QStringLiteral("node12"));
    return QJsonDocument(program).toJson();
}

void ComparisonRuns::start(const Side& left, const Side& right)
{
    cancel();
    m_sides = { left, right };
    m_recordings = {};
    m_dir = std::make_unique<QTemporaryDir>();
    if (!m_dir->isValid()) {
        emit finished(tr("No temporary folder for the runs: %1").arg(m_dir->errorString()));
        return;
    }
    runSide(0);
}

void ComparisonRuns::cancel()
{
    m_running = -1;
    if (m_process) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(5000);
        delete m_process;
    }
}

void ComparisonRuns::runSide(int side)
{
    m_running = side;
    const Side& what = m_sides.at(std::size_t(side));
    const QString program = m_dir->filePath(QStringLiteral("side-%1.json").arg(side));
    const std::optional<QByteArray> text = programText(what);
    QFile file(program);
    if (!text || !file.open(QIODevice::WriteOnly) || file.write(*text) != text->size() || !file.flush()) {
        m_running = -1;
        emit finished(tr("%1: %2").arg(describe(what), text ? file.errorString() : tr("no such scenario")));
        return;
    }
    file.close();
    auto* process = new QProcess(this);
    m_process = process;
    process->setProgram(m_executable);
    // Each side models Node's costs as the window's own runs do.
    process->setArguments(QStringList { QStringLiteral("--headless"), QStringLiteral("--program"), program,
                              QStringLiteral("--threadpool-size"), QString::number(what.poolSize),
                              QStringLiteral("--timeout-ms"), QString::number(RunTimeoutMs), QStringLiteral("--trace"),
                              m_dir->filePath(QStringLiteral("side-%1.trace.json").arg(side)) }
        + SessionController::nodeCostArguments());
    process->setProcessChannelMode(QProcess::SeparateChannels);
    connect(process, &QProcess::finished, this, [this, side](int exitCode) { onSideEnded(side, exitCode); });
    connect(process, &QProcess::errorOccurred, this, [this, side, process](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart) {
            m_running = -1;
            emit finished(tr("%1: LoopScope could not be started (%2)")
                              .arg(describe(m_sides.at(std::size_t(side))), process->errorString()));
        }
    });
    emit running(side);
    process->start();
}

void ComparisonRuns::onSideEnded(int side, int exitCode)
{
    if (m_running != side)
        return;
    const Side& what = m_sides.at(std::size_t(side));
    const QString stderrText = QString::fromLocal8Bit(m_process->readAllStandardError()).trimmed();
    m_process->deleteLater();
    // A run that ended with its program's failure (exit 1) still has its recording; one that could not
    // run or write it has none.
    auto recording = std::make_shared<loopscope::Recording>();
    std::string error;
    const QString trace = m_dir->filePath(QStringLiteral("side-%1.trace.json").arg(side));
    if (!loopscope::readTrace(QFile::encodeName(trace).toStdString(), *recording, &error)) {
        m_running = -1;
        emit finished(tr("%1: the run wrote no recording (exit status %2). %3")
                          .arg(describe(what))
                          .arg(exitCode)
                          .arg(stderrText.isEmpty() ? QString::fromStdString(error) : stderrText));
        return;
    }
    m_recordings.at(std::size_t(side)) = std::move(recording);
    if (side == 0) {
        runSide(1);
        return;
    }
    m_running = -1;
    emit finished({});
}
