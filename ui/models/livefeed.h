#pragma once

#include "loop/loopcontrol.h"
#include "recording/poolboard.h"

#include <QObject>
#include <QTimer>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace loopscope {
struct Program;
class EventLog;
class Session;
class Recording;
struct LiveState;
struct QueueSnapshot;
} // namespace loopscope

// The one road from the loop to the views. On every GUI tick it looks at how far each event log
// has grown and announces the new range; views read the records in that range straight from the
// recording (records never move). Everything else a view needs about the run (its clock, queues,
// thread pool, state) comes from here too. The GUI thread never waits on the loop thread.
class LiveFeed : public QObject
{
    Q_OBJECT

public:
    explicit LiveFeed(QObject* parent = nullptr);
    ~LiveFeed() override;

    // Follows `session` (null to detach); resets every view through reset().
    void setSession(loopscope::Session* session);
    // Replays a finished recording (one loaded from a file): the views get all of it on the
    // next tick and there is no live state. Setting a session ends the replay.
    void setRecording(std::shared_ptr<const loopscope::Recording> recording);
    bool replaying() const { return m_replay != nullptr; }
    const loopscope::Recording* recording() const;
    // Event log `index` of the recording followed, or null.
    const loopscope::EventLog* log(int index) const;
    // True for the log that holds only /health samples.
    static bool isProberLog(int index);

    // The live loop's state, or null when no session runs.
    const loopscope::LiveState* live() const;
    // The program the live session runs; null when none runs.
    const loopscope::Program* program() const;
    // The monotonic time (monotonicNs) that the live recording counts from; 0 for a replay.
    std::int64_t originNs() const;
    // Recording time now: the live clock while the run goes on, else the latest record's end.
    std::int64_t nowNs() const;
    // The latest end of any record announced so far.
    std::int64_t lastEndNs() const { return m_lastEndNs; }
    // True when no more records will come: the live run has ended or a recording is replayed.
    bool finished() const;
    bool paused() const;
    // Where the loop is held (paused or stepping), if it is.
    std::optional<loopscope::StepPoint> heldAt() const;
    // True when the live program has a main module, false for the idle loop.
    bool hasMainModule() const;
    // The latest copy of the queues; takenAtNs is -1 when there is none.
    loopscope::QueueSnapshot queueSnapshot() const;
    // Thread-pool items queued or running now.
    std::vector<loopscope::PoolBoard::Item> poolWork() const;
    // True when the live run was aborted because its queues and recording outgrew the memory budget.
    bool memoryBudgetExceeded() const;
    // Records the live run could not keep because the recording was full.
    std::uint64_t droppedEvents() const;

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
    void follow(bool following);
    void observe(const loopscope::EventLog& log, std::size_t from, std::size_t to);

    QTimer m_timer;
    loopscope::Session* m_session = nullptr;
    std::shared_ptr<const loopscope::Recording> m_replay;
    std::vector<std::size_t> m_seen;
    std::int64_t m_lastEndNs = 0;
};
