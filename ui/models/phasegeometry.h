#pragma once

#include "recording/events.h"

#include <QColor>
#include <QPointF>

#include <array>

// Where the phases sit on the circle and how they are coloured, kept apart
// from painting so that it can be tested. Angles are in degrees, clockwise
// from twelve o'clock, as QPainter::rotate() turns.
class PhaseGeometry
{
public:
    // The logical box the wheel is painted in; the widget scales it to fit.
    static constexpr double LogicalSize = 400.0;
    static constexpr double OuterRadius = 172.0;
    static constexpr double InnerRadius = 100.0;
    static constexpr double SegmentDegrees = 360.0 / loopscope::PhaseCount;
    // A callback running longer than this turns its phase red.
    static constexpr std::int64_t BlockedNs = 50'000'000;
    // Above this many iterations per second the wheel shows rates, not a cursor.
    static constexpr double RatesAbovePerSecond = 12.0;

    enum class State { Waiting, Active, Sleeping, Blocked };
    // What lies under a point: a phase, the centre (the drain queues) or nothing.
    enum class Hit { Nothing, Phase, Centre };

    // The phases in the order the linked libuv runs them: libuv >= 1.45 runs timers after close.
    static std::array<loopscope::Phase, loopscope::PhaseCount> order(bool timersAfterClose);
    // The slot (0 at twelve o'clock) of `phase` in that order.
    static int slotOf(loopscope::Phase phase, bool timersAfterClose);
    // The angle where the phase's segment starts, and the angle of its middle.
    static double startAngle(loopscope::Phase phase, bool timersAfterClose);
    static double centreAngle(loopscope::Phase phase, bool timersAfterClose);
    // The angle of a point relative to the centre, in [0, 360).
    static double angleOfPoint(const QPointF& logical);
    // What lies under a point in logical coordinates (origin at the centre).
    static Hit hitTest(const QPointF& logical, bool timersAfterClose, loopscope::Phase* phase = nullptr);
    // The point on a circle of `radius` at `angle`.
    static QPointF pointAt(double angle, double radius);

    // The cursor moves forward only, as the loop does: from `from` towards
    // `to` clockwise by `fraction` of the way, in [0, 360).
    static double advanceAngle(double from, double to, double fraction);
    // How far the cursor moves in one frame while `remaining` degrees are still to go:
    // a quarter of the way, but at least two degrees, so it eases in and always arrives.
    static double cursorStep(double remaining);
    // Whether the loop iterates too fast to follow with the eye.
    static bool showRates(double iterationsPerSecond) { return iterationsPerSecond > RatesAbovePerSecond; }
    // The state of a phase from what the loop is doing.
    static State stateOf(loopscope::Phase phase, loopscope::Phase running, bool loopRunning, bool inCallback,
        std::int64_t callbackRunningNs);
    // The fill of a phase segment in `state`; `base` is the phase's own colour.
    static QColor fill(const QColor& base, State state, bool dark);
};
