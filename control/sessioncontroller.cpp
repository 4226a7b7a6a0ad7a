#include "control/sessioncontroller.h"

#include "attach/attachedprogram.h"
#include "attach/nodeprocesses.h"
#include "attach/probelocation.h"
#include "inspector/inspectorclient.h"
#include "models/livefeed.h"
#include "session/session.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QThread>

#include <atomic>
#include <mutex>

namespace {

std::atomic<std::size_t> budgetMb { loopscope::MemoryBudget::DefaultMb };
std::atomic<bool> rollingWindowOn { false };
std::atomic<int> blockMs { loopscope::wire::AttachOptions::DefaultBlockThresholdMs };
std::mutex costsMutex;
loopscope::NodeCosts modelledCosts = loopscope::NodeCosts::node20();
QString probeDirectoryChosen; // GUI thread; empty: beside the executable

// Whoever lets go of a session last, the reaper or an export still reading its recording, stops it:
// aborting and stopping complete the recording's info, which a reader must not see change. Work the
// session has not finished is abandoned first.
void release(loopscope::Session* session)
{
    if (!session->finished())
        session->abort();
    delete session;
}

} // namespace

SessionController::SessionController(QObject* parent)
    : QObject(parent)
    , m_feed(new LiveFeed(this))
{
    connect(m_feed, &LiveFeed::ticked, this, &SessionController::noticeAttachedEnd);
}

SessionController::~SessionController()
{
    end();
}

std::shared_ptr<const loopscope::Recording> SessionController::recording() const
{
    if (m_session)
        return std::shared_ptr<const loopscope::Recording>(m_session, &m_session->recording());
    if (m_attached)
        return std::shared_ptr<const loopscope::Recording>(m_attached, &m_attached->recording());
    return m_replay;
}

void SessionController::start(loopscope::Program program, Start how)
{
    Q_ASSERT(QThread::currentThread() == thread());
    startSession(std::move(program), false, how == Start::Paused);
}

void SessionController::setMemoryBudgetMb(std::size_t mb)
{
    budgetMb.store(mb, std::memory_order_relaxed);
}

std::size_t SessionController::memoryBudgetMb()
{
    return budgetMb.load(std::memory_order_relaxed);
}

void SessionController::setBlockThresholdMs(int ms)
{
    blockMs.store(ms, std::memory_order_relaxed);
}

int SessionController::blockThresholdMs()
{
    return blockMs.load(std::memory_order_relaxed);
}

void SessionController::setRollingWindow(bool on)
{
    rollingWindowOn.store(on, std::memory_order_relaxed);
}

bool SessionController::rollingWindow()
{
    return rollingWindowOn.load(std::memory_order_relaxed);
}

void SessionController::setNodeCosts(const loopscope::NodeCosts& costs)
{
    const std::lock_guard lock(costsMutex);
    modelledCosts = costs;
}

loopscope::NodeCosts SessionController::nodeCosts()
{
    const std::lock_guard lock(costsMutex);
    return modelledCosts;
}

QStringList SessionController::nodeCostArguments()
{
    const loopscope::NodeCosts costs = nodeCosts();
    return { QStringLiteral("--node-costs"), QString::number(costs.percent), QStringLiteral("--startup-gap-us"),
        QString::number(costs.startupGapUs) };
}

void SessionController::startSession(loopscope::Program program, bool serve, bool paused)
{
    Q_ASSERT(QThread::currentThread() == thread());
    end();
    if (!serve)
        emit programAboutToRun();
    m_programName = QString::fromStdString(program.name);
    m_serving = serve;
    loopscope::SessionOptions options;
    options.serve = serve;
    options.memoryBudgetMb = memoryBudgetMb();
    options.rollingWindow = rollingWindow();
    options.costs = nodeCosts();
    m_session
        = std::shared_ptr<loopscope::Session>(new loopscope::Session(std::move(program), std::move(options)), &release);
    if (paused)
        m_session->pause();
    m_session->start();
    applyControls();
    m_feed->setLoop(m_session.get());
    emit started();
}

void SessionController::startIdle()
{
    Q_ASSERT(QThread::currentThread() == thread());
    loopscope::Program program;
    program.name = "server";
    program.title = tr("Server loop: inject workloads").toStdString();
    startSession(std::move(program), true, false);
}

// A program that asks for a probe gets it, and the controls say so; otherwise the user's choice holds.
void SessionController::applyControls()
{
    m_session->setSlowMotion(m_slowMotionMs);
    const loopscope::Program& program = m_session->program();
    const bool forced
        = (program.delayMonitorMs > 0 && !m_delayMonitor) || (program.healthProbeMs > 0 && !m_healthProbe);
    if (program.delayMonitorMs > 0)
        m_delayMonitor = true;
    else
        m_session->setDelayMonitor(m_delayMonitor);
    if (program.healthProbeMs > 0)
        m_healthProbe = true;
    else if (m_healthProbe)
        m_session->setHealthProbe(true);
    if (forced)
        emit probesChanged();
}

void SessionController::inject(loopscope::Program workload)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_session || m_session->finished())
        startIdle();
    m_session->inject(std::move(workload));
}

void SessionController::stopWork()
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (serving())
        m_session->stopWork();
}

void SessionController::replay(std::shared_ptr<const loopscope::Recording> recording)
{
    Q_ASSERT(QThread::currentThread() == thread());
    end();
    std::shared_ptr<const loopscope::Recording> family = recording->children.empty() ? nullptr : recording;
    showRecording(std::move(recording));
    setFamily(std::move(family), 0);
}

void SessionController::showProcess(std::size_t process)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_family || process > m_family->children.size() || (process == m_shownProcess && m_replay))
        return;
    std::shared_ptr<const loopscope::Recording> family = m_family;
    end();
    // The child's recording shares the life of the family's, which holds it.
    showRecording(process == 0
            ? family
            : std::shared_ptr<const loopscope::Recording>(family, family->children[process - 1].get()));
    setFamily(std::move(family), process);
}

void SessionController::showRecording(std::shared_ptr<const loopscope::Recording> recording)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_programName = QString::fromStdString(recording->info.program);
    m_replay = std::move(recording);
    m_feed->setRecording(m_replay);
    // A recording opens at its first event, to be stepped or scrubbed from there.
    m_feed->setPlayhead(m_feed->firstNs());
}

void SessionController::setFamily(std::shared_ptr<const loopscope::Recording> family, std::size_t shown)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (family == m_family && shown == m_shownProcess)
        return;
    m_family = std::move(family);
    m_shownProcess = m_family ? shown : 0;
    emit familyChanged();
}

void SessionController::setProbeDirectory(const QString& directory)
{
    probeDirectoryChosen = directory;
}

QString SessionController::probeDirectory()
{
    if (!probeDirectoryChosen.isEmpty())
        return probeDirectoryChosen;
    // An installation's lib/loopscope, or beside the executable in a build tree (named as missing when in neither).
    const std::string executableDir = QCoreApplication::applicationDirPath().toStdString();
    const std::string found = loopscope::wire::findProbeDirectory(executableDir);
    return QString::fromStdString(found.empty() ? executableDir : found);
}

// The probe's files are where probeDirectory() says, or *error says they are missing.
bool SessionController::findProbe(loopscope::wire::AttachOptions& options, QString* error)
{
    options.probeDir = probeDirectory().toStdString();
    const std::string missing = loopscope::wire::missingProbeFile(options.probeDir);
    if (missing.empty())
        return true;
    *error = tr("The probe that watches a Node.js program is missing (%1). It is built with LoopScope where "
                "Node.js and its headers are installed (scripts/install-deps.sh).")
                 .arg(QString::fromStdString(missing));
    return false;
}

// Follows a Node.js program with the probe inside, as the window's controls and memory settings say.
void SessionController::follow(loopscope::wire::AttachOptions options, const QString& name)
{
    Q_ASSERT(QThread::currentThread() == thread());
    options.delayMonitorMs = m_delayMonitor ? loopscope::wire::AttachedProgram::DelayResolutionMs : 0;
    options.everyCallback = m_everyCallback;
    options.blockThresholdMs = blockThresholdMs();
    options.keeping.budgetBytes = memoryBudgetMb() << 20;
    options.keeping.rollingWindow = rollingWindow();
    end();
    m_programName = name;
    m_attached = std::make_shared<loopscope::wire::AttachedProgram>(std::move(options));
    m_attachedEndNoticed = false;
    m_attached->start();
    m_feed->setLoop(m_attached.get());
    emit started();
}

bool SessionController::attach(const QString& script, const QStringList& arguments, QString* error, const QString& node,
    const QStringList& nodeOptions)
{
    Q_ASSERT(QThread::currentThread() == thread());
    loopscope::wire::AttachOptions options;
    if (!findProbe(options, error))
        return false;
    if (!node.isEmpty())
        options.node = node.toStdString();
    options.script = QFileInfo(script).absoluteFilePath().toStdString();
    for (const QString& argument : arguments)
        options.arguments.push_back(argument.toStdString());
    for (const QString& option : nodeOptions)
        options.nodeOptions.push_back(option.toStdString());
    options.followChildren = m_followChildren;
    follow(std::move(options), QFileInfo(script).fileName());
    return true;
}

bool SessionController::attachToProcess(int pid, QString* error)
{
    Q_ASSERT(QThread::currentThread() == thread());
    loopscope::wire::AttachOptions options;
    if (!findProbe(options, error))
        return false;
    const std::string refusal = loopscope::wire::refusalOf(pid);
    if (!refusal.empty()) {
        *error = QString::fromStdString(refusal);
        return false;
    }
    options.pid = pid;
    options.loadProbe = [](int port, const std::string& expression) {
        return loopscope::inspector::loadProbe(port, QString::fromStdString(expression)).toStdString();
    };
    follow(std::move(options), tr("process %1").arg(pid));
    return true;
}

void SessionController::setEveryCallback(bool on)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_everyCallback = on;
    if (m_attached)
        m_attached->setEveryCallback(on);
}

// Once the attached program has ended, its recording's info gets what the probe said (on this thread,
// the views' own), and the window hears of it.
void SessionController::noticeAttachedEnd()
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_attached || m_attachedEndNoticed || !m_attached->ended())
        return;
    m_attachedEndNoticed = true;
    m_attached->describe();
    if (!m_attached->recording().children.empty())
        setFamily(recording(), 0);
    emit attachedEnded();
}

bool SessionController::stopAttached()
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_attached || m_attached->ended())
        return false;
    m_attached->stop();
    return true;
}

void SessionController::end()
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_feed->setLoop(nullptr);
    m_replay.reset();
    setFamily(nullptr, 0);
    if (m_session)
        retire(std::move(m_session));
    if (m_attached) {
        // Its destructor waits for the program to end (a grace, then a kill): the reaper's job.
        m_attached->stop();
        m_reaper.retire([attached = std::move(m_attached)]() mutable { attached.reset(); });
    }
}

std::shared_ptr<const loopscope::Recording> SessionController::finish()
{
    Q_ASSERT(QThread::currentThread() == thread());
    // A program's child processes are written with it, whichever of them is shown.
    std::shared_ptr<const loopscope::Recording> shown = m_family ? m_family : recording();
    m_feed->setLoop(nullptr);
    m_replay.reset();
    if (m_session) {
        m_session->stop();
        m_session.reset();
    }
    if (m_attached) {
        // The recording written says how the program ended, and that the window's closing ended it.
        m_attached->finish();
        m_attached.reset();
    }
    return shown;
}

// Letting go of the session joins its loop thread, which may be busy, so the reaper does it.
void SessionController::retire(std::shared_ptr<loopscope::Session> session)
{
    m_reaper.retire([session = std::move(session)]() mutable { session.reset(); });
}

void SessionController::setPaused(bool paused)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (!m_session)
        return;
    if (paused) {
        m_session->pause();
    } else {
        // Resuming leaves the past: the views follow the loop again.
        m_feed->setPlayhead(std::nullopt);
        m_session->resume();
    }
}

void SessionController::step(loopscope::StepMode mode)
{
    Q_ASSERT(QThread::currentThread() == thread());
    // In the recorded past the playhead moves; from its last step on, the held loop steps.
    if (m_feed->playhead()) {
        if (const std::optional<std::int64_t> to = m_feed->stepTarget(mode, true)) {
            m_feed->setPlayhead(to);
            return;
        }
        if (!m_session || !m_session->paused())
            return;
        m_feed->setPlayhead(std::nullopt);
    }
    if (m_session && m_session->paused())
        m_session->step(mode);
}

void SessionController::stepBack(loopscope::StepMode mode)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (const std::optional<std::int64_t> to = m_feed->stepTarget(mode, false))
        m_feed->setPlayhead(to);
}

void SessionController::setSlowMotion(int ms)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_slowMotionMs = ms;
    if (m_session)
        m_session->setSlowMotion(ms);
}

void SessionController::setHealthProbe(bool on)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_healthProbe = on;
    if (m_session)
        m_session->setHealthProbe(on);
}

void SessionController::setDelayMonitor(bool on)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_delayMonitor = on;
    if (m_session)
        m_session->setDelayMonitor(on);
}
