#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cstdint>

class LiveFeed;

// Plays a recording: moves the feed's playhead on in time with the clock, at a speed from 1/100
// (a millisecond of the program lasts a tenth of a second) to 10 times, and stops at its end.
class ReplayPlayer : public QObject
{
    Q_OBJECT

public:
    static constexpr double Speeds[] = { 0.01, 0.1, 1.0, 10.0 };
    // A speed as the menus name it: "1/100 of real time", "Real time", "10 times real time".
    static QString speedName(double speed);

    explicit ReplayPlayer(LiveFeed* feed, QObject* parent = nullptr);

    bool playing() const { return m_timer.isActive(); }
    // Starts from the playhead (from the recording's start when there is none or it stands at the
    // end); false when the recording cannot be replayed.
    bool play();
    void stop();
    double speed() const { return m_speed; }
    void setSpeed(double speed);

signals:
    void playingChanged(bool playing);

private:
    void advance();

    LiveFeed* m_feed;
    QTimer m_timer;
    QElapsedTimer m_clock;
    double m_speed = 0.1;
    std::int64_t m_fromNs = 0; // where the playhead stood when the clock started
    std::int64_t m_lastNs = 0; // where this player put it last: a step or a scrub moves it elsewhere
};
