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

QColor PhaseGeometry::fill(const QColor& base, State state, bool dark)
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
    // A waiting phase keeps a hint of its colour so the circle still reads as seven phases.
    QColor muted = base;
    muted.setHsvF(base.hsvHueF(), base.hsvSaturationF() * (dark ? 0.45 : 0.30), dark ? 0.38 : 0.97);
    return muted;
}
