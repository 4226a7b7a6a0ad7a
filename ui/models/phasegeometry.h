#pragma once

#include "recording/events.h"

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

#include <array>

// Where the phases sit on the circle and how they are coloured, kept apart
// from painting so that it can be tested. Angles are in degrees, clockwise
// from twelve o'clock, as QPainter::rotate() turns.
class PhaseGeometry
{
public:
    // The logical box the wheel is painted in, centred on the origin; the widget scales it to fit.
    // It is wider than the circle, so that the notes beside it fit.
    static constexpr double LogicalSize = 400.0;
    static constexpr double LogicalWidth = 640.0;
    static constexpr double OuterRadius = 172.0;
    static constexpr double InnerRadius = 100.0;
    // The hub inside the ring, where the drain queues and the stopwatch are.
    static constexpr double HubRadius = InnerRadius - 8;
    // The cursor's band outside the ring.
    static constexpr double CursorInner = OuterRadius + 3;
    static constexpr double CursorOuter = OuterRadius + 11;
    // The widest note beside the ring that still fits between the ring and the edge of the box.
    static constexpr double NoteWidth = LogicalWidth / 2 - CursorOuter - 8;
    static constexpr double SegmentDegrees = 360.0 / loopscope::PhaseCount;
    // A callback running longer than this turns its phase red.
    static constexpr std::int64_t BlockedNs = 50'000'000;
    // Above this many iterations per second the wheel shows rates, and the cursor no longer
    // eases round every lap: it jumps to the phase the loop is in.
    static constexpr double RatesAbovePerSecond = 12.0;
    // How long a phase the cursor left stays lit behind it.
    static constexpr std::int64_t TrailNs = 250'000'000;

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
    // The phase whose segment holds `angle`.
    static loopscope::Phase phaseAt(double angle, bool timersAfterClose);

    // How much the logical box is scaled to fit a widget of `size`, and where a logical rectangle lands in it.
    static double fitScale(const QSizeF& size);
    static QRectF toWidget(const QRectF& logical, const QSizeF& size);
    // The logical box itself.
    static QRectF logicalBox() { return { -LogicalWidth / 2, -LogicalSize / 2, LogicalWidth, LogicalSize }; }
    // Where the stopwatch of a blocking callback and its label go: in the hub, whichever phase blocks,
    // so that it is never clipped and never covers a segment.
    static QRectF stopwatchBox() { return { -70, -58, 140, 32 }; }
    static QRectF blockedLabelBox() { return { -86, -24, 172, 36 }; }
    // The box of a note of `size` beside the ring at `angle`, aligned away from the circle and kept
    // inside the logical box; `alignment` says how to align text in it.
    static QRectF noteBox(double angle, const QSizeF& size, Qt::Alignment* alignment);
    // How far the nearest point of `rect` is from the centre (0 when it holds the centre).
    static double distanceFromCentre(const QRectF& rect);
    // How wide a label centred at `angle` and `radius` in the ring may be without leaving its segment.
    static double labelWidth(double angle, double radius);
    // The radius up to which a segment is filled for `share` (0..1) of the loop's time.
    static double heatRadius(double share);
    // How bright the trail is where the cursor left a phase `sinceLeftNs` ago: 1 as it leaves, fading
    // to 0 at TrailNs, quickly at first.
    static double trailStrength(std::int64_t sinceLeftNs);

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
    // How strongly the circle is drawn: Strong for a projector (presentation mode), where washed-out
    // colours and thin lines vanish.
    enum class Contrast { Normal, Strong };
    // The fill of a phase segment in `state`; `base` is the phase's own colour.
    static QColor fill(const QColor& base, State state, bool dark, Contrast contrast = Contrast::Normal);
    // The fill of the heat in a segment: the phase's own colour where callbacks ran, a calm one
    // between it and the waiting fill where poll waited.
    static QColor heatFill(const QColor& base, bool waiting, bool dark, Contrast contrast = Contrast::Normal);
    // The width of the lines between and around segments.
    static double strokeWidth(Contrast contrast) { return contrast == Contrast::Strong ? 6 : 3; }
};
