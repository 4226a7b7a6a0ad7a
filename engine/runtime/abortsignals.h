#pragma once

#include "runtime/job.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace loopscope {

class Immediates;
class Interpreter;
class Timers;
struct Promise;
struct RuntimeContext;

// AbortControllers, whose signals timers/promises' setTimeout and setImmediate (and fs.readFile) are
// given, and abort(), which takes back the timers and immediates not yet run and rejects their
// promises with an AbortError, as Node 20's cancelListenerHandler does.
class AbortSignals
{
public:
    AbortSignals(RuntimeContext& context, Interpreter& interpreter, Timers& timers, Immediates& immediates);
    AbortSignals(const AbortSignals&) = delete;
    AbortSignals& operator=(const AbortSignals&) = delete;

    // await timersPromises.setTimeout(ms, undefined, { signal }) or setImmediate(undefined, { signal }).
    void awaitWithSignal(AsyncFrame* frame, const Op& op);
    void abort(const Op& op);
    // The jobs: a timer or immediate given a signal ran; an await of a promise that may reject goes on.
    void fulfill(const Job& job);
    void resumeSettled(const Job& job);
    // fs.readFile given a signal (the op's text): whether its controller was aborted.
    bool aborted(const Op& op) const;
    void clear() { m_controllers.clear(); }

private:
    // An AbortController: whether it was aborted, and the timers and immediates its signal was given that
    // have not run yet, each with the promise an abort rejects (one reference).
    struct AbortListener
    {
        std::uint64_t handle = 0;
        bool immediate = false;
        Promise* promise = nullptr;
    };
    struct AbortController
    {
        bool aborted = false;
        std::vector<AbortListener> listeners;
    };

    RuntimeContext& m_ctx;
    Interpreter& m_interpreter;
    Timers& m_timers;
    Immediates& m_immediates;
    std::unordered_map<std::string_view, AbortController> m_controllers;
};

} // namespace loopscope
