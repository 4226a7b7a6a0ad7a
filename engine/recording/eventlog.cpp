#include "recording/eventlog.h"

#include "recording/recordcodec.h"
#include "recording/spillfile.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

namespace loopscope {

namespace {

constexpr std::size_t ChunkBytes = EventLog::ChunkBytes;
constexpr std::size_t BlockRecords = recordcodec::BlockRecords;
constexpr std::size_t BlocksPerChunk = EventLog::ChunkSize / BlockRecords;
static_assert(EventLog::ChunkSize % BlockRecords == 0, "a chunk is a whole number of blocks");

std::atomic<std::uint64_t> nextLogId { 1 };

// The table of encoded chunks, one pointer per possible chunk: mapped, so that the part of it a
// short recording never uses costs no memory.
void* mapZeroed(std::size_t bytes)
{
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (memory == MAP_FAILED)
        throw std::bad_alloc();
    return memory;
}

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

// Lets a chunk's memory go in one step: readers still looking there (they took the chunk for one as
// written just before compact() or dropOldest() moved on) read zeros, never a fault, and check again.
bool zeroChunk(Record* chunk)
{
    return mmap(chunk, ChunkBytes, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0)
        != MAP_FAILED;
}

} // namespace

// A chunk in its compact form, in a slab or in the spill file: where each block ends (a header of
// BlocksPerChunk 32-bit offsets, counted from after the header), then the blocks one after another.
// What the log keeps of it in memory is where it is, 24 bytes, whichever of the two that is.
struct EventLog::EncodedChunk
{
    const std::uint8_t* bytes = nullptr; // in a slab; null once spilled or let go
    std::int64_t fileOffset = -1; // in the spill file, once spilled
    std::uint64_t size = 0; // header included
};

namespace {

constexpr std::size_t HeaderBytes = BlocksPerChunk * sizeof(std::uint32_t);

} // namespace

EventLog::EventLog(LogRole role)
    : m_chunks(static_cast<Record**>(mapZeroed(MaxChunks * sizeof(Record*))))
    , m_role(role)
    , m_encoded(static_cast<EncodedChunk*>(mapZeroed(MaxChunks * sizeof(EncodedChunk))))
    , m_id(nextLogId.fetch_add(1, std::memory_order_relaxed))
{
    replenish();
}

EventLog::~EventLog()
{
    for (std::size_t i = 0; i < m_chunkCount.load(); ++i)
        deleteChunk(m_chunks[i]);
    for (auto& spare : m_spares)
        deleteChunk(spare.load());
    for (const Slab& slab : m_slabs)
        munmap(slab.base, SlabBytes);
    munmap(static_cast<void*>(m_encoded), MaxChunks * sizeof(EncodedChunk));
    munmap(static_cast<void*>(m_chunks), MaxChunks * sizeof(Record*));
    if (m_spillDescriptor >= 0)
        close(m_spillDescriptor);
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
    if (!chunk)
        chunk = newChunk();
    // Published to readers by the release store of m_size in commit().
    m_chunks[chunkIndex] = chunk;
    m_chunkCount.fetch_add(1, std::memory_order_relaxed);
    return chunk;
}

std::size_t EventLog::memoryBytes() const
{
    // Chunks are encoded, spilled and let go oldest first: those above all of that are as written.
    const std::size_t written = m_chunkCount.load(std::memory_order_relaxed) - firstWritten();
    return written * ChunkBytes + m_encodedResidentBytes.load(std::memory_order_relaxed);
}

std::size_t EventLog::spilledBytes() const
{
    return m_spilledByteCount.load(std::memory_order_relaxed);
}

std::size_t EventLog::dropOldest(std::size_t maxChunks)
{
    const std::size_t sealed = std::min(size(), m_readMark.load(std::memory_order_acquire)) >> ChunkBits;
    std::size_t chunkIndex = m_letGoChunks.load(std::memory_order_relaxed);
    std::size_t dropped = 0;
    for (; chunkIndex < sealed && dropped < maxChunks; ++chunkIndex, ++dropped) {
        if (chunkIndex >= m_encodedChunks.load(std::memory_order_relaxed)) {
            if (!zeroChunk(m_chunks[chunkIndex]))
                break;
        } else {
            std::lock_guard lock(m_encodedMutex);
            m_encoded[chunkIndex].bytes = nullptr;
        }
        m_letGoChunks.store(chunkIndex + 1, std::memory_order_release);
        m_dropped.fetch_add(ChunkSize, std::memory_order_relaxed);
    }
    releaseSlabs();
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

std::size_t EventLog::compact(std::size_t maxChunks, bool unread)
{
    // A chunk is sealed once the record after its last is published: the producer has left it, and
    // the run it builds in place (Recorder) is in a later one.
    const std::size_t published = size();
    const std::size_t sealed
        = (unread ? published : std::min(published, m_readMark.load(std::memory_order_acquire))) >> ChunkBits;
    thread_local std::vector<std::uint8_t> scratch;
    std::size_t encodedNow = 0;
    for (std::size_t chunkIndex = firstWritten(); chunkIndex < sealed && encodedNow < maxChunks; ++chunkIndex) {
        const Record* chunk = m_chunks[chunkIndex];
        scratch.assign(HeaderBytes, 0);
        for (std::size_t block = 0; block < BlocksPerChunk; ++block) {
            recordcodec::encodeBlock(chunk + block * BlockRecords, BlockRecords, scratch);
            const auto end = std::uint32_t(scratch.size() - HeaderBytes);
            std::memcpy(scratch.data() + block * sizeof end, &end, sizeof end);
        }
        std::uint8_t* room = slabRoom(scratch.size(), chunkIndex);
        std::memcpy(room, scratch.data(), scratch.size());
        m_encoded[chunkIndex] = { room, -1, scratch.size() };
        m_encodedRecordCount.fetch_add(ChunkSize, std::memory_order_relaxed);
        m_encodedByteCount.fetch_add(scratch.size(), std::memory_order_relaxed);
        // Readers decode from here on (the release publishes the table entry), then the chunk goes.
        m_encodedChunks.store(chunkIndex + 1, std::memory_order_release);
        zeroChunk(m_chunks[chunkIndex]);
        ++encodedNow;
    }
    return encodedNow;
}

long EventLog::spill(SpillFile& file, std::size_t maxChunks)
{
    long moved = 0;
    std::size_t chunkIndex = firstInSlab();
    for (; std::size_t(moved) < maxChunks; ++chunkIndex, ++moved) {
        if (chunkIndex >= m_encodedChunks.load(std::memory_order_relaxed) && compact(1, true) == 0)
            break; // nothing sealed is left
        EncodedChunk& encoded = m_encoded[chunkIndex];
        const std::int64_t offset = file.append(encoded.bytes, encoded.size);
        if (offset < 0)
            return -1;
        if (m_spillDescriptor < 0) {
            m_spillDescriptor = dup(file.descriptor());
            if (m_spillDescriptor < 0)
                return -1;
        }
        {
            std::lock_guard lock(m_encodedMutex);
            encoded.fileOffset = offset;
            encoded.bytes = nullptr;
        }
        m_spilledByteCount.fetch_add(encoded.size, std::memory_order_relaxed);
        m_spilledChunks.store(chunkIndex + 1, std::memory_order_relaxed);
        releaseSlabs();
    }
    return moved;
}

std::uint8_t* EventLog::slabRoom(std::size_t bytes, std::size_t chunkIndex)
{
    if (m_slabs.empty() || m_slabs.back().used + bytes > SlabBytes) {
        void* memory = mmap(nullptr, SlabBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED)
            throw std::bad_alloc();
        m_slabs.push_back({ static_cast<std::uint8_t*>(memory), 0, 0 });
        m_encodedResidentBytes.fetch_add(SlabBytes, std::memory_order_relaxed);
    }
    Slab& slab = m_slabs.back();
    std::uint8_t* room = slab.base + slab.used;
    slab.used += bytes;
    slab.endChunk = chunkIndex + 1;
    return room;
}

void EventLog::releaseSlabs()
{
    const std::size_t gone = firstInSlab();
    while (!m_slabs.empty() && m_slabs.front().endChunk <= gone) {
        // No reader decodes from it: each of its chunks lost its bytes under m_encodedMutex.
        munmap(m_slabs.front().base, SlabBytes);
        m_slabs.pop_front();
        m_encodedResidentBytes.fetch_sub(SlabBytes, std::memory_order_relaxed);
    }
}

Record EventLog::decoded(std::size_t index) const
{
    // Each reading thread keeps the last two blocks it decoded: a walk, or a view that reads a
    // record and its neighbours, decodes each block once.
    struct Block
    {
        std::uint64_t log = 0;
        std::size_t block = 0;
        Record records[BlockRecords];
    };
    thread_local Block blocks[2];
    thread_local int older = 0;
    const std::size_t block = index / BlockRecords;
    for (const Block& held : blocks) {
        if (held.log == m_id && held.block == block)
            return held.records[index % BlockRecords];
    }
    if (index < firstKept())
        return Record();
    Block& into = blocks[older];
    older ^= 1;
    decodeBlock(index >> ChunkBits, block % BlocksPerChunk, into.records);
    into.log = m_id;
    into.block = block;
    return into.records[index % BlockRecords];
}

void EventLog::decodeBlock(std::size_t chunkIndex, std::size_t block, Record* out) const
{
    std::lock_guard lock(m_encodedMutex);
    const EncodedChunk& encoded = m_encoded[chunkIndex];
    // Where the block begins and ends: the end of the one before it and its own, from the header.
    std::uint32_t bounds[2] = { 0, 0 };
    const std::size_t first = block == 0 ? 1 : 0; // the first block begins at 0
    const std::size_t boundsAt = (block - 1 + first) * sizeof(std::uint32_t);
    const std::size_t boundsSize = (2 - first) * sizeof(std::uint32_t);
    thread_local std::vector<std::uint8_t> buffer;
    const std::uint8_t* data = nullptr;
    std::size_t size = 0;
    if (encoded.bytes) {
        std::memcpy(bounds + first, encoded.bytes + boundsAt, boundsSize);
        data = encoded.bytes + HeaderBytes + bounds[0];
        size = bounds[1] - bounds[0];
    } else if (encoded.fileOffset >= 0) {
        // Spilled: the two offsets, then the block (a chunk let go has neither, and reads as zeroed records).
        if (SpillFile::readAt(m_spillDescriptor, encoded.fileOffset + std::int64_t(boundsAt),
                reinterpret_cast<std::uint8_t*>(bounds) + first * sizeof(std::uint32_t), boundsSize)
            == boundsSize) {
            // A damaged file's offsets are not believed past the chunk: the block then reads as zeroed records.
            const bool sane = bounds[0] <= bounds[1] && bounds[1] <= encoded.size - HeaderBytes;
            buffer.resize(sane ? bounds[1] - bounds[0] : 0);
            size = SpillFile::readAt(m_spillDescriptor, encoded.fileOffset + std::int64_t(HeaderBytes + bounds[0]),
                buffer.data(), buffer.size());
            data = buffer.data();
        }
    }
    recordcodec::decodeBlock(data, size, out, BlockRecords);
}

} // namespace loopscope
