#include "runtime/workerhost.h"

#include "loop/uvcheck.h"

#include "runtime/runtime.h"

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
    {
        std::lock_guard lock(self->m_mutex);
        self->m_messages.insert(self->m_messages.end(), self->m_heldLines.begin(), self->m_heldLines.end());
    }
    self->m_heldLines.clear();
    uv_async_send(self->m_async.get());
}

void WorkerHost::onMessages(uv_async_t* handle)
{
    auto* self = UvHandle<uv_async_t>::ownerOf<WorkerHost>(handle);
    std::vector<Message> messages;
    {
        std::lock_guard lock(self->m_mutex);
        messages.swap(self->m_messages);
    }
    // A Node worker's console lines come on its internal port and its postMessage on the public one;
    // the internal port's handle is the older, and libuv runs the pending async handles in the order
    // they were made, so the lines that arrived by the time the parent looks come before the message.
    bool lines = false;
    for (const Message& message : messages) {
        if (message.kind == MessageKind::Log) {
            self->m_events.log(message.textId, message.fromId);
            lines = true;
        }
    }
    // The parent's stdio stream asks for more in a nextTick after taking them in, before the public
    // port's messages. A worker with lines in flight is alive, so its handle is open.
    if (lines)
        uv_async_send(self->m_wantsMoreData.get());
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
