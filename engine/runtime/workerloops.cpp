// Runtime: worker_threads. A second loop on its own thread; "done" and console lines
// come back as messages on this loop, which the worker keeps alive until it exits.
#include "runtime/invoke.h"

#include "runtime/workerhost.h"

namespace loopscope {

void Runtime::startWorker(const Op& op)
{
    std::size_t slot = 0;
    while (slot < m_workers.size() && m_workers[slot].busy)
        ++slot;
    if (slot == m_workers.size()) {
        // One error until a worker ends: a repeat of 2^31 workers must not record 2^31 errors.
        if (!m_workersRefused) {
            recordError("worker: at most " + std::to_string(m_workers.size())
                    + " worker loops can run at once; this one is refused, and so is every other until one ends",
                m_runningLabel);
        }
        m_workersRefused = true;
        return;
    }
    auto body = std::make_shared<Program>();
    body->name = m_program->name + " worker";
    body->fileName = m_program->fileName;
    body->awaitModel = m_program->awaitModel;
    body->main = op.body();
    RuntimeOptions options;
    options.readFilePath = m_options.readFilePath;
    options.poolBoard = m_poolBoard;
    options.poolLive = &poolLive();
    options.log = m_options.workerLogs[slot];
    options.thread = std::uint16_t(WorkerThreadBase + slot + 1);
    options.clock = &clock();
    options.parent = this;
    options.record = m_options.record;
    options.costs = m_options.costs;

    WorkerHost::Events events;
    events.log = [this](std::uint32_t textId, std::uint32_t fromId) { log(textId, 0, fromId); };
    events.done = [this, &op, epoch = m_epoch] {
        if (m_aborted || cancelled() || epoch != m_epoch)
            return;
        fromLoop([this, &op] { invoke(op.labelId, CallbackKind::Io, [this, &op] { runBlock(op.done()); }); });
    };
    events.exited = [this, slot] { endWorker(slot); };
    m_workers[slot].busy = true;
    m_workers[slot].host = std::make_unique<WorkerHost>(m_loop, m_recording, body, options, std::move(events));
    if (const int failed = m_workers[slot].host->start(); failed != 0) {
        // As Node's Worker fails to start (ERR_WORKER_INIT_FAILED): it never runs, and says why.
        recordError(std::string("worker: cannot start its loop: ") + uv_strerror(failed), m_runningLabel);
        m_workers[slot].closing = true;
        m_workers[slot].host->close([this, slot] { m_workers[slot] = WorkerSlot {}; });
        return;
    }
    m_live.workerLoops.fetch_add(1, std::memory_order_relaxed);
}

void Runtime::endWorker(std::size_t slot)
{
    WorkerSlot& worker = m_workers[slot];
    if (!worker.host || worker.closing)
        return;
    worker.closing = true;
    // Joins the worker's thread: a worker in work that cannot be interrupted holds this loop here.
    worker.host->terminate();
    m_live.workerLoops.fetch_sub(1, std::memory_order_relaxed);
    worker.host->close([this, slot] {
        m_workers[slot] = WorkerSlot {};
        m_workersRefused = false;
    });
}

void Runtime::endWorkers()
{
    for (std::size_t slot = 0; slot < m_workers.size(); ++slot)
        endWorker(slot);
}

} // namespace loopscope
