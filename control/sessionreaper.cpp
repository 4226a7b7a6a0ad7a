#include "control/sessionreaper.h"

SessionReaper::~SessionReaper()
{
    for (Grave& grave : m_graves) {
        if (grave.thread.joinable())
            grave.thread.join();
    }
}

void SessionReaper::retire(std::function<void()> release)
{
    collect();
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([release = std::move(release), done] {
        release();
        done->store(true);
    });
    m_graves.push_back({ std::move(thread), std::move(done) });
}

int SessionReaper::pending() const
{
    int count = 0;
    for (const Grave& grave : m_graves) {
        if (!grave.done->load())
            ++count;
    }
    return count;
}

void SessionReaper::collect()
{
    for (auto it = m_graves.begin(); it != m_graves.end();) {
        if (it->done->load()) {
            it->thread.join();
            it = m_graves.erase(it);
        } else {
            ++it;
        }
    }
}
