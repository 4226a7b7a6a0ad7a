#pragma once

#include <cstddef>
#include <memory>
#include <utility>

namespace loopscope {

// A FIFO of trivially copyable items in a power-of-two ring that grows by doubling.
// Steady state pushes and pops neither allocate nor touch more than one slot.
template <typename T> class RingQueue
{
public:
    RingQueue()
        : m_items(new T[InitialCapacity])
        , m_mask(InitialCapacity - 1)
    { }

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
    void swap(RingQueue& other)
    {
        std::swap(m_items, other.m_items);
        std::swap(m_mask, other.m_mask);
        std::swap(m_head, other.m_head);
        std::swap(m_tail, other.m_tail);
    }

private:
    static constexpr std::size_t InitialCapacity = 64;

    // Out of line, so that push() stays small enough to inline into the drain loops.
    [[gnu::noinline]] void grow()
    {
        const std::size_t capacity = (m_mask + 1) * 2;
        std::unique_ptr<T[]> items(new T[capacity]);
        const std::size_t count = size();
        for (std::size_t i = 0; i < count; ++i)
            items[i] = m_items[(m_head + i) & m_mask];
        m_items = std::move(items);
        m_mask = capacity - 1;
        m_head = 0;
        m_tail = count;
    }

    std::unique_ptr<T[]> m_items;
    std::size_t m_mask;
    std::size_t m_head = 0;
    std::size_t m_tail = 0;
};

} // namespace loopscope
