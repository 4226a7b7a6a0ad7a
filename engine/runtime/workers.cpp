// Workers: worker_threads. A second loop on its own thread; "done" and console lines
// come back as messages on this loop, which the worker keeps alive until it exits.
#include "runtime/invoke.h"

#include "runtime/interpreter.h"
#include "runtime/workerhost.h"

namespace loopscope {

Workers::Workers(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_interpreter(interpreter)
{ }

Workers::~Workers() = default;

void Workers::setSlots(std::size_t count)
{
    m_workers.resize(count);
}

bool Workers::anyBusy() const
{
    for (const WorkerSlot& worker : m_workers) {
        if (worker.busy)
            return true;
    }
    return false;
}

void Workers::start(const Op& op)
{
    std::size_t slot = 0;
    while (slot < m_workers.size() && m_workers[slot].busy)
        ++slot;
    if (slot == m_workers.size()) {
        // One error until a worker ends: a repeat of 2^31 workers must not record 2^31 errors.
        if (!m_workersRefused) {
            m_ctx.recordError("worker: at most " + std::to_string(m_workers.size())
                    + " worker loops can run at once; this one is refused, and so is every other until one ends",
                m_ctx.runningLabel);
        }
        m_workersRefused = true;
        return;
    }
    auto body = std::make_shared<Program>();
    body->name = m_ctx.program->name + " worker";
    body->fileName = m_ctx.program->fileName;
    body->awaitModel = m_ctx.program->awaitModel;
    body->main = op.body();
    RuntimeOptions options;
    options.readFilePath = m_ctx.options.readFilePath;
    options.poolBoard = m_ctx.poolBoard;
    options.poolLive = &m_ctx.poolLive();
    options.log = m_ctx.options.workerLogs[slot];
    options.thread = std::uint16_t(WorkerThreadBase + slot + 1);
    options.clock = &m_ctx.clock();
    options.parent = &m_ctx;
    options.record = m_ctx.options.record;
    options.costs = m_ctx.options.costs;

    WorkerHost::Events events;
    events.log = [this](std::uint32_t textId, std::uint32_t fromId) { m_interpreter.log(textId, 0, fromId); };
    // Node's parent compiles its side of a worker's stdio the first time it takes lines in, whichever worker
    // sent them.
    events.takingLines = [this] {
        if (!m_ctx.tookWorkerLines)
            spendRealTime(m_ctx.options.costs.workerLinesFirstTakenUs);
    };
    events.askedForLines
        = [this] { RuntimeContext::spendOnce(m_ctx.tookWorkerLines, m_ctx.options.costs.workerLinesFirstAskedUs); };
    // Node's MessagePort emits each message as a callback of its own (MakeCallback per message), so the
    // nextTicks and microtasks one handler queues run before the next message's handler.
    events.message = [this, &op, epoch = m_ctx.epoch] {
        if (m_ctx.aborted || m_ctx.cancelled() || epoch != m_ctx.epoch)
            return;
        m_callbacks.fromLoop([this, &op] {
            m_callbacks.invoke(op.labelId, CallbackKind::Io, [this, &op] { m_interpreter.runBlock(op.onMessage()); });
        });
    };
    events.done = [this, &op, epoch = m_ctx.epoch] {
        if (m_ctx.aborted || m_ctx.cancelled() || epoch != m_ctx.epoch)
            return;
        m_callbacks.fromLoop([this, &op] {
            m_callbacks.invoke(op.labelId, CallbackKind::Io, [this, &op] { m_interpreter.runBlock(op.done()); });
        });
    };
    events.exited = [this, slot] { end(slot); };
    m_workers[slot].busy = true;
    m_workers[slot].host = std::make_unique<WorkerHost>(m_ctx.loop, m_ctx.recording, body, options, std::move(events));
    if (const int failed = m_workers[slot].host->start(); failed != 0) {
        // As Node's Worker fails to start (ERR_WORKER_INIT_FAILED): it never runs, and says why.
        m_ctx.recordError(std::string("worker: cannot start its loop: ") + uv_strerror(failed), m_ctx.runningLabel);
        m_workers[slot].closing = true;
        m_workers[slot].host->close([this, slot] { m_workers[slot] = WorkerSlot {}; });
        return;
    }
    m_ctx.live.workerLoops.fetch_add(1, std::memory_order_relaxed);
    m_ctx.noteWorkerBoot();
}

void Workers::end(std::size_t slot)
{
    WorkerSlot& worker = m_workers[slot];
    if (!worker.host || worker.closing)
        return;
    worker.closing = true;
    // Joins the worker's thread: a worker in work that cannot be interrupted holds this loop here.
    worker.host->terminate();
    m_ctx.live.workerLoops.fetch_sub(1, std::memory_order_relaxed);
    worker.host->close([this, slot] {
        m_workers[slot] = WorkerSlot {};
        m_workersRefused = false;
    });
}

void Workers::endAll()
{
    for (std::size_t slot = 0; slot < m_workers.size(); ++slot)
        end(slot);
}

} // namespace loopscope
