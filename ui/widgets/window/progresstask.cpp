#include "widgets/window/progresstask.h"

#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>

#include <atomic>
#include <mutex>

struct ProgressTask::State
{
    std::atomic<std::uint64_t> done { 0 };
    std::atomic<std::uint64_t> total { 0 };
    std::atomic<bool> cancelled { false };
    std::atomic<bool> finished { false };
    // Settling and cancelling exclude each other, so a cancelled result is never kept.
    std::mutex mutex;
    bool succeeded = false;
    std::string error;
};

namespace {

constexpr int DialogSteps = 1000;
constexpr int PollIntervalMs = 30;
constexpr int ShowAfterMs = 300;

void showProgress(QProgressDialog& dialog, std::uint64_t done, std::uint64_t total)
{
    if (total == 0)
        return;
    dialog.setMaximum(DialogSteps);
    dialog.setValue(int(std::min(done, total) * DialogSteps / total));
}

} // namespace

ProgressTask::~ProgressTask()
{
    for (Worker& worker : m_workers)
        worker.thread.join();
}

ProgressTask::Result ProgressTask::run(QWidget* parent, const QString& label, Work work, Settle settle)
{
    collect();
    auto state = std::make_shared<State>();
    std::thread thread([state, work = std::move(work), settle = std::move(settle)] {
        const loopscope::Progress progress = [&state](std::uint64_t done, std::uint64_t total) {
            state->done = done;
            state->total = total;
            return !state->cancelled.load();
        };
        std::string error;
        bool succeeded = work(progress, &error);
        std::lock_guard lock(state->mutex);
        const bool keep = succeeded && !state->cancelled.load();
        if (settle && !settle(keep, &error))
            succeeded = false;
        state->succeeded = succeeded;
        state->error = std::move(error);
        state->finished = true;
    });
    m_workers.push_back({ std::move(thread), state });

    QProgressDialog dialog(label, tr("Cancel"), 0, 0, parent);
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(ShowAfterMs);
    // Starts the clock of the minimum duration; without a first value the dialog waits for Qt's default.
    dialog.setValue(0);
    dialog.setAutoReset(false);
    dialog.setAutoClose(false);
    QEventLoop loop;
    QObject::connect(&dialog, &QProgressDialog::canceled, &loop, &QEventLoop::quit);
    QTimer poll;
    poll.setInterval(PollIntervalMs);
    QObject::connect(&poll, &QTimer::timeout, &loop, [&] {
        if (state->finished.load() || dialog.wasCanceled())
            loop.quit();
        else
            showProgress(dialog, state->done.load(), state->total.load());
    });
    poll.start();
    loop.exec();

    std::lock_guard lock(state->mutex);
    if (!state->finished.load()) {
        state->cancelled = true;
        return { Outcome::Cancelled, {} };
    }
    if (!state->succeeded)
        return { Outcome::Failed, QString::fromStdString(state->error) };
    return { Outcome::Succeeded, {} };
}

int ProgressTask::pending() const
{
    int count = 0;
    for (const Worker& worker : m_workers)
        count += worker.state->finished.load() ? 0 : 1;
    return count;
}

void ProgressTask::collect()
{
    for (auto it = m_workers.begin(); it != m_workers.end();) {
        if (it->state->finished.load()) {
            it->thread.join();
            it = m_workers.erase(it);
        } else {
            ++it;
        }
    }
}
