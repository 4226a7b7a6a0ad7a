#include "models/livefeed.h"

#include "recording/recording.h"
#include "session/session.h"

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
    m_seen.clear();
    emit reset();
    if (m_session)
        m_timer.start();
    else
        m_timer.stop();
}

void LiveFeed::setRecording(std::shared_ptr<const loopscope::Recording> recording)
{
    m_session = nullptr;
    m_replay = std::move(recording);
    m_seen.clear();
    emit reset();
    // Ticks go on for views that animate; the records arrive in one batch on the first.
    if (m_replay)
        m_timer.start();
    else
        m_timer.stop();
}

const loopscope::Recording* LiveFeed::recording() const
{
    return m_session ? &m_session->recording() : m_replay.get();
}

const loopscope::LiveState* LiveFeed::live() const
{
    return m_session ? &m_session->live() : nullptr;
}

const loopscope::EventLog* LiveFeed::log(int index) const
{
    const loopscope::Recording* followed = recording();
    if (!followed || index < 0 || std::size_t(index) >= followed->logs.size())
        return nullptr;
    return followed->logs[std::size_t(index)].get();
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
            const std::size_t from = m_seen[i];
            m_seen[i] = size;
            emit advanced(int(i), from, size);
        }
    }
    emit ticked();
}
