// Runtime: immediates. A check handle runs them, an idle handle keeps poll from blocking.
#include "runtime/invoke.h"

#include "loop/uvcheck.h"

namespace loopscope {

void Runtime::setImmediate(const Job& job)
{
    m_immediates.push(job);
    if (!m_idleActive && m_idleHandle.open()) {
        uvRequire(uv_idle_start(m_idleHandle.get(), &Runtime::onIdleHandle), "uv_idle_start");
        m_idleActive = true;
    }
}

std::int64_t Runtime::processImmediates(std::int64_t at)
{
    // Immediates queued while these run wait for the next iteration. Nothing observable
    // happens between them, so each starts when the one before ended (the first when
    // the check phase began), which saves two clock reads per iteration.
    m_runningImmediates.swap(m_immediates);
    std::int64_t end = -1;
    while (!m_runningImmediates.empty()) {
        checkCancelled();
        const Job job = m_runningImmediates.pop();
        end = invokeFrom(end < 0 ? at : end, job.label, CallbackKind::Immediate, [this, &job] { runJob(job); });
    }
    if (m_immediates.empty() && m_idleActive) {
        uv_idle_stop(m_idleHandle.get());
        m_idleActive = false;
    }
    return end;
}

void Runtime::onIdleHandle(uv_idle_t* handle)
{
    auto* self = UvHandle<uv_idle_t>::ownerOf<Runtime>(handle);
    self->m_idleSeenAt = self->m_rec.now();
}

} // namespace loopscope
