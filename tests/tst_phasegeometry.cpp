#include "models/phasegeometry.h"

#include <QTest>

using loopscope::Phase;

Q_DECLARE_METATYPE(Phase)
Q_DECLARE_METATYPE(PhaseGeometry::Hit)
Q_DECLARE_METATYPE(PhaseGeometry::State)

class TestPhaseGeometry : public QObject
{
    Q_OBJECT

private slots:
    void order_data()
    {
        QTest::addColumn<bool>("timersAfterClose");
        QTest::addColumn<Phase>("phase");
        QTest::addColumn<int>("slot");
        QTest::newRow("1.44 timers first") << false << Phase::Timers << 0;
        QTest::newRow("1.44 poll fifth") << false << Phase::Poll << 4;
        QTest::newRow("1.44 close last") << false << Phase::Close << 6;
        QTest::newRow("1.45 pending first") << true << Phase::Pending << 0;
        QTest::newRow("1.45 poll fourth") << true << Phase::Poll << 3;
        QTest::newRow("1.45 timers last") << true << Phase::Timers << 6;
    }
    void order()
    {
        QFETCH(bool, timersAfterClose);
        QFETCH(Phase, phase);
        QFETCH(int, slot);
        QCOMPARE(PhaseGeometry::slotOf(phase, timersAfterClose), slot);
        QCOMPARE(PhaseGeometry::order(timersAfterClose)[std::size_t(slot)], phase);
        QCOMPARE(PhaseGeometry::startAngle(phase, timersAfterClose), slot * 360.0 / 7);
    }

    void hitTest_data()
    {
        QTest::addColumn<QPointF>("point");
        QTest::addColumn<PhaseGeometry::Hit>("hit");
        QTest::addColumn<Phase>("phase");
        const double ring = (PhaseGeometry::InnerRadius + PhaseGeometry::OuterRadius) / 2;
        QTest::newRow("centre") << QPointF(0, 0) << PhaseGeometry::Hit::Centre << Phase::Timers;
        QTest::newRow("outside") << QPointF(0, -PhaseGeometry::OuterRadius - 1) << PhaseGeometry::Hit::Nothing
                                 << Phase::Timers;
        QTest::newRow("just right of twelve") << QPointF(1, -ring) << PhaseGeometry::Hit::Phase << Phase::Timers;
        QTest::newRow("just left of twelve") << QPointF(-1, -ring) << PhaseGeometry::Hit::Phase << Phase::Close;
        QTest::newRow("three o'clock") << QPointF(ring, 0) << PhaseGeometry::Hit::Phase << Phase::Pending;
        QTest::newRow("poll segment") << PhaseGeometry::pointAt(PhaseGeometry::centreAngle(Phase::Poll, false), ring)
                                      << PhaseGeometry::Hit::Phase << Phase::Poll;
    }
    void hitTest()
    {
        QFETCH(QPointF, point);
        QFETCH(PhaseGeometry::Hit, hit);
        QFETCH(Phase, phase);
        Phase found = Phase::Timers;
        QCOMPARE(PhaseGeometry::hitTest(point, false, &found), hit);
        if (hit == PhaseGeometry::Hit::Phase)
            QCOMPARE(found, phase);
    }

    void angles_data()
    {
        QTest::addColumn<QPointF>("point");
        QTest::addColumn<double>("angle");
        QTest::newRow("twelve") << QPointF(0, -10) << 0.0;
        QTest::newRow("three") << QPointF(10, 0) << 90.0;
        QTest::newRow("six") << QPointF(0, 10) << 180.0;
        QTest::newRow("nine") << QPointF(-10, 0) << 270.0;
    }
    void angles()
    {
        QFETCH(QPointF, point);
        QFETCH(double, angle);
        QCOMPARE(PhaseGeometry::angleOfPoint(point), angle);
        const QPointF back = PhaseGeometry::pointAt(angle, 10);
        QVERIFY(std::abs(back.x() - point.x()) < 1e-9 && std::abs(back.y() - point.y()) < 1e-9);
    }

    void advance_data()
    {
        QTest::addColumn<double>("from");
        QTest::addColumn<double>("to");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<double>("expected");
        QTest::newRow("halfway") << 10.0 << 50.0 << 0.5 << 30.0;
        QTest::newRow("forward across twelve") << 340.0 << 20.0 << 0.5 << 0.0;
        QTest::newRow("never backwards") << 50.0 << 10.0 << 0.5 << 210.0;
        QTest::newRow("arrives") << 100.0 << 200.0 << 1.0 << 200.0;
        QTest::newRow("clamped") << 100.0 << 200.0 << 3.0 << 200.0;
    }
    void advance()
    {
        QFETCH(double, from);
        QFETCH(double, to);
        QFETCH(double, fraction);
        QFETCH(double, expected);
        QCOMPARE(PhaseGeometry::advanceAngle(from, to, fraction), expected);
    }

    void cursorStep_data()
    {
        QTest::addColumn<double>("remaining");
        QTest::addColumn<double>("step");
        QTest::newRow("nothing to do") << 0.0 << 0.0;
        QTest::newRow("a quarter of a long way") << 100.0 << 25.0;
        QTest::newRow("at least two degrees") << 4.0 << 2.0;
        QTest::newRow("never overshoots") << 1.0 << 1.0;
    }
    void cursorStep()
    {
        QFETCH(double, remaining);
        QFETCH(double, step);
        QCOMPARE(PhaseGeometry::cursorStep(remaining), step);
    }

    void states_data()
    {
        QTest::addColumn<Phase>("phase");
        QTest::addColumn<Phase>("running");
        QTest::addColumn<bool>("inCallback");
        QTest::addColumn<qint64>("runningNs");
        QTest::addColumn<PhaseGeometry::State>("state");
        QTest::newRow("other phase") << Phase::Check << Phase::Poll << false << qint64(0)
                                     << PhaseGeometry::State::Waiting;
        QTest::newRow("poll sleeping") << Phase::Poll << Phase::Poll << false << qint64(0)
                                       << PhaseGeometry::State::Sleeping;
        QTest::newRow("short callback") << Phase::Timers << Phase::Timers << true << qint64(10'000'000)
                                        << PhaseGeometry::State::Active;
        QTest::newRow("blocked") << Phase::Timers << Phase::Timers << true << qint64(60'000'000)
                                 << PhaseGeometry::State::Blocked;
    }
    void states()
    {
        QFETCH(Phase, phase);
        QFETCH(Phase, running);
        QFETCH(bool, inCallback);
        QFETCH(qint64, runningNs);
        QFETCH(PhaseGeometry::State, state);
        QCOMPARE(PhaseGeometry::stateOf(phase, running, true, inCallback, runningNs), state);
        QCOMPARE(PhaseGeometry::stateOf(phase, running, false, inCallback, runningNs), PhaseGeometry::State::Waiting);
    }

    void colours()
    {
        const QColor base(0x4a, 0xa3, 0xdf);
        QCOMPARE(PhaseGeometry::fill(base, PhaseGeometry::State::Active, false), base);
        QVERIFY(PhaseGeometry::fill(base, PhaseGeometry::State::Blocked, false).red() > 200);
        QVERIFY(PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, false) != base);
        QVERIFY(PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, true).lightness()
            < PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, false).lightness());
        // Running callbacks are the phase's own colour; waiting in poll lies between it and the waiting fill.
        for (const bool dark : { false, true }) {
            QCOMPARE(PhaseGeometry::heatFill(base, false, dark), base);
            const QColor calm = PhaseGeometry::heatFill(base, true, dark);
            const QColor muted = PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, dark);
            QVERIFY(calm != base && calm != muted);
            QVERIFY(std::min(base.lightness(), muted.lightness()) <= calm.lightness()
                && calm.lightness() <= std::max(base.lightness(), muted.lightness()));
        }
    }

    // On a projector (presentation mode) a waiting phase keeps more of its colour and lines are thicker;
    // the colours of running and blocked phases do not change.
    void strongContrastForAProjector()
    {
        const QColor base(0x4a, 0xa3, 0xdf);
        using Contrast = PhaseGeometry::Contrast;
        for (const bool dark : { false, true }) {
            const QColor normal = PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, dark);
            const QColor strong = PhaseGeometry::fill(base, PhaseGeometry::State::Waiting, dark, Contrast::Strong);
            QVERIFY(strong.hsvSaturationF() > 1.5 * normal.hsvSaturationF());
            QCOMPARE(PhaseGeometry::fill(base, PhaseGeometry::State::Active, dark, Contrast::Strong), base);
            QVERIFY(PhaseGeometry::heatFill(base, true, dark, Contrast::Strong)
                != PhaseGeometry::heatFill(base, true, dark));
        }
        QVERIFY(PhaseGeometry::strokeWidth(Contrast::Strong) >= 2 * PhaseGeometry::strokeWidth(Contrast::Normal));
    }

    void rates()
    {
        QVERIFY(!PhaseGeometry::showRates(5));
        QVERIFY(PhaseGeometry::showRates(1000));
    }

    void phaseAt_data()
    {
        QTest::addColumn<double>("angle");
        QTest::addColumn<bool>("timersAfterClose");
        QTest::addColumn<Phase>("phase");
        QTest::newRow("twelve o'clock") << 0.0 << false << Phase::Timers;
        QTest::newRow("poll's middle") << PhaseGeometry::centreAngle(Phase::Poll, false) << false << Phase::Poll;
        QTest::newRow("just before twelve") << 359.9 << false << Phase::Close;
        QTest::newRow("a lap on") << 360.0 + 1 << false << Phase::Timers;
        QTest::newRow("negative") << -1.0 << false << Phase::Close;
        QTest::newRow("1.45 twelve o'clock") << 0.0 << true << Phase::Pending;
    }
    void phaseAt()
    {
        QFETCH(double, angle);
        QFETCH(bool, timersAfterClose);
        QFETCH(Phase, phase);
        QCOMPARE(PhaseGeometry::phaseAt(angle, timersAfterClose), phase);
    }

    void fitScale_data()
    {
        QTest::addColumn<QSizeF>("size");
        QTest::addColumn<double>("scale");
        QTest::newRow("the logical box") << QSizeF(640, 400) << 1.0;
        QTest::newRow("smallest window") << QSizeF(500, 400) << 500.0 / 640;
        QTest::newRow("wide: height decides") << QSizeF(1920, 600) << 1.5;
        QTest::newRow("tall: width decides") << QSizeF(640, 1000) << 1.0;
        QTest::newRow("nothing") << QSizeF(0, 0) << 0.0;
    }
    void fitScale()
    {
        QFETCH(QSizeF, size);
        QFETCH(double, scale);
        QCOMPARE(PhaseGeometry::fitScale(size), scale);
        // The logical box is centred in the widget and as large as fits.
        const QRectF box = PhaseGeometry::toWidget(PhaseGeometry::logicalBox(), size);
        QCOMPARE(box.center(), QPointF(size.width() / 2, size.height() / 2));
        QCOMPARE(box.width(), 640 * scale);
    }

    // The stopwatch and its label stay in the hub, so they show whole at any size and whichever
    // phase blocks (the box does not depend on the phase), and cover no segment.
    void stopwatchInside_data()
    {
        QTest::addColumn<QSizeF>("size");
        QTest::newRow("500x400") << QSizeF(500, 400);
        QTest::newRow("520x800 (tall)") << QSizeF(520, 800);
        QTest::newRow("800x600") << QSizeF(800, 600);
        QTest::newRow("1280x720") << QSizeF(1280, 720);
        QTest::newRow("1920x1080") << QSizeF(1920, 1080);
        QTest::newRow("3840x2160") << QSizeF(3840, 2160);
        QTest::newRow("3840x500 (a strip)") << QSizeF(3840, 500);
    }
    void stopwatchInside()
    {
        QFETCH(QSizeF, size);
        const QRectF widget(QPointF(0, 0), size);
        for (const QRectF& logical : { PhaseGeometry::stopwatchBox(), PhaseGeometry::blockedLabelBox() }) {
            QVERIFY(widget.contains(PhaseGeometry::toWidget(logical, size)));
            for (const QPointF& corner :
                { logical.topLeft(), logical.topRight(), logical.bottomLeft(), logical.bottomRight() })
                QVERIFY(std::hypot(corner.x(), corner.y()) <= PhaseGeometry::HubRadius);
        }
        QVERIFY(!PhaseGeometry::stopwatchBox().intersects(PhaseGeometry::blockedLabelBox()));
    }

    // A note beside the ring (what poll waits for, a phase's rate) stays in the box and off the ring.
    void notesBesideTheRing_data()
    {
        QTest::addColumn<Phase>("phase");
        QTest::addColumn<bool>("timersAfterClose");
        QTest::addColumn<double>("height");
        for (const bool afterClose : { false, true }) {
            for (const Phase phase : PhaseGeometry::order(afterClose)) {
                for (const double height : { 22.0, 44.0, 66.0 }) {
                    QTest::addRow("%s %s %g", afterClose ? "1.45" : "1.44", loopscope::phaseName(phase), height)
                        << phase << afterClose << height;
                }
            }
        }
    }
    void notesBesideTheRing()
    {
        QFETCH(Phase, phase);
        QFETCH(bool, timersAfterClose);
        QFETCH(double, height);
        Qt::Alignment alignment;
        const QRectF note = PhaseGeometry::noteBox(
            PhaseGeometry::centreAngle(phase, timersAfterClose), QSizeF(PhaseGeometry::NoteWidth, height), &alignment);
        QVERIFY2(PhaseGeometry::logicalBox().contains(note),
            qPrintable(
                QStringLiteral("%1,%2 %3x%4").arg(note.left()).arg(note.top()).arg(note.width()).arg(note.height())));
        QVERIFY(PhaseGeometry::distanceFromCentre(note) >= PhaseGeometry::CursorOuter);
        // Text is aligned away from the circle: a note right of the centre starts at its left edge.
        if (note.left() > 0)
            QVERIFY(alignment & Qt::AlignLeft);
        else if (note.right() < 0)
            QVERIFY(alignment & Qt::AlignRight);
    }

    void labelWidth_data()
    {
        QTest::addColumn<double>("angle");
        QTest::addColumn<double>("width");
        const double ring = PhaseGeometry::OuterRadius - PhaseGeometry::InnerRadius;
        const double middle = (PhaseGeometry::OuterRadius + PhaseGeometry::InnerRadius) / 2;
        const double chord = 2 * middle * std::sin(PhaseGeometry::SegmentDegrees / 2 * M_PI / 180);
        QTest::newRow("three o'clock: the ring's width") << 90.0 << ring;
        QTest::newRow("nine o'clock") << 270.0 << ring;
        QTest::newRow("six o'clock: the segment's chord") << 180.0 << chord;
        QTest::newRow("twelve o'clock") << 0.0 << chord;
    }
    void labelWidth()
    {
        QFETCH(double, angle);
        QFETCH(double, width);
        const double middle = (PhaseGeometry::OuterRadius + PhaseGeometry::InnerRadius) / 2;
        QCOMPARE(PhaseGeometry::labelWidth(angle, middle), width);
        // A label in a side segment (pending at 1.44's three o'clock) is narrower than one at the bottom.
        QVERIFY(PhaseGeometry::labelWidth(PhaseGeometry::centreAngle(Phase::Pending, false), middle)
            < PhaseGeometry::labelWidth(PhaseGeometry::centreAngle(Phase::Prepare, false), middle));
    }

    void heat_data()
    {
        QTest::addColumn<double>("share");
        QTest::addColumn<double>("radius");
        QTest::newRow("none") << 0.0 << PhaseGeometry::InnerRadius;
        QTest::newRow("all") << 1.0 << PhaseGeometry::OuterRadius;
        QTest::newRow("half") << 0.5 << (PhaseGeometry::InnerRadius + PhaseGeometry::OuterRadius) / 2;
        QTest::newRow("clamped") << 1.5 << PhaseGeometry::OuterRadius;
    }
    void heat()
    {
        QFETCH(double, share);
        QFETCH(double, radius);
        QCOMPARE(PhaseGeometry::heatRadius(share), radius);
    }

    void trail_data()
    {
        QTest::addColumn<qint64>("sinceLeftNs");
        QTest::addColumn<double>("strength");
        QTest::newRow("just left") << qint64(0) << 1.0;
        QTest::newRow("half way") << qint64(PhaseGeometry::TrailNs / 2) << 0.25;
        QTest::newRow("gone") << qint64(PhaseGeometry::TrailNs) << 0.0;
        QTest::newRow("long gone") << qint64(5'000'000'000) << 0.0;
        QTest::newRow("clock stepped back") << qint64(-1) << 1.0;
    }
    void trail()
    {
        QFETCH(qint64, sinceLeftNs);
        QFETCH(double, strength);
        QCOMPARE(PhaseGeometry::trailStrength(sinceLeftNs), strength);
    }

    void trailFades()
    {
        // 150 to 300 ms behind the cursor the trail is gone, and it only ever fades.
        QVERIFY(PhaseGeometry::TrailNs >= 150'000'000 && PhaseGeometry::TrailNs <= 300'000'000);
        double previous = 1;
        for (std::int64_t t = 0; t <= PhaseGeometry::TrailNs; t += 10'000'000) {
            const double strength = PhaseGeometry::trailStrength(t);
            QVERIFY(strength <= previous);
            previous = strength;
        }
        QCOMPARE(previous, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestPhaseGeometry)
#include "tst_phasegeometry.moc"
