#pragma once

#include "recording/logrouter.h"
#include "recording/recording.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace loopscope {

// The child processes followed with an attached program that a trace holds (Recording::children), as
// their trace pids name them, each with the router its records go through.
class TraceChildren
{
public:
    struct Child
    {
        int pid;
        Recording* recording;
        LogRouter logs;
        std::int64_t startNs; // on the program's clock: its records' times count from here
    };

    explicit TraceChildren(Recording& program);

    bool empty() const { return m_children.empty(); }
    // The child the trace named with `pid`, or null.
    Child* find(int pid);
    // A new child of the program, whose records' times count from `startNs` on the program's clock; null
    // when the trace has named MaxReadChildren already.
    Child* declare(int pid, std::int64_t startNs);
    // Appends a child's record, its time moved back onto its own clock.
    static LogRouter::Appended append(Child& child, Record record);

private:
    Recording& m_program;
    std::vector<std::unique_ptr<Child>> m_children;
};

} // namespace loopscope
