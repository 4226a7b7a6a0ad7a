#pragma once

#include "figures/figures.h"
#include "recording/loopstate.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/replay.h"

#include <QObject>
#include <QTimer>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace loopscope {
struct Program;
class EventLog;
class LiveLoop;
class Recording;
struct LiveState;
struct QueueSnapshot;
} // namespace loopscope

// The one road from the loop to the views. On every GUI tick it looks at how far each event log
// has grown and announces the new range; views read the records in that range straight from the
// recording (records never move). Everything else a view needs about the run (its clock, queues,
// thread pool, state) comes from here too. The GUI thread never waits on the loop thread.
//
// With a playhead (a replayed recording, or the past of a run that is paused or has ended), the
// state it hands out is the one at the playhead, rebuilt from the recording (Replay): the views
// show that moment as they would show the loop held there.
class LiveFeed : public QObject
{
    Q_OBJECT

public:
    explicit LiveFeed(QObject* parent = nullptr);
    ~LiveFeed() override;

    // Follows `loop` live (null to let go): a run of LoopScope's own or a Node.js program with the probe
    // inside, told apart by what the loop offers (its program, its memory budget). Resets every view.
    void setLoop(loopscope::LiveLoop* loop);
    // The loop followed live (a run of LoopScope's own or an attached program), if any.
    const loopscope::LiveLoop* loop() const { return m_loop; }
    // Replays a finished recording (one loaded from a file): the views get all of it on the
    // next tick and there is no live state. Setting a loop ends the replay.
    void setRecording(std::shared_ptr<const loopscope::Recording> recording);
    bool replaying() const { return m_replay != nullptr; }
    const loopscope::Recording* recording() const;
    // Event log `index` of the recording followed, or null.
    const loopscope::EventLog* log(int index) const;
    // True for the log that holds only /health samples (its role, wherever it lies).
    bool isProberLog(int index) const;
    // The figures of the recording followed (engine/figures: what the summary, the report and the
    // lessons say), of all of it so far.
    loopscope::Figures figures() const;

    // False when the recording followed says it could not see `what` (loopscope::Unobserved: a Node.js
    // program's probe sees neither the queues nor the thread pool): views then say "not seen", never 0.
    bool sees(std::uint8_t what) const;

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
    // Bytes of the followed loop's recording kept in its spill file, where that is, and why the recording
    // could not spill (a run of LoopScope's own was then aborted; an attached program's oldest events let go).
    std::uint64_t spilledBytes() const;
    // The followed loop lets go of its oldest events past the budget (droppedEvents() counts them).
    bool rollingWindow() const;
    QString spillDirectory() const;
    QString spillProblem() const;
    // Records the live run could not keep because the recording was full.
    std::uint64_t droppedEvents() const;

    // The GUI tick, 60 per second by default.
    void setInterval(int ms) { m_timer.setInterval(ms); }
    // Runs one tick now (tests call this instead of waiting).
    void poll();

    // The playhead: the moment of the recording the views show, or none (the loop as it is now).
    std::optional<std::int64_t> playhead() const { return m_playhead; }
    // Moves the playhead to `atNs` (clamped to the recording), or clears it.
    void setPlayhead(std::optional<std::int64_t> atNs);
    // The next place a step of `mode` ends after the playhead (forward) or before it; without a
    // playhead a step back starts from the recording's end. Nothing when there is no such place.
    std::optional<std::int64_t> stepTarget(loopscope::StepMode mode, bool forward);
    // What the recording spans, for a scrubber: its first record's start and last record's end.
    std::int64_t firstNs();
    // True when the recording may be replayed: one is opened, or the run shown is paused or ended.
    bool canReplay() const;

signals:
    // The session changed: views drop what they show.
    void reset();
    // Records [from, to) of log `logIndex` are new.
    void advanced(int logIndex, std::size_t from, std::size_t to);
    // Emitted after every tick, after advanced(), for views that repaint from LiveState.
    void ticked();
    // The playhead moved, or was set or cleared.
    void playheadMoved();

private:
    void follow(bool following);
    void observe(const loopscope::EventLog& log, std::size_t from, std::size_t to);

    // The replay of the recording followed, made when a playhead is first asked for.
    loopscope::Replay& replayer();

    QTimer m_timer;
    // The figures' builder, fed each record once, tick by tick as the views see them, so that asking for
    // the figures at a run's end costs next to nothing however long the run was; how far it read each log.
    void feedFigures(const loopscope::Recording& recording, std::size_t log, std::size_t to) const;
    mutable loopscope::FigureBuilder m_figureBuilder;
    mutable std::vector<std::size_t> m_figuresRead;
    loopscope::LiveLoop* m_loop = nullptr; // the loop followed, live
    std::optional<std::int64_t> m_playhead;
    std::unique_ptr<loopscope::Replay> m_replayer;
    loopscope::ReplayState m_atPlayhead;
    loopscope::LiveState m_playheadLive; // m_atPlayhead as the live views read it
    std::shared_ptr<const loopscope::Recording> m_replay;
    std::vector<std::size_t> m_seen;
    std::int64_t m_lastEndNs = 0;
};
