#pragma once

#include "recording/poolboard.h"
#include "recording/recorder.h"

#include <cstdint>

namespace loopscope {

// Sees uv_getaddrinfo's work on the thread pool. libuv runs getaddrinfo() on a
// pool thread with no hook of its own; LoopScope's executable interposes
// getaddrinfo() (addrinfoprobe.cpp) and notes which thread ran it and when,
// keyed by the hostname buffer libuv passes, which is unique per request.
class AddrinfoProbe
{
public:
    struct Timing
    {
        std::int64_t startedNs = -1; // monotonic clock; -1 when the call was not seen
        std::int64_t finishedNs = -1;
        std::uint16_t worker = 0;
    };

    // Loop thread, right after uv_getaddrinfo(): live views learn when the lookup starts.
    static void expect(const char* hostname, PoolBoard* board, std::uint64_t boardId, LiveState* live);
    // Loop thread, in the lookup's callback: what the pool thread did, and forget it.
    static Timing take(const char* hostname);

    // Called by the interposed getaddrinfo() on the pool thread.
    static void started(const char* hostname);
    static void finished(const char* hostname);
};

} // namespace loopscope
