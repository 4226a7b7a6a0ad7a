#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <vector>

namespace loopscope {

// The pool worker the calling thread is, numbered from 1 in the order threads first ran work.
inline std::uint16_t poolWorkerIndex()
{
    static std::atomic<std::uint16_t> s_count { 0 };
    thread_local std::uint16_t t_index = 0;
    if (t_index == 0)
        t_index = ++s_count;
    return t_index;
}

// The thread-pool items in flight, for live views. Loop and pool threads update
// it when an item is queued, starts and finishes; readers take a copy.
class PoolBoard
{
public:
    struct Item
    {
        std::uint64_t id = 0;
        std::uint32_t label = 0;
        std::int64_t queuedAtNs = 0;
        std::int64_t startedAtNs = -1;
        std::uint16_t worker = 0;
    };

    std::uint64_t queued(std::uint32_t label, std::int64_t atNs)
    {
        std::lock_guard lock(m_mutex);
        const std::uint64_t id = ++m_nextId;
        m_items.push_back({ id, label, atNs, -1, 0 });
        return id;
    }
    void started(std::uint64_t id, std::uint16_t worker, std::int64_t atNs)
    {
        std::lock_guard lock(m_mutex);
        for (Item& item : m_items) {
            if (item.id == id) {
                item.worker = worker;
                item.startedAtNs = atNs;
                return;
            }
        }
    }
    void finished(std::uint64_t id)
    {
        std::lock_guard lock(m_mutex);
        for (std::size_t i = 0; i < m_items.size(); ++i) {
            if (m_items[i].id == id) {
                m_items.erase(m_items.begin() + std::ptrdiff_t(i));
                return;
            }
        }
    }
    std::vector<Item> snapshot() const
    {
        std::lock_guard lock(m_mutex);
        return m_items;
    }

private:
    mutable std::mutex m_mutex;
    std::vector<Item> m_items;
    std::uint64_t m_nextId = 0;
};

} // namespace loopscope
