#include "eventlog.h"

namespace loopscope {

EventLog::EventLog()
    : m_chunks(new Record*[MaxChunks]())
{
    replenish();
}

EventLog::~EventLog()
{
    for (std::size_t i = 0; i < MaxChunks; ++i)
        delete[] m_chunks[i];
    for (auto& spare : m_spares)
        delete[] spare.load();
}

void EventLog::replenish()
{
    for (auto& spare : m_spares) {
        if (spare.load(std::memory_order_acquire))
            continue;
        Record* fresh = new Record[ChunkSize];
        Record* expected = nullptr;
        if (!spare.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel))
            delete[] fresh;
    }
}

Record* EventLog::takeChunk(std::size_t chunkIndex)
{
    if (chunkIndex >= MaxChunks) {
        drop();
        return nullptr;
    }
    Record* chunk = nullptr;
    for (auto& spare : m_spares) {
        chunk = spare.exchange(nullptr, std::memory_order_acq_rel);
        if (chunk)
            break;
    }
    if (!chunk) {
        chunk = new Record[ChunkSize];
        m_producerAllocations.fetch_add(1, std::memory_order_relaxed);
    }
    // Published to readers by the release store of m_size in commit().
    m_chunks[chunkIndex] = chunk;
    m_chunkCount.fetch_add(1, std::memory_order_relaxed);
    return chunk;
}

std::size_t EventLog::memoryBytes() const
{
    return m_chunkCount.load(std::memory_order_relaxed) * ChunkSize * sizeof(Record);
}

} // namespace loopscope
