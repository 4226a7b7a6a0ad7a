#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace loopscope {

// A string an op holds: 8 bytes, and one allocation of its own size when it is not empty, where a
// std::string takes 32 bytes and more once it is longer than 15. A program holds one or two per op.
class OpText
{
public:
    OpText() = default;
    explicit OpText(std::string_view text);
    OpText(const OpText& other)
        : OpText(other.view())
    { }
    OpText& operator=(const OpText& other)
    {
        if (this != &other)
            *this = OpText(other.view());
        return *this;
    }
    OpText(OpText&&) noexcept = default;
    OpText& operator=(OpText&&) noexcept = default;
    ~OpText() = default;

    std::string_view view() const
    {
        return m_data ? std::string_view(m_data.get() + sizeof(std::uint32_t), size()) : std::string_view();
    }
    std::string str() const { return std::string(view()); }
    // The text followed by a NUL.
    const char* c_str() const { return m_data ? m_data.get() + sizeof(std::uint32_t) : ""; }
    bool empty() const { return !m_data; }

private:
    std::uint32_t size() const;

    // The size, then the characters, then a NUL; null when empty.
    std::unique_ptr<char[]> m_data;
};

} // namespace loopscope
