#include "eventlog.h"

namespace loopscope {

EventLog::EventLog()
    : m_chunks(new Record*[MaxChunks]())
{
    replenish();
}

namespace {

// Chunks are raw storage: records are plain data written before they are read,
// and leaving the pages untouched keeps unused logs free of resident memory.
Record* newChunk()
{
    return static_cast<Record*>(::operator new[](EventLog::ChunkSize * sizeof(Record)));
}

// Touches every page of a chunk so that its page faults happen on the thread that
// replenishes, not on the loop thread (a setImmediate chain takes one per ~9 steps).
void prefault(Record* chunk)
{
    auto* bytes = reinterpret_cast<volatile unsigned char*>(chunk);
    const std::size_t size = EventLog::ChunkSize * sizeof(Record);
    for (std::size_t offset = 0; offset < size; offset += 4096)
        bytes[offset] = 0;
}

void deleteChunk(Record* chunk)
{
    ::operator delete[](chunk);
}

} // namespace

EventLog::~EventLog()
{
    for (std::size_t i = 0; i < MaxChunks; ++i)
        deleteChunk(m_chunks[i]);
    for (auto& spare : m_spares)
        deleteChunk(spare.load());
}

void EventLog::replenish()
{
    // Only a log that is being written gets its spares made resident; unused logs stay free.
    const bool inUse = m_chunkCount.load(std::memory_order_relaxed) > 0;
    for (auto& spare : m_spares) {
        if (spare.load(std::memory_order_acquire))
            continue;
        Record* fresh = newChunk();
        if (inUse)
            prefault(fresh);
        Record* expected = nullptr;
        if (!spare.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel))
            deleteChunk(fresh);
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
        chunk = newChunk();
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
