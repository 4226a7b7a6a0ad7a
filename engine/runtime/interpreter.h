#pragma once

#include "runtime/job.h"
#include "runtime/objectpool.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>

namespace loopscope {

class AbortSignals;
class BlockingOps;
class Http;
class Immediates;
class ThreadPoolWork;
class PromiseWork;
class Timers;
class Workers;
struct RuntimeContext;

// The interpreter of program ops: each op goes to the job that does it; async functions (a cursor
// stack that stops at an await), self-rescheduling chains, named timers and immediates, console
// lines.
class Interpreter
{
public:
    Interpreter(RuntimeContext& context, Timers& timers, Immediates& immediates, PromiseWork& promiseWork,
        AbortSignals& signals, ThreadPoolWork& poolWork, Http& http, Workers& workers, BlockingOps& blocking);
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    void runBlock(const Block& block);
    // The main module's body (a CommonJS script's, or an ES module's evaluation), after the emitted
    // server's listen has queued its tick (Http::mainModuleStarts).
    void runMain();
    // A file stream's construct tick: its open goes to the pool.
    void constructStream(const Op& op);
    void exec(const Op& op);
    // An async function goes on from where its await stopped it.
    void continueFrame(AsyncFrame* frame);
    // An error thrown at an await of `frame` (a rejection it awaited): its try's catch or finally, else the
    // function's promise rejects.
    void throwInto(AsyncFrame* frame, const Op* reason, Reason kind);
    // The next step of a self-rescheduling chain.
    void runChainStep(ChainState* chain);
    // A console line printed by the callback labelled `from` (0: not known).
    void log(std::uint32_t label, std::uint32_t steps, std::uint32_t from);
    // Interns the labels and texts of `block`'s ops and numbers their lines (Op::site).
    void internLabels(const Block& block);
    // A handle that names a timer or an immediate for clearTimeout, clearImmediate and an abort.
    std::uint64_t newHandle() { return m_nextHandle++; }
    // Forgets every async function, chain and named timer (abandoned work).
    void clear();
    // The server and requests of httpGet, whose ticks the drain runs.
    Http& http() { return m_http; }

private:
    void startAsync(const Op& op);
    void awaitIn(AsyncFrame* frame, const Op& op);
    // How an error thrown in an async function went on.
    enum class Unwound : std::uint8_t {
        Caught, // a try took it: its catch, or its finally that throws it again
        Returning, // it left a for await loop, which awaits its generator's return() first
        Uncaught, // no try is left
    };
    // Leaves the cursors of `frame` up to the try that takes an error, or up to a for await loop it leaves.
    Unwound unwind(AsyncFrame* frame, const Op* reason, Reason kind);
    // Throws an error in `frame`: true when the function goes on at once (a catch or a finally); false when it
    // waits for a generator's return() or its promise rejected.
    bool raise(AsyncFrame* frame, const Op* reason, Reason kind);
    // for await: next() resumes the generator, which runs the loop's yieldDo and yields; or it ends.
    void nextYield(AsyncFrame* frame, const Op& loop);
    void generatorEnded(AsyncFrame* frame, const Op& loop);
    // Ends `frame` with its function's promise rejected: a rejection nobody handles.
    void rejectFunction(AsyncFrame* frame, const Op* reason, Reason kind);
    void scheduleChainStep(ChainState* chain);
    // clearTimeout and clearImmediate of the timer or immediate a name holds now.
    void clearTimer(const Op& op);
    void clearImmediate(const Op& op);

    RuntimeContext& m_ctx;
    Timers& m_timers;
    Immediates& m_immediates;
    PromiseWork& m_promiseWork;
    AbortSignals& m_signals;
    ThreadPoolWork& m_poolWork;
    Http& m_http;
    Workers& m_workers;
    BlockingOps& m_blocking;
    ObjectPool<AsyncFrame> m_frames;
    ObjectPool<ChainState> m_chains;
    // Named timers and immediates: the handle each name holds now (the latest set under it).
    std::unordered_map<std::string_view, std::uint64_t> m_timerNames;
    std::uint64_t m_nextHandle = 1;
    std::uint32_t m_siteCount = 0; // the main runtime's: Op::site numbers given out
};

} // namespace loopscope
