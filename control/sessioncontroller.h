#pragma once

#include "control/sessionreaper.h"
#include "program/program.h"
#include "recording/loopstate.h"
#include "runtime/nodecosts.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace loopscope {
class Recording;
class Session;
namespace wire {
class AttachedProgram;
struct AttachOptions;
struct AttachResult;
} // namespace wire
} // namespace loopscope
class LiveFeed;

// Owns the life of sessions: starts a program on a fresh loop, injects workloads, drives the
// loop controls and probes, replays recordings, and hands sessions it no longer shows to the
// reaper. It feeds the LiveFeed, which is all that views see. Never waits on a loop thread but in
// finish(), once the window has closed.
class SessionController : public QObject
{
    Q_OBJECT

public:
    explicit SessionController(QObject* parent = nullptr);
    ~SessionController() override;

    // What every session started from now on may hold in its queues and recording (--memory-budget).
    static void setMemoryBudgetMb(std::size_t mb);
    static std::size_t memoryBudgetMb();
    // An attached program's callbacks that run longer than this have their stacks sampled (--block-ms; 0: never).
    static void setBlockThresholdMs(int ms);
    static int blockThresholdMs();
    // Past the budget, sessions started from now on let go of their oldest events (a rolling
    // window) instead of spilling them to disk.
    static void setRollingWindow(bool on);
    // Where the window remembers the choice (QSettings).
    static constexpr const char* RollingWindowKey = "memory/rollingWindow";
    static bool rollingWindow();
    // The time Node spends where LoopScope takes microseconds, as sessions started from now on model it.
    static void setNodeCosts(const loopscope::NodeCosts& costs);
    static loopscope::NodeCosts nodeCosts();
    // The same costs as a LoopScope command line says them, for runs in a process of their own.
    static QStringList nodeCostArguments();

    LiveFeed* feed() const { return m_feed; }
    loopscope::Session* session() const { return m_session.get(); }
    bool replaying() const { return m_replay != nullptr; }
    // The program running or recorded.
    QString programName() const { return m_programName; }
    // The recording followed, shared with whoever reads it off the GUI thread; null when none.
    std::shared_ptr<const loopscope::Recording> recording() const;

    // Ends what is shown and runs `program` on a fresh loop with the current controls; Paused holds
    // it before its main module, to be stepped.
    enum class Start { Running, Paused };
    void start(loopscope::Program program, Start how = Start::Running);
    // Starts the window's default loop: a server that waits in poll for workloads, as a Node.js
    // process with a listening http server does.
    void startIdle();
    // True while the session shown is that server loop.
    bool serving() const { return m_session && m_serving; }
    // Injects `workload` into the loop shown, as a request arrives; when no loop runs (a replay, a
    // program that has ended, a run aborted) the server loop starts first.
    void inject(loopscope::Program workload);
    // Abandons the work in progress on the server loop, which goes on serving.
    void stopWork();
    // Stops following the Node.js program attached: one LoopScope started ends (SIGTERM, then a kill after a
    // grace), one attached to as it ran is let go of and runs on. attachedEnded() follows; false when no
    // program is followed.
    bool stopAttached();
    // Where attach() finds the probe (loopscope-probe.js and loopscope_probe.node); by default an
    // installation's lib/loopscope, or beside this executable in a build tree (wire::findProbeDirectory).
    static void setProbeDirectory(const QString& directory);
    static QString probeDirectory();
    // Ends what is shown and runs the Node.js program `script` with the probe inside (node as found on
    // PATH, or `node` when not empty, with node's own `nodeOptions` before the script), showing its loop
    // live; its output goes to the console. False, with `error` saying why, when the probe is not installed
    // beside this executable.
    bool attach(const QString& script, const QStringList& arguments, QString* error, const QString& node = {},
        const QStringList& nodeOptions = {});
    // Ends what is shown and attaches to the Node.js process `pid` as it runs (--attach-pid), showing its loop
    // live as attach() does; its output stays its own. False, with `error` saying why in one sentence, when
    // the probe is not installed or the process cannot be attached to (wire::refusalOf); what goes wrong
    // later (the inspector, the probe) is the attached program's result.
    bool attachToProcess(int pid, QString* error);
    // The Node.js program shown labels every callback (the default) or marks the phases only.
    void setEveryCallback(bool on);
    bool everyCallback() const { return m_everyCallback; }
    // The next program attached has its child node processes recorded too (--follow-children).
    void setFollowChildren(bool on) { m_followChildren = on; }
    bool followChildren() const { return m_followChildren; }
    // The Node.js program shown, if one is (attached, running or ended).
    const loopscope::wire::AttachedProgram* attached() const { return m_attached.get(); }
    // Ends what is shown and replays `recording`.
    void replay(std::shared_ptr<const loopscope::Recording> recording);
    // A program followed with its child processes (--follow-children), attached and ended or its recording
    // opened: the recording of them all, whichever the views show; null for any other. A trace written
    // of what is shown is written of it.
    std::shared_ptr<const loopscope::Recording> family() const { return m_family; }
    // Which of the family the views show: 0 the program, N its Nth child (Recording::children).
    std::size_t shownProcess() const { return m_shownProcess; }
    // Replays that one of the family from its start.
    void showProcess(std::size_t process);
    // Hands the session to the reaper (aborted unless it finished) and detaches the feed.
    void end();
    // Stops the session on this thread, waiting for its loop thread, and returns its complete recording
    // (a replay: the replayed recording), or null when nothing is shown. Unlike end(), work still running
    // is stopped, not aborted: for writing what was shown when the application closes.
    std::shared_ptr<const loopscope::Recording> finish();

    void setPaused(bool paused);
    // While paused: run to the next boundary of `mode`. At a playhead: move it to the next one,
    // and past the last one recorded, step the held loop.
    void step(loopscope::StepMode mode);
    // In a replay, or a run paused or ended: move the playhead back to the previous boundary.
    void stepBack(loopscope::StepMode mode);
    void setSlowMotion(int ms);
    void setHealthProbe(bool on);
    void setDelayMonitor(bool on);
    bool healthProbe() const { return m_healthProbe; }
    bool delayMonitor() const { return m_delayMonitor; }

signals:
    // A program is about to run. libuv's thread pool is one for the whole process: work in the
    // background (a lesson's offscreen runs) steps aside now, or the program's pool work would wait
    // behind it while the lanes, which show the program's own work, look idle.
    void programAboutToRun();
    // A new session runs (the feed already follows it).
    void started();
    // A program asked for a probe itself: the controls show it on.
    void probesChanged();
    // The Node.js program attached has ended (or could not start): result() says how.
    void attachedEnded();
    // family() or shownProcess() changed.
    void familyChanged();

private:
    void startSession(loopscope::Program program, bool serve, bool paused);
    bool findProbe(loopscope::wire::AttachOptions& options, QString* error);
    void follow(loopscope::wire::AttachOptions options, const QString& name);
    void applyControls();
    void retire(std::shared_ptr<loopscope::Session> session);
    void noticeAttachedEnd();
    void showRecording(std::shared_ptr<const loopscope::Recording> recording);
    void setFamily(std::shared_ptr<const loopscope::Recording> family, std::size_t shown);

    LiveFeed* m_feed = nullptr;
    std::shared_ptr<loopscope::Session> m_session;
    std::shared_ptr<loopscope::wire::AttachedProgram> m_attached;
    bool m_attachedEndNoticed = false;
    bool m_everyCallback = true;
    bool m_followChildren = false;
    std::shared_ptr<const loopscope::Recording> m_replay;
    std::shared_ptr<const loopscope::Recording> m_family;
    std::size_t m_shownProcess = 0;
    SessionReaper m_reaper;
    QString m_programName;
    int m_slowMotionMs = 0;
    bool m_serving = false;
    bool m_healthProbe = false;
    bool m_delayMonitor = true;
};
