#pragma once

#include "attach/wire.h"
#include "recording/events.h"

#include <uv.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace loopscope::probe {

class ElfSymbols;

// Points every one of node's GOT slots `slots` at `function` (release: what the function reads was published
// before); false when a slot's page cannot be made writable for the moment it takes.
bool pointSlots(const std::vector<void**>& slots, void* function);

// Watches the thread pool of the libuv linked into node through libuv's own statics (the pool's
// queue, its mutex, its threads), found in the executable's symbol table: which work waits for a
// thread, since when, and which runs on which thread. Work seen in the queue has its work function
// wrapped (under the pool's mutex, as libuv itself changes it on a cancel), so its start, its thread and
// its end are exact. The queue is looked at whenever the pool's mutex is let go (node's calls of
// pthread_mutex_unlock go through a hook put in its GOT), so that no work is taken unseen and every
// item's queued time is exact; where the hook cannot be put, every millisecond from the sampler, and
// work a thread takes sooner than that is counted busy, not timed.
class PoolWatch
{
public:
    // Labels the watch gives work, named once (the probe's strings) before it starts.
    using Name = std::function<std::uint32_t(const std::string&)>;
    // The clock records use (the probe's).
    using Clock = std::int64_t (*)();

    // False, with `why`, when the statics are not there (a stripped node, a node on a shared libuv).
    bool start(uv_loop_t* loop, const ElfSymbols& symbols, Clock clock, const Name& name, std::string* why);
    // The program is ending: node's calls no longer go through the hook, and nothing new is followed.
    void stop();
    bool watching() const { return m_watching; }
    // Why the watch stopped following new work while the program ran (said in the recording), or null.
    const char* lost() const;
    // True when every unlock of the pool's mutex looks at the queue (the hook is in place).
    bool hooked() const { return m_hooked; }
    // The functions whose GOT slots the watch needs (ElfSymbols' `imported`).
    static const std::vector<std::string_view> Imports;
    std::uint32_t threads() const;

    // On one thread (the probe's sender), every millisecond or so: looks at the queue under the pool's
    // mutex, wraps the work it sees for the first time, and hands every finished item to `finished` as a
    // Pool record. `now` describes what is in flight, for live views.
    void sample(const std::function<void(const Record&)>& finished, wire::PoolNow& now);

private:
    bool m_watching = false;
    bool m_hooked = false;
    uv_loop_t* m_loop = nullptr;
};

} // namespace loopscope::probe
