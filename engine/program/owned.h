#pragma once

#include <memory>
#include <utility>

namespace loopscope {

// A T on the heap, or none, copied when the owner is copied: a member that costs a pointer when absent.
template <typename T> class Owned
{
public:
    Owned() = default;
    Owned(const Owned& other)
        : m_held(other.m_held ? std::make_unique<T>(*other.m_held) : nullptr)
    { }
    Owned& operator=(const Owned& other)
    {
        if (this != &other)
            m_held = other.m_held ? std::make_unique<T>(*other.m_held) : nullptr;
        return *this;
    }
    Owned(Owned&&) noexcept = default;
    Owned& operator=(Owned&&) noexcept = default;
    ~Owned() = default;

    explicit operator bool() const { return m_held != nullptr; }
    const T* operator->() const { return m_held.get(); }
    T* operator->() { return m_held.get(); }
    void emplace(T value) { m_held = std::make_unique<T>(std::move(value)); }
    void reset() { m_held.reset(); }

private:
    std::unique_ptr<T> m_held;
};

} // namespace loopscope
