#pragma once

#include "program/program.h"
#include "recording/loopstate.h"
#include "widgets/window/language.h"

#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QMenu;
class ReplayPlayer;
class QKeySequence;
class SessionController;

// The controls that hold and step the loop: Pause (Space), Next callback (C), Next phase (N),
// Next iteration (I), and Start paused, remembered for each program (the ordering scenarios start
// paused until the user says otherwise). Previous callback, phase and iteration (Shift+C, N, I)
// step back through the recording of a run paused or ended, or of a recording opened, and the
// next ones then step forward through it. Also says where the loop is held, for the status line.
class SteppingControls : public QObject
{
    Q_OBJECT

public:
    // Makes an action with its shortcut, named and explained in the language of the moment, as the window's
    // other controls are made.
    using ActionFactory = std::function<QAction*(const QKeySequence&, std::function<ControlTexts()>)>;

    SteppingControls(SessionController* controller, const ActionFactory& makeAction, QObject* parent);

    QAction* pauseAction() const { return m_pause; }
    // Next callback, next phase, next iteration; in a tool bar after stepLabel().
    QList<QAction*> stepActions() const;
    // Previous callback, previous phase, previous iteration.
    QList<QAction*> stepBackActions() const;
    // Play the recording (P) from the playhead, at the speed of speedMenu().
    QAction* playAction() const { return m_play; }
    QMenu* speedMenu() const { return m_speedMenu; }
    // Stops Play recording, if it plays (an animation's export moves the playhead itself).
    void stopPlaying();
    static QString stepLabel();
    QAction* startPausedAction() const { return m_startPaused; }

    // The program about to run or running: Start paused shows, and sets, its remembered choice.
    void setProgram(const QString& name);
    // Whether a run of the program set starts held before its main module.
    bool startsPaused() const;

    // Follows the session: the pause button shows whether the loop is paused.
    void sync();
    // Where the loop is held, in a sentence for the status line; empty while it runs.
    QString heldText() const;
    // While held: the line (from 1) of the program's Node.js script (emittedSource()) that holds the
    // callback that runs next; 0 when none is known.
    int nextSourceLine();
    QString emittedSource() const { return m_emittedSource; }
    // A new session runs: its program's script is worked out again when needed.
    void sessionStarted();

private:
    void updateActions();
    // After a callback's body: what runs next and the rule that says so.
    QString whatRunsNext() const;
    static QString pollWait(const loopscope::QueueSnapshot& queues, std::size_t poolWork);
    const loopscope::Op* nextOp(loopscope::StepPoint held, const loopscope::Program& program) const;

    SessionController* m_controller = nullptr;
    QAction* m_pause = nullptr;
    QAction* m_nextCallback = nullptr;
    QAction* m_nextPhase = nullptr;
    QAction* m_nextIteration = nullptr;
    QAction* m_previousCallback = nullptr;
    QAction* m_previousPhase = nullptr;
    QAction* m_previousIteration = nullptr;
    QAction* m_startPaused = nullptr;
    QAction* m_play = nullptr;
    QMenu* m_speedMenu = nullptr;
    ReplayPlayer* m_player = nullptr;
    QString m_program;
    const loopscope::Program* m_emittedFor = nullptr;
    loopscope::EmittedJs m_emitted;
    QString m_emittedSource;
};
