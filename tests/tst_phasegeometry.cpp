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
    }

    void rates()
    {
        QVERIFY(!PhaseGeometry::showRates(5));
        QVERIFY(PhaseGeometry::showRates(1000));
    }
};

QTEST_GUILESS_MAIN(TestPhaseGeometry)
#include "tst_phasegeometry.moc"
