#include "recording/eventlog.h"

#include <sys/mman.h>

#include <new>

namespace loopscope {

EventLog::EventLog()
    : m_chunks(new Record*[MaxChunks]())
{
    replenish();
}

namespace {

constexpr std::size_t ChunkBytes = EventLog::ChunkSize * sizeof(Record);

// Chunks are raw storage: records are plain data written before they are read,
// and leaving the pages untouched keeps unused logs free of resident memory. They
// are mapped, not taken from malloc, so that untouched spares stay untouched (the
// heap would hand out pages a finished session left resident) and a freed log
// goes back to the system at once.
Record* newChunk()
{
    void* memory = mmap(nullptr, ChunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        throw std::bad_alloc();
    return static_cast<Record*>(memory);
}

// Makes every page of a chunk resident so that its page faults happen on the thread
// that replenishes, not on the loop thread (a setImmediate chain fills a chunk every
// ~2,000 steps). MADV_POPULATE_WRITE (Linux 5.14) faults the pages in without touching
// their contents, so it is safe on a chunk the producer may already be writing;
// touching is the fallback, for chunks nobody else holds yet.
bool populate(Record* chunk)
{
#ifdef MADV_POPULATE_WRITE
    return madvise(chunk, ChunkBytes, MADV_POPULATE_WRITE) == 0;
#else
    (void)chunk;
    return false;
#endif
}

void prefaultUnshared(Record* chunk)
{
    if (populate(chunk))
        return;
    auto* bytes = reinterpret_cast<volatile unsigned char*>(chunk);
    for (std::size_t offset = 0; offset < ChunkBytes; offset += 4096)
        bytes[offset] = 0;
}

void deleteChunk(Record* chunk)
{
    if (chunk)
        munmap(chunk, ChunkBytes);
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
    // The spares made while the log was unused are made resident once it is in use.
    if (inUse && !m_sparesResident.exchange(true, std::memory_order_relaxed)) {
        for (auto& spare : m_spares) {
            if (Record* chunk = spare.load(std::memory_order_acquire))
                populate(chunk);
        }
    }
    for (auto& spare : m_spares) {
        if (spare.load(std::memory_order_acquire))
            continue;
        Record* fresh = newChunk();
        if (inUse)
            prefaultUnshared(fresh);
        Record* expected = nullptr;
        if (!spare.compare_exchange_strong(expected, fresh, std::memory_order_acq_rel))
            deleteChunk(fresh);
    }
}

Record* EventLog::enterChunk()
{
    const std::size_t chunkIndex = m_writeIndex >> ChunkBits;
    Record* chunk = chunkIndex < MaxChunks ? m_chunks[chunkIndex] : nullptr;
    if (!chunk) {
        chunk = takeChunk(chunkIndex);
        if (!chunk)
            return nullptr;
    }
    m_cursor = chunk + (m_writeIndex & (ChunkSize - 1));
    m_chunkEnd = chunk + ChunkSize;
    return m_cursor;
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
