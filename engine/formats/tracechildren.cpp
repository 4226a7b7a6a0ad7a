#include "formats/tracechildren.h"

#include "formats/traceio.h"

#include <algorithm>

namespace loopscope {

TraceChildren::TraceChildren(Recording& program)
    : m_program(program)
{ }

TraceChildren::Child* TraceChildren::find(int pid)
{
    for (const auto& known : m_children) {
        if (known->pid == pid)
            return known.get();
    }
    return nullptr;
}

TraceChildren::Child* TraceChildren::declare(int pid, std::int64_t startNs)
{
    if (m_children.size() == MaxReadChildren)
        return nullptr;
    m_program.children.push_back(std::make_unique<Recording>());
    Recording& recording = *m_program.children.back();
    recording.info.startNs = startNs;
    m_children.push_back(
        std::make_unique<Child>(Child { pid, &recording, LogRouter(recording, MaxReadWorkerLoops), startNs }));
    return m_children.back().get();
}

LogRouter::Appended TraceChildren::append(Child& child, Record record)
{
    record.startNs = std::max<std::int64_t>(0, record.startNs - child.startNs);
    return child.logs.append(record);
}

} // namespace loopscope
