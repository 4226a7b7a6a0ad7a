#pragma once

#include <uv.h>

#include <cstdio>
#include <cstdlib>

namespace loopscope {

// For the libuv calls that fail only when their caller broke libuv's contract (a
// closing handle, a null callback) or the process is out of descriptors for a loop:
// the run cannot go on, so the failure is named on stderr and ends the process in
// every build, instead of leaving a handle half set up. Failures a program can
// cause (a refused connection, a failed lookup) are handled where they happen.
inline void uvRequire(int result, const char* call)
{
    if (result == 0)
        return;
    std::fprintf(stderr, "loopscope: %s failed: %s\n", call, uv_strerror(result));
    std::abort();
}

} // namespace loopscope
