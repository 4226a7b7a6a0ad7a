#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

struct uv__work;

namespace loopscope::probe {

// The work items of libuv's thread pool that the pool watch follows (PoolWatch): a slot each, from the
// moment the watch sees it queued to the moment the sampler has read how it ran. Everything here is
// allocated once, when the table is made: claiming, finding and releasing slots runs under node's pool
// mutex, inside its pthread_mutex_unlock, and on its pool threads, where nothing may allocate, lock or
// throw.
//
// A followed item's work function is replaced by a trampoline that stands for the original function
// (one trampoline per distinct original: libuv's pool runs a handful, fs, getaddrinfo, uv_queue_work,
// ...), so the work always runs, found in the table or not: the table only ever loses a time.
class WorkTable
{
public:
    using WorkFunction = void (*)(struct uv__work*);
    enum class State : std::uint8_t { Free, Waiting, Running, Done };
    // Items waiting or running at once that are timed; beyond them, the watch stops following new work.
    static constexpr std::size_t Capacity = 16384;
    // Distinct work functions that can be stood in for.
    static constexpr std::size_t MaxOriginals = 16;

    struct Slot
    {
        std::atomic<struct uv__work*> work { nullptr };
        std::atomic<State> state { State::Free };
        std::uint32_t label = 0;
        std::int64_t queuedAtNs = 0;
        std::int64_t startedAtNs = 0;
        std::int64_t finishedAtNs = 0;
        std::uint16_t worker = 0;
        std::uint32_t unseenSamples = 0; // waiting, yet not in the queue: cancelled, or being taken
    };

    // What the trampolines ask when a work item starts and ends on a pool thread: the clock, and which
    // pool thread this is (1..threads, 0 unknown).
    struct Hooks
    {
        std::int64_t (*clock)() = nullptr;
        std::uint16_t (*worker)() = nullptr;
    };

    // The one table of the process (the trampolines find it): made once, never freed (a trampoline may
    // run after the probe has stopped, for work queued before).
    static WorkTable& make(Hooks hooks);

    // The trampoline standing for `original`, or null when MaxOriginals are taken (the work is then left
    // as it is). With the pool's mutex held.
    WorkFunction trampolineFor(WorkFunction original) noexcept;
    // True for a work function that is one of the trampolines (work already followed).
    static bool isTrampoline(WorkFunction function) noexcept;
    // The original a trampoline stands for (itself for any other function).
    static WorkFunction originalOf(WorkFunction function) noexcept;

    // With the pool's mutex held: a slot for `work`, waiting from `queuedAtNs`, labelled `label`; null when
    // the table is full. A slot still waiting for the same work (its request cancelled, then queued
    // again) is released first.
    Slot* claim(struct uv__work* work, std::uint32_t label, std::int64_t queuedAtNs) noexcept;
    // With the pool's mutex held: the slot waiting for `work`, or null.
    Slot* waiting(struct uv__work* work) const noexcept;
    // With the pool's mutex held: the slot is read and free again.
    void release(Slot& slot) noexcept;

    // The slots in use so far (their high-water mark), to scan; a slot's index in it.
    std::size_t used() const noexcept { return m_used.load(std::memory_order_acquire); }
    Slot& slot(std::size_t index) noexcept { return m_slots[index]; }
    std::size_t indexOf(const Slot& slot) const noexcept { return std::size_t(&slot - m_slots.get()); }

    // On a pool thread, in a trampoline: marks the slot of `work` (if any) running, runs `original`, marks
    // it done.
    void run(struct uv__work* work, WorkFunction original) noexcept;

private:
    explicit WorkTable(Hooks hooks);
    // Where the slot of `work` may be kept in the index (open addressing, linear probing).
    std::size_t home(const struct uv__work* work) const noexcept;
    void index(struct uv__work* work, std::uint32_t slot) noexcept;
    void unindex(struct uv__work* work) noexcept;
    // Any thread: the slot waiting for `work`, found through the index's hint or by a scan.
    Slot* findRunning(struct uv__work* work) noexcept;

    Hooks m_hooks;
    std::unique_ptr<Slot[]> m_slots;
    std::atomic<std::size_t> m_used { 0 };
    std::unique_ptr<std::uint32_t[]> m_free; // slots released, to be claimed again (a stack)
    std::size_t m_freeCount = 0;
    // The slot of each work item waiting, by its uv__work: open addressing, twice the slots' number of
    // entries (slot + 1; 0: empty), read by pool threads too (a hint there; the pool's mutex guards writes).
    static constexpr std::size_t IndexSize = 2 * Capacity;
    std::unique_ptr<std::atomic<struct uv__work*>[]> m_indexKeys;
    std::unique_ptr<std::atomic<std::uint32_t>[]> m_indexSlots;
};

} // namespace loopscope::probe
