#include "models/offscreenruns.h"

#include "models/sessioncontroller.h"
#include "session/repeatedruns.h"

#include <utility>

namespace {

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

OffscreenRuns::OffscreenRuns(QObject* parent)
    : QObject(parent)
{ }

OffscreenRuns::~OffscreenRuns()
{
    stop();
    join();
}

void OffscreenRuns::join()
{
    if (m_worker.joinable())
        m_worker.join();
}

void OffscreenRuns::stop()
{
    if (m_stop)
        m_stop->store(true);
}

void OffscreenRuns::cancel()
{
    stop();
    // What the worker posts from now on finds another flag (or none) and is dropped.
    m_stop.reset();
    m_running = false;
}

void OffscreenRuns::start(loopscope::Program program, int runs, std::chrono::milliseconds timeout)
{
    stop();
    join();
    loopscope::SessionOptions options;
    options.costs = SessionController::nodeCosts();
    options.memoryBudgetMb = SessionController::memoryBudgetMb();
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_running = true;
    // The worker posts to this object, on its own thread; it is joined before the object goes, and
    // Qt drops what was posted to an object being destroyed.
    m_worker = std::thread([this, stop = m_stop, program = std::move(program), options, runs, timeout]() mutable {
        loopscope::RepeatedRuns repeated(std::move(program), options);
        bool timedOut = false;
        for (int done = 0; done < runs && !stop->load(); ++done) {
            const auto started = std::chrono::steady_clock::now();
            const auto keepGoing
                = [&] { return !stop->load() && std::chrono::steady_clock::now() - started < timeout; };
            if (repeated.runOnce(keepGoing) == loopscope::RepeatedRuns::End::Stopped) {
                timedOut = !stop->load();
                break;
            }
            QMetaObject::invokeMethod(
                this,
                [this, stop, outputs = outputsOf(repeated.outputs()), done, runs] {
                    if (stop == m_stop)
                        emit progressed(outputs, done + 1, runs);
                },
                Qt::QueuedConnection);
        }
        QMetaObject::invokeMethod(
            this,
            [this, stop, timedOut] {
                // Runs already replaced by newer ones have nothing more to report.
                if (stop != m_stop)
                    return;
                m_running = false;
                emit finished(timedOut);
            },
            Qt::QueuedConnection);
    });
}
