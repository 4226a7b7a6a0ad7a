#include "runtime/workerhost.h"

#include "loop/uvcheck.h"

#include "runtime/runtime.h"
#include "runtime/runtimecontext.h"

#include <utility>

namespace loopscope {

WorkerHost::WorkerHost(uv_loop_t& parent, Recording& recording, std::shared_ptr<const Program> body,
    const RuntimeOptions& options, Events events)
    : m_parent(parent)
    , m_recording(recording)
    , m_body(std::move(body))
    , m_options(std::make_unique<RuntimeOptions>(options))
    , m_events(std::move(events))
{ }

WorkerHost::~WorkerHost()
{
    terminate();
}

int WorkerHost::start()
{
    uvRequire(m_async.init(uv_async_init, m_parent, this, &WorkerHost::onMessages), "uv_async_init");
    // Like a running Worker, the message handle keeps the parent alive until the worker exits.
    m_options->onWorkerLog = [this](std::uint32_t textId, std::uint32_t fromId) { writeLine(textId, fromId); };
    m_options->onWorkerDone = [this] { post(MessageKind::Done); };
    m_options->onWorkerMessage = [this] { post(MessageKind::Message); };
    m_runtime = std::make_unique<Runtime>(m_thread.loop(), m_recording, m_live, m_body, *m_options);
    LoopThread::Hooks hooks;
    hooks.setup = [this](uv_loop_t& loop) {
        uvRequire(m_wantsMoreData.init(uv_async_init, loop, this, &WorkerHost::onWantsMoreData), "uv_async_init");
        m_wantsMoreData.unref();
        m_runtime->start();
    };
    hooks.drained = [this](uv_loop_t&) {
        m_runtime->loopEnded();
        post(MessageKind::Exited);
    };
    hooks.teardown = [this](uv_loop_t&) {
        m_runtime->loopEnded();
        m_runtime->shutdown();
        m_wantsMoreData.close();
    };
    return m_thread.start(std::move(hooks));
}

void WorkerHost::terminate()
{
    if (m_runtime)
        m_runtime->cancel();
    m_thread.stop();
    m_runtime.reset();
}

void WorkerHost::close(std::function<void()> closed)
{
    m_closed = std::move(closed);
    m_async.close([](void* owner) {
        auto* self = static_cast<WorkerHost*>(owner);
        // The callback may delete this host, so it runs from the stack, not from the member.
        const std::function<void()> callback = std::move(self->m_closed);
        if (callback)
            callback();
    });
}

void WorkerHost::post(MessageKind kind, std::uint32_t textId, std::uint32_t fromId)
{
    {
        std::lock_guard lock(m_mutex);
        m_messages.push_back({ kind, textId, fromId });
    }
    uv_async_send(m_async.get());
}

void WorkerHost::writeLine(std::uint32_t textId, std::uint32_t fromId)
{
    // Node's Writable calls _writev for the first line and buffers the rest until its callback runs,
    // which the parent's STDIO_WANTS_MORE_DATA does: the port stays referenced until then.
    if (m_linesInFlight) {
        m_heldLines.push_back({ MessageKind::Log, textId, fromId });
        return;
    }
    m_linesInFlight = true;
    m_wantsMoreData.ref();
    post(MessageKind::Log, textId, fromId);
}

void WorkerHost::onWantsMoreData(uv_async_t* handle)
{
    auto* self = UvHandle<uv_async_t>::ownerOf<WorkerHost>(handle);
    if (self->m_heldLines.empty()) {
        self->m_linesInFlight = false;
        self->m_wantsMoreData.unref();
        return;
    }
    // The buffered lines leave together, as one _writev of them all.
    RuntimeContext::spendOnce(self->m_sentHeldLines, self->m_options->costs.workerHeldLinesFirstSentUs);
    {
        std::lock_guard lock(self->m_mutex);
        self->m_messages.insert(self->m_messages.end(), self->m_heldLines.begin(), self->m_heldLines.end());
    }
    self->m_heldLines.clear();
    uv_async_send(self->m_async.get());
}

std::vector<WorkerHost::Message> WorkerHost::takeMessages()
{
    std::vector<Message> messages;
    std::lock_guard lock(m_mutex);
    messages.swap(m_messages);
    return messages;
}

bool WorkerHost::takeInLines(const std::vector<Message>& messages, std::vector<Message>& rest)
{
    bool lines = false;
    for (const Message& message : messages) {
        if (message.kind != MessageKind::Log) {
            rest.push_back(message);
            continue;
        }
        if (!std::exchange(lines, true))
            m_events.takingLines();
        m_events.log(message.textId, message.fromId);
    }
    if (!lines)
        return false;
    // The parent's stdio stream asks for more in a nextTick after taking them in. A worker with lines in
    // flight is alive, so its handle is open.
    uv_async_send(m_wantsMoreData.get());
    m_events.askedForLines();
    return true;
}

void WorkerHost::onMessages(uv_async_t* handle)
{
    auto* self = UvHandle<uv_async_t>::ownerOf<WorkerHost>(handle);
    // A Node worker's console lines come on its internal port and its postMessage on the public one; the
    // internal port's handle is the older, and libuv runs the pending async handles in the order they were
    // made, so the lines that arrived by the time the parent looks come before the messages. The internal
    // port takes in what arrives while it runs (Node's MessagePort::OnMessage drains its queue, up to a
    // thousand messages or those it had): lines the worker sent meanwhile come before the messages too.
    static constexpr std::size_t PortPassLimit = 1000;
    std::vector<Message> messages;
    std::size_t taken = 0;
    for (std::vector<Message> arrived = self->takeMessages(); self->takeInLines(arrived, messages);) {
        taken += arrived.size();
        if (taken >= PortPassLimit)
            break;
        arrived = self->takeMessages();
    }
    for (const Message& message : messages) {
        switch (message.kind) {
        case MessageKind::Log:
            break;
        case MessageKind::Message:
            self->m_events.message();
            break;
        case MessageKind::Done:
            self->m_events.done();
            break;
        case MessageKind::Exited:
            // The events may delete this host, so nothing may follow.
            self->m_events.exited();
            return;
        }
    }
}

} // namespace loopscope
