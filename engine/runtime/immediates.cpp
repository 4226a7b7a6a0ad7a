// Immediates: a check handle runs them (Phases), an idle handle keeps poll from blocking.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"

namespace loopscope {

Immediates::Immediates(RuntimeContext& context, Callbacks& callbacks)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_immediates(context.rec, CallbackKind::Immediate)
    , m_runningImmediates(context.rec, CallbackKind::Immediate)
{
    if (MemoryBudget* budget = m_ctx.options.budget) {
        m_immediates.setBudget(budget);
        m_runningImmediates.setBudget(budget);
    }
}

int Immediates::init()
{
    return m_idleHandle.init(uv_idle_init, m_ctx.loop, this);
}

void Immediates::set(const Job& job)
{
    m_immediates.push(job);
    if (!m_idleActive && m_idleHandle.open()) {
        uvRequire(uv_idle_start(m_idleHandle.get(), &Immediates::onIdleHandle), "uv_idle_start");
        m_idleActive = true;
    }
}

std::int64_t Immediates::process(std::int64_t at)
{
    // Immediates queued while these run wait for the next iteration. Nothing observable
    // happens between them, so each starts when the one before ended (the first when
    // the check phase began), which saves two clock reads per iteration.
    m_runningImmediates.swap(m_immediates);
    std::int64_t end = -1;
    while (!m_runningImmediates.empty()) {
        m_ctx.checkCancelled();
        const Job job = m_runningImmediates.pop();
        end = m_callbacks.invokeFrom(
            end < 0 ? at : end, job.label, CallbackKind::Immediate, [this, &job] { m_callbacks.runJob(job); });
    }
    if (m_immediates.empty() && m_idleActive) {
        uv_idle_stop(m_idleHandle.get());
        m_idleActive = false;
    }
    return end;
}

bool Immediates::cancel(std::uint64_t handle)
{
    if (!m_immediates.removeNamed(handle) && !m_runningImmediates.removeNamed(handle))
        return false;
    // With no immediate left, Node stops the idle handle that kept poll from blocking.
    if (m_immediates.empty() && m_idleActive) {
        uv_idle_stop(m_idleHandle.get());
        m_idleActive = false;
    }
    return true;
}

void Immediates::drop()
{
    m_immediates.clear();
    m_runningImmediates.clear();
    if (m_idleHandle.open())
        uv_idle_stop(m_idleHandle.get());
    m_idleActive = false;
}

void Immediates::onIdleHandle(uv_idle_t* handle)
{
    auto* self = UvHandle<uv_idle_t>::ownerOf<Immediates>(handle);
    self->m_idleSeenAt = self->m_ctx.rec.now();
}

} // namespace loopscope
