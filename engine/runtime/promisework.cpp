// PromiseWork: promise chains and their steps, the Promise combinators, rejections nobody handled, and
// the process's beforeExit and exit events.
#include "runtime/invoke.h"

#include "runtime/immediates.h"
#include "runtime/interpreter.h"
#include "runtime/timers.h"

namespace loopscope {

namespace {

// What Node 20 prints on stderr for a rejection nobody handled: the place in its own code that throws it,
// then util.inspect of the reason. The emitted script's errors have no stack trace ("[Error: message]").
constexpr const char* RejectionHeader = "node:internal/process/promises:391\n"
                                        "    triggerUncaughtException(err, true /* fromPromise */);\n"
                                        "    ^\n\n";
constexpr const char* NodeVersionLine = "Node.js v20.20.2";
// util.inspect of timers/promises' AbortError, with Error.stackTraceLimit 0 as the emitted script sets it: its
// code, and its cause, the DOMException AbortController.abort() made.
constexpr const char* InspectedAbortError = "[AbortError: The operation was aborted] {\n"
                                            "  code: 'ABORT_ERR',\n"
                                            "  [cause]: [DOMException [AbortError]: This operation was aborted]\n"
                                            "}";

// util.inspect of an Error whose stack is its first line only.
std::string inspectError(std::string_view message)
{
    return "[Error: " + std::string(message) + "]";
}

// util.inspect of the AggregateError of a promiseAny whose promises all rejected: its errors on one line
// when they fit in 80 columns, as inspect's reduceToSingleString decides for a short array, else one a line.
std::string inspectAggregate(const Op& any)
{
    std::vector<std::string> errors;
    std::size_t width = 0;
    for (const Op& promise : any.body()) {
        errors.push_back(inspectError(promise.text.view()));
        width += errors.back().size();
    }
    const std::string_view head = "[AggregateError: All promises were rejected]";
    // util.inspect keeps an object on one line when it fits in 80 columns beside its head (44) and
    // inspect's 10: only an empty list of errors does.
    if (errors.empty())
        return std::string(head) + " { [errors]: [] }";
    std::string out = std::string(head) + " {\n  [errors]: [";
    const std::size_t start = errors.size() + 2 + 1 + 10; // entries, indentation, brace, and inspect's 10
    if (errors.size() <= 6 && errors.size() + start + width <= 80) {
        out += " ";
        for (std::size_t i = 0; i < errors.size(); ++i)
            out += (i ? ", " : "") + errors[i];
        out += " ]";
    } else {
        for (std::size_t i = 0; i < errors.size(); ++i)
            out += "\n    " + errors[i] + (i + 1 < errors.size() ? "," : "");
        out += "\n  ]";
    }
    return out + "\n}";
}

} // namespace

PromiseWork::PromiseWork(
    RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter, Timers& timers, Immediates& immediates)
    : m_ctx(context)
    , m_callbacks(callbacks)
    , m_interpreter(interpreter)
    , m_timers(timers)
    , m_immediates(immediates)
{
    if (MemoryBudget* budget = m_ctx.options.budget)
        m_combinators.setBudget(budget);
}

void PromiseWork::listen(const Op& op)
{
    switch (op.kind) {
    case OpKind::OnUnhandledRejection:
        m_rejectionListeners.push_back(&op);
        break;
    case OpKind::OnBeforeExit:
        m_beforeExitListeners.push_back(&op);
        break;
    case OpKind::OnExit:
        m_exitListeners.push_back(&op);
        break;
    default:
        break;
    }
}

// Promise.resolve() or Promise.reject(error), then its steps.
void PromiseWork::execPromise(const Op& op)
{
    Promise* start = m_ctx.promises.create();
    if (op.rejects())
        m_ctx.promises.reject(start, &op);
    else
        m_ctx.promises.fulfill(start);
    chainSteps(op, start);
}

void PromiseWork::chainSteps(const Op& op, Promise* start)
{
    Promise* current = start;
    for (std::size_t i = 0; i < op.chain().size(); ++i) {
        Promise* next = m_ctx.promises.create();
        Job reaction;
        reaction.action = Job::Action::ThenBody;
        reaction.step = op.step(i);
        reaction.label = op.labelId;
        reaction.body = &op.chain()[i];
        reaction.promise = next;
        m_ctx.promises.retain(next);
        m_ctx.promises.then(current, reaction);
        m_ctx.promises.release(current);
        current = next;
    }
    m_ctx.promises.release(current);
}

// The reaction of one step: a then runs on fulfilment, a catch on rejection, a finally on both; a step
// that does not run passes the outcome on. A body that ends with a throw rejects the step's promise.
void PromiseWork::runStep(const Job& job)
{
    Promise* settled = job.settled;
    Promise* next = job.promise;
    const bool rejected = settled->state == Promise::State::Rejected;
    const bool runs = job.step == StepKind::Finally || (job.step == StepKind::Then) != rejected;
    if (!runs) {
        m_ctx.promises.settleLike(next, settled);
    } else {
        m_interpreter.runBlock(*job.body);
        if (!job.body->empty() && job.body->back().kind == OpKind::Throw) {
            m_ctx.promises.reject(next, &job.body->back());
        } else if (job.step == StepKind::Finally) {
            // thenFinally and catchFinally return promiseResolve(onFinally()).then(() => value) (or a thrower):
            // a reaction queued at once carries the outcome on, and the step's promise adopts its promise
            // through a PromiseResolveThenableJob. A finally costs two ticks more than a then.
            Promise* carried = m_ctx.promises.create();
            Job carry;
            carry.action = Job::Action::Fulfill;
            carry.jobKind = JobKind::PromiseReactionJob;
            carry.label = job.label;
            carry.promise = carried;
            carry.settled = settled;
            m_ctx.promises.retain(settled);
            m_ctx.microtasks.push(carry);
            m_ctx.promises.resolve(next, carried);
        } else {
            m_ctx.promises.fulfill(next);
        }
    }
    m_ctx.promises.release(settled);
    m_ctx.promises.release(next);
}

// Promise.all (race, allSettled, any) over promises made at once, each settled now (its executor runs its
// body) or by a timer or an immediate; the combinator then() each, whose reactions tell it how they settled.
void PromiseWork::execCombinator(const Op& op)
{
    CombinatorState* state = m_combinators.create();
    state->op = &op;
    state->result = m_ctx.promises.create();
    state->remaining = std::uint32_t(op.body().size());
    // The array's promises are all made (their executors run) before the combinator then()s the first.
    std::vector<Promise*> made;
    made.reserve(op.body().size());
    for (const Op& promise : op.body()) {
        m_ctx.checkCancelled();
        Promise* settling = m_ctx.promises.create();
        made.push_back(settling);
        Job settle;
        settle.action = Job::Action::Settle;
        settle.label = promise.labelId;
        settle.op = &promise;
        settle.promise = settling;
        switch (promise.await) {
        case AwaitKind::Sleep:
            m_ctx.promises.retain(settling);
            m_timers.set(settle, promise.ms, 1);
            break;
        case AwaitKind::Immediate:
            m_ctx.promises.retain(settling);
            m_immediates.set(settle);
            break;
        default:
            m_interpreter.runBlock(promise.body());
            if (promise.rejects())
                m_ctx.promises.reject(settling, &promise);
            else
                m_ctx.promises.fulfill(settling);
            break;
        }
    }
    const auto elements = std::uint32_t(made.size());
    for (Promise* element : made) {
        Job reaction;
        reaction.action = Job::Action::Combine;
        reaction.label = op.labelId;
        reaction.combinator = state;
        m_ctx.promises.then(element, reaction);
        m_ctx.promises.release(element);
    }
    Promise* result = state->result;
    m_ctx.promises.retain(result);
    if (elements == 0) {
        // Nothing to wait for: all and allSettled fulfil at once, any rejects, race stays pending.
        if (op.combinator == Combinator::Any)
            m_ctx.promises.reject(result, &op, Reason::Aggregate);
        else if (op.combinator != Combinator::Race)
            m_ctx.promises.fulfill(result);
        m_ctx.promises.release(state->result);
        m_combinators.release(state);
    } else {
        state->remaining = elements;
        // Held by the element reactions: the last one lets it go.
        state->elementsLeft = elements;
    }
    chainSteps(op, result);
}

void PromiseWork::settleCombined(const Job& job)
{
    m_interpreter.runBlock(job.op->body());
    if (job.op->rejects())
        m_ctx.promises.reject(job.promise, job.op);
    else
        m_ctx.promises.fulfill(job.promise);
    m_ctx.promises.release(job.promise);
}

void PromiseWork::combineElement(const Job& job)
{
    CombinatorState* state = job.combinator;
    Promise* settled = job.settled;
    Promise* result = state->result;
    const bool rejected = settled->state == Promise::State::Rejected;
    switch (state->op->combinator) {
    case Combinator::All:
        if (rejected)
            m_ctx.promises.settleLike(result, settled);
        else if (--state->remaining == 0)
            m_ctx.promises.fulfill(result);
        break;
    case Combinator::Race:
        m_ctx.promises.settleLike(result, settled);
        break;
    case Combinator::AllSettled:
        if (--state->remaining == 0)
            m_ctx.promises.fulfill(result);
        break;
    case Combinator::Any:
        if (!rejected)
            m_ctx.promises.fulfill(result);
        else if (--state->remaining == 0)
            m_ctx.promises.reject(result, state->op, Reason::Aggregate);
        break;
    }
    m_ctx.promises.release(settled);
    if (--state->elementsLeft == 0) {
        m_ctx.promises.release(result);
        m_combinators.release(state);
    }
}

bool PromiseWork::processRejections()
{
    if (!m_ctx.promises.anyUnhandled())
        return false;
    RuntimeContext::spendOnce(m_ctx.processedRejections, m_ctx.options.costs.rejectionsProcessedUs);
    bool listened = false;
    for (Promise* promise : m_ctx.promises.takeUnhandled()) {
        // A handler added since it rejected: Node's handledRejection took it off the list.
        if (!promise->handled) {
            if (m_rejectionListeners.empty())
                exitOnRejection(*promise);
            // process.emit calls the listeners there and then; their ticks run after all of them.
            for (const Op* listener : m_rejectionListeners) {
                Job job;
                job.label = listener->labelId;
                job.body = &listener->body();
                m_ctx.ticks.push(job);
            }
            listened = true;
        }
        m_ctx.promises.release(promise);
    }
    return listened;
}

void PromiseWork::exitOnRejection(const Promise& promise)
{
    const std::string reason = promise.kind == Reason::Aggregate ? inspectAggregate(*promise.reason)
        : promise.kind == Reason::AbortError                     ? std::string(InspectedAbortError)
                                             : inspectError(promise.reason ? promise.reason->text.view() : "");
    m_ctx.recordError("unhandled rejection: " + reason.substr(0, reason.find('\n')));
    // Node runs the exit listeners, then prints the reason and exits with 1.
    runExitListeners(1);
    m_ctx.recording.info.exitStatus = 1;
    m_ctx.recording.info.fatalError = std::string(RejectionHeader) + reason + "\n\n" + NodeVersionLine + "\n";
    endProcess();
    throw RuntimeContext::Aborted {};
}

void PromiseWork::runExitListeners(int code)
{
    if (m_exitEmitted || m_ctx.isWorker())
        return;
    m_exitEmitted = true;
    m_ctx.exiting = true;
    // process.emit("exit", code) runs them in turn. Leaving that callback, a process that ends normally
    // runs V8's microtask checkpoint, not Node's nextTicks; one that ends on an error runs neither.
    for (const Op* listener : m_exitListeners) {
        const std::int64_t start = m_ctx.rec.now();
        m_ctx.rec.beginCall(start);
        m_ctx.runningLabel = listener->labelId;
        m_interpreter.runBlock(listener->body());
        m_ctx.rec.callback(listener->labelId, CallbackKind::Main, start, m_ctx.rec.now(), m_ctx.iteration, 1);
    }
    if (code != 0)
        return;
    auto run = [this](const Job& job, CallbackKind kind) {
        m_ctx.checkCancelled();
        const std::int64_t start = m_ctx.rec.now();
        m_ctx.rec.beginCall(start);
        m_callbacks.runJob(job);
        m_ctx.rec.callback(
            job.label, kind, start, m_ctx.rec.now(), m_ctx.iteration, 2, Recorder::OwnThread, job.jobKind);
    };
    // Node's processTicksAndRejections: the microtasks, then the rejections nobody handled, until neither is
    // left. The only ticks are the unhandledRejection listeners' calls: nextTick does nothing once the
    // process is exiting.
    for (;;) {
        while (!m_ctx.microtasks.empty())
            run(m_ctx.microtasks.pop(), CallbackKind::Microtask);
        // With no unhandledRejection listener, one ends the process with 1 here (its exit listeners ran).
        if (!processRejections())
            return;
        while (!m_ctx.ticks.empty())
            run(m_ctx.ticks.pop(), CallbackKind::NextTick);
    }
}

void PromiseWork::endProcess()
{
    m_processEnded = true;
    m_ctx.cancel();
}

bool PromiseWork::loopDrained()
{
    if (m_processEnded || m_ctx.aborted || m_ctx.isWorker())
        return false;
    if (!m_beforeExitListeners.empty()) {
        // process.once: each listener runs this time only. process.emit calls them all in one callback Node
        // makes (MakeCallback), whose drain then runs the nextTicks and microtasks they queued.
        std::vector<const Op*> listeners;
        listeners.swap(m_beforeExitListeners);
        m_callbacks.fromLoop([&] {
            m_callbacks.invoke(listeners.front()->labelId, CallbackKind::Main, [&] {
                for (const Op* listener : listeners)
                    m_interpreter.runBlock(listener->body());
            });
        });
        // A listener whose rejection nobody handled ended the process; else the work it queued runs.
        if (m_ctx.aborted || m_processEnded)
            return false;
        if (uv_loop_alive(&m_ctx.loop))
            return true;
    }
    if (m_exitListeners.empty() || m_exitEmitted)
        return false;
    m_callbacks.fromLoop([&] {
        runExitListeners(0);
        endProcess();
        throw RuntimeContext::Aborted {};
    });
    return false;
}

} // namespace loopscope
