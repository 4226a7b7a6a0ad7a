#include "models/replayplayer.h"

#include "models/livefeed.h"

QString ReplayPlayer::speedName(double speed)
{
    return speed < 1 ? tr("1/%L1 of real time").arg(qRound(1 / speed))
        : speed == 1 ? tr("Real time")
                     : tr("%L1 times real time").arg(speed);
}

ReplayPlayer::ReplayPlayer(LiveFeed* feed, QObject* parent)
    : QObject(parent)
    , m_feed(feed)
{
    m_timer.setInterval(16);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &ReplayPlayer::advance);
    // A new run or recording ends the playing.
    connect(feed, &LiveFeed::reset, this, &ReplayPlayer::stop);
}

bool ReplayPlayer::play()
{
    if (!m_feed->canReplay())
        return false;
    const std::int64_t end = m_feed->lastEndNs();
    const std::optional<std::int64_t> playhead = m_feed->playhead();
    m_fromNs = playhead && *playhead < end ? *playhead : m_feed->firstNs();
    m_feed->setPlayhead(m_fromNs);
    m_lastNs = m_fromNs;
    m_clock.start();
    m_timer.start();
    emit playingChanged(true);
    return true;
}

void ReplayPlayer::stop()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    emit playingChanged(false);
}

void ReplayPlayer::setSpeed(double speed)
{
    // The clock starts again from where the playhead is, so the change takes effect from now.
    if (playing()) {
        m_fromNs = m_feed->playhead().value_or(m_fromNs);
        m_clock.restart();
    }
    m_speed = speed;
}

void ReplayPlayer::advance()
{
    if (!m_feed->canReplay()) {
        stop();
        return;
    }
    // Stepped or scrubbed meanwhile: play on from there.
    if (const std::optional<std::int64_t> playhead = m_feed->playhead(); playhead && *playhead != m_lastNs) {
        m_fromNs = *playhead;
        m_clock.restart();
    }
    const std::int64_t end = m_feed->lastEndNs();
    const auto at = m_fromNs + std::int64_t(double(m_clock.nsecsElapsed()) * m_speed);
    m_lastNs = std::min(at, end);
    m_feed->setPlayhead(m_lastNs);
    if (at >= end)
        stop();
}
