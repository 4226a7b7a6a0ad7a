#pragma once

#include "loop/uvhandle.h"
#include "runtime/jobqueue.h"

#include <uv.h>

#include <cstdint>

namespace loopscope {

class Callbacks;
struct RuntimeContext;

// setImmediate and clearImmediate: the immediates' queue, which the check phase runs, and the idle
// handle that keeps poll from blocking while one waits.
class Immediates
{
public:
    Immediates(RuntimeContext& context, Callbacks& callbacks);
    Immediates(const Immediates&) = delete;
    Immediates& operator=(const Immediates&) = delete;

    // Opens the idle handle (start()); libuv's result.
    int init();
    void close() { m_idleHandle.close(); }
    void set(const Job& job);
    // Runs the immediates queued before the check phase began at `at`; returns when the last ended, -1 if none ran.
    std::int64_t process(std::int64_t at);
    // The immediate `handle` leaves its queue without running; false when it ran or left already.
    bool cancel(std::uint64_t handle);
    // Drops every immediate and stops the idle handle (an abort, abandoned work).
    void drop();

    // The immediates queued for the next check phase, and those the running one took.
    const JobQueue& queued() const { return m_immediates; }
    const JobQueue& running() const { return m_runningImmediates; }
    bool idleActive() const { return m_idleActive; }
    // When the idle handle ran in this iteration (the idle phase), or -1.
    std::int64_t idleSeenAt() const { return m_idleSeenAt; }
    void forgetIdleSeen() { m_idleSeenAt = -1; }

private:
    static void onIdleHandle(uv_idle_t* handle);

    RuntimeContext& m_ctx;
    Callbacks& m_callbacks;
    JobQueue m_immediates;
    JobQueue m_runningImmediates;
    UvHandle<uv_idle_t> m_idleHandle;
    bool m_idleActive = false;
    std::int64_t m_idleSeenAt = -1;
};

} // namespace loopscope
