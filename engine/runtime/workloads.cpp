// Workloads: programs injected into a running loop, delivered through an async handle.
#include "runtime/invoke.h"

#include "runtime/interpreter.h"

namespace loopscope {

Workloads::Workloads(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_interpreter(interpreter)
{ }

int Workloads::init()
{
    return m_inboxHandle.init(uv_async_init, m_ctx.loop, this, &Workloads::onInboxHandle);
}

void Workloads::inject(std::shared_ptr<const Program> workload)
{
    if (m_ctx.aborted || m_ctx.closed || !m_inboxHandle.open())
        return;
    m_interpreter.internLabels(workload->main);
    m_workloads.push_back(workload);
    m_inbox.push_back(workload.get());
    // Through the poller, as a request arrives: the loop wakes from poll (or starts again, if the
    // program had ended) and runs the workload as an I/O callback there.
    m_inboxHandle.ref();
    uv_async_send(m_inboxHandle.get());
}

void Workloads::onInboxHandle(uv_async_t* handle)
{
    UvHandle<uv_async_t>::ownerOf<Workloads>(handle)->deliver();
}

void Workloads::deliver()
{
    std::vector<const Program*> arrived;
    arrived.swap(m_inbox);
    m_inboxHandle.unref();
    const std::uint32_t epoch = m_ctx.epoch;
    for (const Program* workload : arrived) {
        if (m_ctx.aborted || m_ctx.closed || epoch != m_ctx.epoch)
            return;
        const std::uint32_t label = m_ctx.internDynamic(workload->title.empty() ? workload->name : workload->title);
        m_callbacks.fromLoop([&] {
            m_callbacks.invoke(label, CallbackKind::Io, [this, workload] { m_interpreter.runBlock(workload->main); });
        });
    }
}

void Workloads::drop()
{
    m_inbox.clear();
    if (m_inboxHandle.open())
        m_inboxHandle.unref();
}

} // namespace loopscope
