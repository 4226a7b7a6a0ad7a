#include "program/optext.h"

#include <cstring>

namespace loopscope {

OpText::OpText(std::string_view text)
{
    if (text.empty())
        return;
    // Programs are at most 64 MiB, so a size fits 32 bits.
    const auto size = std::uint32_t(text.size());
    m_data.reset(new char[sizeof size + text.size() + 1]);
    std::memcpy(m_data.get(), &size, sizeof size);
    std::memcpy(m_data.get() + sizeof size, text.data(), text.size());
    m_data[sizeof size + text.size()] = '\0';
}

std::uint32_t OpText::size() const
{
    std::uint32_t size = 0;
    std::memcpy(&size, m_data.get(), sizeof size);
    return size;
}

} // namespace loopscope
