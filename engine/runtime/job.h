#pragma once

#include "program/program.h"
#include "recording/events.h"

#include <cstdint>

namespace loopscope {

struct AsyncFrame;
struct ChainState;
struct Promise;

// A unit of JavaScript-level work waiting in one of the runtime's queues.
struct Job
{
    enum class Action : std::uint8_t {
        Body, // run `body`
        ThenBody, // a .then handler: run `body`, then resolve `promise`
        Resume, // resume the async function `frame`
        Fulfill, // fulfil `promise` (a resolving function, or a timer behind a sleep promise)
        ResolveThenable, // PromiseResolveThenableJob: `thenable`.then(fulfil `promise`)
        ChainStep, // the next step of a self-rescheduling chain
    };

    Action action = Action::Body;
    JobKind jobKind = JobKind::Callback;
    std::uint32_t label = 0;
    const Block* body = nullptr;
    union {
        void* none;
        AsyncFrame* frame;
        ChainState* chain;
        Promise* thenable;
    };
    Promise* promise = nullptr;

    Job()
        : none(nullptr)
    { }
};

// An async function stopped at an await: a cursor stack that picks up where it left off.
struct AsyncFrame
{
    struct Cursor
    {
        const Block* block;
        std::size_t index;
        std::int64_t remaining; // passes of `block` left, this one included
    };
    std::vector<Cursor> stack;
};

// A self-rescheduling chain op between two of its steps.
struct ChainState
{
    const Op* op = nullptr;
    std::int64_t step = 0;
};

} // namespace loopscope
