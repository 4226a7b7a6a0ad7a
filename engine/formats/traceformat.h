#pragma once

#include "recording/events.h"

#include <cstddef>
#include <cstdint>

namespace loopscope {

// Trace thread ids: Perfetto shows tids as track names, so the main loop is 1,
// pool worker N is 100 + N and worker loops keep their record thread id.
inline constexpr int MainTid = 1;
inline constexpr int PoolTidBase = 100;
// args.queue of a "queued" event that says every JavaScript queue was emptied.
inline constexpr const char* ClearedQueues = "cleared";

// Trace pids: the program (or LoopScope's own run) is 1; the child processes followed with an attached
// program (Recording::children) follow from 2, in their order.
inline constexpr int ProgramPid = 1;
inline constexpr int childTracePid(std::size_t child)
{
    return int(child) + 2;
}

inline int traceTid(const Record& record)
{
    if (record.type == RecordType::Pool)
        return PoolTidBase + record.thread;
    if (record.thread == MainThread)
        return MainTid;
    if (record.thread >= WorkerThreadBase)
        return record.thread;
    return PoolTidBase + record.thread;
}

constexpr std::int64_t powerOfTen(int digits)
{
    std::int64_t result = 1;
    for (int i = 0; i < digits; ++i)
        result *= 10;
    return result;
}

} // namespace loopscope
