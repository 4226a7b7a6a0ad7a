#include "widgets/phasewheel.h"

#include "models/livefeed.h"
#include "models/phasecolors.h"
#include "models/phasegeometry.h"
#include "models/queuemodel.h"
#include "models/statusmodel.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <climits>
#include <cmath>

using loopscope::Phase;

namespace {

constexpr double RingMiddle = (PhaseGeometry::OuterRadius + PhaseGeometry::InnerRadius) / 2;
// Wider than the circle, so that the notes beside it fit.
constexpr double LogicalWidth = 640.0;
constexpr double CentreRadius = PhaseGeometry::InnerRadius - 8;

QFont logicalFont(const QFont& base, int pixels, bool bold = false)
{
    QFont font = base;
    font.setPixelSize(pixels);
    font.setBold(bold);
    return font;
}

QPainterPath segmentPath(double from, double to)
{
    const double outer = PhaseGeometry::OuterRadius;
    const double inner = PhaseGeometry::InnerRadius;
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

// The text box of an annotation outside the ring at `angle`, aligned away from the circle.
QRectF annotationBox(double angle, double radius, double width, double height, Qt::Alignment* alignment)
{
    const QPointF anchor = PhaseGeometry::pointAt(angle, radius);
    const double s = std::sin(angle * M_PI / 180);
    const double c = -std::cos(angle * M_PI / 180);
    double left = anchor.x() - width / 2;
    Qt::Alignment horizontal = Qt::AlignHCenter;
    if (s > 0.35) {
        left = anchor.x();
        horizontal = Qt::AlignLeft;
    } else if (s < -0.35) {
        left = anchor.x() - width;
        horizontal = Qt::AlignRight;
    }
    double top = anchor.y() - height / 2;
    if (c > 0.8)
        top = anchor.y();
    else if (c < -0.8)
        top = anchor.y() - height;
    *alignment = horizontal | Qt::AlignVCenter;
    return { left, top, width, height };
}

// Draws `text` with a stopwatch before it, aligned in `box` as `alignment` says, in the painter's pen and font.
// The stopwatch is drawn rather than taken from a font, since few fonts carry U+23F1.
void paintStopwatchText(QPainter& painter, const QRectF& box, Qt::Alignment alignment, const QString& text)
{
    const QFontMetricsF metrics(painter.font());
    const double r = metrics.ascent() * 0.42;
    const double gap = r * 0.8;
    const double total = 2 * r + gap + metrics.horizontalAdvance(text);
    double left = box.center().x() - total / 2;
    if (alignment & Qt::AlignLeft)
        left = box.left();
    else if (alignment & Qt::AlignRight)
        left = box.right() - total;
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
    connect(feed, &LiveFeed::reset, this, &PhaseWheel::onReset);
    connect(status, &StatusModel::refreshed, this, &PhaseWheel::onRefreshed);
    setToolTip(tr("The circle of libuv phases. Hover a phase or the centre for what it does."));
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

void PhaseWheel::onReset()
{
    m_angle = 0;
    m_remaining = 0;
    m_targetAngle = -1;
    m_lastIteration = 0;
    m_showRates = false;
    update();
}

void PhaseWheel::onRefreshed()
{
    m_showRates = PhaseGeometry::showRates(m_status->iterationsPerSecond());
    if (m_status->loopRunning() && m_status->iteration() > 0) {
        const double target = PhaseGeometry::centreAngle(m_status->phase(), m_status->timersAfterClose());
        if (m_targetAngle < 0) {
            m_angle = target;
            m_targetAngle = target;
        } else {
            double distance = std::fmod(target - m_targetAngle + 360, 360.0);
            // A whole iteration between two frames still shows as one lap.
            if (distance < 0.5 && m_status->iteration() > m_lastIteration)
                distance = 360;
            // Drop whole laps only, or the cursor would settle beside the phase instead of on it.
            m_remaining += distance;
            while (m_remaining > 720.0)
                m_remaining -= 360.0;
            m_targetAngle = target;
        }
        m_lastIteration = m_status->iteration();
    }
    const double step = PhaseGeometry::cursorStep(m_remaining);
    m_angle = std::fmod(m_angle + step, 360.0);
    m_remaining -= step;
    update();
}

double PhaseWheel::scale() const
{
    return std::min(width() / LogicalWidth, height() / PhaseGeometry::LogicalSize);
}

QPointF PhaseWheel::toLogical(const QPointF& widgetPos) const
{
    return (widgetPos - QPointF(width() / 2.0, height() / 2.0)) / scale();
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
            QToolTip::showText(help->globalPos(), explanation(phase), this);
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
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.translate(width() / 2.0, height() / 2.0);
    painter.scale(scale(), scale());

    paintSegments(painter);
    if (!m_showRates && m_status->loopRunning() && m_status->iteration() > 0)
        paintCursor(painter);
    paintCentre(painter);
    paintAnnotations(painter);
}

void PhaseWheel::paintSegments(QPainter& painter)
{
    const bool isDark = dark();
    const bool afterClose = m_status->timersAfterClose();
    const bool running = m_status->loopRunning() && m_status->iteration() > 0;
    const QColor gap = palette().color(QPalette::Window);
    const auto phases = PhaseGeometry::order(afterClose);
    for (const Phase phase : phases) {
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const double to = from + PhaseGeometry::SegmentDegrees;
        const auto state = m_showRates ? (running ? PhaseGeometry::State::Active : PhaseGeometry::State::Waiting)
                                       : PhaseGeometry::stateOf(phase, m_status->phase(), running,
                                           m_status->inCallback(), m_status->callbackRunningNs());
        const QColor fill = PhaseGeometry::fill(PhaseColors::phase(phase), state, isDark);
        painter.setPen(QPen(gap, 3));
        painter.setBrush(fill);
        painter.drawPath(segmentPath(from, to));
        if (state == PhaseGeometry::State::Active || state == PhaseGeometry::State::Blocked
            || state == PhaseGeometry::State::Sleeping) {
            painter.setPen(QPen(palette().color(QPalette::Text), 3));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(segmentPath(from + 0.8, to - 0.8));
        }
    }
    // Labels go on top of every segment, so that no neighbour paints over them.
    for (const Phase phase : phases) {
        const double from = PhaseGeometry::startAngle(phase, afterClose);
        const auto state = m_showRates ? (running ? PhaseGeometry::State::Active : PhaseGeometry::State::Waiting)
                                       : PhaseGeometry::stateOf(phase, m_status->phase(), running,
                                           m_status->inCallback(), m_status->callbackRunningNs());
        const QColor fill = PhaseGeometry::fill(PhaseColors::phase(phase), state, isDark);
        const QPointF centre = PhaseGeometry::pointAt(from + PhaseGeometry::SegmentDegrees / 2, RingMiddle + 2);
        const QColor textColor
            = state == PhaseGeometry::State::Waiting ? palette().color(QPalette::Text) : PhaseColors::textOn(fill);
        painter.setPen(textColor);
        painter.setFont(logicalFont(font(), 21, true));
        painter.drawText(QRectF(centre.x() - 70, centre.y() - 16, 140, 32), Qt::AlignCenter,
            QString::fromLatin1(loopscope::phaseName(phase)));

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

void PhaseWheel::paintCursor(QPainter& painter)
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

void PhaseWheel::paintQueueStack(QPainter& painter, const QRectF& box, std::uint32_t depth, const QColor& color,
    const QString& title, const QString& rate)
{
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(text);
    painter.setFont(logicalFont(font(), 13, true));
    painter.drawText(QRectF(box.left() - 4, box.top(), box.width() + 8, 16), Qt::AlignCenter, title);

    // One block per queued callback, up to eight, so a draining queue visibly shrinks.
    const int shown = int(std::min<std::uint32_t>(depth, 8));
    const double blockHeight = 5;
    const double bottom = box.top() + 16 + 8 * (blockHeight + 2) + 2;
    painter.setPen(Qt::NoPen);
    for (int i = 0; i < 8; ++i) {
        const QRectF block(box.left() + 10, bottom - (i + 1) * (blockHeight + 2), box.width() - 20, blockHeight);
        QColor fill = color;
        if (i >= shown)
            fill.setAlphaF(0.14);
        painter.setBrush(fill);
        painter.drawRoundedRect(block, 1.5, 1.5);
    }
    painter.setPen(text);
    painter.setFont(logicalFont(font(), 24, true));
    const QString count = depth > 99999 ? tr("%1k").arg(depth / 1000) : QString::number(depth);
    painter.drawText(QRectF(box.left() - 6, bottom + 1, box.width() + 12, 26), Qt::AlignCenter, count);
    if (!rate.isEmpty()) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.setFont(logicalFont(font(), 11));
        painter.drawText(QRectF(box.left() - 10, bottom + 26, box.width() + 20, 14), Qt::AlignCenter, rate);
    }
}

void PhaseWheel::paintCentre(QPainter& painter)
{
    const QColor text = palette().color(QPalette::Text);
    painter.setPen(Qt::NoPen);
    painter.setBrush(palette().color(QPalette::Base));
    painter.drawEllipse(QPointF(0, 0), CentreRadius, CentreRadius);

    painter.setPen(text);
    painter.setFont(logicalFont(font(), 14));
    QString heading;
    if (m_status->runState() == StatusModel::RunState::Idle)
        heading = m_feed && m_feed->replaying() ? tr("a recording") : tr("no program");
    else if (m_status->iteration() == 0)
        heading = tr("main module");
    else if (m_showRates)
        heading = tr("%1 iterations/s")
                      .arg(StatusModel::formatRate(m_status->iterationsPerSecond()).remove(QStringLiteral("/s")));
    else
        heading = tr("iteration %1").arg(m_status->iteration());
    painter.drawText(QRectF(-80, -84, 160, 20), Qt::AlignCenter, heading);

    const bool rates = m_showRates || m_status->drainCallbacksPerSecond() > 1000;
    const QString drainRate = rates ? StatusModel::formatRate(m_status->drainCallbacksPerSecond()) : QString();
    paintQueueStack(painter, QRectF(-76, -60, 70, 80), m_status->nextTickDepth(),
        PhaseColors::kind(loopscope::CallbackKind::NextTick), tr("nextTick"), QString());
    paintQueueStack(painter, QRectF(6, -60, 70, 80), m_status->microtaskDepth(),
        PhaseColors::kind(loopscope::CallbackKind::Microtask), tr("microtask"), QString());

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
            footer = tr("%1 drained").arg(drainRate);
        else if (m_status->inCallback())
            footer = m_status->callbackLabel();
        break;
    }
    painter.setPen(footerColor);
    painter.setFont(logicalFont(font(), 13, m_status->runState() == StatusModel::RunState::Paused));
    const QFontMetricsF metrics(painter.font());
    painter.drawText(QRectF(-70, 62, 140, 18), Qt::AlignCenter, metrics.elidedText(footer, Qt::ElideRight, 140));
}

void PhaseWheel::paintAnnotations(QPainter& painter)
{
    const bool afterClose = m_status->timersAfterClose();
    const bool running = m_status->loopRunning() && m_status->iteration() > 0;
    const double radius = PhaseGeometry::OuterRadius + 12;
    const double boxWidth = (LogicalWidth - PhaseGeometry::LogicalSize) / 2 + 40;
    Qt::Alignment alignment;

    // While a callback blocks elsewhere, what the last poll waited for is beside the point.
    if (running && !m_status->blocked()) {
        const double angle = PhaseGeometry::centreAngle(Phase::Poll, afterClose);
        const QRectF box = annotationBox(angle, radius, boxWidth, 44, &alignment);
        const bool sleeping = m_status->phase() == Phase::Poll && !m_status->inCallback() && !m_showRates;
        painter.setPen(palette().color(sleeping ? QPalette::Text : QPalette::PlaceholderText));
        painter.setFont(logicalFont(font(), 15, sleeping));
        painter.drawText(box, alignment | Qt::TextWordWrap, m_status->pollText());
    }

    if (m_showRates) {
        painter.setPen(palette().color(QPalette::Text));
        painter.setFont(logicalFont(font(), 14));
        for (const Phase phase : PhaseGeometry::order(afterClose)) {
            const double rate = m_status->phaseCallbacksPerSecond(phase);
            if (rate < 0.5 || phase == Phase::Poll)
                continue;
            const QRectF box
                = annotationBox(PhaseGeometry::centreAngle(phase, afterClose), radius, boxWidth, 22, &alignment);
            painter.drawText(box, alignment, tr("%1 callbacks").arg(StatusModel::formatRate(rate)));
        }
    }

    if (m_status->blocked()) {
        // The stopwatch sits beside the red phase, or above the circle while the main module runs.
        QRectF box;
        if (running) {
            box = annotationBox(
                PhaseGeometry::centreAngle(m_status->phase(), afterClose), radius + 6, boxWidth, 64, &alignment);
            if (m_status->phase() == Phase::Poll)
                box.translate(0, box.center().y() > 0 ? 44 : -44);
        } else {
            // The main module belongs to no phase: the upper left of the circle is clear of labels and badges.
            box = annotationBox(300, radius + 6, boxWidth, 64, &alignment);
        }
        painter.setPen(PhaseColors::blocked());
        painter.setFont(logicalFont(font(), 28, true));
        paintStopwatchText(painter, QRectF(box.left(), box.top(), box.width(), 34), alignment,
            StatusModel::formatDuration(m_status->callbackRunningNs()));
        painter.setFont(logicalFont(font(), 14, true));
        const QFontMetricsF metrics(painter.font());
        painter.drawText(QRectF(box.left(), box.top() + 34, box.width(), 22), alignment,
            metrics.elidedText(tr("blocked by %1").arg(m_status->callbackLabel()), Qt::ElideRight, box.width()));
    }
}
