#pragma once

#include "formats/progress.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

class QWidget;

// Runs long reads and writes on threads of their own while a progress dialog with a Cancel
// button shows. run() returns when the work ends or the user cancels; meanwhile the event loop
// runs, so the window keeps painting and the live loop keeps being shown. Cancelling does not
// wait for the work: a worker that never asks for progress runs on and its result is discarded.
class ProgressTask
{
    Q_DECLARE_TR_FUNCTIONS(ProgressTask)

public:
    enum class Outcome { Succeeded, Failed, Cancelled };
    struct Result
    {
        Outcome outcome = Outcome::Failed;
        QString error;
    };
    // The work, on the worker thread: true on success, else false with `error` set.
    using Work = std::function<bool(const loopscope::Progress& progress, std::string* error)>;
    // Runs on the worker after the work, with `keep` false when it failed or was cancelled; nothing
    // cancels it halfway, so it can put a result in place or take it away. False (with `error`) when
    // a kept result could not be put in place.
    using Settle = std::function<bool(bool keep, std::string* error)>;

    ProgressTask() = default;
    // Waits for the workers still running.
    ~ProgressTask();
    ProgressTask(const ProgressTask&) = delete;
    ProgressTask& operator=(const ProgressTask&) = delete;

    Result run(QWidget* parent, const QString& label, Work work, Settle settle = {});
    // Workers that have not ended yet, cancelled ones included.
    int pending() const;

private:
    struct State;
    struct Worker
    {
        std::thread thread;
        std::shared_ptr<State> state;
    };

    void collect();

    std::vector<Worker> m_workers;
};
