#include "widgets/window/steppingcontrols.h"

#include "control/sessioncontroller.h"
#include "models/livefeed.h"
#include "models/timemapping.h"
#include "recording/recorder.h"
#include "recording/recording.h"

#include "models/replayplayer.h"

#include <QAction>
#include <QLocale>

#include <QActionGroup>
#include <QKeySequence>
#include <QMenu>
#include <QSettings>
#include <cmath>

namespace {

// The scenarios whose point is an order of lines: they start paused, to be stepped, unless the
// user turned that off for them.
bool isOrderingScenario(const QString& name)
{
    static const QStringList ordering { QStringLiteral("guess-order"), QStringLiteral("tick-vs-promise"),
        QStringLiteral("tick-vs-promise-esm"), QStringLiteral("await-order"), QStringLiteral("await-order-node10"),
        QStringLiteral("main-race"), QStringLiteral("main-race-esm") };
    return ordering.contains(name);
}

QString settingsKey(const QString& program)
{
    return QStringLiteral("stepping/startPaused/") + program;
}

// The op of `block` (or of the blocks inside it) whose callbacks carry the label `labelId`.
const loopscope::Op* findOp(const loopscope::Block& block, std::uint32_t labelId)
{
    for (const loopscope::Op& op : block) {
        if (op.labelId == labelId)
            return &op;
        for (const loopscope::Block* inner : { &op.body(), &op.done() }) {
            if (const loopscope::Op* found = findOp(*inner, labelId))
                return found;
        }
        for (const loopscope::Block& then : op.chain()) {
            if (const loopscope::Op* found = findOp(then, labelId))
                return found;
        }
    }
    return nullptr;
}

} // namespace

SteppingControls::SteppingControls(SessionController* controller, const ActionFactory& makeAction, QObject* parent)
    : QObject(parent)
    , m_controller(controller)
{
    m_pause = makeAction(QKeySequence(Qt::Key_Space), [] {
        return ControlTexts { tr("Pause"),
            tr("Halts the loop at the next place it can: a phase, or before or after a callback. Time held is left "
               "out of the program's clock. Press again to resume.") };
    });
    m_pause->setCheckable(true);
    connect(m_pause, &QAction::toggled, this, [this](bool paused) {
        m_controller->setPaused(paused);
        updateActions();
    });
    m_nextCallback = makeAction(QKeySequence(Qt::Key_C), [] {
        return ControlTexts { tr("Next callback"),
            tr("While paused: runs the next callback the program can see (the main module, a timer, an immediate, an "
               "I/O callback, one nextTick or one promise job) and halts after its body, before the nextTicks and "
               "microtasks it queued run.") };
    });
    connect(m_nextCallback, &QAction::triggered, this, [this] { m_controller->step(loopscope::StepMode::Callback); });
    m_nextPhase = makeAction(QKeySequence(Qt::Key_N), [] {
        return ControlTexts { tr("Next phase"), tr("While paused: lets the loop run to the start of the next phase.") };
    });
    connect(m_nextPhase, &QAction::triggered, this, [this] { m_controller->step(loopscope::StepMode::Phase); });
    m_nextIteration = makeAction(QKeySequence(Qt::Key_I), [] {
        return ControlTexts { tr("Next iteration"),
            tr("While paused: lets the loop run to the first phase of its next iteration.") };
    });
    connect(m_nextIteration, &QAction::triggered, this, [this] { m_controller->step(loopscope::StepMode::Iteration); });
    m_previousCallback = makeAction(QKeySequence(QStringLiteral("Shift+C")), [] {
        return ControlTexts { tr("Previous callback"),
            tr("In a recording, or a run paused or ended: goes back to where the callback before ended its body. The "
               "circle, the queues, the thread pool and the console show that moment, rebuilt from the recording.") };
    });
    connect(m_previousCallback, &QAction::triggered, this,
        [this] { m_controller->stepBack(loopscope::StepMode::Callback); });
    m_previousPhase = makeAction(QKeySequence(QStringLiteral("Shift+N")), [] {
        return ControlTexts { tr("Previous phase"),
            tr("In a recording, or a run paused or ended: goes back to where the phase before began.") };
    });
    connect(m_previousPhase, &QAction::triggered, this, [this] { m_controller->stepBack(loopscope::StepMode::Phase); });
    m_previousIteration = makeAction(QKeySequence(QStringLiteral("Shift+I")), [] {
        return ControlTexts { tr("Previous iteration"),
            tr("In a recording, or a run paused or ended: goes back to where the iteration before began.") };
    });
    connect(m_previousIteration, &QAction::triggered, this,
        [this] { m_controller->stepBack(loopscope::StepMode::Iteration); });
    m_player = new ReplayPlayer(controller->feed(), this);
    m_play = makeAction(QKeySequence(Qt::Key_P), [] {
        return ControlTexts { tr("Play recording"),
            tr("In a recording, or a run paused or ended: moves the playhead on in time, at the replay speed, from "
               "where it stands; the circle, the queues and the thread pool follow. Press again to stop.") };
    });
    m_play->setCheckable(true);
    connect(m_play, &QAction::toggled, this, [this](bool on) {
        if (!on)
            m_player->stop();
        else if (!m_player->playing() && !m_player->play())
            m_play->setChecked(false);
    });
    connect(m_player, &ReplayPlayer::playingChanged, m_play, &QAction::setChecked);
    m_speedMenu = new QMenu;
    m_speedMenu->setToolTipsVisible(true);
    auto* speeds = new QActionGroup(this);
    const double saved = QSettings().value(QStringLiteral("replay/speed"), m_player->speed()).toDouble();
    for (const double speed : ReplayPlayer::Speeds) {
        QAction* choice = m_speedMenu->addAction(QString());
        choice->setData(speed);
        choice->setCheckable(true);
        choice->setActionGroup(speeds);
        if (qFuzzyCompare(speed, saved)) {
            choice->setChecked(true);
            m_player->setSpeed(speed);
        }
        connect(choice, &QAction::triggered, this, [this, speed] {
            m_player->setSpeed(speed);
            QSettings().setValue(QStringLiteral("replay/speed"), speed);
        });
    }
    connect(this, &QObject::destroyed, m_speedMenu, [menu = m_speedMenu] { delete menu; });
    m_startPaused = makeAction(QKeySequence(QStringLiteral("Shift+F5")), [] {
        return ControlTexts { tr("Start paused"),
            tr("Runs of this program start held before the main module, to be stepped with Next callback. Remembered "
               "for each program; the ordering scenarios start paused unless you turn it off.") };
    });
    m_startPaused->setCheckable(true);
    connect(m_startPaused, &QAction::toggled, this, [this](bool on) {
        if (!m_program.isEmpty())
            QSettings().setValue(settingsKey(m_program), on);
    });
    Language::follow(this, [this] {
        // In the tool bar they follow a "Step:" label, by one word each, so the bar fits 1280 pixels.
        m_nextCallback->setIconText(tr("callback", "tool bar, after Step:"));
        m_nextPhase->setIconText(tr("phase", "tool bar, after Step:"));
        m_nextIteration->setIconText(tr("iteration", "tool bar, after Step:"));
        m_previousCallback->setIconText(tr("◀ back", "tool bar: previous callback"));
        m_play->setIconText(tr("▶ play", "tool bar: play the recording"));
        m_speedMenu->setTitle(tr("Replay speed"));
        for (QAction* choice : m_speedMenu->actions()) {
            const double speed = choice->data().toDouble();
            choice->setText(ReplayPlayer::speedName(speed));
            choice->setToolTip(tr("How fast Play recording moves the playhead: at 1/100, a millisecond of the "
                                  "program lasts a tenth of a second."));
        }
        // The pause button's name says whether it pauses or resumes.
        updateActions();
    });
}

void SteppingControls::stopPlaying()
{
    m_player->stop();
}

QString SteppingControls::stepLabel()
{
    return tr("Step:");
}

QList<QAction*> SteppingControls::stepActions() const
{
    return { m_nextCallback, m_nextPhase, m_nextIteration };
}

QList<QAction*> SteppingControls::stepBackActions() const
{
    return { m_previousCallback, m_previousPhase, m_previousIteration };
}

void SteppingControls::setProgram(const QString& name)
{
    m_program = name;
    const QSignalBlocker blocker(m_startPaused);
    m_startPaused->setChecked(startsPaused());
}

bool SteppingControls::startsPaused() const
{
    return QSettings().value(settingsKey(m_program), isOrderingScenario(m_program)).toBool();
}

void SteppingControls::sync()
{
    const LiveFeed* feed = m_controller->feed();
    // A recording opened from a file has no loop to pause or resume; its playhead steps and plays.
    const bool paused = m_controller->session() && feed->live() && feed->paused();
    if (paused != m_pause->isChecked()) {
        const QSignalBlocker blocker(m_pause);
        m_pause->setChecked(paused);
    }
    updateActions();
}

void SteppingControls::updateActions()
{
    const bool paused = m_pause->isChecked();
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
    m_pause->setEnabled(m_controller->session() != nullptr);
    const LiveFeed* feed = m_controller->feed();
    for (QAction* step : stepActions())
        step->setEnabled(paused || feed->playhead());
    for (QAction* step : stepBackActions())
        step->setEnabled(feed->canReplay());
    m_play->setEnabled(feed->canReplay());
}

QString SteppingControls::heldText() const
{
    const LiveFeed* feed = m_controller->feed();
    const std::optional<loopscope::StepPoint> held = feed->heldAt();
    if (!held)
        return {};
    const std::optional<std::int64_t> playhead = feed->playhead();
    const QString at = playhead ? TimeMapping::formatDuration(*playhead) : QString();
    switch (*held) {
    case loopscope::StepPoint::BeforeCallback:
        if (playhead)
            return tr("At the recording's start, before the main module. Next callback (C) steps through it.");
        if (feed->live()->callbacks.load(std::memory_order_relaxed) == 0)
            return tr("Paused before the main module. Next callback (C) runs it; Space runs on.");
        return tr("Paused before a callback. Next callback (C) runs it.");
    case loopscope::StepPoint::AfterCallback: {
        const bool close = feed->live()->inCallback.load(std::memory_order_relaxed)
            && loopscope::CallbackKind(feed->live()->callbackKind.load(std::memory_order_relaxed))
                == loopscope::CallbackKind::Close;
        const QString why = close ? tr("A close callback: libuv runs them in the close phase, the last of an "
                                       "iteration, once a handle has closed. %1")
                                        .arg(whatRunsNext())
                                  : whatRunsNext();
        if (playhead)
            return tr("At %1 of the recording, after a callback's body. %2").arg(at, why);
        return tr("Paused after a callback's body. %1").arg(why);
    }
    case loopscope::StepPoint::Phase: {
        const loopscope::LiveState& live = *feed->live();
        const auto phase = loopscope::Phase(live.phase.load(std::memory_order_relaxed));
        const QString name = QString::fromLatin1(loopscope::phaseName(phase));
        const QString begins = playhead ? tr("At %1 of the recording, as the %2 phase begins.").arg(at, name)
                                        : tr("Paused as the %1 phase begins.").arg(name);
        const QString next = whatRunsNext();
        if (phase == loopscope::Phase::Prepare || phase == loopscope::Phase::Poll) {
            const QString wait = pollWait(feed->queueSnapshot(), feed->poolWork().size());
            return begins + QLatin1Char(' ') + (next.isEmpty() ? wait : wait + QLatin1Char(' ') + next);
        }
        if (!next.isEmpty())
            return begins + QLatin1Char(' ') + next;
        return begins + QLatin1Char(' ') + tr("Next phase (N), next callback (C), next iteration (I).");
    }
    }
    return {};
}

// How long poll will wait for I/O, and why, by libuv's rule: not at all while immediates are queued
// or a timer is due; until the next timer comes due; else for as long as it takes.
QString SteppingControls::pollWait(const loopscope::QueueSnapshot& queues, std::size_t poolWork)
{
    if (queues.immediateCount > 0)
        return tr("Poll: immediates are queued, so the loop only takes the I/O that is ready and does not wait; "
                  "check runs them next.");
    if (!queues.timers.empty()) {
        const double dueMs = queues.timers.front().dueInMs;
        if (dueMs <= 0)
            return tr("Poll: a timer is due already, so the loop does not wait; the next iteration's timers phase "
                      "runs it.");
        const QString wait = QLocale().toString(std::ceil(dueMs), 'f', 0);
        return tr("Poll: no I/O ready and no immediate queued; a timer is due in %1 ms, so the loop sleeps up to "
                  "%1 ms waiting for I/O.")
            .arg(wait);
    }
    if (poolWork > 0 || queues.closeCount > 0)
        return tr("Poll: no timer and no immediate; the loop sleeps until I/O calls back (thread-pool jobs in "
                  "flight: %L1).")
            .arg(poolWork);
    return tr("Poll: no timer and no immediate; the loop sleeps until I/O calls back.");
}

// What runs next and the rule that picks it, in words, as the runtime decided it where the loop is
// held (QueueSnapshot::next): the drain's order, the rest of the phase, the phases after it.
QString SteppingControls::whatRunsNext() const
{
    const LiveFeed* feed = m_controller->feed();
    const loopscope::QueueSnapshot queues = feed->queueSnapshot();
    const loopscope::StringTable& strings = feed->recording()->strings;
    const loopscope::NextUp& next = queues.next;
    auto name = [&strings](std::uint32_t label) {
        return label < strings.size() ? QString::fromStdString(strings.at(label)) : QString();
    };
    const QString label = name(next.label);
    QString text;
    using loopscope::NextRule;
    switch (next.rule) {
    case NextRule::Unknown:
    case NextRule::ThisCallback:
        return {};
    case NextRule::ModuleAfterLoad:
        return tr("Next: the ES module's body, once the loader's read of the file calls back in poll; the body "
                  "runs inside a promise job.");
    case NextRule::TicksFirst:
        text = tr("Next: the nextTick \"%1\", because the nextTick queue drains before promise jobs.").arg(label);
        break;
    case NextRule::TicksDrainCompletely:
        text = tr("Next: the nextTick \"%1\": the nextTick queue drains completely, ticks queued meanwhile "
                  "included, before any promise job.")
                   .arg(label);
        break;
    case NextRule::PromisesAfterTicks:
        text = tr("Next: the promise job \"%1\", because promise jobs run once the nextTicks are done, before "
                  "the loop goes on.")
                   .arg(label);
        break;
    case NextRule::PromisesInModuleJob:
        text = tr("Next: the promise job \"%1\": an ES module's body runs inside a promise job, so the promise "
                  "jobs it queued run before its nextTicks.")
                   .arg(label);
        break;
    case NextRule::PromisesUntilEmpty:
        text = tr("Next: the promise job \"%1\": promise jobs run until none are left; nextTicks queued "
                  "meanwhile wait for them.")
                   .arg(label);
        break;
    case NextRule::TicksAfterPromises:
        text = tr("Next: the nextTick \"%1\": the promise jobs are done, so the nextTicks queued meanwhile run "
                  "now, then promise jobs again.")
                   .arg(label);
        break;
    case NextRule::TimersInOrder:
        text = tr("Next: the timer \"%1\": the timers phase runs every timer that is due, in the order they "
                  "came due, each one's nextTicks and promise jobs before the next.")
                   .arg(label);
        break;
    case NextRule::ImmediatesInCheck:
        text = tr("Next: the immediate \"%1\": check runs the immediates queued before it began, in order.").arg(label);
        break;
    case NextRule::CheckBeforeTimers:
        text = tr("Next: the immediate \"%1\": after the timers phase come poll and check, before timers "
                  "again.")
                   .arg(label);
        break;
    case NextRule::TimerDue:
        text = tr("Next: the timer \"%1\": it is due already, and the next iteration begins with the timers "
                  "phase.")
                   .arg(label);
        break;
    case NextRule::TimerAfterWait:
        text = tr("Next: the timer \"%1\": nothing else is queued, so poll waits until it is due.").arg(label);
        break;
    case NextRule::TimerOrImmediate:
        text = tr("Next: the timer \"%1\" if a millisecond has passed on the loop clock when the loop starts, "
                  "else the immediate \"%2\": from a main module either can win.")
                   .arg(label, name(next.otherLabel));
        break;
    case NextRule::ImmediateUnlessTimer:
        text = tr("Next: the immediate \"%1\" in the next check phase, unless the timer \"%2\" comes due "
                  "before the next timers phase.")
                   .arg(label, name(next.otherLabel));
        break;
    case NextRule::CloseCallbacks:
        text = tr("Next: the close callback \"%1\", in the close phase at the iteration's end.").arg(label);
        break;
    case NextRule::WaitsForIo:
        return tr("Next: nothing is queued; the loop waits in poll for the I/O in flight, whose callback runs "
                  "next.");
    case NextRule::Nothing:
        return tr("Next: nothing is queued and nothing is in flight, so the loop ends.");
    case NextRule::Recorded:
        return tr("Next, as the recording shows: \"%1\" (%2).")
            .arg(label, QString::fromLatin1(loopscope::callbackKindName(next.kind)));
    }
    if (next.ioMayComeFirst)
        text += QLatin1Char(' ') + tr("An I/O callback that completes before then runs first.");
    return text;
}

void SteppingControls::sessionStarted()
{
    m_emittedFor = nullptr;
}

int SteppingControls::nextSourceLine()
{
    const LiveFeed* feed = m_controller->feed();
    const std::optional<loopscope::StepPoint> held = feed->heldAt();
    const loopscope::Program* program = feed->program();
    if (!held || !program)
        return 0;
    if (program != m_emittedFor) {
        m_emitted = loopscope::emitJsWithLines(*program);
        m_emittedSource = QString::fromStdString(m_emitted.text);
        m_emittedFor = program;
    }
    const loopscope::Op* next = nextOp(*held, *program);
    const auto found = next ? m_emitted.lines.find(next) : m_emitted.lines.end();
    return found == m_emitted.lines.end() ? 0 : found->second;
}

// The op whose callback runs next: the main module's first line before it starts, else the op of
// the callback the runtime said runs next.
const loopscope::Op* SteppingControls::nextOp(loopscope::StepPoint held, const loopscope::Program& program) const
{
    const LiveFeed* feed = m_controller->feed();
    if (held == loopscope::StepPoint::BeforeCallback && feed->live()->callbacks.load(std::memory_order_relaxed) == 0
        && !program.main.empty())
        return &program.main.front();
    const loopscope::NextUp next = feed->queueSnapshot().next;
    if (!next.namesCallback() || next.kind == loopscope::CallbackKind::Main)
        return nullptr;
    return findOp(program.main, next.label);
}
