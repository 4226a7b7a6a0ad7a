#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

// Stops and destroys sessions the window no longer shows, on threads of their
// own: stopping joins the loop thread, which may be finishing a long callback,
// and the GUI thread must never wait for that.
class SessionReaper
{
public:
    SessionReaper() = default;
    // Waits for every retired session to be gone.
    ~SessionReaper();
    SessionReaper(const SessionReaper&) = delete;
    SessionReaper& operator=(const SessionReaper&) = delete;

    // Runs `release`, which lets go of one session and so stops it, on a thread of its own.
    void retire(std::function<void()> release);
    // Sessions still being stopped.
    int pending() const;

private:
    struct Grave
    {
        std::thread thread;
        std::shared_ptr<std::atomic<bool>> done;
    };

    void collect();

    std::vector<Grave> m_graves;
};
