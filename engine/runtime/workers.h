#pragma once

#include <cstddef>
#include <memory>
#include <vector>

namespace loopscope {

class Callbacks;
class Interpreter;
class WorkerHost;
struct Op;
struct RuntimeContext;

// worker_threads: each worker a second loop on its own thread (WorkerHost); "done" and console lines
// come back as messages on this loop, which the worker keeps alive until it exits.
class Workers
{
public:
    // `owner` is the runtime the workers' own runtimes name as their parent.
    Workers(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter);
    ~Workers();
    Workers(const Workers&) = delete;
    Workers& operator=(const Workers&) = delete;

    // The main loop: as many worker loops may run at once as it has logs for them.
    void setSlots(std::size_t count);
    void start(const Op& op);
    // Terminates every worker loop and closes its message handle, which kept this loop alive.
    void endAll();
    // A worker loop runs: its messages may still come.
    bool anyBusy() const;

private:
    void end(std::size_t slot);

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    Interpreter& m_interpreter;
    struct WorkerSlot
    {
        std::unique_ptr<WorkerHost> host;
        bool busy = false;
        bool closing = false; // its message handle is closing; the slot frees in the close callback
    };
    std::vector<WorkerSlot> m_workers;
    bool m_workersRefused = false; // a worker was refused (and recorded) since the last one ended
};

} // namespace loopscope
