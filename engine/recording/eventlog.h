#pragma once

#include "recording/events.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>

namespace loopscope {

// An append-only record store with one producer (the loop thread) and any number of readers.
//
// Records are written into fixed-size chunks that never move; the producer publishes with a release
// store of the size, and readers see every record below size(). Spare chunks are made ready by
// replenish() on a non-loop thread, so appending neither locks nor allocates; only when the spares
// run out does the producer allocate itself.
//
// A kept recording does not keep its chunks as written: compact() encodes each sealed chunk (every
// record in it published) into a few bytes a record (recordcodec.h) and lets the chunk's memory go;
// past the recording's memory budget spill() moves the encoded chunks into a SpillFile. Readers take
// records by value, wherever they are now: a record of an encoded or spilled chunk is decoded with
// the short block it belongs to, which each reading thread keeps for the records after it.
class SpillFile;

// What a log holds, wherever it lies in its recording's list: a loop's records (the main loop's, with
// the thread pool's, or one worker loop's), the /health prober's samples, or the session's own notes
// (an abort recorded without the loop). Views ask this, never a log's index: a live session, an
// attached program and a recording read back lay their logs out differently.
enum class LogRole : std::uint8_t { MainLoop, WorkerLoop, Prober, Session };

class EventLog
{
public:
    static constexpr std::size_t ChunkBits = 14;
    static constexpr std::size_t ChunkSize = std::size_t(1) << ChunkBits;
    // 2^34 records at most (an hour of a storm of small steps); the timeline and the replay keep 40-bit indices.
    static constexpr std::size_t MaxChunks = std::size_t(1) << 20;
    static constexpr std::size_t ChunkBytes = ChunkSize * sizeof(Record);
    // Encoded chunks are held in slabs of this size (compact()).
    static constexpr std::size_t SlabBytes = std::size_t(4) << 20;

    explicit EventLog(LogRole role = LogRole::MainLoop);
    ~EventLog();
    EventLog(const EventLog&) = delete;
    EventLog& operator=(const EventLog&) = delete;

    // Producer: returns the slot to fill; commit() publishes it. Null when the log is full.
    Record* slot() { return m_cursor != m_chunkEnd ? m_cursor : enterChunk(); }
    void commit()
    {
        ++m_cursor;
        // Fresh chunk lines are not in this core's cache (another thread made the pages
        // resident); asking for them a dozen lines ahead keeps the loop from waiting for
        // each one, about 20 ns per setImmediate step. A prefetch never faults, so the
        // address may lie past the chunk; it is computed as an integer for that reason.
        const std::uintptr_t ahead = reinterpret_cast<std::uintptr_t>(m_cursor) + PrefetchBytes;
        __builtin_prefetch(reinterpret_cast<const void*>(ahead), 1, 3); // NOLINT(performance-no-int-to-ptr)
        m_size.store(++m_writeIndex, std::memory_order_release);
    }
    // Producer: counts a record that could not be stored; never silent.
    void drop() { m_dropped.fetch_add(1, std::memory_order_relaxed); }

    // Readers: the number of published records, and one of them (zeroed if it was let go, firstKept()).
    std::size_t size() const { return m_size.load(std::memory_order_acquire); }
    Record operator[](std::size_t index) const
    {
        const std::size_t chunk = index >> ChunkBits;
        if (chunk >= m_encodedChunks.load(std::memory_order_acquire)) {
            // compact() may encode the chunk meanwhile and map zeros over it: the copy counts only if
            // the chunk was still as written after it was taken.
            Record copy = m_chunks[chunk][index & (ChunkSize - 1)];
            if (chunk >= encodedChunksAfterCopy())
                return copy;
        }
        return decoded(index);
    }
    std::uint64_t dropped() const { return m_dropped.load(std::memory_order_relaxed); }
    LogRole role() const { return m_role; }
    // Bytes held in memory (chunks as written and encoded ones; spilled ones not counted), and bytes
    // spilled to a file.
    std::size_t memoryBytes() const;
    std::size_t spilledBytes() const;
    // What compact() made of the records it encoded so far: their number and their encoded bytes.
    std::size_t encodedRecords() const { return m_encodedRecordCount.load(std::memory_order_relaxed); }
    std::size_t encodedBytes() const { return m_encodedByteCount.load(std::memory_order_relaxed); }

    // The most chunk bytes the log should hold in memory; past it overResidentLimit() tells the
    // producer to wait at its next safe place until spill(), consumeSealed() or dropOldest() has caught up (a
    // storm fills chunks faster than a disk takes them).
    void setResidentLimit(std::size_t bytes)
    {
        m_residentLimitChunks.store(bytes / ChunkBytes, std::memory_order_relaxed);
    }
    bool overResidentLimit() const
    {
        return memoryBytes() / ChunkBytes > m_residentLimitChunks.load(std::memory_order_relaxed);
    }

    // One thread, not the producer's, for a log nothing else reads (a run that keeps only its
    // summary): hands each record of the sealed chunks not handed out yet to `visit`, then gives the
    // chunk back to the producer as a spare. Records below firstKept() are gone.
    template <typename Visit> void consumeSealed(Visit&& visit)
    {
        const std::size_t sealed = size() >> ChunkBits;
        for (std::size_t chunkIndex = m_letGoChunks.load(std::memory_order_relaxed); chunkIndex < sealed;
             ++chunkIndex) {
            const Record* chunk = m_chunks[chunkIndex];
            for (std::size_t i = 0; i < ChunkSize; ++i)
                visit(chunk[i]);
            recycle(chunkIndex);
        }
    }
    // Where the records still held begin: those below were let go (consumeSealed(), dropOldest()).
    std::size_t firstKept() const { return m_letGoChunks.load(std::memory_order_relaxed) << ChunkBits; }

    // One thread, not the producer's: a rolling window lets go of the oldest sealed chunks, at most
    // `maxChunks`, and counts their records as dropped. Their pages become empty, unbacked ones (a
    // reader still looking there reads zeroed records, never a fault; firstKept() tells it to look
    // away). Returns how many it let go.
    std::size_t dropOldest(std::size_t maxChunks);
    // The one reader that follows a live log (the window's feed) says how far it has read, and a rolling
    // window lets go of nothing it has not: were records dropped under it while it read them, it would
    // take zeroed ones for events. A reader that lags by a whole budget holds the loop back instead (the
    // producer waits, overResidentLimit()). No mark: nothing is held back.
    void markRead(std::size_t index) const { m_readMark.store(index, std::memory_order_release); }

    // One thread at a time, not the producer's: encodes the oldest sealed chunks not encoded yet, at
    // most `maxChunks`, and lets their memory go. Only what the reader that follows the log has read
    // (markRead()), unless `unread` says the budget wants it anyway: the reader would otherwise
    // decode what it could have read as written. Returns how many it encoded.
    std::size_t compact(std::size_t maxChunks, bool unread = false);
    // One thread, not the producer's (the one that compacts): moves the oldest sealed chunks, at most
    // `maxChunks`, into `file`, encoding them first if they are not yet. Returns how many it moved;
    // fewer than asked when no more are sealed, -1 when the file failed (its error() says why; the
    // chunk stays in memory, intact).
    long spill(SpillFile& file, std::size_t maxChunks);
    // Readers: calls `visit(record)` for the records [first, last) still held, in order, while it
    // returns true; false when it stopped early. A walk over a spilled recording, such as an export,
    // holds one decoded block of it at a time.
    template <typename Visit> bool walk(std::size_t first, std::size_t last, Visit&& visit) const
    {
        for (std::size_t i = std::max(first, firstKept()); i < last; ++i) { // what was let go is not there
            if (!visit((*this)[i]))
                return false;
        }
        return true;
    }

    // One thread, not the producer's: tops up the spare chunks.
    void replenish();

private:
    // 12 MiB ahead of the producer: a setImmediate chain fills a chunk in under a millisecond,
    // so the housekeeping thread may be held off for several of its 2 ms rounds (a busy
    // two-core machine) before the loop thread has to fault pages in itself.
    static constexpr int SpareCount = 16;
    static constexpr std::uintptr_t PrefetchBytes = 16 * sizeof(Record);

    struct EncodedChunk;
    // Encoded chunks are laid one after another in slabs, which go back to the system whole once
    // every chunk in them has spilled or been let go (oldest first, as chunks are): a slab holds
    // none of the holes a general allocator would keep.
    struct Slab
    {
        std::uint8_t* base = nullptr;
        std::size_t used = 0;
        std::size_t endChunk = 0; // one past the last chunk laid in it
    };

    // compact(): room for `bytes` more in the newest slab, a fresh slab if it has none.
    std::uint8_t* slabRoom(std::size_t bytes, std::size_t chunkIndex);
    // spill(), dropOldest(): lets the slabs go whose chunks have all spilled or been let go.
    void releaseSlabs();

    Record* takeChunk(std::size_t chunkIndex);
    // consumeSealed(): the chunk is done with; a spare again if a slot is free, else unmapped.
    void recycle(std::size_t chunkIndex);
    // operator[]'s second look at how many chunks are encoded, ordered after the copy it took (the read
    // side of a sequence lock). ThreadSanitizer models no fences: there a read-modify-write orders it.
    std::size_t encodedChunksAfterCopy() const
    {
#if defined(__SANITIZE_THREAD__)
        return m_encodedChunks.fetch_add(0, std::memory_order_acq_rel);
#else
        std::atomic_thread_fence(std::memory_order_acquire);
        return m_encodedChunks.load(std::memory_order_relaxed);
#endif
    }
    // operator[] for a record of an encoded chunk: from this thread's decoded blocks, else decoded.
    Record decoded(std::size_t index) const;
    // Decodes block `block` of chunk `chunkIndex` into `out` (recordcodec::BlockRecords records).
    void decodeBlock(std::size_t chunkIndex, std::size_t block, Record* out) const;
    // The oldest chunk held in memory as written: those below it are encoded, spilled or let go.
    std::size_t firstWritten() const
    {
        return std::max(m_encodedChunks.load(std::memory_order_relaxed), m_letGoChunks.load(std::memory_order_relaxed));
    }
    // The oldest encoded chunk whose bytes are still in a slab: those below it are spilled or let go.
    std::size_t firstInSlab() const
    {
        return std::max(m_spilledChunks.load(std::memory_order_relaxed), m_letGoChunks.load(std::memory_order_relaxed));
    }
    // The slow path of slot(): moves the producer's cursor into the chunk that holds the next record.
    Record* enterChunk();

    Record** m_chunks; // one per possible chunk, mapped (the part a short recording never uses costs nothing)
    std::atomic<Record*> m_spares[SpareCount] {};
    std::size_t m_writeIndex = 0;
    // Producer only: where the next record goes and where its chunk ends, so that
    // slot() is one compare while the current chunk has room.
    Record* m_cursor = nullptr;
    Record* m_chunkEnd = nullptr;
    std::atomic<std::size_t> m_size { 0 };
    std::atomic<std::size_t> m_chunkCount { 0 };
    std::atomic<std::uint64_t> m_dropped { 0 };
    LogRole m_role;
    // Chunks [0, m_encodedChunks) were encoded (compact()); [0, m_spilledChunks) of them were moved
    // to the spill file (spill()). m_encoded holds one EncodedChunk per chunk below m_encodedChunks,
    // each guarded by m_encodedMutex while its bytes may go (spilled, or let go).
    mutable std::atomic<std::size_t> m_encodedChunks { 0 };
    std::atomic<std::size_t> m_spilledChunks { 0 };
    EncodedChunk* m_encoded = nullptr; // mapped, one per possible chunk
    mutable std::mutex m_encodedMutex;
    std::atomic<std::size_t> m_encodedResidentBytes { 0 };
    std::atomic<std::size_t> m_spilledByteCount { 0 };
    std::atomic<std::size_t> m_encodedRecordCount { 0 };
    std::atomic<std::size_t> m_encodedByteCount { 0 };
    std::deque<Slab> m_slabs; // the thread that compacts only, oldest first
    int m_spillDescriptor = -1; // a duplicate of the spill file's, for as long as the log lives
    std::uint64_t m_id; // tells this log's blocks apart in the readers' decoded blocks
    std::atomic<std::size_t> m_residentLimitChunks { MaxChunks };
    mutable std::atomic<std::size_t> m_readMark { ~std::size_t(0) };
    // Chunks [0, m_letGoChunks) were let go: summed and recycled (consumeSealed()) or dropped (dropOldest()).
    std::atomic<std::size_t> m_letGoChunks { 0 };
    // replenish() only: the chunks the producer had taken at its last round, how many spares are
    // to be resident, and how many were when it last ran.
    std::size_t m_chunksSeen = 0;
    int m_residentSpares = 0;
    int m_populatedSpares = 0;
};

} // namespace loopscope
