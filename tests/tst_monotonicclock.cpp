#include "recording/monotonicclock.h"

#include <QTest>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

using loopscope::MonotonicClock;

class TestMonotonicClock : public QObject
{
    Q_OBJECT

private slots:
    // Recorded times must agree with CLOCK_MONOTONIC (what libuv and the rest of the
    // system read) to well under a microsecond per second, whichever clock is in use.
    void agreesWithClockGettime()
    {
        qInfo("reading the %s", MonotonicClock::usesTsc() ? "TSC" : "clock_gettime");
        const std::int64_t firstSystem = MonotonicClock::systemNs();
        std::int64_t worst = 0;
        for (int i = 0; i < 50; ++i) {
            const std::int64_t before = MonotonicClock::systemNs();
            const std::int64_t now = MonotonicClock::now();
            const std::int64_t after = MonotonicClock::systemNs();
            const std::int64_t outside = now < before ? before - now : now > after ? now - after : 0;
            worst = std::max(worst, outside);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        QVERIFY(MonotonicClock::systemNs() - firstSystem >= 100'000'000);
        QVERIFY2(worst < 5'000, qPrintable(QStringLiteral("%1 ns off clock_gettime").arg(worst)));
    }

    // A time taken on one thread after another thread handed over must not be earlier:
    // spans from the loop, pool workers and the prober share one time line.
    void neverGoesBackAcrossThreads()
    {
        std::mutex mutex;
        std::condition_variable changed;
        std::int64_t last = MonotonicClock::now();
        int turn = 0;
        bool backwards = false;
        auto play = [&](int me) {
            for (int round = 0; round < 500; ++round) {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] { return turn == me; });
                const std::int64_t now = MonotonicClock::now();
                backwards = backwards || now < last;
                last = now;
                turn = 1 - me;
                changed.notify_all();
            }
        };
        std::thread other(play, 1);
        play(0);
        other.join();
        QVERIFY(!backwards);
        std::int64_t previous = MonotonicClock::now();
        for (int i = 0; i < 1'000'000; ++i) {
            const std::int64_t now = MonotonicClock::now();
            QVERIFY(now >= previous);
            previous = now;
        }
    }
};

QTEST_GUILESS_MAIN(TestMonotonicClock)
#include "tst_monotonicclock.moc"
