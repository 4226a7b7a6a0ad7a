#pragma once

#include "recording/memorybudget.h"

#include <cassert>
#include <cstddef>
#include <deque>
#include <utility>
#include <vector>

namespace loopscope {

// Objects of one type with stable addresses, allocated and released in O(1): a
// deque of slots and a free list. Whatever is still live when the pool goes is
// destroyed with it, so a run that is abandoned halfway leaks nothing.
template <typename T> class ObjectPool
{
public:
    ObjectPool() = default;
    ObjectPool(const ObjectPool&) = delete;
    ObjectPool& operator=(const ObjectPool&) = delete;

    ~ObjectPool()
    {
        if (m_budget)
            m_budget->release(m_slots.size() * sizeof(T));
    }
    // Set before the first create(): new slots are charged to it (a refused charge throws
    // MemoryBudgetExceeded and creates nothing); reused ones cost nothing.
    void setBudget(MemoryBudget* budget) { m_budget = budget; }

    template <typename... Args> T* create(Args&&... args)
    {
        if (m_free.empty()) {
            if (m_budget && !m_budget->charge(sizeof(T))) {
                m_budget->markExceeded();
                throw MemoryBudgetExceeded {};
            }
            ++m_live;
            return &m_slots.emplace_back(std::forward<Args>(args)...);
        }
        ++m_live;
        T* slot = m_free.back();
        m_free.pop_back();
        *slot = T(std::forward<Args>(args)...);
        return slot;
    }

    void release(T* object)
    {
        assert(m_live > 0);
        --m_live;
        *object = T();
        m_free.push_back(object);
    }

    // Destroys every object at once, released or not; pointers to them must be gone.
    void clear()
    {
        if (m_budget)
            m_budget->release(m_slots.size() * sizeof(T));
        m_free.clear();
        m_slots.clear();
        m_live = 0;
    }

    // Objects created and not released.
    std::size_t live() const { return m_live; }

private:
    std::deque<T> m_slots;
    std::vector<T*> m_free;
    std::size_t m_live = 0;
    MemoryBudget* m_budget = nullptr;
};

} // namespace loopscope
