#pragma once

#include "attach/attachrun.h"
#include "recording/liveloop.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>

namespace loopscope::wire {

// A Node.js program run with the probe inside, followed live: its loop's records fill a recording
// while the window's views read it, as they read a run of LoopScope's own, and its output goes into the
// recording as console lines. What the probe cannot see (the queues' contents, the thread pool's
// occupancy) is left unknown, never shown as empty.
class AttachedProgram : public LiveLoop
{
public:
    // The delay monitor's resolution: the latency chart's loop-delay samples.
    static constexpr int DelayResolutionMs = DelayMonitorResolutionMs;
    // The main loop's log and one for each worker loop there may be, each saying what it is (LogRole).
    static constexpr std::size_t LogCount = 1 + Ingest::MaxWorkerLoops;
    // stop(): how long the program has to end on SIGTERM before it is killed.
    static constexpr int GraceMs = StopGraceMs;

    // `options.output`, `follow`, `started` and `stopFd` are this class's to set; `detach`
    // is not followed (the program's output comes here: it would have nowhere to go).
    explicit AttachedProgram(AttachOptions options);
    // Stops the program if it still runs and waits for it (at most GraceMs and a little).
    ~AttachedProgram() override;
    AttachedProgram(const AttachedProgram&) = delete;
    AttachedProgram& operator=(const AttachedProgram&) = delete;

    // Starts the program; returns at once. How it started and ended is known once it ended().
    void start();
    // Asks the program to end (SIGTERM to it), and kills it GraceMs later if it has not; returns at once.
    // A process that exits (exit(), as Qt's does when its display goes away) stops every program still
    // followed the same way before it goes.
    void stop();
    // The window closes: stops the program, waits for its end and describes its recording, which says that
    // the window's closing ended it (if it still ran). On the thread the views read from.
    void finish();
    // Every callback labelled and timed (the default), or the phases marked only, which costs the program
    // next to nothing: switched while it runs (a Control byte to the probe).
    void setEveryCallback(bool on);
    bool everyCallback() const;
    // True for a process LoopScope attached to as it ran (AttachOptions::pid): stopping lets go of it.
    bool attachedWhileRunning() const { return m_options.pid > 0; }
    // True once the program has ended (or could not start) and every record it sent is in.
    bool ended() const { return m_follow.live.finished.load(std::memory_order_acquire); }
    // How it went; valid once ended().
    const AttachResult& result() const { return m_result; }
    // Once ended(), on the thread the views read from: the recording's info gets what the stream said
    // (node's libuv, the pool's size, the threads' names). Idempotent.
    void describe();

    const Recording& recording() const override { return m_recording; }
    const LiveState& liveState() const override { return m_follow.live; }
    std::int64_t originNs() const override { return m_follow.originNs.load(std::memory_order_relaxed); }
    std::int64_t clockNs() const override;
    bool paused() const override { return false; }
    std::optional<StepPoint> heldAt() const override { return std::nullopt; }
    // None while the program runs (its queues are not seen live); once it has ended, what its recording
    // says was left queued at the end.
    QueueSnapshot queueSnapshot() const override;
    std::vector<PoolBoard::Item> poolWork() const override { return m_follow.poolWork(); }
    std::uint8_t unobserved() const override;
    std::uint64_t droppedEvents() const override { return m_follow.dropped.load(std::memory_order_relaxed); }
    // A spill that fails lets the oldest records go: the program cannot be held back.
    bool rollingWindow() const override { return m_options.keeping.rollingWindow; }
    std::uint64_t spilledBytes() const override { return m_follow.spilledBytes.load(std::memory_order_relaxed); }
    std::string spillDirectory() const override { return m_follow.spillDirectory(); }
    std::string spillProblem() const override { return m_follow.spillProblem(); }

private:
    void run();
    // exit(): every program still followed is stopped, and waited for (the grace and a kill at most).
    static void stopAllAtExit();

    AttachOptions m_options;
    Recording m_recording;
    LiveFollow m_follow;
    AttachResult m_result;
    int m_stopFds[2] = { -1, -1 }; // a byte into [1] stops the program (AttachOptions::stopFd)
    mutable std::mutex m_mutex; // guards what follows, so that no signal or byte goes to a process reaped
    std::condition_variable m_ended;
    int m_pid = 0; // while it runs
    int m_controlFd = -1; // the probe's socket, while it runs
    bool m_running = false;
    bool m_stopAsked = false;
    bool m_windowClosed = false;
    bool m_described = false;
    std::thread m_thread;
    mutable std::optional<QueueSnapshot> m_queuesAtEnd; // once ended, on the thread the views read from
};

} // namespace loopscope::wire
