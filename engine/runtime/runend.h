#pragma once

namespace loopscope {

class AbortSignals;
class Http;
class Immediates;
class Interpreter;
class PromiseWork;
class Stepping;
class ThreadPoolWork;
class Timers;
class Workers;
class Workloads;
struct RuntimeContext;

// How a run ends before its work does: aborted (stopped, over its memory budget, a loop handle libuv
// refused), or only its work abandoned while the loop, its server and its probes go on (Esc in the
// window). A check point that finds the run cancelled comes here through Callbacks; the Runtime's
// commands come here too. Loop thread only.
class RunEnd final
{
public:
    RunEnd(RuntimeContext& context, Stepping& stepping, Interpreter& interpreter, Timers& timers,
        Immediates& immediates, PromiseWork& promiseWork, AbortSignals& signals, ThreadPoolWork& poolWork, Http& http,
        Workers& workers, Workloads& workloads);

    // Ends what cancelled() interrupted: abandons the work (cancelWork) or the whole run.
    void stopCancelled();
    // Ends the run: drops its queued work, records why, stops the loop. Once.
    void abort();
    // Abandons the work now unless a check point already has (after cancelWork, from a command).
    void abandonWorkFromCommand();
    // Samples and publishes the queues now (empty after an end, an abort or abandoned work).
    void publishQueuesNow();
    // True once the run recorded "run aborted".
    bool abortRecorded() const { return m_abortRecorded; }

private:
    // What abort() and abandonWork() both drop.
    void dropQueuedWork();
    // Forgets every queue, timer, promise and pending callback of the program; the loop goes on.
    void abandonWork();

    RuntimeContext& m_ctx;
    Stepping& m_stepping;
    Interpreter& m_interpreter;
    Timers& m_timers;
    Immediates& m_immediates;
    PromiseWork& m_promiseWork;
    AbortSignals& m_signals;
    ThreadPoolWork& m_poolWork;
    Http& m_http;
    Workers& m_workers;
    Workloads& m_workloads;
    bool m_abortRecorded = false;
};

} // namespace loopscope
