#pragma once

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace loopscope {
class Session;
}

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

    // Takes over `session`; with `abort`, its remaining work is abandoned first. Another owner (an
    // export still reading the recording) is waited for before the session stops.
    void retire(std::shared_ptr<loopscope::Session> session, bool abort);
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
