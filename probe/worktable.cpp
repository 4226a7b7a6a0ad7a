#include "worktable.h"

#include <array>
#include <utility>

namespace loopscope::probe {

namespace {

WorkTable* s_table = nullptr;
// The original each trampoline stands for: written once each, under the pool's mutex, before the
// trampoline is put in any work item (which a pool thread takes under that mutex).
std::array<std::atomic<WorkTable::WorkFunction>, WorkTable::MaxOriginals> s_originals {};
std::size_t s_originalCount = 0; // the pool's mutex guards it

template <std::size_t I> void trampoline(struct uv__work* work) noexcept
{
    s_table->run(work, s_originals[I].load(std::memory_order_acquire));
}

template <std::size_t... I>
constexpr std::array<WorkTable::WorkFunction, sizeof...(I)> trampolines(std::index_sequence<I...>)
{
    return { &trampoline<I>... };
}

constexpr std::array<WorkTable::WorkFunction, WorkTable::MaxOriginals> Trampolines
    = trampolines(std::make_index_sequence<WorkTable::MaxOriginals>());

} // namespace

WorkTable& WorkTable::make(Hooks hooks)
{
    if (!s_table)
        s_table = new WorkTable(hooks);
    return *s_table;
}

WorkTable::WorkTable(Hooks hooks)
    : m_hooks(hooks)
    , m_slots(new Slot[Capacity])
    , m_free(new std::uint32_t[Capacity])
    , m_indexKeys(new std::atomic<struct uv__work*>[IndexSize] {})
    , m_indexSlots(new std::atomic<std::uint32_t>[IndexSize] {})
{ }

WorkTable::WorkFunction WorkTable::trampolineFor(WorkFunction original) noexcept
{
    for (std::size_t i = 0; i < s_originalCount; ++i) {
        if (s_originals[i].load(std::memory_order_relaxed) == original)
            return Trampolines[i];
    }
    if (s_originalCount == MaxOriginals || isTrampoline(original))
        return nullptr;
    s_originals[s_originalCount].store(original, std::memory_order_release);
    return Trampolines[s_originalCount++];
}

bool WorkTable::isTrampoline(WorkFunction function) noexcept
{
    for (const WorkFunction each : Trampolines) {
        if (each == function)
            return true;
    }
    return false;
}

WorkTable::WorkFunction WorkTable::originalOf(WorkFunction function) noexcept
{
    for (std::size_t i = 0; i < MaxOriginals; ++i) {
        if (Trampolines[i] == function)
            return s_originals[i].load(std::memory_order_acquire);
    }
    return function;
}

std::size_t WorkTable::home(const struct uv__work* work) const noexcept
{
    static_assert((IndexSize & (IndexSize - 1)) == 0, "the index's size is a power of two");
    const auto bits = std::uint64_t(reinterpret_cast<std::uintptr_t>(work) >> 4);
    return std::size_t((bits * 0x9E3779B97F4A7C15ULL) >> 40) & (IndexSize - 1);
}

void WorkTable::index(struct uv__work* work, std::uint32_t slot) noexcept
{
    // At most Capacity entries in twice as many places: an empty one is always found.
    for (std::size_t at = home(work);; at = (at + 1) & (IndexSize - 1)) {
        struct uv__work* key = m_indexKeys[at].load(std::memory_order_relaxed);
        if (key == work || key == nullptr) {
            m_indexSlots[at].store(slot + 1, std::memory_order_relaxed);
            m_indexKeys[at].store(work, std::memory_order_release);
            return;
        }
    }
}

void WorkTable::unindex(struct uv__work* work) noexcept
{
    std::size_t hole = home(work);
    for (;; hole = (hole + 1) & (IndexSize - 1)) {
        struct uv__work* key = m_indexKeys[hole].load(std::memory_order_relaxed);
        if (key == nullptr)
            return;
        if (key == work)
            break;
    }
    // Linear probing without tombstones: each entry after the hole that may not stay (its home lies
    // outside the stretch from the hole to it) moves into the hole, which moves on.
    for (std::size_t next = (hole + 1) & (IndexSize - 1);; next = (next + 1) & (IndexSize - 1)) {
        struct uv__work* key = m_indexKeys[next].load(std::memory_order_relaxed);
        if (key == nullptr)
            break;
        const std::size_t want = home(key);
        const bool stays = hole <= next ? (hole < want && want <= next) : (hole < want || want <= next);
        if (stays)
            continue;
        m_indexSlots[hole].store(m_indexSlots[next].load(std::memory_order_relaxed), std::memory_order_relaxed);
        m_indexKeys[hole].store(key, std::memory_order_release);
        hole = next;
    }
    m_indexKeys[hole].store(nullptr, std::memory_order_release);
    m_indexSlots[hole].store(0, std::memory_order_relaxed);
}

WorkTable::Slot* WorkTable::waiting(struct uv__work* work) const noexcept
{
    for (std::size_t at = home(work), probes = 0; probes < IndexSize; at = (at + 1) & (IndexSize - 1), ++probes) {
        struct uv__work* key = m_indexKeys[at].load(std::memory_order_relaxed);
        if (key == nullptr)
            return nullptr;
        if (key != work)
            continue;
        Slot& slot = m_slots[m_indexSlots[at].load(std::memory_order_relaxed) - 1];
        const bool current = slot.state.load(std::memory_order_acquire) == State::Waiting
            && slot.work.load(std::memory_order_relaxed) == work;
        return current ? &slot : nullptr;
    }
    return nullptr;
}

WorkTable::Slot* WorkTable::claim(struct uv__work* work, std::uint32_t label, std::int64_t queuedAtNs) noexcept
{
    if (Slot* stale = waiting(work))
        release(*stale);
    Slot* slot = nullptr;
    if (m_freeCount > 0) {
        slot = &m_slots[m_free[--m_freeCount]];
    } else {
        const std::size_t used = m_used.load(std::memory_order_relaxed);
        if (used == Capacity)
            return nullptr;
        slot = &m_slots[used];
        m_used.store(used + 1, std::memory_order_release);
    }
    slot->work.store(work, std::memory_order_relaxed);
    slot->label = label;
    slot->queuedAtNs = queuedAtNs;
    slot->startedAtNs = 0;
    slot->finishedAtNs = 0;
    slot->worker = 0;
    slot->unseenSamples = 0;
    slot->state.store(State::Waiting, std::memory_order_release);
    index(work, std::uint32_t(indexOf(*slot)));
    return slot;
}

void WorkTable::release(Slot& slot) noexcept
{
    struct uv__work* work = slot.work.load(std::memory_order_relaxed);
    // The index keeps the newest slot of a work item: an older one of the same request leaves it be.
    for (std::size_t at = home(work), probes = 0; probes < IndexSize; at = (at + 1) & (IndexSize - 1), ++probes) {
        struct uv__work* key = m_indexKeys[at].load(std::memory_order_relaxed);
        if (key == nullptr)
            break;
        if (key == work) {
            if (m_indexSlots[at].load(std::memory_order_relaxed) == indexOf(slot) + 1)
                unindex(work);
            break;
        }
    }
    slot.state.store(State::Free, std::memory_order_release);
    m_free[m_freeCount++] = std::uint32_t(indexOf(slot));
}

WorkTable::Slot* WorkTable::findRunning(struct uv__work* work) noexcept
{
    const auto waitsFor = [work](const Slot& candidate) {
        return candidate.state.load(std::memory_order_acquire) == State::Waiting
            && candidate.work.load(std::memory_order_relaxed) == work;
    };
    // The index, read without the pool's mutex: a hint, checked against the slot itself.
    for (std::size_t at = home(work), probes = 0; probes < IndexSize; at = (at + 1) & (IndexSize - 1), ++probes) {
        struct uv__work* key = m_indexKeys[at].load(std::memory_order_acquire);
        if (key == nullptr)
            break;
        if (key != work)
            continue;
        const std::uint32_t slot = m_indexSlots[at].load(std::memory_order_relaxed);
        if (slot >= 1 && slot <= Capacity && waitsFor(m_slots[slot - 1]))
            return &m_slots[slot - 1];
        break;
    }
    const std::size_t used = m_used.load(std::memory_order_acquire);
    for (std::size_t i = 0; i < used; ++i) {
        if (waitsFor(m_slots[i]))
            return &m_slots[i];
    }
    return nullptr;
}

void WorkTable::run(struct uv__work* work, WorkFunction original) noexcept
{
    Slot* slot = findRunning(work);
    if (slot) {
        slot->worker = m_hooks.worker ? m_hooks.worker() : 0;
        slot->startedAtNs = m_hooks.clock ? m_hooks.clock() : 0;
        slot->state.store(State::Running, std::memory_order_release);
    }
    original(work);
    if (slot) {
        slot->finishedAtNs = m_hooks.clock ? m_hooks.clock() : 0;
        slot->state.store(State::Done, std::memory_order_release);
    }
}

} // namespace loopscope::probe
