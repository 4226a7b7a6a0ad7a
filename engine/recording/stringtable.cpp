#include "recording/stringtable.h"

namespace loopscope {

const std::string StringTable::s_overflow = "(too many distinct labels)";

StringTable::StringTable()
    : m_blocks(new std::unique_ptr<std::string[]>[MaxBlocks])
{
    intern({});
    intern(s_overflow);
}

StringTable::~StringTable() = default;

std::uint32_t StringTable::intern(std::string_view text)
{
    std::string key(text);
    if (auto found = m_ids.find(key); found != m_ids.end())
        return found->second;
    const std::uint32_t id = m_size.load(std::memory_order_relaxed);
    if (id >= BlockSize * MaxBlocks)
        return 1;
    auto& block = m_blocks[id >> BlockBits];
    if (!block)
        block.reset(new std::string[BlockSize]);
    block[id & (BlockSize - 1)] = key;
    m_ids.emplace(std::move(key), id);
    m_size.store(id + 1, std::memory_order_release);
    return id;
}

const std::string& StringTable::at(std::uint32_t id) const
{
    if (id >= size())
        return s_overflow;
    return m_blocks[id >> BlockBits][id & (BlockSize - 1)];
}

} // namespace loopscope
