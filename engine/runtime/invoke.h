#pragma once

// The members of Runtime that every callback path runs, inline so the drain loops
// stay as tight as they were in one file. Included by runtime/*.cpp only.

#include "runtime/runtime.h"

#include <new>

namespace loopscope {

template <typename F> void Runtime::fromLoop(F&& body)
{
    m_loopThread.check();
    try {
        body();
    } catch (const Aborted&) {
        stopCancelled();
    } catch (const MemoryBudgetExceeded&) {
        // The budget is marked exceeded, so this ends the run rather than only its work.
        stopCancelled();
    } catch (const std::bad_alloc&) {
        // The system refused memory the budget allowed (its memory, `ulimit -v`): the run ends as a
        // budget's does, never with std::terminate from inside a libuv callback.
        m_live.outOfMemory.store(true, std::memory_order_relaxed);
        cancel();
        stopCancelled();
    }
}

inline void Runtime::beginCallback(std::int64_t start, std::uint32_t label, CallbackKind kind)
{
    m_rec.beginCall(start);
    checkCancelled();
    if (!m_internalCallback) {
        m_aboutLabel = label;
        m_aboutKind = kind;
        boundary(start, StepPoint::BeforeCallback);
    }
    m_runningLabel = label;
    m_live.callbackLabel.store(label, std::memory_order_relaxed);
    m_live.callbackKind.store(std::uint8_t(kind), std::memory_order_relaxed);
    m_live.callbackStartNs.store(start, std::memory_order_relaxed);
    m_live.inCallback.store(true, std::memory_order_relaxed);
    m_depth = 1;
}

inline std::int64_t Runtime::endCallback(std::int64_t start, std::uint32_t label, CallbackKind kind)
{
    // A step ends after the body, before the drain: the queues hold what the callback queued.
    if (m_control && m_control->engaged() && !m_internalCallback) {
        m_ranLabel = label;
        m_ranKind = kind;
        m_drainStage = DrainStage::Ticks;
        boundary(m_rec.now(), StepPoint::AfterCallback);
    }
    drain();
    m_depth = 0;
    const std::int64_t end = m_rec.now();
    m_live.inCallback.store(false, std::memory_order_relaxed);
    // Only this loop thread writes the count, so a relaxed load and store do what a
    // locked add would, without its cost of several nanoseconds per callback.
    m_live.callbacks.store(m_live.callbacks.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    m_rec.callback(label, kind, start, end, m_iteration, 1, Recorder::OwnThread, JobKind::Callback, m_internalCallback);
    return end;
}

template <typename F>
std::int64_t Runtime::invokeFrom(std::int64_t start, std::uint32_t label, CallbackKind kind, F&& body)
{
    beginCallback(start, label, kind);
    body();
    return endCallback(start, label, kind);
}

template <typename F> void Runtime::invoke(std::uint32_t label, CallbackKind kind, F&& body)
{
    invokeFrom(m_rec.now(), label, kind, std::forward<F>(body));
}

template <typename F> void Runtime::invokeInternal(std::uint32_t label, F&& body)
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
