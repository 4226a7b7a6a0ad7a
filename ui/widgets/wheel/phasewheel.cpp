#include "widgets/wheel/phasewheel.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/phasegeometry.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"
#include "recording/loopstate.h"
#include "recording/recording.h"
#include "widgets/window/language.h"

#include <QFontInfo>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <climits>
#include <cmath>
#include <vector>

using loopscope::Phase;

namespace {

// The accessible description is rebuilt every this many refreshes (about twice a second).
constexpr int DescriptionEvery = 30;

} // namespace

PhaseWheel::PhaseWheel(LiveFeed* feed, StatusModel* status, QWidget* parent)
    : QWidget(parent)
    , m_feed(feed)
    , m_status(status)
{
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setMinimumSize(minimumSizeHint());
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_leftAtNs.fill(-1);
    m_clock.start();
    connect(feed, &LiveFeed::reset, this, &PhaseWheel::onReset);
    connect(feed, &LiveFeed::advanced, this, &PhaseWheel::onAdvanced);
    connect(status, &StatusModel::refreshed, this, &PhaseWheel::onRefreshed);
    Language::follow(this, [this] {
        setToolTip(tr("The circle of libuv phases. Hover a phase or the centre for what it does."));
        setAccessibleName(tr("Event loop phases"));
        updateDescription();
    });
}

QSize PhaseWheel::sizeHint() const
{
    return { 640, 640 };
}

QSize PhaseWheel::minimumSizeHint() const
{
    const QSize usual(320, 320);
    if (!m_keepsWordsReadable)
        return usual;
    const double scale = 0.8 * QFontInfo(font()).pixelSize() / SmallestWordPixels;
    return usual.expandedTo(QSize(static_cast<int>(std::ceil(PhaseGeometry::LogicalWidth * scale)),
        static_cast<int>(std::ceil(PhaseGeometry::LogicalSize * scale))));
}

void PhaseWheel::setKeepsWordsReadable(bool on)
{
    m_keepsWordsReadable = on;
    setMinimumSize(minimumSizeHint());
    updateGeometry();
}

QString PhaseWheel::explanation(Phase phase)
{
    switch (phase) {
    case Phase::Timers:
        return tr("Timers: runs the setTimeout and setInterval callbacks whose time has come. "
                  "A 0 ms timer still waits for this phase of the next iteration.");
    case Phase::Pending:
        return tr("Pending: I/O callbacks libuv deferred from the previous iteration, such as some TCP errors.");
    case Phase::Idle:
        return tr("Idle: libuv's idle handles. Node keeps one active while immediates are queued, "
                  "which is what stops poll from sleeping.");
    case Phase::Prepare:
        return tr("Prepare: runs just before poll. libuv computes here how long poll may sleep.");
    case Phase::Poll:
        return tr("Poll: waits for I/O (files via the thread pool, sockets via the OS) and runs their callbacks. "
                  "It sleeps until a timer is due, unless immediates are pending.");
    case Phase::Check:
        return tr("Check: runs setImmediate callbacks, right after poll. Immediates queued meanwhile wait "
                  "for the next iteration.");
    case Phase::Close:
        return tr("Close: runs close callbacks, such as socket.on('close'), at the end of the iteration.");
    }
    return {};
}

bool PhaseWheel::cursorShown() const
{
    return m_status->loopRunning() && m_status->iteration() > 0;
}

double PhaseWheel::trailStrength(Phase phase) const
{
    if (!cursorShown())
        return 0;
    if (phase == m_cursorPhase)
        return 1;
    const std::int64_t leftAt = m_leftAtNs[std::size_t(phase)];
    return leftAt < 0 ? 0 : PhaseGeometry::trailStrength(m_clock.nsecsElapsed() - leftAt);
}

void PhaseWheel::onReset()
{
    m_heat.clear();
    m_shares = {};
    m_nextTick = 0;
    m_microtask = 0;
    m_angle = 0;
    m_remaining = 0;
    m_targetAngle = -1;
    m_lastIteration = 0;
    m_lapsPerFrame = 0;
    m_showRates = false;
    m_cursorPhase = PhaseGeometry::order(m_status->timersAfterClose())[0];
    m_leftAtNs.fill(-1);
    updateDescription();
    update();
}

void PhaseWheel::onAdvanced(int logIndex, std::size_t from, std::size_t to)
{
    if (logIndex != 0)
        return;
    const loopscope::Recording* recording = m_feed->recording();
    if (!recording)
        return;
    const loopscope::EventLog& log = recording->mainLog();
    for (std::size_t i = from; i < to; ++i)
        m_heat.add(log[i]);
}

bool PhaseWheel::sees(std::uint8_t what) const
{
    return !m_feed || m_feed->sees(what);
}

void PhaseWheel::onRefreshed()
{
    // At a playhead the moment is one iteration, not a rate.
    m_showRates = !m_feed->playhead() && PhaseGeometry::showRates(m_status->iterationsPerSecond());

    // The hub counts what the queue panels show; a run that has ended has nothing queued, unless
    // the playhead shows a moment of it.
    if (m_feed->live() && (!m_feed->finished() || m_feed->playhead())) {
        const loopscope::QueueSnapshot snapshot = m_feed->queueSnapshot();
        m_nextTick = snapshot.nextTickCount;
        m_microtask = snapshot.microtaskCount;
    } else {
        m_nextTick = 0;
        m_microtask = 0;
    }

    // While paused the heat holds still, as the loop does.
    if (!cursorShown()) {
        m_shares = {};
    } else if (m_status->runState() == StatusModel::RunState::Running) {
        const std::int64_t now = m_status->nowNs();
        PhaseHeat::Open open;
        open.valid = true;
        open.phase = m_status->phase();
        open.inCallback = m_status->inCallback();
        open.callbackStartNs = now - m_status->callbackRunningNs();
        m_shares = m_heat.shares(now, open);
    }

    moveCursor();
    if (++m_refreshes % DescriptionEvery == 0)
        updateDescription();
    update();
}

void PhaseWheel::moveCursor()
{
    if (!cursorShown()) {
        m_targetAngle = -1;
        m_remaining = 0;
        m_lapsPerFrame = 0;
        return;
    }
    const bool afterClose = m_status->timersAfterClose();
    const double target = PhaseGeometry::centreAngle(m_status->phase(), afterClose);
    const std::uint32_t laps = m_status->iteration() - m_lastIteration;
    double distance = m_targetAngle < 0 ? 0 : std::fmod(target - m_targetAngle + 360, 360.0);
    // A whole iteration between two frames still shows as one lap.
    if (distance < 0.5 && laps > 0)
        distance = 360;
    // Faster than the eye can follow (by the rates, or by more than a lap between two frames, as before
    // the rates are known): the hand shows where the loop is, not every lap it ran.
    // Laps per frame, smoothed: above 0.3 (about 18 a second) the loop is too fast to follow, which
    // this knows a few frames into a run, long before the rates do.
    m_lapsPerFrame += (double(laps) - m_lapsPerFrame) * 0.25;
    const bool first = m_targetAngle < 0;
    const bool jump = first || m_showRates || laps >= 2 || m_lapsPerFrame > 0.3 || m_remaining + distance > 360.5;
    if (jump) {
        m_angle = target;
        m_remaining = 0;
    } else {
        m_remaining += distance;
        const double step = PhaseGeometry::cursorStep(m_remaining);
        m_angle = std::fmod(m_angle + step, 360.0);
        m_remaining -= step;
    }
    m_targetAngle = target;
    m_lastIteration = m_status->iteration();

    // The trail: every phase the hand has left lights up behind it and fades. A hand that jumps
    // leaves only the phase it was on, so that a fast loop does not light the whole circle.
    const Phase now = PhaseGeometry::phaseAt(m_angle, afterClose);
    if (first || now == m_cursorPhase) {
        m_cursorPhase = now;
        return;
    }
    const std::int64_t at = m_clock.nsecsElapsed();
    m_leftAtNs[std::size_t(m_cursorPhase)] = at;
    if (!jump) {
        const int to = PhaseGeometry::slotOf(now, afterClose);
        for (int slot = (PhaseGeometry::slotOf(m_cursorPhase, afterClose) + 1) % loopscope::PhaseCount; slot != to;
             slot = (slot + 1) % loopscope::PhaseCount)
            m_leftAtNs[std::size_t(PhaseGeometry::order(afterClose)[std::size_t(slot)])] = at;
    }
    m_cursorPhase = now;
}

QString PhaseWheel::shareText(Phase phase) const
{
    const double share = m_shares.of(phase);
    if (phase == Phase::Poll)
        return tr("%1 % of the last second: %2 % waiting, %3 % running callbacks")
            .arg(qRound(share * 100))
            .arg(qRound(m_shares.pollWaiting * 100))
            .arg(qRound(m_shares.pollRunning * 100));
    return tr("%1 % of the last second").arg(qRound(share * 100));
}

void PhaseWheel::updateDescription()
{
    QString description;
    if (!cursorShown()) {
        description = tr("The loop is not iterating.");
    } else {
        description = tr("The loop is in %1.").arg(QString::fromLatin1(loopscope::phaseName(m_status->phase())));
        if (m_status->blocked())
            description += QLatin1Char(' ')
                + tr("Blocked for %1 by %2.")
                      .arg(StatusModel::formatDuration(m_status->callbackRunningNs()), m_status->callbackLabel());
        if (m_shares.coveredNs > 0) {
            const auto order = PhaseGeometry::order(m_status->timersAfterClose());
            std::vector<Phase> phases(order.begin(), order.end());
            std::stable_sort(
                phases.begin(), phases.end(), [this](Phase a, Phase b) { return m_shares.of(a) > m_shares.of(b); });
            QStringList parts;
            for (const Phase phase : phases) {
                if (m_shares.of(phase) >= 0.01)
                    parts << tr("%1 %2").arg(QString::fromLatin1(loopscope::phaseName(phase)), shareText(phase));
            }
            description += QLatin1Char(' ') + tr("Time spent: %1.").arg(parts.join(QStringLiteral("; ")));
        }
    }
    description += QLatin1Char(' ')
        + tr("Queued: %n nextTick callback(s)", "", int(std::min<std::size_t>(m_nextTick, INT_MAX))) + QLatin1Char(',')
        + QLatin1Char(' ') + tr("%n microtask(s).", "", int(std::min<std::size_t>(m_microtask, INT_MAX)));
    if (description != accessibleDescription())
        setAccessibleDescription(description);
}

QPointF PhaseWheel::toLogical(const QPointF& widgetPos) const
{
    return (widgetPos - QPointF(width() / 2.0, height() / 2.0)) / PhaseGeometry::fitScale(size());
}

bool PhaseWheel::dark() const
{
    return palette().color(QPalette::Window).lightness() < 128;
}

bool PhaseWheel::event(QEvent* event)
{
    if (event->type() == QEvent::FontChange && m_keepsWordsReadable)
        setMinimumSize(minimumSizeHint());
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        Phase phase = Phase::Timers;
        const auto hit = PhaseGeometry::hitTest(toLogical(help->pos()), m_status->timersAfterClose(), &phase);
        if (hit == PhaseGeometry::Hit::Phase) {
            QString text = explanation(phase);
            if (m_shares.coveredNs > 0)
                text += QStringLiteral("\n\n") + shareText(phase);
            QToolTip::showText(help->globalPos(), text, this);
        } else if (hit == PhaseGeometry::Hit::Centre) {
            QToolTip::showText(help->globalPos(),
                QueueModel::explanation(
                    help->pos().x() < width() / 2 ? QueueModel::Queue::NextTick : QueueModel::Queue::Microtask),
                this);
        } else {
            QToolTip::hideText();
            event->ignore();
        }
        return true;
    }
    return QWidget::event(event);
}

void PhaseWheel::setContrast(PhaseGeometry::Contrast contrast)
{
    m_contrast = contrast;
    update();
}
