// AbortSignals: AbortControllers, whose signals timers/promises' setTimeout and setImmediate (and fs.readFile,
// threadpoolwork.cpp) are given, and abort(), which takes back the timers and immediates not yet run and
// rejects their promises with an AbortError, as Node 20's cancelListenerHandler does.
#include "runtime/invoke.h"

#include "runtime/immediates.h"
#include "runtime/interpreter.h"
#include "runtime/timers.h"

#include <algorithm>

namespace loopscope {

AbortSignals::AbortSignals(RuntimeContext& context, Interpreter& interpreter, Timers& timers, Immediates& immediates)
    : m_ctx(context)
    , m_interpreter(interpreter)
    , m_timers(timers)
    , m_immediates(immediates)
{ }

// await timersPromises.setTimeout(ms, undefined, { signal }) or m_immediates.set(undefined, { signal }).
void AbortSignals::awaitWithSignal(AsyncFrame* frame, const Op& op)
{
    Job resume;
    resume.action = Job::Action::ResumeSettled;
    resume.label = op.labelId;
    resume.awaiting = frame;
    AbortController& controller = m_controllers[op.text.view()];
    if (controller.aborted) {
        // A signal aborted already: PromiseReject(new AbortError(...)), no timer and no finally.
        Promise* rejected = m_ctx.promises.create();
        m_ctx.promises.reject(rejected, &op, Reason::AbortError);
        m_ctx.promises.then(rejected, resume);
        m_ctx.promises.release(rejected);
        return;
    }
    Promise* made = m_ctx.promises.create();
    Job settle;
    settle.action = Job::Action::AbortableFulfill;
    settle.label = op.labelId;
    settle.source = &op;
    settle.promise = made;
    settle.handle = m_interpreter.newHandle();
    m_ctx.promises.retain(made);
    const bool immediate = op.await == AwaitKind::TimersSetImmediate;
    if (immediate) {
        m_ctx.spendFirstUse(OpKind::SetImmediate);
        m_immediates.set(settle);
    } else {
        const bool firstUse = m_ctx.spendFirstUse(OpKind::SetTimeout);
        m_timers.set(settle, op.ms, 1);
        if (firstUse)
            m_ctx.spendAfterFirstUse(OpKind::SetTimeout);
    }
    // signal.addEventListener("abort", oncancel): the abort finds the timer and the promise to reject.
    m_ctx.promises.retain(made);
    controller.listeners.push_back({ settle.handle, immediate, made });
    // The function returns ret.finally(() => signal.removeEventListener("abort", oncancel)), a finally step
    // (two ticks more than a then) between the timer's promise and the await.
    static const Block noOps;
    Promise* returned = m_ctx.promises.create();
    Job removeListener;
    removeListener.action = Job::Action::ThenBody;
    removeListener.step = StepKind::Finally;
    removeListener.label = op.labelId;
    removeListener.body = &noOps;
    removeListener.promise = returned;
    m_ctx.promises.retain(returned);
    m_ctx.promises.then(made, removeListener);
    m_ctx.promises.release(made);
    m_ctx.promises.then(returned, resume);
    m_ctx.promises.release(returned);
}

// The timer or immediate ran (Node marks it destroyed, so a later abort passes it by): resolve(undefined).
void AbortSignals::fulfill(const Job& job)
{
    const auto found = m_controllers.find(job.source->text.view());
    if (found != m_controllers.end()) {
        std::vector<AbortListener>& listeners = found->second.listeners;
        const auto it = std::find_if(listeners.begin(), listeners.end(),
            [&](const AbortListener& listener) { return listener.handle == job.handle; });
        if (it != listeners.end()) {
            m_ctx.promises.release(it->promise);
            listeners.erase(it);
        }
    }
    m_ctx.promises.fulfill(job.promise);
    m_ctx.promises.release(job.promise);
}

// AbortController.abort(): the signal's listeners in the order they were added, each clearing its timer or
// immediate and rejecting its promise; a second abort does nothing.
void AbortSignals::abort(const Op& op)
{
    AbortController& controller = m_controllers[op.text.view()];
    if (controller.aborted)
        return;
    controller.aborted = true;
    std::vector<AbortListener> listeners;
    listeners.swap(controller.listeners);
    for (const AbortListener& listener : listeners) {
        if (listener.immediate ? m_immediates.cancel(listener.handle) : m_timers.cancel(listener.handle))
            m_ctx.promises.reject(listener.promise, &op, Reason::AbortError);
        m_ctx.promises.release(listener.promise);
    }
}

bool AbortSignals::aborted(const Op& op) const
{
    if (op.text.empty())
        return false;
    const auto found = m_controllers.find(op.text.view());
    return found != m_controllers.end() && found->second.aborted;
}

// The await's promise settled: the function goes on, or, rejected, throws at the await. The program format
// has no try around an await, so the throw ends the function, and its promise, which nobody holds, rejects.
void AbortSignals::resumeSettled(const Job& job)
{
    Promise* settled = job.settled;
    if (settled->state == Promise::State::Rejected) {
        const Op* reason = settled->reason;
        const Reason kind = settled->kind;
        m_ctx.promises.release(settled);
        m_interpreter.throwInto(job.awaiting, reason, kind);
        return;
    }
    m_ctx.promises.release(settled);
    m_interpreter.continueFrame(job.awaiting);
}

} // namespace loopscope
