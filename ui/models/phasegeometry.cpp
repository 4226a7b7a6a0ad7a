#include "models/phasegeometry.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

using loopscope::Phase;
using loopscope::PhaseCount;

std::array<Phase, PhaseCount> PhaseGeometry::order(bool timersAfterClose)
{
    if (timersAfterClose)
        return { Phase::Pending, Phase::Idle, Phase::Prepare, Phase::Poll, Phase::Check, Phase::Close, Phase::Timers };
    return { Phase::Timers, Phase::Pending, Phase::Idle, Phase::Prepare, Phase::Poll, Phase::Check, Phase::Close };
}

int PhaseGeometry::slotOf(Phase phase, bool timersAfterClose)
{
    const auto phases = order(timersAfterClose);
    for (int i = 0; i < PhaseCount; ++i) {
        if (phases[std::size_t(i)] == phase)
            return i;
    }
    return 0;
}

double PhaseGeometry::startAngle(Phase phase, bool timersAfterClose)
{
    return slotOf(phase, timersAfterClose) * SegmentDegrees;
}

double PhaseGeometry::centreAngle(Phase phase, bool timersAfterClose)
{
    return startAngle(phase, timersAfterClose) + SegmentDegrees / 2;
}

double PhaseGeometry::angleOfPoint(const QPointF& logical)
{
    // Twelve o'clock is -y on screen, and angles grow clockwise.
    double angle = qRadiansToDegrees(std::atan2(logical.x(), -logical.y()));
    if (angle < 0)
        angle += 360;
    return angle >= 360 ? 0 : angle;
}

PhaseGeometry::Hit PhaseGeometry::hitTest(const QPointF& logical, bool timersAfterClose, Phase* phase)
{
    const double radius = std::hypot(logical.x(), logical.y());
    if (radius < InnerRadius - 4)
        return Hit::Centre;
    if (radius > OuterRadius)
        return Hit::Nothing;
    const int slot = std::min(PhaseCount - 1, int(angleOfPoint(logical) / SegmentDegrees));
    if (phase)
        *phase = order(timersAfterClose)[std::size_t(slot)];
    return Hit::Phase;
}

QPointF PhaseGeometry::pointAt(double angle, double radius)
{
    const double radians = qDegreesToRadians(angle);
    return { radius * std::sin(radians), -radius * std::cos(radians) };
}

Phase PhaseGeometry::phaseAt(double angle, bool timersAfterClose)
{
    double normalized = std::fmod(angle, 360.0);
    if (normalized < 0)
        normalized += 360;
    const int slot = std::clamp(int(normalized / SegmentDegrees), 0, PhaseCount - 1);
    return order(timersAfterClose)[std::size_t(slot)];
}

double PhaseGeometry::fitScale(const QSizeF& size)
{
    return std::max(0.0, std::min(size.width() / LogicalWidth, size.height() / LogicalSize));
}

QRectF PhaseGeometry::toWidget(const QRectF& logical, const QSizeF& size)
{
    const double scale = fitScale(size);
    const QPointF centre(size.width() / 2, size.height() / 2);
    return { centre + logical.topLeft() * scale, logical.size() * scale };
}

double PhaseGeometry::distanceFromCentre(const QRectF& rect)
{
    const double dx = std::max({ 0.0, rect.left(), -rect.right() });
    const double dy = std::max({ 0.0, rect.top(), -rect.bottom() });
    return std::hypot(dx, dy);
}

QRectF PhaseGeometry::noteBox(double angle, const QSizeF& size, Qt::Alignment* alignment)
{
    const QPointF anchor = pointAt(angle, CursorOuter + 6);
    const double s = std::sin(qDegreesToRadians(angle));
    const double c = -std::cos(qDegreesToRadians(angle));
    double left = anchor.x() - size.width() / 2;
    Qt::Alignment horizontal = Qt::AlignHCenter;
    if (s > 0.35) {
        left = anchor.x();
        horizontal = Qt::AlignLeft;
    } else if (s < -0.35) {
        left = anchor.x() - size.width();
        horizontal = Qt::AlignRight;
    }
    double top = anchor.y() - size.height() / 2;
    if (c > 0.8)
        top = anchor.y();
    else if (c < -0.8)
        top = anchor.y() - size.height();
    // Near twelve and six o'clock there is little room above and below the ring, and a tall note beside
    // it reaches back over it: the note moves sideways, clear of the ring at the height it ends up.
    const QRectF box = logicalBox();
    if (top < box.top() || top + size.height() > box.bottom()
        || distanceFromCentre(QRectF(left, top, size.width(), size.height())) < CursorOuter) {
        top = std::clamp(top, box.top(), box.bottom() - size.height());
        const double nearestY = top > 0 ? top : (top + size.height() < 0 ? -(top + size.height()) : 0.0);
        const double clearX
            = nearestY < CursorOuter ? std::sqrt(CursorOuter * CursorOuter - nearestY * nearestY) + 6 : 0.0;
        left = s >= 0 ? clearX : -clearX - size.width();
        horizontal = s >= 0 ? Qt::AlignLeft : Qt::AlignRight;
    }
    left = std::clamp(left, box.left(), box.right() - size.width());
    if (alignment)
        *alignment = horizontal | Qt::AlignVCenter;
    return { left, top, size.width(), size.height() };
}

double PhaseGeometry::labelWidth(double angle, double radius)
{
    // Across the segment at the label's radius, and no wider than the ring is at the label's height.
    const double chord = 2 * radius * std::sin(qDegreesToRadians(SegmentDegrees / 2));
    const double y = std::abs(pointAt(angle, radius).y());
    const double outer = std::sqrt(std::max(0.0, OuterRadius * OuterRadius - y * y));
    const double ring = y < InnerRadius ? outer - std::sqrt(InnerRadius * InnerRadius - y * y) : 2 * outer;
    return std::min(chord, ring);
}

double PhaseGeometry::heatRadius(double share)
{
    return InnerRadius + (OuterRadius - InnerRadius) * std::clamp(share, 0.0, 1.0);
}

double PhaseGeometry::trailStrength(std::int64_t sinceLeftNs)
{
    if (sinceLeftNs < 0)
        return 1;
    if (sinceLeftNs >= TrailNs)
        return 0;
    const double remaining = 1.0 - double(sinceLeftNs) / double(TrailNs);
    return remaining * remaining;
}

double PhaseGeometry::advanceAngle(double from, double to, double fraction)
{
    double distance = std::fmod(to - from, 360.0);
    if (distance < 0)
        distance += 360;
    double result = std::fmod(from + distance * std::clamp(fraction, 0.0, 1.0), 360.0);
    if (result < 0)
        result += 360;
    return result;
}

double PhaseGeometry::cursorStep(double remaining)
{
    if (remaining <= 0)
        return 0;
    return std::min(remaining, std::max(remaining * 0.25, 2.0));
}

PhaseGeometry::State PhaseGeometry::stateOf(
    Phase phase, Phase running, bool loopRunning, bool inCallback, std::int64_t callbackRunningNs)
{
    if (!loopRunning || phase != running)
        return State::Waiting;
    if (inCallback && callbackRunningNs > BlockedNs)
        return State::Blocked;
    if (phase == Phase::Poll && !inCallback)
        return State::Sleeping;
    return State::Active;
}

QColor PhaseGeometry::fill(const QColor& base, State state, bool dark, Contrast contrast)
{
    switch (state) {
    case State::Blocked:
        return QColor(0xd9, 0x35, 0x30);
    case State::Active:
        return base;
    case State::Sleeping:
        return dark ? base.darker(130) : base.lighter(115);
    case State::Waiting:
        break;
    }
    // A waiting phase keeps a hint of its colour so the circle still reads as seven phases; on a
    // projector, twice the hint.
    const double hint = (dark ? 0.45 : 0.30) * (contrast == Contrast::Strong ? 2 : 1);
    QColor muted = base;
    muted.setHsvF(base.hsvHueF(), std::min(1.0, base.hsvSaturationF() * hint), dark ? 0.38 : 0.97);
    return muted;
}

QColor PhaseGeometry::heatFill(const QColor& base, bool waiting, bool dark, Contrast contrast)
{
    if (!waiting)
        return base;
    const QColor muted = fill(base, State::Waiting, dark, contrast);
    const double mix = dark ? 0.45 : 0.40;
    return QColor::fromRgbF(float(muted.redF() + (base.redF() - muted.redF()) * mix),
        float(muted.greenF() + (base.greenF() - muted.greenF()) * mix),
        float(muted.blueF() + (base.blueF() - muted.blueF()) * mix));
}
