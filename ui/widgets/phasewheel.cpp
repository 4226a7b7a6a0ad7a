#include "widgets/phasewheel.h"

#include "loop/loopcontrol.h"
#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/phasegeometry.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"
#include "recording/recording.h"

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

constexpr double RingMiddle = (PhaseGeometry::OuterRadius + PhaseGeometry::InnerRadius) / 2;
// The hub's text is never drawn smaller than this many logical pixels to make it fit.
constexpr int SmallestPixels = 8;
// The accessible description is rebuilt every this many refreshes (about twice a second).
constexpr int DescriptionEvery = 30;

QFont logicalFont(const QFont& base, int pixels, bool bold = false)
{
    QFont font = base;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

// The font of `pixels`, made smaller until `text` fits `width`: translations and long labels
// shrink rather than spill over their neighbours.
QFont fittingFont(const QFont& base, int pixels, bool bold, const QString& text, double width)
{
    QFont font = logicalFont(base, pixels, bold);
    while (font.pixelSize() > SmallestPixels && QFontMetricsF(font).horizontalAdvance(text) > width)
        font.setPixelSize(font.pixelSize() - 1);
    return font;
}

double wrappedHeight(const QFontMetricsF& metrics, const QString& text, double width)
{
    return metrics.boundingRect(QRectF(0, 0, width, 10000), Qt::AlignHCenter | Qt::TextWordWrap, text).height();
}

// The same for text wrapped in a box of `size`.
QFont wrappedFont(const QFont& base, int pixels, bool bold, const QString& text, const QSizeF& size)
{
    QFont font = logicalFont(base, pixels, bold);
    while (font.pixelSize() > SmallestPixels && wrappedHeight(QFontMetricsF(font), text, size.width()) > size.height())
        font.setPixelSize(font.pixelSize() - 1);
    return font;
}

// Text that reads on `background`, by its luma: the phase colours are light though not pale, and take dark text.
QColor readableOn(const QColor& background)
{
    const double luma = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return luma > 0.5 ? QColor(0x1b, 0x1f, 0x23) : QColor(0xff, 0xff, 0xff);
}

// The part of the ring between `inner` and `outer` from angle `from` to `to`.
QPainterPath sectorPath(double from, double to, double inner, double outer)
{
    const QRectF outerRect(-outer, -outer, 2 * outer, 2 * outer);
    const QRectF innerRect(-inner, -inner, 2 * inner, 2 * inner);
    // QPainterPath angles run counter-clockwise from three o'clock.
    QPainterPath path;
    path.arcMoveTo(outerRect, 90 - from);
    path.arcTo(outerRect, 90 - from, -(to - from));
    path.arcTo(innerRect, 90 - to, to - from);
    path.closeSubpath();
    return path;
}

QPainterPath segmentPath(double from, double to)
{
    return sectorPath(from, to, PhaseGeometry::InnerRadius, PhaseGeometry::OuterRadius);
}

// Draws `text` with a stopwatch before it, centred in `box`, in the painter's pen and font.
// The stopwatch is drawn rather than taken from a font, since few fonts carry U+23F1.
void paintStopwatchText(QPainter& painter, const QRectF& box, const QString& text)
{
    const QFontMetricsF metrics(painter.font());
    const double r = metrics.ascent() * 0.42;
    const double gap = r * 0.8;
    const double total = 2 * r + gap + metrics.horizontalAdvance(text);
    const double left = box.center().x() - total / 2;
    const QPointF centre(left + r, box.center().y() + r * 0.15);
    const QColor color = painter.pen().color();
    painter.save();
    painter.setPen(QPen(color, r * 0.28, Qt::SolidLine, Qt::RoundCap));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(centre, r, r);
    painter.drawLine(centre, centre + QPointF(0, -r * 0.62));
    painter.drawLine(centre, centre + QPointF(r * 0.45, r * 0.2));
    painter.drawLine(centre + QPointF(-r * 0.3, -r * 1.38), centre + QPointF(r * 0.3, -r * 1.38));
    painter.drawLine(centre + QPointF(0, -r * 1.38), centre + QPointF(0, -r * 1.05));
    painter.restore();
    painter.drawText(
        QRectF(left + 2 * r + gap, box.top(), total, box.height()), Qt::AlignLeft | Qt::AlignVCenter, text);
}

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
    setToolTip(tr("The circle of libuv phases. Hover a phase or the centre for what it does."));
    setAccessibleName(tr("Event loop phases"));
    updateDescription();
}

QSize PhaseWheel::sizeHint() const
{
    return { 640, 640 };
}

QSize PhaseWheel::minimumSizeHint() const
{
    return { 320, 320 };
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

void PhaseWheel::onRefreshed()
{
    m_showRates = PhaseGeometry::showRates(m_status->iterationsPerSecond());

    // The hub counts what the queue panels show; a run that has ended has nothing queued.
    if (m_feed->live() && !m_feed->finished()) {
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

void PhaseWheel::paintEvent(QPaintEvent*)
{
    // As Qt's analog clock: the origin at the centre, a fixed logical box scaled to fit.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.translate(width() / 2.0, height() / 2.0);
    const double scale = PhaseGeometry::fitScale(size());
    painter.scale(scale, scale);

    paintSegments(painter);
    if (cursorShown())
        paintTrail(painter);
    paintLabels(painter);
    if (cursorShown())
        paintHand(painter);
    paintCentre(painter);
    paintNotes(painter);
}

void PhaseWheel::paintSegments(QPainter& painter)
{
    const bool isDark = dark();
    const bool afterClose = m_status->timersAfterClose();
    const bool running = cursorShown();
    const QColor gap = palette().color(QPalette::Window);
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const double to = from + PhaseGeometry::SegmentDegrees;
        const QColor base = PhaseColors::phase(phase);
        const auto state = PhaseGeometry::stateOf(
            phase, m_status->phase(), running, m_status->inCallback(), m_status->callbackRunningNs());
        const bool blocked = state == PhaseGeometry::State::Blocked;
        painter.setPen(Qt::NoPen);
        painter.setBrush(PhaseGeometry::fill(base, blocked ? state : PhaseGeometry::State::Waiting, isDark));
        painter.drawPath(segmentPath(from, to));

        // The heat grows from the hub outwards: in poll the callbacks first, then the waiting.
        if (!blocked && m_shares.coveredNs > 0) {
            const double share = m_shares.of(phase);
            const double hot = phase == Phase::Poll ? m_shares.pollRunning : share;
            const double hotEdge = PhaseGeometry::heatRadius(hot);
            if (hot > 0) {
                painter.setBrush(PhaseGeometry::heatFill(base, false, isDark));
                painter.drawPath(sectorPath(from, to, PhaseGeometry::InnerRadius, hotEdge));
            }
            if (share > hot) {
                painter.setBrush(PhaseGeometry::heatFill(base, true, isDark));
                painter.drawPath(sectorPath(from, to, hotEdge, PhaseGeometry::heatRadius(share)));
            }
        }
        painter.setPen(QPen(gap, 3));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(segmentPath(from, to));
    }
}

void PhaseWheel::paintTrail(QPainter& painter)
{
    const bool afterClose = m_status->timersAfterClose();
    const QColor text = palette().color(QPalette::Text);
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const double strength = trailStrength(phase);
        if (strength <= 0)
            continue;
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const double to = from + PhaseGeometry::SegmentDegrees;
        QColor color = phase == m_cursorPhase && m_status->blocked() ? PhaseColors::blocked() : text;
        color.setAlphaF(float(strength));
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawPath(sectorPath(from + 0.6, to - 0.6, PhaseGeometry::CursorInner, PhaseGeometry::CursorOuter));
        if (phase == m_cursorPhase) {
            // The phase under the cursor is outlined too, so it reads even where the rim is busy.
            painter.setPen(QPen(color, 3));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(segmentPath(from + 0.8, to - 0.8));
        }
    }
}

void PhaseWheel::paintLabels(QPainter& painter)
{
    const bool isDark = dark();
    const bool afterClose = m_status->timersAfterClose();
    const bool running = cursorShown();
    const QColor gap = palette().color(QPalette::Window);
    // One size for every name: the largest at which each fits its own segment.
    QFont nameFont = logicalFont(font(), 21, true);
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const QString name = QString::fromLatin1(loopscope::phaseName(phase));
        const double width = PhaseGeometry::labelWidth(PhaseGeometry::centreAngle(phase, afterClose), RingMiddle) - 8;
        const QFont fitting = fittingFont(font(), nameFont.pixelSize(), true, name, width);
        if (fitting.pixelSize() < nameFont.pixelSize())
            nameFont = fitting;
    }
    for (const Phase phase : PhaseGeometry::order(afterClose)) {
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const QColor base = PhaseColors::phase(phase);
        const auto state = PhaseGeometry::stateOf(
            phase, m_status->phase(), running, m_status->inCallback(), m_status->callbackRunningNs());
        const QPointF centre = PhaseGeometry::pointAt(from + PhaseGeometry::SegmentDegrees / 2, RingMiddle);
        const double share = m_shares.coveredNs > 0 ? m_shares.of(phase) : 0;

        // The text sits on whichever fill reaches the middle of the ring.
        QColor under = PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, isDark);
        if (state == PhaseGeometry::State::Blocked)
            under = PhaseGeometry::fill(base, state, isDark);
        else if (PhaseGeometry::heatRadius(share) > RingMiddle)
            under = PhaseGeometry::heatFill(
                base, phase == Phase::Poll && PhaseGeometry::heatRadius(m_shares.pollRunning) < RingMiddle, isDark);
        painter.setPen(readableOn(under));
        // A name too wide for its segment (pending, beside the hub) is made smaller rather than spill out.
        const QString name = QString::fromLatin1(loopscope::phaseName(phase));
        painter.setFont(fittingFont(font(), 21, true, name,
            PhaseGeometry::labelWidth(PhaseGeometry::centreAngle(phase, afterClose), RingMiddle) - 4));
        const bool withShare = share >= 0.005;
        const QPointF nameAt = withShare ? centre - QPointF(0, 9) : centre;
        painter.drawText(QRectF(nameAt.x() - 60, nameAt.y() - 14, 120, 28), Qt::AlignCenter, name);
        if (withShare) {
            painter.setFont(logicalFont(font(), 15, false));
            painter.drawText(
                QRectF(centre.x() - 40, centre.y() + 6, 80, 20), Qt::AlignCenter, tr("%1 %").arg(qRound(share * 100)));
        }

        // Phases that serve a JavaScript queue carry its depth in a badge on the rim.
        const bool hasQueue
            = phase == Phase::Timers || phase == Phase::Poll || phase == Phase::Check || phase == Phase::Close;
        if (hasQueue) {
            const std::uint32_t depth = m_status->depth(phase);
            const QPointF badge = PhaseGeometry::pointAt(from + 9, PhaseGeometry::OuterRadius - 4);
            const QString text = depth > 999 ? tr("%1k").arg(depth / 1000) : QString::number(depth);
            const double radius = text.size() > 2 ? 18 : 15;
            painter.setPen(QPen(gap, 2));
            painter.setBrush(depth > 0 ? palette().color(QPalette::Text) : palette().color(QPalette::Base));
            painter.drawEllipse(badge, radius, radius);
            painter.setPen(depth > 0 ? palette().color(QPalette::Base) : palette().color(QPalette::PlaceholderText));
            painter.setFont(logicalFont(font(), 16, true));
            painter.drawText(
                QRectF(badge.x() - radius, badge.y() - radius, 2 * radius, 2 * radius), Qt::AlignCenter, text);
        }
    }
}

void PhaseWheel::paintHand(QPainter& painter)
{
    const QColor color = m_status->blocked() ? PhaseColors::blocked() : palette().color(QPalette::Text);
    painter.save();
    painter.rotate(m_angle);
    const double tip = PhaseGeometry::InnerRadius - 3;
    const QPointF arrow[] = { { 0, -tip }, { -11, -tip + 17 }, { 11, -tip + 17 } };
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawConvexPolygon(arrow, 3);
    painter.restore();
}

void PhaseWheel::paintQueueStack(
    QPainter& painter, const QRectF& box, std::size_t depth, const QColor& color, const QString& title, bool compact)
{
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(text);
    painter.setFont(fittingFont(font(), compact ? 12 : 13, true, title, box.width() + 8));
    painter.drawText(QRectF(box.left() - 4, box.top(), box.width() + 8, 16), Qt::AlignCenter, title);

    double bottom = box.top() + 16;
    if (!compact) {
        // One block per queued callback, up to eight, so a draining queue visibly shrinks.
        const int shown = int(std::min<std::size_t>(depth, 8));
        const double blockHeight = 5;
        bottom = box.top() + 16 + 8 * (blockHeight + 2) + 2;
        painter.setPen(Qt::NoPen);
        for (int i = 0; i < 8; ++i) {
            const QRectF block(box.left() + 10, bottom - (i + 1) * (blockHeight + 2), box.width() - 20, blockHeight);
            QColor fill = color;
            if (i >= shown)
                fill.setAlphaF(0.14f);
            painter.setBrush(fill);
            painter.drawRoundedRect(block, 1.5, 1.5);
        }
    }
    painter.setPen(text);
    const QString count = depth > 99999 ? tr("%1k").arg(depth / 1000) : QString::number(depth);
    painter.setFont(fittingFont(font(), compact ? 20 : 24, true, count, box.width() + 12));
    painter.drawText(QRectF(box.left() - 6, bottom + 1, box.width() + 12, compact ? 22 : 26), Qt::AlignCenter, count);
}

void PhaseWheel::paintCentre(QPainter& painter)
{
    const QColor text = palette().color(QPalette::Text);
    const double hub = PhaseGeometry::HubRadius;
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawEllipse(QPointF(0, 0), hub, hub);

    QString heading;
    if (m_status->runState() == StatusModel::RunState::Idle)
        heading = m_feed && m_feed->replaying() ? tr("a recording") : tr("no program");
    else if (m_status->iteration() == 0)
        heading = tr("main module");
    else if (m_showRates) {
        // The number alone: a translated rate carries its own "/s", which the heading has already.
        const double rate = m_status->iterationsPerSecond();
        heading = tr("%1 iterations/s")
                      .arg(rate < 10000 ? QString::number(qRound(rate)) : tr("%1k").arg(qRound(rate / 1000)));
    } else
        heading = tr("iteration %1").arg(m_status->iteration());
    painter.setPen(text);
    painter.setFont(fittingFont(font(), 14, false, heading, 150));
    painter.drawText(QRectF(-80, -84, 160, 20), Qt::AlignCenter, heading);

    const bool blocked = m_status->blocked();
    const QColor nextTickColor = PhaseColors::kind(loopscope::CallbackKind::NextTick);
    const QColor microtaskColor = PhaseColors::kind(loopscope::CallbackKind::Microtask);
    if (blocked) {
        paintStopwatch(painter);
        paintQueueStack(painter, QRectF(-76, 16, 70, 40), m_nextTick, nextTickColor, tr("nextTick"), true);
        paintQueueStack(painter, QRectF(6, 16, 70, 40), m_microtask, microtaskColor, tr("microtask"), true);
    } else {
        paintQueueStack(painter, QRectF(-76, -60, 70, 80), m_nextTick, nextTickColor, tr("nextTick"), false);
        paintQueueStack(painter, QRectF(6, -60, 70, 80), m_microtask, microtaskColor, tr("microtask"), false);
    }

    const bool rates = m_showRates || m_status->drainCallbacksPerSecond() > 1000;
    QString footer;
    QColor footerColor = palette().color(QPalette::PlaceholderText);
    switch (m_status->runState()) {
    case StatusModel::RunState::Paused:
        footer = tr("paused");
        footerColor = text;
        break;
    case StatusModel::RunState::Finished:
        footer = tr("nothing left to do");
        break;
    case StatusModel::RunState::Aborted:
        footer = tr("aborted");
        footerColor = PhaseColors::blocked();
        break;
    default:
        if (rates)
            footer = tr("%1 drained").arg(StatusModel::formatRate(m_status->drainCallbacksPerSecond()));
        else if (m_status->inCallback() && !blocked)
            footer = m_status->callbackLabel();
        break;
    }
    painter.setPen(footerColor);
    painter.setFont(logicalFont(font(), 13, m_status->runState() == StatusModel::RunState::Paused));
    const QFontMetricsF metrics(painter.font());
    painter.drawText(QRectF(-70, 62, 140, 18), Qt::AlignCenter, metrics.elidedText(footer, Qt::ElideRight, 140));
}

void PhaseWheel::paintStopwatch(QPainter& painter)
{
    // The stopwatch runs in the hub whichever phase blocks (or the main module), so it is never
    // clipped and never covers a segment; the red phase and the hand say where.
    const QString duration = StatusModel::formatDuration(m_status->callbackRunningNs());
    const QRectF watch = PhaseGeometry::stopwatchBox();
    painter.setPen(PhaseColors::blocked());
    // The width of the drawn stopwatch is about one digit's; leave room for it.
    painter.setFont(fittingFont(font(), 30, true, duration + QStringLiteral("00"), watch.width()));
    paintStopwatchText(painter, watch, duration);

    const QRectF label = PhaseGeometry::blockedLabelBox();
    const QString text = tr("blocked by %1").arg(m_status->callbackLabel());
    // One line if it fits at a slightly smaller size, else wrapped.
    const QFont oneLine = fittingFont(font(), 13, true, text, label.width());
    painter.setFont(oneLine.pixelSize() >= 12 ? oneLine : wrappedFont(font(), 13, true, text, label.size()));
    const QFontMetricsF metrics(painter.font());
    // A label that still does not fit in two lines is cut short.
    QString shown = text;
    for (double width = 2 * label.width(); width > 20 && wrappedHeight(metrics, shown, label.width()) > label.height();
         width -= 10)
        shown = metrics.elidedText(text, Qt::ElideRight, width);
    painter.drawText(label, Qt::AlignCenter | Qt::TextWordWrap, shown);
}

void PhaseWheel::paintNotes(QPainter& painter)
{
    const bool afterClose = m_status->timersAfterClose();
    Qt::Alignment alignment;

    // While a callback blocks, what the last poll waited for is beside the point.
    if (cursorShown() && !m_status->blocked()) {
        const QRectF box = PhaseGeometry::noteBox(
            PhaseGeometry::centreAngle(Phase::Poll, afterClose), QSizeF(PhaseGeometry::NoteWidth, 60), &alignment);
        const bool sleeping = m_status->phase() == Phase::Poll && !m_status->inCallback() && !m_showRates;
        const QString text = m_status->pollText();
        painter.setPen(palette().color(sleeping ? QPalette::Text : QPalette::PlaceholderText));
        painter.setFont(wrappedFont(font(), 15, sleeping, text, box.size()));
        painter.drawText(box, alignment | Qt::TextWordWrap, text);
    }

    if (m_showRates) {
        painter.setPen(palette().color(QPalette::Text));
        for (const Phase phase : PhaseGeometry::order(afterClose)) {
            const double rate = m_status->phaseCallbacksPerSecond(phase);
            if (rate < 0.5 || phase == Phase::Poll)
                continue;
            const QRectF box = PhaseGeometry::noteBox(
                PhaseGeometry::centreAngle(phase, afterClose), QSizeF(PhaseGeometry::NoteWidth, 22), &alignment);
            const QString text = tr("%1 callbacks").arg(StatusModel::formatRate(rate));
            painter.setFont(fittingFont(font(), 14, false, text, box.width()));
            painter.drawText(box, alignment, text);
        }
    }
}
