#pragma once

#include "program/program.h"

#include <QList>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

class QTimer;

// A program run again and again off screen, on a worker thread, recording nothing (RepeatedRuns), with
// the window's Node.js timing and memory budget: after each run it reports every distinct output so
// far. Loop > Run many times draws them; the lesson dock finds the lines to order, and a race, with them.
//
// The worker only writes what it found under a mutex; a timer on this object's thread reads it, as the
// views poll the loop thread, so no hand-off between threads goes through Qt's event queue.
class OffscreenRuns : public QObject
{
    Q_OBJECT

public:
    // One distinct console output, as lines, and how many runs printed it.
    struct Output
    {
        QStringList lines;
        int runs = 0;
    };

    explicit OffscreenRuns(QObject* parent = nullptr);
    ~OffscreenRuns() override;

    // Starts `runs` runs of `program`, stopping runs still going first. A run that has not ended
    // after `timeout` is taken for one that never does: it is stopped and so are the runs.
    void start(loopscope::Program program, int runs, std::chrono::milliseconds timeout);
    // Ends the runs after the one in progress (which is aborted); finished() follows.
    void stop();
    // Ends the runs as stop() does, but nothing more is reported of them: they are no longer wanted.
    void cancel();
    // Stops as stop() does and waits until the run in progress has let go of the thread pool and the
    // cores, which the process shares with every run: a run of the window's own starts after this.
    void stopAndWait();
    // From start() until finished() has been delivered.
    bool isRunning() const { return m_shared != nullptr; }

signals:
    // Outputs in the order they first came, after `done` of `total` runs.
    void progressed(const QList<OffscreenRuns::Output>& outputs, int done, int total);
    // The runs are over: all of them, or stopped, or cut short by a run that did not end (`timedOut`).
    void finished(bool timedOut);

private:
    struct Shared;
    void join();
    // The timer's tick: reports what the worker has found since the last one.
    void poll();

    std::thread m_worker;
    std::shared_ptr<Shared> m_shared; // the runs reported on; null when none are
    QTimer* m_timer = nullptr;
    int m_reported = 0;
    int m_total = 0;
};
