#pragma once

#include <uv.h>

#include <cassert>
#include <cstdint>

namespace loopscope {

// One libuv handle owned by value. libuv keeps the handle's address, so the
// wrapper can be neither copied nor moved; close() is idempotent and the memory
// may go only once the close callback has run, which the destructor asserts. A
// closed handle may be initialised again (a loop thread started anew).
// handle->data points at the wrapper, which keeps the owner callbacks look up.
template <typename T> class UvHandle
{
public:
    UvHandle() = default;
    ~UvHandle() { assert(m_state != State::Open && m_state != State::Closing); }
    UvHandle(const UvHandle&) = delete;
    UvHandle& operator=(const UvHandle&) = delete;

    // Initialises the handle with libuv's `init` for T (uv_timer_init, ...); returns its result.
    template <typename Init, typename... Args> int init(Init initialise, uv_loop_t& loop, void* owner, Args... args)
    {
        assert(m_state == State::Unused || m_state == State::Closed);
        const int result = initialise(&loop, &m_handle, args...);
        if (result == 0) {
            m_handle.data = this;
            m_owner = owner;
            m_state = State::Open;
        }
        return result;
    }

    // The owner given to init(), from inside one of the handle's callbacks.
    template <typename Owner> static Owner* ownerOf(T* handle)
    {
        return static_cast<Owner*>(static_cast<UvHandle*>(handle->data)->m_owner);
    }

    T* get() { return &m_handle; }
    uv_handle_t* handle() { return reinterpret_cast<uv_handle_t*>(&m_handle); }
    bool open() const { return m_state == State::Open; }
    void ref() { uv_ref(handle()); }
    void unref() { uv_unref(handle()); }

    // Starts closing; the handle is gone once the loop has run its close callback.
    void close() { close(nullptr); }
    // The same, then `closed` is called with the owner once the handle is gone; it may free the memory
    // that holds this wrapper (nothing of the wrapper's is touched after it).
    void close(void (*closed)(void* owner))
    {
        if (m_state != State::Open)
            return;
        m_state = State::Closing;
        m_closed = closed;
        uv_close(handle(), [](uv_handle_t* closing) {
            auto* self = static_cast<UvHandle*>(closing->data);
            self->m_state = State::Closed;
            if (self->m_closed)
                self->m_closed(self->m_owner);
        });
    }

private:
    enum class State : std::uint8_t { Unused, Open, Closing, Closed };

    T m_handle {};
    void* m_owner = nullptr;
    void (*m_closed)(void* owner) = nullptr;
    State m_state = State::Unused;
};

} // namespace loopscope
