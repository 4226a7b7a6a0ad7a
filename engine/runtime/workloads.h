#pragma once

#include "loop/uvhandle.h"
#include "program/program.h"

#include <uv.h>

#include <memory>
#include <vector>

namespace loopscope {

class Callbacks;
class Interpreter;
struct RuntimeContext;

// Workloads injected into a running loop (the window's palette): each arrives through the poller, as
// a request does, and runs as an I/O callback in poll.
class Workloads
{
public:
    Workloads(RuntimeContext& context, Callbacks& callbacks, Interpreter& interpreter);
    Workloads(const Workloads&) = delete;
    Workloads& operator=(const Workloads&) = delete;

    // Opens the inbox handle (start()); libuv's result. unrefInbox() then lets the loop end while
    // no workload waits in it.
    int init();
    void unrefInbox() { m_inboxHandle.unref(); }
    void close() { m_inboxHandle.close(); }
    void inject(std::shared_ptr<const Program> workload);
    // Forgets the workloads not yet delivered (an abort, abandoned work).
    void drop();
    bool waiting() const { return !m_inbox.empty(); }

private:
    // Runs the workloads inject() delivered (the inbox handle's callback, in poll).
    void deliver();
    static void onInboxHandle(uv_async_t* handle);

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    Interpreter& m_interpreter;
    UvHandle<uv_async_t> m_inboxHandle;
    std::vector<const Program*> m_inbox; // injected and not yet delivered
    std::vector<std::shared_ptr<const Program>> m_workloads;
};

} // namespace loopscope
