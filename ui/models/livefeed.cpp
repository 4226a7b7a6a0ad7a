#include "models/livefeed.h"

#include "models/timelineindex.h"
#include "recording/events.h"
#include "recording/recording.h"
#include "session/session.h"

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

void LiveFeed::setSession(loopscope::Session* session)
{
    m_session = session;
    m_replay.reset();
    follow(m_session != nullptr);
}

void LiveFeed::setRecording(std::shared_ptr<const loopscope::Recording> recording)
{
    m_session = nullptr;
    m_replay = std::move(recording);
    // Ticks go on for views that animate; the records arrive in one batch on the first.
    follow(m_replay != nullptr);
}

void LiveFeed::follow(bool following)
{
    m_seen.clear();
    m_lastEndNs = 0;
    emit reset();
    if (following)
        m_timer.start();
    else
        m_timer.stop();
}

const loopscope::Recording* LiveFeed::recording() const
{
    return m_session ? &m_session->recording() : m_replay.get();
}

const loopscope::EventLog* LiveFeed::log(int index) const
{
    const loopscope::Recording* followed = recording();
    if (!followed || index < 0 || std::size_t(index) >= followed->logs.size())
        return nullptr;
    return followed->logs[std::size_t(index)].get();
}

bool LiveFeed::isProberLog(int index)
{
    return index == loopscope::Session::ProberLog;
}

const loopscope::LiveState* LiveFeed::live() const
{
    return m_session ? &m_session->live() : nullptr;
}

std::int64_t LiveFeed::originNs() const
{
    return m_session ? m_session->originNs() : 0;
}

std::int64_t LiveFeed::nowNs() const
{
    // A session that has not started yet has no clock; a held one's stands still.
    const loopscope::ProgramClock* clock = m_session ? m_session->clock() : nullptr;
    if (finished() || !clock)
        return m_lastEndNs;
    return std::max(m_lastEndNs, clock->now());
}

bool LiveFeed::finished() const
{
    return m_replay || (m_session && m_session->live().finished.load(std::memory_order_relaxed));
}

bool LiveFeed::paused() const
{
    return m_session && m_session->paused();
}

const loopscope::Program* LiveFeed::program() const
{
    return m_session ? &m_session->program() : nullptr;
}

std::optional<loopscope::StepPoint> LiveFeed::heldAt() const
{
    return m_session ? m_session->heldAt() : std::nullopt;
}

bool LiveFeed::memoryBudgetExceeded() const
{
    return m_session && m_session->memoryBudget().exceeded();
}

bool LiveFeed::hasMainModule() const
{
    return m_session && !m_session->program().main.empty();
}

loopscope::QueueSnapshot LiveFeed::queueSnapshot() const
{
    return m_session ? m_session->queueSnapshot() : loopscope::QueueSnapshot();
}

std::vector<loopscope::PoolBoard::Item> LiveFeed::poolWork() const
{
    return m_session ? m_session->poolWork() : std::vector<loopscope::PoolBoard::Item>();
}

std::uint64_t LiveFeed::droppedEvents() const
{
    std::uint64_t dropped = 0;
    if (m_session) {
        for (const auto& log : m_session->recording().logs)
            dropped += log->dropped();
    }
    return dropped;
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
    const loopscope::Recording* followed = recording();
    if (!followed)
        return;
    const auto& logs = followed->logs;
    if (m_seen.size() < logs.size())
        m_seen.resize(logs.size(), 0);
    for (std::size_t i = 0; i < logs.size(); ++i) {
        const std::size_t size = logs[i]->size();
        if (size > m_seen[i]) {
            const std::size_t from = std::exchange(m_seen[i], size);
            observe(*logs[i], from, size);
            emit advanced(int(i), from, size);
        }
    }
    emit ticked();
}
