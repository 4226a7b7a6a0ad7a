#include "models/livefeed.h"

#include "models/timelineindex.h"
#include "program/program.h"
#include "recording/events.h"
#include "recording/liveloop.h"
#include "recording/recording.h"

#include <QThread>

#include <algorithm>
#include <utility>

LiveFeed::LiveFeed(QObject* parent)
    : QObject(parent)
{
    m_timer.setInterval(16);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &LiveFeed::poll);
}

LiveFeed::~LiveFeed() = default;

void LiveFeed::setLoop(loopscope::LiveLoop* loop)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_loop = loop;
    m_replay.reset();
    follow(m_loop != nullptr);
}

void LiveFeed::setRecording(std::shared_ptr<const loopscope::Recording> recording)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_loop = nullptr;
    m_replay = std::move(recording);
    // Ticks go on for views that animate; the records arrive in one batch on the first.
    follow(m_replay != nullptr);
}

void LiveFeed::follow(bool following)
{
    Q_ASSERT(QThread::currentThread() == thread());
    m_figureBuilder = {};
    m_figuresRead.clear();
    m_seen.clear();
    m_lastEndNs = 0;
    m_playhead.reset();
    m_replayer.reset();
    emit reset();
    if (following)
        m_timer.start();
    else
        m_timer.stop();
}

const loopscope::Recording* LiveFeed::recording() const
{
    return m_loop ? &m_loop->recording() : m_replay.get();
}

const loopscope::EventLog* LiveFeed::log(int index) const
{
    const loopscope::Recording* followed = recording();
    if (!followed || index < 0 || std::size_t(index) >= followed->logs.size())
        return nullptr;
    return followed->logs[std::size_t(index)].get();
}

bool LiveFeed::isProberLog(int index) const
{
    const loopscope::EventLog* followed = log(index);
    return followed && followed->role() == loopscope::LogRole::Prober;
}

bool LiveFeed::sees(std::uint8_t what) const
{
    if (m_loop)
        return (m_loop->unobserved() & what) == 0;
    const loopscope::Recording* followed = recording();
    return !followed || (followed->info.unobserved & what) == 0;
}

const loopscope::LiveState* LiveFeed::live() const
{
    if (m_playhead)
        return &m_playheadLive;
    return m_loop ? &m_loop->liveState() : nullptr;
}

std::int64_t LiveFeed::originNs() const
{
    return m_loop ? m_loop->originNs() : 0;
}

std::int64_t LiveFeed::nowNs() const
{
    // A session that has not started yet has no clock; a held one's stands still.
    if (m_playhead)
        return *m_playhead;
    const std::int64_t clockNs = m_loop ? m_loop->clockNs() : -1;
    if (finished() || clockNs < 0)
        return m_lastEndNs;
    return std::max(m_lastEndNs, clockNs);
}

bool LiveFeed::finished() const
{
    return m_replay || (m_loop && m_loop->liveState().finished.load(std::memory_order_relaxed));
}

bool LiveFeed::paused() const
{
    // At a playhead the views hold still, as they do while the loop is held.
    return m_playhead || (m_loop && m_loop->paused());
}

const loopscope::Program* LiveFeed::program() const
{
    return m_loop ? m_loop->ownProgram() : nullptr;
}

std::optional<loopscope::StepPoint> LiveFeed::heldAt() const
{
    using loopscope::StepPoint;
    if (m_playhead) {
        if (!m_atPlayhead.started)
            return StepPoint::BeforeCallback;
        return m_atPlayhead.inCallback ? StepPoint::AfterCallback : StepPoint::Phase;
    }
    return m_loop ? m_loop->heldAt() : std::nullopt;
}

bool LiveFeed::memoryBudgetExceeded() const
{
    return m_loop && m_loop->memoryBudgetExceeded();
}

std::uint64_t LiveFeed::spilledBytes() const
{
    return m_loop ? m_loop->spilledBytes() : 0;
}

bool LiveFeed::rollingWindow() const
{
    return m_loop && m_loop->rollingWindow();
}

QString LiveFeed::spillDirectory() const
{
    return m_loop ? QString::fromStdString(m_loop->spillDirectory()) : QString();
}

QString LiveFeed::spillProblem() const
{
    return m_loop ? QString::fromStdString(m_loop->spillProblem()) : QString();
}

bool LiveFeed::hasMainModule() const
{
    const loopscope::Program* own = program();
    return own && !own->main.empty();
}

loopscope::QueueSnapshot LiveFeed::queueSnapshot() const
{
    if (m_playhead)
        return m_atPlayhead.queues;
    return m_loop ? m_loop->queueSnapshot() : loopscope::QueueSnapshot();
}

std::vector<loopscope::PoolBoard::Item> LiveFeed::poolWork() const
{
    if (m_playhead)
        return m_atPlayhead.pool;
    return m_loop ? m_loop->poolWork() : std::vector<loopscope::PoolBoard::Item>();
}

bool LiveFeed::canReplay() const
{
    return m_replay || (m_loop && (m_loop->paused() || m_loop->liveState().finished.load(std::memory_order_relaxed)));
}

loopscope::Replay& LiveFeed::replayer()
{
    if (!m_replayer)
        m_replayer = std::make_unique<loopscope::Replay>(*recording());
    else if (m_loop)
        m_replayer->update();
    return *m_replayer;
}

std::int64_t LiveFeed::firstNs()
{
    return recording() ? replayer().firstNs() : 0;
}

void LiveFeed::setPlayhead(std::optional<std::int64_t> atNs)
{
    Q_ASSERT(QThread::currentThread() == thread());
    if (atNs && (!recording() || !canReplay()))
        return;
    if (!atNs) {
        if (!m_playhead)
            return;
        m_playhead.reset();
    } else {
        loopscope::Replay& replay = replayer();
        const std::int64_t at = std::clamp(*atNs, replay.firstNs(), std::max(replay.firstNs(), replay.lastNs()));
        m_playhead = at;
        m_atPlayhead = replay.stateAt(at);
        const loopscope::ReplayState& state = m_atPlayhead;
        loopscope::LiveState& live = m_playheadLive;
        constexpr auto relaxed = std::memory_order_relaxed;
        live.iteration.store(state.iteration, relaxed);
        live.phase.store(std::uint8_t(state.phase), relaxed);
        live.inPhase.store(state.inPhase, relaxed);
        live.inCallback.store(state.inCallback, relaxed);
        live.callbackKind.store(std::uint8_t(state.callbackKind), relaxed);
        live.callbackLabel.store(state.callbackLabel, relaxed);
        live.callbackStartNs.store(state.callbackStartNs, relaxed);
        live.pollTimeoutMs.store(state.pollTimeoutMs, relaxed);
        // Why poll waited as long as it did, with the runtime's inputs (Phases::notePollWait).
        const loopscope::PollReason reason = loopscope::pollReasonOf(
            state.queues.immediateCount > 0, false, state.queues.timerCount > 0 || state.pollTimeoutMs == 0);
        live.pollReason.store(std::uint8_t(reason), relaxed);
        live.nextTick.store(std::uint32_t(state.queues.nextTickCount), relaxed);
        live.microtask.store(std::uint32_t(state.queues.microtaskCount), relaxed);
        live.immediate.store(std::uint32_t(state.queues.immediateCount), relaxed);
        live.timers.store(std::uint32_t(state.queues.timerCount), relaxed);
        live.close.store(std::uint32_t(state.queues.closeCount), relaxed);
        const auto running = std::count_if(
            state.pool.begin(), state.pool.end(), [](const auto& item) { return item.startedAtNs >= 0; });
        live.poolActive.store(std::uint32_t(running), relaxed);
        live.poolQueued.store(std::uint32_t(state.pool.size() - std::size_t(running)), relaxed);
        live.callbacks.store(state.started ? 1 : 0, relaxed);
    }
    emit playheadMoved();
    emit ticked();
}

std::optional<std::int64_t> LiveFeed::stepTarget(loopscope::StepMode mode, bool forward)
{
    if (!recording() || !canReplay() || (!m_playhead && forward))
        return std::nullopt;
    const loopscope::Replay& replay = replayer();
    const std::int64_t from = m_playhead ? *m_playhead : replay.lastNs() + 1;
    const std::int64_t to = replay.step(from, mode, forward);
    return to == from ? std::nullopt : std::optional(to);
}

std::uint64_t LiveFeed::droppedEvents() const
{
    return m_loop ? m_loop->droppedEvents() : 0;
}

void LiveFeed::observe(const loopscope::EventLog& log, std::size_t from, std::size_t to)
{
    using loopscope::RecordType;
    for (std::size_t i = from; i < to; ++i) {
        const loopscope::Record& record = log[i];
        const bool spans = record.type == RecordType::Phase || record.type == RecordType::Callback
            || record.type == RecordType::Pool;
        m_lastEndNs = std::max(m_lastEndNs, spans ? spanEndNs(record) : record.startNs);
    }
}

void LiveFeed::poll()
{
    Q_ASSERT(QThread::currentThread() == thread());
    const loopscope::Recording* followed = recording();
    if (!followed)
        return;
    // A run that goes on again leaves its past: the views follow the loop.
    if (m_playhead && !canReplay())
        setPlayhead(std::nullopt);
    const auto& logs = followed->logs;
    if (m_seen.size() < logs.size())
        m_seen.resize(logs.size(), 0);
    for (std::size_t i = 0; i < logs.size(); ++i) {
        const std::size_t size = logs[i]->size();
        if (size > m_seen[i]) {
            // A rolling window may have let go of records the views had not seen yet.
            const std::size_t from = std::max(std::exchange(m_seen[i], size), logs[i]->firstKept());
            observe(*logs[i], from, size);
            feedFigures(*followed, i, size); // before the mark lets a rolling window drop them
            emit advanced(int(i), from, size);
            if (m_loop)
                logs[i]->markRead(size);
        }
    }
    emit ticked();
}

loopscope::Figures LiveFeed::figures() const
{
    const loopscope::Recording* followed = recording();
    if (!followed)
        return {};
    // What came since the last tick (the loop's thread may be adding more: up to the sizes read now).
    for (std::size_t i = 0; i < followed->logs.size(); ++i)
        feedFigures(*followed, i, followed->logs[i]->size());
    return m_figureBuilder.figures(*followed);
}

void LiveFeed::feedFigures(const loopscope::Recording& recording, std::size_t log, std::size_t to) const
{
    if (m_figuresRead.size() < recording.logs.size())
        m_figuresRead.resize(recording.logs.size(), 0);
    const loopscope::EventLog& events = *recording.logs[log];
    const std::size_t from = std::max(m_figuresRead[log], events.firstKept());
    if (from >= to)
        return;
    m_figuresRead[log] = to;
    events.walk(from, to, [this](const loopscope::Record& record) {
        m_figureBuilder.add(record);
        return true;
    });
}
