#pragma once

// The members of Callbacks that every callback path runs, inline so the drain loops
// stay as tight as they were in one file. Included by runtime/*.cpp only.

#include "runtime/runtime.h"
#include "runtime/stepping.h"

#include <new>

namespace loopscope {

template <typename F> void Callbacks::fromLoop(F&& body)
{
    m_ctx.loopThread.check();
    try {
        body();
    } catch (const RuntimeContext::Aborted&) {
        stopCancelled();
    } catch (const MemoryBudgetExceeded&) {
        // The budget is marked exceeded, so this ends the run rather than only its work.
        stopCancelled();
    } catch (const std::bad_alloc&) {
        // The system refused memory the budget allowed (its memory, `ulimit -v`): the run ends as a
        // budget's does, never with std::terminate from inside a libuv callback.
        m_ctx.live.outOfMemory.store(true, std::memory_order_relaxed);
        m_ctx.cancel();
        stopCancelled();
    }
}

// Before the drain and among nextTicks, the nextTick queue empties first, ticks added meanwhile
// included; then V8's microtask checkpoint runs promise jobs until none are left, and ticks they
// queued wait for it; the drain goes round again while ticks remain (processTicksAndRejections).
// An ES module's body is itself a job of that checkpoint, so what it queued follows the same rule.
inline Callbacks::DrainPick Callbacks::drainPick() const
{
    if (m_drainStage == DrainStage::Microtasks) {
        if (!m_ctx.microtasks.empty())
            return DrainPick::Microtask;
        return m_ctx.ticks.empty() ? DrainPick::Done : DrainPick::Tick;
    }
    if (!m_ctx.ticks.empty())
        return DrainPick::Tick;
    return m_ctx.microtasks.empty() ? DrainPick::Done : DrainPick::Microtask;
}

[[gnu::always_inline]] inline void Callbacks::beginCallback(std::int64_t start, std::uint32_t label, CallbackKind kind)
{
    m_ctx.rec.beginCall(start);
    m_ctx.checkCancelled();
    // Node's main thread spends a while after the main module before its loop's first callback runs (an ES
    // module's loader calls back before the module).
    if (!m_ctx.calledBack && kind != CallbackKind::Main && !m_ctx.esmLoading && !m_ctx.isWorker()) [[unlikely]]
        m_ctx.spendFirstCallback();
    if (!m_internalCallback) {
        m_aboutLabel = label;
        m_aboutKind = kind;
        m_stepping.boundary(start, StepPoint::BeforeCallback);
    }
    m_ctx.runningLabel = label;
    m_ctx.live.callbackLabel.store(label, std::memory_order_relaxed);
    m_ctx.live.callbackKind.store(std::uint8_t(kind), std::memory_order_relaxed);
    m_ctx.live.callbackStartNs.store(start, std::memory_order_relaxed);
    m_ctx.live.inCallback.store(true, std::memory_order_relaxed);
}

[[gnu::always_inline]] inline std::int64_t Callbacks::endCallback(
    std::int64_t start, std::uint32_t label, CallbackKind kind)
{
    // A step ends after the body, before the drain: the queues hold what the callback queued.
    if (m_ctx.control && m_ctx.control->engaged() && !m_internalCallback) {
        m_ranLabel = label;
        m_ranKind = kind;
        m_drainStage = DrainStage::Ticks;
        m_stepping.boundary(m_ctx.rec.now(), StepPoint::AfterCallback);
    }
    drain();
    const std::int64_t end = m_ctx.rec.now();
    m_ctx.live.inCallback.store(false, std::memory_order_relaxed);
    // Only this loop thread writes the count, so a relaxed load and store do what a
    // locked add would, without its cost of several nanoseconds per callback.
    m_ctx.live.callbacks.store(m_ctx.live.callbacks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    m_ctx.rec.callback(
        label, kind, start, end, m_ctx.iteration, 1, Recorder::OwnThread, JobKind::Callback, m_internalCallback);
    return end;
}

template <typename F>
std::int64_t Callbacks::invokeFrom(std::int64_t start, std::uint32_t label, CallbackKind kind, F&& body)
{
    beginCallback(start, label, kind);
    body();
    return endCallback(start, label, kind);
}

template <typename F> void Callbacks::invoke(std::uint32_t label, CallbackKind kind, F&& body)
{
    invokeFrom(m_ctx.rec.now(), label, kind, std::forward<F>(body));
}

template <typename F> void Callbacks::invokeInternal(std::uint32_t label, F&& body)
{
    // Cleared however the callback ends: an abandoned workload ends it with an exception.
    struct Internal
    {
        bool& flag;
        explicit Internal(bool& internal)
            : flag(internal)
        {
            flag = true;
        }
        ~Internal() { flag = false; }
        Internal(const Internal&) = delete;
        Internal& operator=(const Internal&) = delete;
    } internal(m_internalCallback);
    invoke(label, CallbackKind::Io, std::forward<F>(body));
}

} // namespace loopscope
