#pragma once

#include <QObject>
#include <QTimer>

#include <cstddef>
#include <memory>
#include <vector>

namespace loopscope {
class EventLog;
class Session;
class Recording;
struct LiveState;
} // namespace loopscope

// Turns a session's recording into batches for the views: on every GUI tick it
// looks at how far each event log has grown and announces the new range. Views
// read the records in that range straight from the recording (records never move).
// The GUI thread never waits on the loop thread.
class LiveFeed : public QObject
{
    Q_OBJECT

public:
    explicit LiveFeed(QObject* parent = nullptr);
    ~LiveFeed() override;

    // Follows `session` (null to detach); resets every view through reset().
    void setSession(loopscope::Session* session);
    loopscope::Session* session() const { return m_session; }
    // Replays a finished recording (one loaded from a file): the views get all of it on the
    // next tick and there is no live state. Setting a session ends the replay.
    void setRecording(std::shared_ptr<const loopscope::Recording> recording);
    bool replaying() const { return m_replay != nullptr; }
    const loopscope::Recording* recording() const;
    const loopscope::LiveState* live() const;
    // Event log `index` of the recording followed, or null.
    const loopscope::EventLog* log(int index) const;

    // The GUI tick, 60 per second by default.
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // Runs one tick now (tests call this instead of waiting).
    void poll();

signals:
    // The session changed: views drop what they show.
    void reset();
    // Records [from, to) of log `logIndex` are new.
    void advanced(int logIndex, std::size_t from, std::size_t to);
    // Emitted after every tick, after advanced(), for views that repaint from LiveState.
    void ticked();

private:
    QTimer m_timer;
    loopscope::Session* m_session = nullptr;
    std::shared_ptr<const loopscope::Recording> m_replay;
    std::vector<std::size_t> m_seen;
};
