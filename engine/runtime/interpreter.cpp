// Interpreter: program ops, the jobs the queues run, async functions and self-rescheduling chains.
#include "runtime/invoke.h"

#include "runtime/abortsignals.h"
#include "runtime/blockingops.h"
#include "runtime/http.h"
#include "runtime/immediates.h"
#include "runtime/interpreter.h"
#include "runtime/promisework.h"
#include "runtime/threadpoolwork.h"
#include "runtime/timers.h"
#include "runtime/workers.h"

namespace loopscope {

namespace {

// The operation a chain's steps use, for its first-use cost.
OpKind viaOpKind(ChainVia via)
{
    switch (via) {
    case ChainVia::NextTick:
        return OpKind::NextTick;
    case ChainVia::QueueMicrotask:
        return OpKind::QueueMicrotask;
    case ChainVia::Promise:
        return OpKind::Promise;
    case ChainVia::SetTimeout:
        return OpKind::SetTimeout;
    case ChainVia::SetImmediate:
        return OpKind::SetImmediate;
    }
    return OpKind::Chain;
}

// The op kind whose costs a line of `op` has: a chain's steps', and a combinator's a promise's (what
// Promise.all's first use adds to a promise's is a few microseconds in Node v20.20.2).
OpKind costKind(const Op& op)
{
    if (op.kind == OpKind::Chain)
        return viaOpKind(op.via);
    if (op.kind == OpKind::PromiseAll)
        return OpKind::Promise;
    return op.kind;
}

} // namespace

Interpreter::Interpreter(RuntimeContext& context, Timers& timers, Immediates& immediates, PromiseWork& promiseWork,
    AbortSignals& signals, ThreadPoolWork& poolWork, Http& http, Workers& workers, BlockingOps& blocking)
    : m_ctx(context)
    , m_timers(timers)
    , m_immediates(immediates)
    , m_promiseWork(promiseWork)
    , m_signals(signals)
    , m_poolWork(poolWork)
    , m_http(http)
    , m_workers(workers)
    , m_blocking(blocking)
{
    if (MemoryBudget* budget = m_ctx.options.budget) {
        m_frames.setBudget(budget);
        m_chains.setBudget(budget);
    }
}

void Interpreter::clear()
{
    m_frames.clear();
    m_chains.clear();
    m_timerNames.clear();
}

void Interpreter::runBlock(const Block& block)
{
    for (const Op& op : block)
        exec(op);
}

void Interpreter::exec(const Op& op)
{
    Job job;
    job.label = op.labelId;
    job.body = &op.body();
    const OpKind kind = costKind(op);
    const bool firstUse = m_ctx.spendCall(op, kind);
    switch (op.kind) {
    case OpKind::Log:
        log(op.textId, std::uint32_t(op.steps), m_ctx.runningLabel);
        break;
    case OpKind::NextTick:
        m_ctx.nextTick(job);
        break;
    case OpKind::QueueMicrotask:
        m_ctx.microtasks.push(job);
        break;
    case OpKind::Promise:
        m_promiseWork.execPromise(op);
        break;
    case OpKind::SetTimeout:
        if (!op.text.empty()) {
            job.handle = newHandle();
            m_timerNames[op.text.view()] = job.handle;
        }
        m_timers.set(job, op.ms, 1);
        break;
    case OpKind::SetInterval:
        m_timers.set(job, op.ms, op.times);
        break;
    case OpKind::SetImmediate:
        if (!op.text.empty()) {
            job.handle = newHandle();
            m_timerNames[op.text.view()] = job.handle;
        }
        m_immediates.set(job);
        break;
    case OpKind::ClearTimeout:
        clearTimer(op);
        break;
    case OpKind::ClearImmediate:
        clearImmediate(op);
        break;
    case OpKind::Throw:
        // The step that ends with it rejects its promise (runStep).
        break;
    case OpKind::PromiseAll:
        m_promiseWork.execCombinator(op);
        break;
    case OpKind::OnUnhandledRejection:
    case OpKind::OnBeforeExit:
    case OpKind::OnExit:
        m_promiseWork.listen(op);
        break;
    case OpKind::Abort:
        m_signals.abort(op);
        break;
    case OpKind::Async:
        startAsync(op);
        break;
    case OpKind::Await:
    case OpKind::Try:
    case OpKind::ForAwait:
        // Validation keeps await, try and forAwait inside async bodies, which continueFrame() runs.
        break;
    case OpKind::ReadFile:
        m_poolWork.readFile(op);
        break;
    case OpKind::Stat:
        m_poolWork.statFile(op);
        break;
    case OpKind::Open:
        m_poolWork.openFile(op);
        break;
    case OpKind::Read:
    case OpKind::Close:
        m_poolWork.useFile(op);
        break;
    case OpKind::ReadStream: {
        // Node's ReadStream opens its file from a nextTick (constructNT): a request the same line's module
        // makes after it is asked for first.
        Job construct;
        construct.action = Job::Action::StreamConstruct;
        construct.label = op.labelId;
        construct.op = &op;
        m_ctx.nextTick(construct);
        break;
    }
    case OpKind::DnsLookup:
        m_poolWork.dnsLookup(op);
        break;
    case OpKind::Pbkdf2:
        m_poolWork.pbkdf2(op);
        break;
    case OpKind::HttpGet:
        m_http.request(op);
        break;
    case OpKind::Worker:
        m_workers.start(op);
        break;
    case OpKind::PostMessage:
        // The reader keeps postMessage inside a worker's body, whose runtime posts to the parent.
        if (m_ctx.options.onWorkerMessage)
            m_ctx.options.onWorkerMessage();
        break;
    case OpKind::Block:
    case OpKind::JsonParse:
    case OpKind::Regex:
    case OpKind::Pbkdf2Sync:
        m_blocking.run(op);
        break;
    case OpKind::Repeat:
        for (std::int64_t i = 0; i < op.times; ++i) {
            m_ctx.checkCancelled();
            runBlock(op.body());
        }
        break;
    case OpKind::Chain: {
        ChainState* chain = m_chains.create();
        chain->op = &op;
        scheduleChainStep(chain);
        break;
    }
    }
    if (firstUse)
        m_ctx.spendAfterFirstUse(kind);
}

void Interpreter::constructStream(const Op& op)
{
    m_poolWork.readStream(op);
}

void Interpreter::runMain()
{
    m_http.mainModuleStarts();
    runBlock(m_ctx.program->main);
}

void Interpreter::scheduleChainStep(ChainState* chain)
{
    Job job;
    job.action = Job::Action::ChainStep;
    job.label = chain->op->labelId;
    job.chain = chain;
    switch (chain->op->via) {
    case ChainVia::NextTick:
        m_ctx.nextTick(job);
        break;
    case ChainVia::QueueMicrotask:
        m_ctx.microtasks.push(job);
        break;
    case ChainVia::Promise:
        // Promise.resolve().then(next): the reaction is queued at once.
        job.jobKind = JobKind::PromiseReactionJob;
        m_ctx.microtasks.push(job);
        break;
    case ChainVia::SetTimeout:
        m_timers.set(job, chain->op->ms, 1);
        break;
    case ChainVia::SetImmediate:
        m_immediates.set(job);
        break;
    }
}

void Interpreter::runChainStep(ChainState* chain)
{
    runBlock(chain->op->body());
    if (++chain->step < chain->op->times) {
        scheduleChainStep(chain);
        return;
    }
    const Op* op = chain->op;
    m_chains.release(chain);
    runBlock(op->done());
}

void Interpreter::log(std::uint32_t label, std::uint32_t steps, std::uint32_t from)
{
    if (m_ctx.options.onWorkerLog) {
        // A worker's console goes through its parent, as worker_threads stdout does.
        m_ctx.options.onWorkerLog(label, from);
        return;
    }
    if (m_ctx.options.onLog)
        m_ctx.options.onLog(m_ctx.recording.strings.at(label));
    m_ctx.rec.text(RecordType::Log, label, m_ctx.rec.now(), from, Recorder::OwnThread, steps);
}

// Async functions: a cursor stack that can stop at an await and pick up later.
void Interpreter::startAsync(const Op& op)
{
    AsyncFrame* frame = m_frames.create();
    frame->stack.push_back({ &op.body(), 0, 1 });
    continueFrame(frame);
}

namespace {

// A try op's catch or finally block, null when it has none.
const Block* tryBlock(const Op& op, StepKind kind)
{
    for (std::size_t i = 0; i < op.chain().size(); ++i) {
        if (op.step(i) == kind)
            return &op.chain()[i];
    }
    return nullptr;
}

} // namespace

void Interpreter::continueFrame(AsyncFrame* frame)
{
    while (!frame->stack.empty()) {
        AsyncFrame::Cursor& cursor = frame->stack.back();
        if (cursor.index == cursor.block->size()) {
            if (const Op* loop = cursor.loop) {
                // A pass of a for await loop's body ended, and next() resumes the generator: it yields again or
                // ends.
                if (cursor.remaining > 1) {
                    --cursor.remaining;
                    cursor.index = 0;
                    nextYield(frame, *loop);
                } else {
                    frame->stack.pop_back();
                    generatorEnded(frame, *loop);
                }
                return;
            }
            if (cursor.remaining > 1) {
                --cursor.remaining;
                cursor.index = 0;
                m_ctx.checkCancelled();
                continue;
            }
            const AsyncFrame::Cursor ended = cursor;
            frame->stack.pop_back();
            if (!ended.tryOp)
                continue;
            // A try's do or catch that ends runs its finally; a finally entered by a throw throws again.
            if (ended.stage == AsyncFrame::Stage::Finally) {
                if (ended.rethrow && !raise(frame, ended.rethrow, ended.rethrowKind))
                    return;
                continue;
            }
            if (const Block* finally = tryBlock(*ended.tryOp, StepKind::Finally))
                frame->stack.push_back({ finally, 0, 1, ended.tryOp, AsyncFrame::Stage::Finally });
            continue;
        }
        const Op& op = (*cursor.block)[cursor.index++];
        if (op.kind == OpKind::Await) {
            awaitIn(frame, op);
            return;
        }
        if (op.kind == OpKind::Repeat) {
            frame->stack.push_back({ &op.body(), 0, op.times });
            continue;
        }
        if (op.kind == OpKind::Try) {
            frame->stack.push_back({ &op.body(), 0, 1, &op, AsyncFrame::Stage::Do });
            continue;
        }
        if (op.kind == OpKind::ForAwait) {
            // for await (const _ of gen()): next() runs the generator at once, up to its first yield or its end.
            if (op.times > 0) {
                frame->stack.push_back(
                    { &op.body(), 0, op.times, nullptr, AsyncFrame::Stage::Do, nullptr, Reason::Error, &op });
                nextYield(frame, op);
            } else {
                generatorEnded(frame, op);
            }
            return;
        }
        if (op.kind == OpKind::Throw) {
            if (!raise(frame, &op, Reason::Error))
                return;
            continue;
        }
        exec(op);
    }
    m_frames.release(frame);
}

void Interpreter::throwInto(AsyncFrame* frame, const Op* reason, Reason kind)
{
    if (raise(frame, reason, kind))
        continueFrame(frame);
}

// The generator runs the loop's yieldDo and yields; the yield awaits its value, and next()'s promise settles
// with it, which the loop awaits: the body runs two reactions later.
void Interpreter::nextYield(AsyncFrame* frame, const Op& loop)
{
    runBlock(loop.done());
    m_ctx.microtasks.push(resumingReaction(frame, loop.labelId, Job::Action::YieldResume));
}

// The generator returns, which settles next()'s promise at once: the line after the loop runs one reaction later.
void Interpreter::generatorEnded(AsyncFrame* frame, const Op& loop)
{
    m_ctx.microtasks.push(resumingReaction(frame, loop.labelId));
}

bool Interpreter::raise(AsyncFrame* frame, const Op* reason, Reason kind)
{
    switch (unwind(frame, reason, kind)) {
    case Unwound::Caught:
        return true;
    case Unwound::Returning:
        return false;
    case Unwound::Uncaught:
        rejectFunction(frame, reason, kind);
        return false;
    }
    return false;
}

Interpreter::Unwound Interpreter::unwind(AsyncFrame* frame, const Op* reason, Reason kind)
{
    while (!frame->stack.empty()) {
        const AsyncFrame::Cursor left = frame->stack.back();
        frame->stack.pop_back();
        if (left.loop) {
            // The error leaves a for await loop, which awaits its generator's return() before it goes on:
            // return() resumes the generator at its yield, whose await of the value returned takes a reaction,
            // and the promise of return() then settles, another.
            Job close;
            close.action = Job::Action::ReturnIterator;
            close.jobKind = JobKind::PromiseReactionJob;
            close.label = left.loop->labelId;
            close.awaiting = frame;
            close.op = reason;
            close.thrown = kind;
            m_ctx.microtasks.push(close);
            return Unwound::Returning;
        }
        if (!left.tryOp || left.stage == AsyncFrame::Stage::Finally)
            continue;
        if (left.stage == AsyncFrame::Stage::Do) {
            if (const Block* caught = tryBlock(*left.tryOp, StepKind::Catch)) {
                frame->stack.push_back({ caught, 0, 1, left.tryOp, AsyncFrame::Stage::Catch });
                return Unwound::Caught;
            }
        }
        if (const Block* finally = tryBlock(*left.tryOp, StepKind::Finally)) {
            frame->stack.push_back({ finally, 0, 1, left.tryOp, AsyncFrame::Stage::Finally, reason, kind });
            return Unwound::Caught;
        }
    }
    return Unwound::Uncaught;
}

// The async function's promise rejects; nobody holds it, so the rejection is one nobody handles.
void Interpreter::rejectFunction(AsyncFrame* frame, const Op* reason, Reason kind)
{
    m_frames.release(frame);
    Promise* result = m_ctx.promises.create();
    m_ctx.promises.reject(result, reason, kind);
    m_ctx.promises.release(result);
}

void Interpreter::awaitIn(AsyncFrame* frame, const Op& op)
{
    Job resume = resumingReaction(frame, op.labelId);

    switch (op.await) {
    case AwaitKind::Value:
    case AwaitKind::Promise:
        if (op.await == AwaitKind::Value || m_ctx.program->awaitModel != AwaitModel::Node10) {
            // promiseResolve(v) is settled, so its reaction is queued at once: one tick.
            m_ctx.microtasks.push(resume);
            return;
        }
        {
            // Node 10: a throwaway promise resolved with v, which is a thenable:
            // PromiseResolveThenableJob, then two PromiseReactionJobs.
            Promise* value = m_ctx.promises.create();
            m_ctx.promises.fulfill(value);
            Promise* throwaway = m_ctx.promises.create();
            m_ctx.promises.resolve(throwaway, value);
            m_ctx.promises.then(throwaway, resume);
            m_ctx.promises.release(value);
            m_ctx.promises.release(throwaway);
        }
        return;
    case AwaitKind::Reject: {
        // await Promise.reject(error): a rejected promise, whose reaction is queued at once (one tick) and
        // throws at the await; Node 10's throwaway promise adopts it first, as it adopts a fulfilled one.
        resume.action = Job::Action::ResumeSettled;
        resume.awaiting = frame;
        Promise* rejected = m_ctx.promises.create();
        m_ctx.promises.reject(rejected, &op);
        Promise* awaited = rejected;
        if (m_ctx.program->awaitModel == AwaitModel::Node10) {
            awaited = m_ctx.promises.create();
            m_ctx.promises.resolve(awaited, rejected);
            m_ctx.promises.release(rejected);
        }
        m_ctx.promises.then(awaited, resume);
        m_ctx.promises.release(awaited);
        return;
    }
    case AwaitKind::Thenable:
        // await { then(resolve) { resolve(); } }: the thenable is no promise, so await wraps it in one
        // resolved with it, which costs a PromiseResolveThenableJob; its then() resolves the wrapper at
        // once, and the reaction that resumes the function is queued then: two ticks.
        resume.action = Job::Action::ThenableResume;
        resume.jobKind = JobKind::PromiseResolveThenableJob;
        m_ctx.microtasks.push(resume);
        return;
    case AwaitKind::Sleep:
    case AwaitKind::Immediate:
    case AwaitKind::TimersSetTimeout:
    case AwaitKind::TimersSetImmediate: {
        // await new Promise((resolve) => setTimeout(resolve, ms)) or setImmediate(resolve); timers/promises'
        // setTimeout and setImmediate make the same promise, a Timeout or an Immediate whose callback is
        // its resolve, inserted as the global functions insert theirs. Given a signal, they are abortable.
        if (!op.text.empty()) {
            m_signals.awaitWithSignal(frame, op);
            return;
        }
        Promise* pending = m_ctx.promises.create();
        Job settle;
        settle.action = Job::Action::Fulfill;
        settle.label = op.labelId;
        settle.promise = pending;
        m_ctx.promises.retain(pending);
        if (op.await == AwaitKind::Sleep || op.await == AwaitKind::TimersSetTimeout) {
            const bool firstUse = m_ctx.spendFirstUse(OpKind::SetTimeout);
            m_timers.set(settle, op.ms, 1);
            if (firstUse)
                m_ctx.spendAfterFirstUse(OpKind::SetTimeout);
        } else {
            m_ctx.spendFirstUse(OpKind::SetImmediate);
            m_immediates.set(settle);
        }
        m_ctx.promises.then(pending, resume);
        m_ctx.promises.release(pending);
        return;
    }
    }
}

void Interpreter::internLabels(const Block& block)
{
    StringTable& strings = m_ctx.recording.strings;
    for (const Op& op : block) {
        op.labelId = strings.intern(op.label());
        op.site = m_siteCount++;
        if (op.kind == OpKind::Log)
            op.textId = strings.intern(op.text.view());
        internLabels(op.body());
        internLabels(op.done());
        for (const Block& body : op.chain())
            internLabels(body);
    }
}

void Interpreter::clearTimer(const Op& op)
{
    const auto named = m_timerNames.find(op.text.view());
    if (named != m_timerNames.end())
        m_timers.cancel(named->second);
}

void Interpreter::clearImmediate(const Op& op)
{
    const auto named = m_timerNames.find(op.text.view());
    if (named != m_timerNames.end())
        m_immediates.cancel(named->second);
}

} // namespace loopscope
