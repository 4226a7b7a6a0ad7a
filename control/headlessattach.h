#pragma once

#include "attach/attachrun.h"

#include <string>
#include <vector>

struct RunOptions;

namespace loopscope {
class Recording;
}

// --attach and --attach-pid without a window: follows a Node.js program with the probe, started here or
// running already, until it ends, a signal or --timeout-ms, and writes what its loops did.
class HeadlessAttach
{
public:
    explicit HeadlessAttach(const RunOptions& options);

    // Returns the program's exit status (2 when it could not be started), or, when LoopScope stopped it,
    // 128 + the signal LoopScope got or 3 for --timeout-ms. Attached to a running process, 0 once the
    // recording is written.
    int run() const;

private:
    // --attach-pid: the watch of a running process has ended, by itself (the process exited) or by a
    // signal or --timeout-ms, which let go of it; what was recorded is written.
    int watched(loopscope::Recording& recording, const loopscope::wire::AttachResult& result) const;
    // With --summary, what the summary cannot say of an attached program: the probe did not see it
    // (never a 0 that would look measured).
    void printUnseen(const std::vector<std::string>& unavailable) const;

    const RunOptions& m_options;
};
