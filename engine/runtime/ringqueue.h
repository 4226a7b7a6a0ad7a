#pragma once

#include "recording/memorybudget.h"

#include <cstddef>
#include <memory>
#include <utility>

namespace loopscope {

// A FIFO of trivially copyable items in a power-of-two ring that grows by doubling.
// Steady state pushes and pops neither allocate nor touch more than one slot. With a budget,
// growth is charged to it first; a refused charge throws MemoryBudgetExceeded, queue unchanged.
template <typename T> class RingQueue
{
public:
    RingQueue()
        : m_items(new T[InitialCapacity])
        , m_mask(InitialCapacity - 1)
    { }
    ~RingQueue()
    {
        if (m_budget)
            m_budget->release(m_charged);
    }
    RingQueue(const RingQueue&) = delete;
    RingQueue& operator=(const RingQueue&) = delete;

    // Set before the first push.
    void setBudget(MemoryBudget* budget) { m_budget = budget; }

    bool empty() const { return m_head == m_tail; }
    std::size_t size() const { return m_tail - m_head; }

    void push(const T& item)
    {
        if (size() == m_mask + 1)
            grow();
        m_items[m_tail++ & m_mask] = item;
    }
    T pop() { return m_items[m_head++ & m_mask]; }
    const T& front() const { return m_items[m_head & m_mask]; }
    // The i-th item from the front, for views of the queue contents.
    const T& at(std::size_t i) const { return m_items[(m_head + i) & m_mask]; }
    void clear() { m_head = m_tail = 0; }
    // Removes the first item `match` accepts, keeping the others in order; false when none does.
    template <typename Match> bool removeFirst(Match&& match)
    {
        for (std::size_t i = m_head; i != m_tail; ++i) {
            if (!match(m_items[i & m_mask]))
                continue;
            for (std::size_t j = i; j + 1 != m_tail; ++j)
                m_items[j & m_mask] = m_items[(j + 1) & m_mask];
            --m_tail;
            return true;
        }
        return false;
    }
    void swap(RingQueue& other)
    {
        std::swap(m_items, other.m_items);
        std::swap(m_mask, other.m_mask);
        std::swap(m_head, other.m_head);
        std::swap(m_tail, other.m_tail);
        std::swap(m_charged, other.m_charged);
    }

private:
    static constexpr std::size_t InitialCapacity = 64;

    // Out of line, so that push() stays small enough to inline into the drain loops.
    [[gnu::noinline]] void grow()
    {
        const std::size_t capacity = (m_mask + 1) * 2;
        // Both rings are held while the items move over, so the new one is charged whole.
        const std::size_t bytes = capacity * sizeof(T);
        if (m_budget && !m_budget->charge(bytes)) {
            m_budget->markExceeded();
            throw MemoryBudgetExceeded {};
        }
        std::unique_ptr<T[]> items(new T[capacity]);
        const std::size_t count = size();
        for (std::size_t i = 0; i < count; ++i)
            items[i] = m_items[(m_head + i) & m_mask];
        m_items = std::move(items);
        m_mask = capacity - 1;
        m_head = 0;
        m_tail = count;
        if (m_budget) {
            m_budget->release(m_charged);
            m_charged = bytes;
        }
    }

    std::unique_ptr<T[]> m_items;
    std::size_t m_mask;
    std::size_t m_head = 0;
    std::size_t m_tail = 0;
    MemoryBudget* m_budget = nullptr;
    std::size_t m_charged = 0; // bytes of the current ring charged to the budget
};

} // namespace loopscope
