#pragma once

#include "runtime/job.h"
#include "runtime/objectpool.h"

#include <vector>

namespace loopscope {

class Callbacks;
class Immediates;
class Interpreter;
class Timers;
struct Promise;
struct RuntimeContext;

// Promises as the program uses them: chains of steps, the combinators (all, race, allSettled, any),
// rejections nobody handled (Node's processPromiseRejections), and the process's unhandledRejection,
// beforeExit and exit events. The promises themselves and their reactions are the context's.
class PromiseWork
{
public:
    PromiseWork(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter, Timers& timers,
        Immediates& immediates);
    PromiseWork(const PromiseWork&) = delete;
    PromiseWork& operator=(const PromiseWork&) = delete;

    // Promise.resolve() or Promise.reject(error), then its steps.
    void execPromise(const Op& op);
    void execCombinator(const Op& op);
    // The jobs of a step's reaction, a combinator's promise and its element (Callbacks::runJob).
    void runStep(const Job& job);
    void settleCombined(const Job& job);
    void combineElement(const Job& job);
    // process.on("unhandledRejection"), process.once("beforeExit"), process.on("exit").
    void listen(const Op& op);
    // Node's processPromiseRejections: unhandledRejection listeners, queued as ticks, for each rejection
    // still unhandled (true when any ran); with none listening, the process ends as Node's does.
    bool processRejections();
    // The loop has run dry: the beforeExit listeners run; true when they made it alive again. Then,
    // once, the exit listeners run and the process's work ends there.
    bool loopDrained();
    // The process "exited": an unhandled rejection, or its exit listeners ran.
    bool processEnded() const { return m_processEnded; }
    // Forgets every combinator (abandoned work).
    void clear() { m_combinators.clear(); }

private:
    // Adds the op's steps to `start` (whose reference it takes) and lets go of the last one.
    void chainSteps(const Op& op, Promise* start);
    [[noreturn]] void exitOnRejection(const Promise& promise);
    // process.on("exit") listeners, with the code the process exits with; once.
    void runExitListeners(int code);
    // Ends the process's work as process.exit does: nothing queued runs any more.
    void endProcess();

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    Interpreter& m_interpreter;
    Timers& m_timers;
    Immediates& m_immediates;
    ObjectPool<CombinatorState> m_combinators;
    std::vector<const Op*> m_rejectionListeners; // process.on("unhandledRejection")
    std::vector<const Op*> m_beforeExitListeners; // process.once("beforeExit")
    std::vector<const Op*> m_exitListeners; // process.on("exit")
    bool m_exitEmitted = false;
    bool m_processEnded = false;
};

} // namespace loopscope
