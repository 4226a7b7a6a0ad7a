#include "control/offscreenruns.h"

#include "control/sessioncontroller.h"
#include "session/repeatedruns.h"

#include <QTimer>

#include <mutex>
#include <utility>

namespace {

// How often the window looks at what the worker has found: a run of a small program takes a few
// milliseconds, so a tally is at most this late.
constexpr int PollMs = 40;

QList<OffscreenRuns::Output> outputsOf(const std::vector<loopscope::RepeatedRuns::Output>& outputs)
{
    QList<OffscreenRuns::Output> result;
    for (const auto& output : outputs) {
        QStringList lines = QString::fromStdString(output.text).split(QLatin1Char('\n'));
        if (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        result.append({ lines, output.runs });
    }
    return result;
}

} // namespace

// What the worker has found, handed to this object's thread under the mutex.
struct OffscreenRuns::Shared
{
    std::atomic<bool> stop { false };
    std::mutex mutex;
    QList<Output> outputs;
    int done = 0;
    bool over = false;
    bool timedOut = false;
};

OffscreenRuns::OffscreenRuns(QObject* parent)
    : QObject(parent)
    , m_timer(new QTimer(this))
{
    m_timer->setInterval(PollMs);
    connect(m_timer, &QTimer::timeout, this, &OffscreenRuns::poll);
}

OffscreenRuns::~OffscreenRuns()
{
    if (m_shared)
        m_shared->stop = true;
    join();
}

void OffscreenRuns::join()
{
    if (m_worker.joinable())
        m_worker.join();
}

void OffscreenRuns::stop()
{
    if (m_shared)
        m_shared->stop = true;
}

void OffscreenRuns::stopAndWait()
{
    stop();
    join();
}

void OffscreenRuns::cancel()
{
    stop();
    m_shared.reset();
    m_timer->stop();
}

void OffscreenRuns::start(loopscope::Program program, int runs, std::chrono::milliseconds timeout)
{
    cancel();
    join();
    loopscope::SessionOptions options;
    options.costs = SessionController::nodeCosts();
    options.memoryBudgetMb = SessionController::memoryBudgetMb();
    m_shared = std::make_shared<Shared>();
    m_reported = 0;
    m_total = runs;
    m_worker = std::thread([shared = m_shared, program = std::move(program), options, runs, timeout]() mutable {
        loopscope::RepeatedRuns repeated(std::move(program), options);
        bool timedOut = false;
        for (int done = 0; done < runs && !shared->stop; ++done) {
            const auto started = std::chrono::steady_clock::now();
            const auto keepGoing
                = [&] { return !shared->stop && std::chrono::steady_clock::now() - started < timeout; };
            if (repeated.runOnce(keepGoing) == loopscope::RepeatedRuns::End::Stopped) {
                timedOut = !shared->stop;
                break;
            }
            QList<Output> outputs = outputsOf(repeated.outputs());
            std::lock_guard lock(shared->mutex);
            shared->outputs = std::move(outputs);
            shared->done = done + 1;
        }
        std::lock_guard lock(shared->mutex);
        shared->over = true;
        shared->timedOut = timedOut;
    });
    m_timer->start();
}

void OffscreenRuns::poll()
{
    if (!m_shared)
        return;
    QList<Output> outputs;
    int done = 0;
    bool over = false;
    bool timedOut = false;
    {
        std::lock_guard lock(m_shared->mutex);
        done = m_shared->done;
        over = m_shared->over;
        timedOut = m_shared->timedOut;
        if (done != m_reported)
            outputs = m_shared->outputs;
    }
    if (done != m_reported) {
        m_reported = done;
        emit progressed(outputs, done, m_total);
    }
    if (over) {
        m_timer->stop();
        m_shared.reset();
        join();
        emit finished(timedOut);
    }
}
