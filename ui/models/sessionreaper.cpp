#include "models/sessionreaper.h"

#include "session/session.h"

#include <chrono>

SessionReaper::~SessionReaper()
{
    for (Grave& grave : m_graves) {
        if (grave.thread.joinable())
            grave.thread.join();
    }
}

void SessionReaper::retire(std::shared_ptr<loopscope::Session> session, bool abort)
{
    collect();
    if (!session)
        return;
    auto done = std::make_shared<std::atomic<bool>>(false);
    std::thread thread([session = std::move(session), abort, done]() mutable {
        // Aborting and stopping complete the recording's info, which a writer must not see change.
        while (session.use_count() > 1)
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        if (abort)
            session->abort();
        session->stop();
        session.reset();
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
