#pragma once

#include "program/program.h"
#include "recording/events.h"

#include <cstdint>

namespace loopscope {

// What a promise rejects with: an Error whose message is an op's, the AggregateError of a promiseAny whose
// promises all rejected, or the AbortError of timers/promises when the signal it was given is aborted.
enum class Reason : std::uint8_t { Error, Aggregate, AbortError };

struct AsyncFrame;
struct ChainState;
struct CombinatorState;
struct Promise;

// A unit of JavaScript-level work waiting in one of the runtime's queues.
struct Job
{
    enum class Action : std::uint8_t {
        Body, // run `body`
        ThenBody, // a .then handler: run `body`, then resolve `promise`
        Resume, // resume the async function `frame`
        // Fulfil `promise` (a timer behind a sleep promise), or, as a reaction, settle it as `settled`
        // settled (a resolving function that adopted a promise, a finally passing its promise's outcome on)
        Fulfill,
        ResolveThenable, // PromiseResolveThenableJob: `thenable`.then(settle `promise` alike)
        ChainStep, // the next step of a self-rescheduling chain
        ThenableResume, // await of a user thenable: its then(resolve) runs and resolves; `frame` resumes next
        Settle, // a promise of a promiseAll op: run `op`'s body, then settle `promise` as `op` says
        Combine, // a promise of a promiseAll op settled (`settled`): tell `combinator`
        // A timers/promises timer or immediate given a signal: fulfil `promise`; `handle` names it for the
        // abort, `source` is its await
        AbortableFulfill,
        // An await of a promise that may reject: resume `awaiting` as `settled` settled; a rejection throws
        // at the await and rejects the async function's promise
        ResumeSettled,
        // A for await loop's generator yielded (its yield's await settled): `frame` resumes at the loop's body
        // after the reaction that settles next()'s promise
        YieldResume,
        // An error leaves a for await loop, whose generator awaits its return(): `awaiting` throws `op` (as
        // `thrown`) after the reaction that settles the promise of return(), a ThrowAfterReturn
        ReturnIterator,
        ThrowAfterReturn,
        // A file stream's construct (Node's constructNT, a nextTick after createReadStream): open `op`'s file
        StreamConstruct,
        // The emitted script's server.listen(0, "127.0.0.1"), as Node runs it: its address lookup calls back
        // in a nextTick, which binds the server and queues the tick that emits 'listening' (ServerListening),
        // from which the main module's requests are sent
        ServerListen,
        ServerListening,
    };

    Action action = Action::Body;
    JobKind jobKind = JobKind::Callback;
    StepKind step = StepKind::Then; // ThenBody: how the step handles `settled`
    Reason thrown = Reason::Error; // ReturnIterator, ThrowAfterReturn: what `op` throws
    std::uint32_t label = 0;
    union {
        const Block* body = nullptr;
        CombinatorState* combinator;
        AsyncFrame* awaiting; // ResumeSettled, ReturnIterator, ThrowAfterReturn
        const Op* source; // AbortableFulfill
    };
    union {
        void* none;
        AsyncFrame* frame;
        ChainState* chain;
        Promise* thenable;
        Promise* settled; // a reaction: the promise that settled, one reference
        const Op* op;
        std::uint64_t
            handle; // a named timer or immediate (a Body job): what clearTimeout and clearImmediate find it by
    };
    Promise* promise = nullptr;

    Job()
        : none(nullptr)
    { }

    // A job that clearTimeout, clearImmediate or an abort can find by its `handle`.
    bool cancellable() const { return (action == Action::Body || action == Action::AbortableFulfill) && handle != 0; }
};

// A promise reaction that resumes the async function `frame` (Resume, or YieldResume at a for await loop's
// body), named `label` on the timeline.
inline Job resumingReaction(AsyncFrame* frame, std::uint32_t label, Job::Action action = Job::Action::Resume)
{
    Job resume;
    resume.action = action;
    resume.jobKind = JobKind::PromiseReactionJob;
    resume.label = label;
    resume.frame = frame;
    return resume;
}

// An async function stopped at an await: a cursor stack that picks up where it left off.
struct AsyncFrame
{
    // Which block of a try op a cursor runs.
    enum class Stage : std::uint8_t { Do, Catch, Finally };
    struct Cursor
    {
        const Block* block;
        std::size_t index;
        std::int64_t remaining; // passes of `block` left, this one included
        const Op* tryOp = nullptr; // the try whose block this is; null for the function's body and a repeat's
        Stage stage = Stage::Do;
        // A finally entered by a throw: what it rethrows at its end (null: it was entered normally).
        const Op* rethrow = nullptr;
        Reason rethrowKind = Reason::Error;
        // The for await loop whose body this is (its generator suspended at a yield); null for any other block.
        const Op* loop = nullptr;
    };
    std::vector<Cursor> stack;
};

// A promiseAll, promiseRace, promiseAllSettled or promiseAny op waiting for its promises.
struct CombinatorState
{
    const Op* op = nullptr;
    Promise* result = nullptr; // one reference
    std::uint32_t remaining = 0; // promises not yet counted (all, allSettled: settled; any: rejected)
    std::uint32_t elementsLeft = 0; // reactions not yet run: the last one lets the state go
};

// A self-rescheduling chain op between two of its steps.
struct ChainState
{
    const Op* op = nullptr;
    std::int64_t step = 0;
};

} // namespace loopscope
