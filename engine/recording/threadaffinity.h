#pragma once

#include <atomic>
#include <cassert>
#include <thread>

namespace loopscope {

// The one thread an object's single-thread methods run on: that thread binds it (a loop thread as its
// loop starts), and each such method checks it at its top. The check is an assert, so it costs nothing
// in a release build and stops a debug build at the first call from another thread.
class ThreadAffinity
{
public:
    // Makes the calling thread the owner.
    void bind() { m_owner.store(std::this_thread::get_id()); }
    // No thread owns it any more (its thread has ended).
    void release() { m_owner.store(std::thread::id()); }
    // True when called on the owning thread.
    bool isOwner() const { return m_owner.load() == std::this_thread::get_id(); }
    // Asserts that the calling thread is the owner.
    void check() const { assert(isOwner() && "called off the thread that owns this object"); }

private:
    std::atomic<std::thread::id> m_owner {};
};

} // namespace loopscope
