#include "control/nodecalibration.h"

#include "control/nodecalibrationscripts.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace calibration;

namespace {

constexpr auto Group = "nodeCalibration/";

// The figures a calibration may lack (one kept by an older LoopScope), each under its key, read and
// written alike.
constexpr std::pair<const char*, std::optional<std::uint32_t> NodeCalibration::Result::*> OptionalFigures[] = {
    { "workerStartUs", &NodeCalibration::Result::workerStartUs },
    { "workerLineUs", &NodeCalibration::Result::workerLineUs },
    { "serverListenUs", &NodeCalibration::Result::serverListenUs },
    { "httpGetFirstUs", &NodeCalibration::Result::httpGetFirstUs },
    { "serverFirstAfterClientUs", &NodeCalibration::Result::serverFirstAfterClientUs },
    { "nextTickAfterLogUs", &NodeCalibration::Result::nextTickAfterLogUs },
    { "queueMicrotaskAfterLogUs", &NodeCalibration::Result::queueMicrotaskAfterLogUs },
    { "firstUnhandledRejectionUs", &NodeCalibration::Result::firstUnhandledRejectionUs },
    { "rejectionsProcessedUs", &NodeCalibration::Result::rejectionsProcessedUs },
    { "dnsLookupSecondUs", &NodeCalibration::Result::dnsLookupSecondUs },
    { "poolBesideWorkerBootUs", &NodeCalibration::Result::poolBesideWorkerBootUs },
    { "logLineUs", &NodeCalibration::Result::logLineUs },
};

// The first uses console.log's first use warms (NodeCosts::warmedByLogUs), each measured again after one.
constexpr std::pair<loopscope::OpKind, std::optional<std::uint32_t> NodeCalibration::Result::*> AfterLog[] = {
    { loopscope::OpKind::NextTick, &NodeCalibration::Result::nextTickAfterLogUs },
    { loopscope::OpKind::QueueMicrotask, &NodeCalibration::Result::queueMicrotaskAfterLogUs },
};

// The figure names of a first use's probe after a console.log.
std::string afterLogKey(const FirstUse& use)
{
    return std::string(use.key) + " after log";
}

// The figures the runs of a measurement printed, by name.
class Samples
{
public:
    void add(const std::string& name, double value) { m_values[name].push_back(value); }
    // The median of a figure's runs, in whole microseconds (0 for a figure no run printed).
    std::uint32_t median(const std::string& name) const
    {
        const auto found = m_values.find(name);
        if (found == m_values.end() || found->second.empty())
            return 0;
        std::vector<double> values = found->second;
        std::sort(values.begin(), values.end());
        return std::uint32_t(std::max(0.0, values[values.size() / 2]) + 0.5);
    }

private:
    std::map<std::string, std::vector<double>> m_values;
};

// One node process of each run: its script, arguments and pool (0: libuv's default), and the names of the
// figures it prints, in their order.
struct Probe
{
    QString script;
    QStringList arguments;
    int poolSize = 0;
    std::vector<std::string> figures;
};

class Runner
{
public:
    Runner(QString node, const loopscope::Progress& progress, int total)
        : m_node(std::move(node))
        , m_progress(progress)
        , m_total(total)
    { }

    // Runs node on `script` (or with an option such as --version) given `arguments`, with libuv's pool of
    // `poolSize` threads when not 0: the process, its output to read, or nothing when it failed or was
    // cancelled (`error` says which).
    std::optional<QProcess*> run(const QString& script, QString* error, int poolSize = 0, QStringList arguments = {})
    {
        m_process = std::make_unique<QProcess>();
        if (poolSize > 0) {
            QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
            environment.insert(QStringLiteral("UV_THREADPOOL_SIZE"), QString::number(poolSize));
            m_process->setProcessEnvironment(environment);
        }
        arguments.prepend(script);
        m_process->start(m_node, arguments);
        if (!m_process->waitForStarted(10000)) {
            *error = NodeCalibration::tr("cannot run %1: %2").arg(m_node, m_process->errorString());
            return std::nullopt;
        }
        while (!m_process->waitForFinished(20)) {
            if (m_process->state() == QProcess::NotRunning)
                break;
            if (m_progress && !m_progress(std::uint64_t(m_done), std::uint64_t(m_total))) {
                m_process->kill();
                m_process->waitForFinished(5000);
                *error = QString::fromLatin1(loopscope::CancelledMessage);
                return std::nullopt;
            }
        }
        ++m_done;
        if (m_progress && !m_progress(std::uint64_t(m_done), std::uint64_t(m_total))) {
            *error = QString::fromLatin1(loopscope::CancelledMessage);
            return std::nullopt;
        }
        if (m_process->exitStatus() != QProcess::NormalExit || m_process->exitCode() != 0) {
            *error = NodeCalibration::tr("%1 failed: %2")
                         .arg(m_node, QString::fromUtf8(m_process->readAllStandardError()).trimmed().left(400));
            return std::nullopt;
        }
        return m_process.get();
    }

    // The figures a script wrote on stderr.
    std::optional<QJsonArray> figures(
        const QString& script, int count, QString* error, int poolSize = 0, const QStringList& arguments = {})
    {
        const std::optional<QProcess*> process = run(script, error, poolSize, arguments);
        if (!process)
            return std::nullopt;
        const QByteArray text = (*process)->readAllStandardError();
        const QJsonDocument document = QJsonDocument::fromJson(text);
        if (!document.isArray() || document.array().size() != count) {
            *error = NodeCalibration::tr("%1 printed no figures: %2").arg(m_node, QString::fromUtf8(text).left(400));
            return std::nullopt;
        }
        return document.array();
    }

private:
    QString m_node;
    const loopscope::Progress& m_progress;
    int m_total = 0;
    int m_done = 0;
    std::unique_ptr<QProcess> m_process;
};

bool writeScript(const QString& path, const QByteArray& source, QString* error)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(source) >= 0 && file.flush())
        return true;
    *error = NodeCalibration::tr("cannot write %1: %2").arg(path, file.errorString());
    return false;
}

} // namespace

loopscope::NodeCosts NodeCalibration::Result::applyTo(loopscope::NodeCosts costs) const
{
    using loopscope::OpKind;
    auto set = [&costs](OpKind kind, std::uint32_t before, std::uint32_t after) {
        costs.firstUseUs[std::size_t(kind)] = before;
        costs.afterFirstUseUs[std::size_t(kind)] = after;
    };
    // Node 20's lines ran on a machine of its own: each line's cost is scaled as this machine's console.log
    // lines are to that machine's. The worker's line is measured on its own, below.
    if (logLineUs && costs.siteTenths(OpKind::Log) > 0) {
        const double by = double(*logLineUs) * 10 / double(costs.siteTenths(OpKind::Log));
        auto scale = [by](std::uint32_t& tenths) { tenths = std::uint32_t(double(tenths) * by + 0.5); };
        std::for_each(costs.siteTenthsUs.begin(), costs.siteTenthsUs.end(), scale);
        std::for_each(costs.callTenthsUs.begin(), costs.callTenthsUs.end(), scale);
        // So is the code Node runs after a timer's callback for the first time, and before the first
        // callback: JavaScript it compiles, as a line's.
        scale(costs.firstTimerReturnUs);
        scale(costs.firstCallbackUs);
        scale(costs.firstCallbackAfterLogUs);
    }
    set(OpKind::Log, firstLogUs, 0);
    set(OpKind::SetTimeout, setTimeoutBeforeUs, setTimeoutAfterUs);
    // setInterval goes through the same Timeout and insert() as setTimeout.
    set(OpKind::SetInterval, setTimeoutBeforeUs, setTimeoutAfterUs);
    set(OpKind::SetImmediate, setImmediateUs, 0);
    for (const auto& [kind, us] : firstUsesUs)
        costs.firstUseUs[std::size_t(kind)] = us;
    // What console.log's first use leaves of these: the rest is what it warmed.
    for (const auto& [kind, after] : AfterLog) {
        if (const std::optional<std::uint32_t>& left = this->*after)
            costs.warmedByLogUs[std::size_t(kind)] = costs.firstUse(kind) - std::min(*left, costs.firstUse(kind));
    }
    if (workerStartUs)
        costs.workerStartUs = *workerStartUs;
    if (poolBaseUs)
        costs.poolBaseUs = *poolBaseUs;
    if (poolThreadUs)
        costs.poolThreadUs = *poolThreadUs;
    if (serverListenUs)
        costs.serverListenUs = *serverListenUs;
    if (httpGetFirstUs)
        costs.httpGetFirstUs = *httpGetFirstUs;
    if (serverFirstAfterClientUs)
        costs.serverFirstAfterClientUs = *serverFirstAfterClientUs;
    if (firstUnhandledRejectionUs)
        costs.firstUnhandledRejectionUs = *firstUnhandledRejectionUs;
    if (rejectionsProcessedUs)
        costs.rejectionsProcessedUs = *rejectionsProcessedUs;
    if (dnsLookupSecondUs)
        costs.secondUseUs[std::size_t(OpKind::DnsLookup)] = *dnsLookupSecondUs;
    if (poolBesideWorkerBootUs)
        costs.poolBesideWorkerBootUs = *poolBesideWorkerBootUs;
    if (workerLineUs)
        costs.siteTenthsUs[std::size_t(OpKind::Worker)] = *workerLineUs * 10;
    costs.startupGapUs = startupGapUs;
    costs.workerFirstLogUs = workerFirstLogUs;
    costs.workerScriptEndUs = workerScriptEndUs;
    return costs;
}

std::vector<loopscope::OpKind> NodeCalibration::firstUseKinds()
{
    std::vector<loopscope::OpKind> kinds;
    for (const FirstUse& use : FirstUses)
        kinds.push_back(use.kind);
    return kinds;
}

std::optional<NodeCalibration::Result> NodeCalibration::measure(
    const QString& node, int runs, const loopscope::Progress& progress, QString* error)
{
    const QString name = node.trimmed().isEmpty() ? QStringLiteral("node") : node.trimmed();
    const QString path = name.contains(QLatin1Char('/')) ? (QFileInfo(name).isExecutable() ? name : QString())
                                                         : QStandardPaths::findExecutable(name);
    if (path.isEmpty()) {
        *error = tr("%1 not found: give the path of a Node.js executable").arg(name);
        return std::nullopt;
    }
    runs = std::max(1, runs);
    QTemporaryDir folder;
    if (!folder.isValid()) {
        *error = tr("cannot make a temporary folder for the scripts");
        return std::nullopt;
    }
    // Every process of a run but the races': its script, arguments and pool, and the figures it prints. A
    // file two probes share (the pool's start, the main module's end) is written by the first of them.
    std::vector<Probe> probes;
    auto probe = [&](const char* file, const QByteArray& source, std::vector<std::string> figures,
                     QStringList arguments = {}, int poolSize = 0) {
        const QString script = folder.filePath(QLatin1String(file));
        if (!QFileInfo::exists(script) && !writeScript(script, source, error))
            return false;
        probes.push_back({ script, std::move(arguments), poolSize, std::move(figures) });
        return true;
    };
    const QByteArray mainEnd = makeErrorScript() + MainEndScript;
    bool written = probe("first-log.js", firstLogScript(), { "log", "logLine" })
        && probe("first-timers.js", FirstTimersScript, { "setTimeout", "setImmediate" })
        && probe("worker.js", WorkerScript, { "workerLog", "scriptEnd" })
        && probe("worker-start.js", WorkerStartScript, { "workerStart" })
        && probe("pool-start.js", PoolStartScript, { "smallPool" }, {}, SmallPool)
        && probe("pool-start.js", PoolStartScript, { "largePool" }, {}, LargePool)
        && probe("pool-start.js", PoolStartScript, { "besideWorker" }, { QStringLiteral("worker") }, PoolBesideWorker)
        && probe("main-end.js", mainEnd, { "noServer" }, { QStringLiteral("none") })
        && probe("main-end.js", mainEnd, { "listen" }, { QStringLiteral("listen") })
        && probe("main-end.js", mainEnd, { "get", "served" }, { QStringLiteral("get") })
        && probe("main-end.js", mainEnd, { "rejectionEnd", "rejection" }, { QStringLiteral("reject") });
    for (const FirstUse& use : FirstUses) {
        const std::string file = std::string("first-use-") + use.key + ".js";
        written = written && probe(file.c_str(), firstUseScript(use), { use.key, std::string(use.key) + " again" });
        if (std::ranges::any_of(AfterLog, [&use](const auto& warmed) { return warmed.first == use.kind; })) {
            const std::string afterLog = std::string("first-use-") + use.key + "-after-log.js";
            written = written
                && probe(
                    afterLog.c_str(), firstUseScript(use, true), { afterLogKey(use), afterLogKey(use) + " again" });
        }
    }
    const QString mainRace = folder.filePath(QStringLiteral("main-race.js"));
    const QString checkRace = folder.filePath(QStringLiteral("check-race.js"));
    if (!written || !writeScript(mainRace, MainRaceScript, error) || !writeScript(checkRace, CheckRaceScript, error))
        return std::nullopt;

    Result result;
    result.node = path;
    result.runs = runs;
    result.raceRuns = runs * RaceRunsPerFigure;
    // node --version, then each run's probes and its two races.
    Runner runner(path, progress, 1 + runs * (int(probes.size()) + 2 * RaceRunsPerFigure));
    const std::optional<QProcess*> version = runner.run(QStringLiteral("--version"), error);
    if (!version)
        return std::nullopt;
    result.version = QString::fromUtf8((*version)->readAllStandardOutput()).trimmed();

    // How often a race's first line is "timeout".
    auto timerWins = [&runner, error](const QString& script) -> std::optional<int> {
        int wins = 0;
        for (int i = 0; i < RaceRunsPerFigure; ++i) {
            const std::optional<QProcess*> raced = runner.run(script, error);
            if (!raced)
                return std::nullopt;
            wins += (*raced)->readLine().trimmed() == "timeout";
        }
        return wins;
    };
    Samples samples;
    for (int run = 0; run < runs; ++run) {
        for (const Probe& each : probes) {
            const auto figures
                = runner.figures(each.script, int(each.figures.size()), error, each.poolSize, each.arguments);
            if (!figures)
                return std::nullopt;
            for (std::size_t i = 0; i < each.figures.size(); ++i)
                samples.add(each.figures[i], figures->at(qsizetype(i)).toDouble());
        }
        const auto mainWins = timerWins(mainRace);
        const auto checkWins = mainWins ? timerWins(checkRace) : std::nullopt;
        if (!checkWins)
            return std::nullopt;
        result.mainRaceTimerFirst += *mainWins;
        result.checkRaceTimerFirst += *checkWins;
    }
    result.firstLogUs = samples.median("log");
    result.logLineUs = samples.median("logLine");
    result.setImmediateUs = samples.median("setImmediate");
    result.workerFirstLogUs = samples.median("workerLog");
    result.workerScriptEndUs = samples.median("scriptEnd");
    result.workerStartUs = samples.median("workerStart");
    result.workerLineUs = samples.median("worker again");
    for (const FirstUse& use : FirstUses) {
        result.firstUsesUs[use.kind] = samples.median(use.key);
        for (const auto& [kind, after] : AfterLog) {
            if (kind == use.kind)
                result.*after = samples.median(afterLogKey(use));
        }
    }
    // dns.lookup's second call has a cold path of its own (1.9 ms, a third 30 us): its first use is its
    // first call's whole span (the script's figure is the first less the second), not less its second.
    result.dnsLookupSecondUs = samples.median("dnsLookup again");
    result.firstUsesUs[loopscope::OpKind::DnsLookup] += *result.dnsLookupSecondUs;
    // A stat with the pool started: its first use and its second.
    const double withPool = samples.median("stat") + samples.median("stat again");
    const double smallStart = std::max(0.0, samples.median("smallPool") - withPool);
    const double largeStart = std::max(smallStart, samples.median("largePool") - withPool);
    const double eachThread = (largeStart - smallStart) / (LargePool - SmallPool);
    result.poolThreadUs = std::uint32_t(eachThread + 0.5);
    result.poolBaseUs = std::uint32_t(std::max(0.0, smallStart - eachThread * SmallPool) + 0.5);
    const double besideStart = std::max(0.0, samples.median("besideWorker") - withPool);
    result.poolBesideWorkerBootUs = std::uint32_t(
        std::max(0.0, besideStart - double(*result.poolBaseUs) - double(*result.poolThreadUs) * PoolBesideWorker)
        + 0.5);
    const double noServer = samples.median("noServer");
    const double listened = std::max(0.0, samples.median("listen") - noServer);
    result.serverListenUs = std::uint32_t(listened + 0.5);
    result.httpGetFirstUs = std::uint32_t(std::max(0.0, samples.median("get") - noServer - listened) + 0.5);
    result.serverFirstAfterClientUs = samples.median("served");
    result.firstUnhandledRejectionUs = samples.median("rejection");
    result.rejectionsProcessedUs = std::uint32_t(std::max(0.0, samples.median("rejectionEnd") - noServer) + 0.5);
    // A millisecond tick of the loop clock falls inside a span of s us with probability s / 1000, so a
    // race's share is the mean span between the timer's start and the next timers phase (a median would
    // miss the slow runs). From inside an immediate that span is what setTimeout's first use spends after
    // its clock read, and setImmediate's line; from the main module, that and setImmediate's first use
    // and the start-up gap, which is what remains.
    const double site = double(loopscope::NodeCosts::node20().siteTenths(loopscope::OpKind::SetImmediate)) / 10;
    const double checkSpan = 1000.0 * result.checkRaceTimerFirst / result.raceRuns;
    const double mainSpan = 1000.0 * result.mainRaceTimerFirst / result.raceRuns;
    const std::uint32_t setTimeoutUs = samples.median("setTimeout");
    result.setTimeoutAfterUs = std::uint32_t(std::max(0.0, checkSpan - site) + 0.5);
    result.setTimeoutBeforeUs = setTimeoutUs > result.setTimeoutAfterUs ? setTimeoutUs - result.setTimeoutAfterUs : 0;
    result.startupGapUs = std::uint32_t(
        std::max(0.0, mainSpan - double(result.setTimeoutAfterUs) - double(result.setImmediateUs) - site) + 0.5);
    result.when = QDateTime::currentDateTime();
    return result;
}

std::optional<NodeCalibration::Result> NodeCalibration::stored()
{
    const QSettings settings;
    const QString group = QLatin1String(Group);
    if (!settings.contains(group + QStringLiteral("version")))
        return std::nullopt;
    auto us = [&settings, &group](const char* key) {
        return std::uint32_t(std::clamp(settings.value(group + QLatin1String(key)).toLongLong(), 0LL, 10'000'000LL));
    };
    Result result;
    result.node = settings.value(group + QStringLiteral("node")).toString();
    result.version = settings.value(group + QStringLiteral("version")).toString();
    result.when = settings.value(group + QStringLiteral("when")).toDateTime();
    result.runs = int(us("runs"));
    result.firstLogUs = us("firstLogUs");
    result.setTimeoutBeforeUs = us("setTimeoutBeforeUs");
    result.setTimeoutAfterUs = us("setTimeoutAfterUs");
    result.setImmediateUs = us("setImmediateUs");
    result.mainRaceTimerFirst = int(us("mainRaceTimerFirst"));
    result.checkRaceTimerFirst = int(us("checkRaceTimerFirst"));
    result.raceRuns = int(us("raceRuns"));
    result.startupGapUs = us("startupGapUs");
    result.workerFirstLogUs = us("workerFirstLogUs");
    result.workerScriptEndUs = us("workerScriptEndUs");
    for (const FirstUse& use : FirstUses) {
        const QString key = group + QStringLiteral("firstUse/") + QLatin1String(use.key);
        if (settings.contains(key))
            result.firstUsesUs[use.kind]
                = std::uint32_t(std::clamp(settings.value(key).toLongLong(), 0LL, 10'000'000LL));
    }
    for (const auto& [key, figure] : OptionalFigures) {
        if (settings.contains(group + QLatin1String(key)))
            result.*figure = us(key);
    }
    if (settings.contains(group + QStringLiteral("poolBaseUs"))
        && settings.contains(group + QStringLiteral("poolThreadUs"))) {
        result.poolBaseUs = us("poolBaseUs");
        result.poolThreadUs = us("poolThreadUs");
    }
    return result;
}

void NodeCalibration::store(const Result& result)
{
    QSettings settings;
    const QString group = QLatin1String(Group);
    settings.setValue(group + QStringLiteral("node"), result.node);
    settings.setValue(group + QStringLiteral("when"), result.when);
    settings.setValue(group + QStringLiteral("runs"), result.runs);
    settings.setValue(group + QStringLiteral("firstLogUs"), result.firstLogUs);
    settings.setValue(group + QStringLiteral("setTimeoutBeforeUs"), result.setTimeoutBeforeUs);
    settings.setValue(group + QStringLiteral("setTimeoutAfterUs"), result.setTimeoutAfterUs);
    settings.setValue(group + QStringLiteral("setImmediateUs"), result.setImmediateUs);
    settings.setValue(group + QStringLiteral("mainRaceTimerFirst"), result.mainRaceTimerFirst);
    settings.setValue(group + QStringLiteral("checkRaceTimerFirst"), result.checkRaceTimerFirst);
    settings.setValue(group + QStringLiteral("raceRuns"), result.raceRuns);
    settings.setValue(group + QStringLiteral("startupGapUs"), result.startupGapUs);
    settings.setValue(group + QStringLiteral("workerFirstLogUs"), result.workerFirstLogUs);
    settings.setValue(group + QStringLiteral("workerScriptEndUs"), result.workerScriptEndUs);
    settings.remove(group + QStringLiteral("firstUse"));
    for (const FirstUse& use : FirstUses) {
        const auto measured = result.firstUsesUs.find(use.kind);
        if (measured != result.firstUsesUs.end())
            settings.setValue(group + QStringLiteral("firstUse/") + QLatin1String(use.key), measured->second);
    }
    for (const auto& [key, figure] : OptionalFigures) {
        if (const std::optional<std::uint32_t>& value = result.*figure)
            settings.setValue(group + QLatin1String(key), *value);
        else
            settings.remove(group + QLatin1String(key));
    }
    if (result.poolBaseUs && result.poolThreadUs) {
        settings.setValue(group + QStringLiteral("poolBaseUs"), *result.poolBaseUs);
        settings.setValue(group + QStringLiteral("poolThreadUs"), *result.poolThreadUs);
    } else {
        settings.remove(group + QStringLiteral("poolBaseUs"));
        settings.remove(group + QStringLiteral("poolThreadUs"));
    }
    // Written last: stored() reads a calibration only once it is whole.
    settings.setValue(group + QStringLiteral("version"), result.version);
}

void NodeCalibration::forget()
{
    QSettings settings;
    settings.remove(QStringLiteral("nodeCalibration"));
}

loopscope::NodeCosts NodeCalibration::baseCosts()
{
    const std::optional<Result> calibration = stored();
    return calibration ? calibration->applyTo(loopscope::NodeCosts::node20()) : loopscope::NodeCosts::node20();
}

QString NodeCalibration::describe(const Result& result)
{
    const QString lines[] = {
        tr("Node.js %1 (%2), measured %3, %4 fresh processes per figure:")
            .arg(result.version, result.node, result.when.toString(Qt::ISODate))
            .arg(result.runs),
        tr("  first console.log: %1 µs").arg(result.firstLogUs),
        tr("  first setTimeout: %1 µs before it reads the loop clock, %2 µs after (from the race inside an "
           "immediate)")
            .arg(result.setTimeoutBeforeUs)
            .arg(result.setTimeoutAfterUs),
        tr("  first setImmediate: %1 µs").arg(result.setImmediateUs),
        tr("  main-race: timeout first in %1 of %2 runs, a start-up gap of %3 µs")
            .arg(result.mainRaceTimerFirst)
            .arg(result.raceRuns)
            .arg(result.startupGapUs),
        tr("  setTimeout(0) against setImmediate inside an immediate: timeout first in %1 of %2 runs")
            .arg(result.checkRaceTimerFirst)
            .arg(result.raceRuns),
        tr("  a worker's first console.log: %1 µs; its script's end to its first nextTick: %2 µs")
            .arg(result.workerFirstLogUs)
            .arg(result.workerScriptEndUs),
    };
    QStringList out;
    for (const QString& line : lines)
        out << line;
    if (result.logLineUs)
        out << tr("  each of the next console.log lines: %1 µs (Node 20's table: %2 µs); every line's cost is "
                  "scaled by it")
                   .arg(*result.logLineUs)
                   .arg(loopscope::NodeCosts::node20().siteTenths(loopscope::OpKind::Log) / 10.0);
    if (result.workerStartUs)
        out << tr("  a worker's start-up, from new Worker to its first line: %1 µs").arg(*result.workerStartUs);
    if (result.workerLineUs)
        out << tr("  each new Worker after the first: %1 µs").arg(*result.workerLineUs);
    if (result.poolBaseUs && result.poolThreadUs)
        out << tr("  libuv's thread pool starting at the first request: %1 µs, and %2 µs a thread")
                   .arg(*result.poolBaseUs)
                   .arg(*result.poolThreadUs);
    if (result.serverListenUs && result.httpGetFirstUs)
        out << tr("  the emitted script's HTTP server listening: %1 µs after the main module; its first request: "
                  "%2 µs")
                   .arg(*result.serverListenUs)
                   .arg(*result.httpGetFirstUs);
    if (result.serverFirstAfterClientUs)
        out << tr("  that request answered and its response read, beyond a warm round trip: %1 µs")
                   .arg(*result.serverFirstAfterClientUs);
    if (result.dnsLookupSecondUs)
        out << tr("  dns.lookup's second call: %1 µs").arg(*result.dnsLookupSecondUs);
    if (result.poolBesideWorkerBootUs)
        out << tr("  the thread pool starting while a worker boots: %1 µs more").arg(*result.poolBesideWorkerBootUs);
    if (result.firstUnhandledRejectionUs && result.rejectionsProcessedUs)
        out << tr("  the first rejected promise: %1 µs, and %2 µs after the main module's drain")
                   .arg(*result.firstUnhandledRejectionUs)
                   .arg(*result.rejectionsProcessedUs);
    QStringList uses;
    for (const FirstUse& use : FirstUses) {
        const auto measured = result.firstUsesUs.find(use.kind);
        if (measured != result.firstUsesUs.end())
            uses << tr("%1 %2 µs").arg(QLatin1String(use.key)).arg(measured->second);
    }
    if (!uses.isEmpty())
        out << tr("  first uses: %1").arg(uses.join(QStringLiteral(", ")));
    if (result.nextTickAfterLogUs && result.queueMicrotaskAfterLogUs)
        out << tr("  first uses after a first console.log: nextTick %1 µs, queueMicrotask %2 µs")
                   .arg(*result.nextTickAfterLogUs)
                   .arg(*result.queueMicrotaskAfterLogUs);
    return out.join(QLatin1Char('\n'));
}
