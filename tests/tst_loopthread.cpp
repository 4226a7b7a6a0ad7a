#include "descriptorsexhausted.h"
#include "loop/loopthread.h"
#include "recording/threadaffinity.h"

#include <QTest>

#include <atomic>
#include <thread>

using loopscope::LoopThread;

class TestLoopThread : public QObject
{
    Q_OBJECT

private slots:
    void runsCommandFromAnotherThread()
    {
        LoopThread loop;
        QCOMPARE(loop.start(), 0);
        std::atomic<bool> ranOnLoop { false };
        std::thread sender([&] { loop.post([&](uv_loop_t&) { ranOnLoop = loop.isLoopThread(); }); });
        sender.join();
        QTRY_VERIFY_WITH_TIMEOUT(ranOnLoop.load(), 5000);
        loop.stop();
        QCOMPARE(loop.closeResult(), 0);
    }

    // Only the loop thread is the loop thread, and only while it runs: the sender, the test's thread and,
    // once it has stopped, no thread at all.
    void isLoopThreadOnlyOnTheRunningLoop()
    {
        LoopThread loop;
        QVERIFY(!loop.isLoopThread());
        QCOMPARE(loop.start(), 0);
        QVERIFY(!loop.isLoopThread());
        std::atomic<int> onLoop { -1 };
        std::atomic<int> onSender { -1 };
        std::thread sender([&] {
            onSender = loop.isLoopThread();
            loop.post([&](uv_loop_t&) { onLoop = loop.isLoopThread(); });
        });
        sender.join();
        QTRY_COMPARE_WITH_TIMEOUT(onLoop.load(), 1, 5000);
        QCOMPARE(onSender.load(), 0);
        loop.stop();
        QVERIFY(!loop.isLoopThread());
    }

    // The helper the single-thread methods assert with: owned by the thread that bound it, until released.
    void threadAffinityBelongsToTheThreadThatBoundIt()
    {
        loopscope::ThreadAffinity affinity;
        QVERIFY(!affinity.isOwner());
        bool ownerThere = false;
        bool ownerThereAfterRelease = true;
        std::thread owner([&] {
            affinity.bind();
            ownerThere = affinity.isOwner();
            affinity.release();
            ownerThereAfterRelease = affinity.isOwner();
            affinity.bind();
        });
        owner.join();
        QVERIFY(ownerThere);
        QVERIFY(!ownerThereAfterRelease);
        QVERIFY(!affinity.isOwner());
        affinity.bind();
        QVERIFY(affinity.isOwner());
    }

    // A process out of file descriptors cannot have a loop: start() says so, and no thread runs.
    void aLoopThatCannotBeMadeIsSaidSo()
    {
        LoopThread loop;
        int started = 0;
        {
            const DescriptorsExhausted exhausted;
            started = loop.start();
        }
        QCOMPARE(started, int(UV_EMFILE));
        QVERIFY(!loop.running());
        loop.stop();
        // Once descriptors are free again, the same object starts as usual.
        QCOMPARE(loop.start(), 0);
        loop.stop();
        QCOMPARE(loop.closeResult(), 0);
    }

    void stopsWhileATimerKeepsTheLoopBusy()
    {
        LoopThread loop;
        QCOMPARE(loop.start(), 0);
        std::atomic<int> fired { 0 };
        static uv_timer_t timer;
        timer.data = &fired;
        loop.post([](uv_loop_t& uv) {
            uv_timer_init(&uv, &timer);
            uv_timer_start(
                &timer, [](uv_timer_t* t) { ++*static_cast<std::atomic<int>*>(t->data); }, 1, 1);
        });
        QTRY_VERIFY_WITH_TIMEOUT(fired.load() >= 3, 5000);
        loop.stop();
        QCOMPARE(loop.closeResult(), 0);
    }

    void drainedHookRunsWhenTheWorkIsDone()
    {
        LoopThread loop;
        std::atomic<int> drained { 0 };
        LoopThread::Hooks hooks;
        hooks.drained = [&](uv_loop_t&) { ++drained; };
        QCOMPARE(loop.start(hooks), 0);
        static uv_timer_t once;
        loop.post([](uv_loop_t& uv) {
            uv_timer_init(&uv, &once);
            uv_timer_start(
                &once, [](uv_timer_t* t) { uv_close(reinterpret_cast<uv_handle_t*>(t), nullptr); }, 5, 0);
        });
        QTRY_VERIFY_WITH_TIMEOUT(drained.load() >= 1, 5000);
        loop.stop();
        QCOMPARE(loop.closeResult(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLoopThread)
#include "tst_loopthread.moc"
