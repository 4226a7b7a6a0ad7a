#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

namespace loopscope {

// Interned strings for record labels: written by one thread, readable from any.
//
// Strings are stored in fixed blocks that never move; readers see every id
// below size(). Ids are dense from 0, and 0 is always the empty string.
class StringTable
{
public:
    StringTable();
    ~StringTable();
    StringTable(const StringTable&) = delete;
    StringTable& operator=(const StringTable&) = delete;

    // Writer: the id of `text`, adding it when new.
    std::uint32_t intern(std::string_view text);

    // Readers.
    std::uint32_t size() const { return m_size.load(std::memory_order_acquire); }
    const std::string& at(std::uint32_t id) const;

private:
    static constexpr std::uint32_t BlockBits = 10;
    static constexpr std::uint32_t BlockSize = 1u << BlockBits;
    static constexpr std::uint32_t MaxBlocks = 1u << 12;

    std::unique_ptr<std::unique_ptr<std::string[]>[]> m_blocks;
    std::unordered_map<std::string, std::uint32_t> m_ids;
    std::atomic<std::uint32_t> m_size { 0 };
    static const std::string s_overflow;
};

} // namespace loopscope
