#include "attach/ingest.h"

#include <algorithm>

namespace loopscope::wire {

namespace {

// The records whose label names a string; a phase's says whether it was timed.
bool labelNamesAString(RecordType type)
{
    switch (type) {
    case RecordType::Callback:
    case RecordType::Pool:
    case RecordType::Log:
    case RecordType::Error:
    case RecordType::Held:
    case RecordType::Queued:
        return true;
    case RecordType::Phase:
    case RecordType::Queues:
    case RecordType::Latency:
        return false;
    }
    return false;
}

} // namespace

Ingest::Ingest(Recording& into)
    : m_into(into)
    , m_logs(into, MaxWorkerLoops)
{ }

void Ingest::hello(const Hello& hello)
{
    m_hello = hello;
    m_into.info.libuv = hello.libuv;
    m_into.info.threadpoolSize = int(std::min<std::uint32_t>(hello.threadpoolSize, 1024));
}

void Ingest::thread(std::uint16_t id, const std::string& name)
{
    auto& names = m_into.info.threadNames;
    auto named = std::find_if(names.begin(), names.end(), [id](const auto& entry) { return entry.first == id; });
    if (named != names.end())
        named->second = name;
    else
        names.emplace_back(id, name);
}

void Ingest::string(std::uint32_t id, const std::string& text)
{
    m_labels[id] = m_into.strings.intern(text);
}

std::uint32_t Ingest::label(std::uint32_t probeId)
{
    const auto found = m_labels.find(probeId);
    if (found != m_labels.end())
        return found->second;
    ++m_unnamed;
    return m_into.strings.intern("?");
}

void Ingest::records(const Record* records, std::size_t count)
{
    for (std::size_t i = 0; i < count; ++i) {
        Record record = records[i];
        if (labelNamesAString(record.type))
            record.label = label(record.label);
        EventLog* log = m_logs.logFor(record);
        Record* slot = log ? log->slot() : nullptr;
        if (!slot) {
            ++m_into.info.droppedEvents;
            continue;
        }
        *slot = record;
        log->commit();
    }
}

void Ingest::dropped(std::uint64_t count)
{
    m_into.info.droppedEvents += count;
}

void Ingest::unavailable(const std::string& what)
{
    if (std::find(m_unavailable.begin(), m_unavailable.end(), what) == m_unavailable.end())
        m_unavailable.push_back(what);
}

} // namespace loopscope::wire
