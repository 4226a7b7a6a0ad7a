#include "recording/eventlog.h"

#include "recording/spillfile.h"

#include <sys/mman.h>

#include <algorithm>
#include <new>

namespace loopscope {

EventLog::EventLog()
    : m_chunks(new Record*[MaxChunks]())
{
    replenish();
}

namespace {

constexpr std::size_t ChunkBytes = EventLog::ChunkBytes;

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
    // Only a fast producer gets spares made resident, as many as twice what it took in the last
    // round: a setImmediate chain takes a chunk in under a millisecond. A program that takes one
    // now and then faults its pages in on the loop thread, a few microseconds per thousand records;
    // populating 12 MiB for it would take a core and the memory map lock from the program's own
    // threads for milliseconds (its thread pool's first pbkdf2 took 3 ms instead of 40 us).
    const std::size_t taken = m_chunkCount.load(std::memory_order_relaxed);
    const std::size_t lastRound = taken - m_chunksSeen;
    m_chunksSeen = taken;
    if (lastRound >= 2)
        m_residentSpares = int(std::clamp<std::size_t>(2 * lastRound, std::size_t(m_residentSpares), SpareCount));
    for (int i = 0; i < SpareCount; ++i) {
        const bool resident = i < m_residentSpares;
        if (Record* chunk = m_spares[i].load(std::memory_order_acquire)) {
            // Mapped in a round when it was not meant to be resident yet.
            if (resident && i >= m_populatedSpares)
                populate(chunk);
            continue;
        }
        Record* fresh = newChunk();
        if (resident)
            prefaultUnshared(fresh);
        Record* expected = nullptr;
        if (!m_spares[i].compare_exchange_strong(expected, fresh, std::memory_order_acq_rel))
            deleteChunk(fresh);
    }
    m_populatedSpares = m_residentSpares;
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
    // Chunks are spilled and let go oldest first: the larger prefix is what memory no longer holds.
    const std::size_t gone
        = std::max(m_spilledChunks.load(std::memory_order_relaxed), m_letGoChunks.load(std::memory_order_relaxed));
    return (m_chunkCount.load(std::memory_order_relaxed) - gone) * ChunkBytes;
}

std::size_t EventLog::dropOldest(std::size_t maxChunks)
{
    const std::size_t sealed = std::min(size(), m_readMark.load(std::memory_order_acquire)) >> ChunkBits;
    std::size_t chunkIndex = m_letGoChunks.load(std::memory_order_relaxed);
    std::size_t dropped = 0;
    for (; chunkIndex < sealed && dropped < maxChunks; ++chunkIndex, ++dropped) {
        // In one step, as spill() does: a reader sees the old bytes or zeros, never a hole.
        void* zeros = mmap(m_chunks[chunkIndex], ChunkBytes, PROT_READ,
            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
        if (zeros == MAP_FAILED)
            break;
        m_letGoChunks.store(chunkIndex + 1, std::memory_order_release);
        m_dropped.fetch_add(ChunkSize, std::memory_order_relaxed);
    }
    return dropped;
}

void EventLog::recycle(std::size_t chunkIndex)
{
    Record* chunk = m_chunks[chunkIndex];
    m_chunks[chunkIndex] = nullptr;
    m_letGoChunks.store(chunkIndex + 1, std::memory_order_relaxed);
    // Its pages are resident and the producer is past it: the best spare there is.
    for (auto& spare : m_spares) {
        Record* expected = nullptr;
        if (spare.compare_exchange_strong(expected, chunk, std::memory_order_acq_rel))
            return;
    }
    deleteChunk(chunk);
}

std::size_t EventLog::spilledBytes() const
{
    const std::size_t spilled = m_spilledChunks.load(std::memory_order_relaxed);
    return (spilled - std::min(spilled, m_letGoChunks.load(std::memory_order_relaxed))) * ChunkBytes;
}

long EventLog::spill(SpillFile& file, std::size_t maxChunks)
{
    // A chunk is sealed once the record after its last is published: the producer has left it, and
    // the run it builds in place (Recorder) is in a later one.
    const std::size_t sealed = size() >> ChunkBits;
    std::size_t chunkIndex
        = std::max(m_spilledChunks.load(std::memory_order_relaxed), m_letGoChunks.load(std::memory_order_relaxed));
    long moved = 0;
    for (; chunkIndex < sealed && std::size_t(moved) < maxChunks; ++chunkIndex, ++moved) {
        Record* chunk = m_chunks[chunkIndex];
        const std::int64_t offset = file.append(chunk, ChunkBytes);
        if (offset < 0)
            return -1;
        // Replaces the anonymous pages by the file's in one step (the kernel holds the address
        // space's lock meanwhile), so a reader sees the same bytes before and after. Read-only: a
        // sealed chunk is never written again.
        void* mapped = mmap(chunk, ChunkBytes, PROT_READ, MAP_SHARED | MAP_FIXED, file.descriptor(), off_t(offset));
        if (mapped == MAP_FAILED)
            return -1;
        m_spilledChunks.store(chunkIndex + 1, std::memory_order_relaxed);
    }
    return moved;
}

void EventLog::evictSpilled() const
{
    const std::size_t spilled = m_spilledChunks.load(std::memory_order_relaxed);
    for (std::size_t i = m_letGoChunks.load(std::memory_order_relaxed); i < spilled; ++i)
        madvise(m_chunks[i], ChunkBytes, MADV_DONTNEED);
}

void EventLog::evictSpilled(std::size_t index) const
{
    // A spilled chunk's pages are the file's: dropping them loses nothing.
    const std::size_t chunkIndex = index >> ChunkBits;
    if (chunkIndex < m_spilledChunks.load(std::memory_order_relaxed))
        madvise(m_chunks[chunkIndex], ChunkBytes, MADV_DONTNEED);
}

} // namespace loopscope
