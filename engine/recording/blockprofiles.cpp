#include "recording/blockprofiles.h"

#include "recording/stringtable.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace loopscope {

namespace {

// The frame a sampled stack (outermost first) is counted for: its innermost of the program's own code, or
// else of a package's, or else its innermost. A route that blocks in res.json()'s stringify counts for the
// route's handler, not for express.
std::uint32_t blamedFrame(const std::vector<std::uint32_t>& frames, const StringTable& strings)
{
    std::uint32_t blamed = frames.back();
    FrameOwner best = FrameOwner::Node;
    for (auto frame = frames.rbegin(); frame != frames.rend() && best != FrameOwner::Program; ++frame) {
        const FrameOwner owner = frameOwner(strings.at(*frame));
        if (owner < best) {
            best = owner;
            blamed = *frame;
        }
    }
    return blamed;
}

} // namespace

std::uint64_t BlockProfile::samples() const
{
    std::uint64_t total = 0;
    for (const Stack& stack : stacks)
        total += stack.hits;
    return total;
}

void BlockProfiles::put(BlockProfile profile)
{
    std::lock_guard lock(m_mutex);
    const auto same = std::find_if(m_profiles.begin(), m_profiles.end(), [&](const BlockProfile& kept) {
        return kept.thread == profile.thread && kept.callbackStartNs == profile.callbackStartNs;
    });
    if (same != m_profiles.end())
        *same = std::move(profile);
    else
        m_profiles.push_back(std::move(profile));
}

std::vector<BlockProfile> BlockProfiles::all() const
{
    std::lock_guard lock(m_mutex);
    return m_profiles;
}

std::optional<BlockProfile> BlockProfiles::of(std::uint16_t thread, std::int64_t startNs) const
{
    std::lock_guard lock(m_mutex);
    for (const BlockProfile& profile : m_profiles) {
        if (profile.thread == thread && profile.callbackStartNs == startNs)
            return profile;
    }
    return std::nullopt;
}

std::optional<BlockProfile> BlockProfiles::latest() const
{
    std::lock_guard lock(m_mutex);
    if (m_profiles.empty())
        return std::nullopt;
    return m_profiles.back();
}

bool BlockProfiles::empty() const
{
    std::lock_guard lock(m_mutex);
    return m_profiles.empty();
}

std::vector<BlockingFunction> BlockProfiles::longestBlocking(const StringTable& strings, std::size_t limit) const
{
    // Each function's samples, and how many found it on each of its lines (its labels).
    struct Found
    {
        BlockingFunction function;
        std::map<std::uint32_t, std::uint64_t> hitsByLabel;
    };
    std::map<std::string, Found, std::less<>> byFunction;
    {
        std::lock_guard lock(m_mutex);
        for (const BlockProfile& profile : m_profiles) {
            for (const BlockProfile::Stack& stack : profile.stacks) {
                if (stack.frames.empty())
                    continue;
                const std::uint32_t label = blamedFrame(stack.frames, strings);
                Found& found = byFunction[std::string(functionOf(strings.at(label)))];
                found.function.samples += stack.hits;
                found.function.blockedNs += std::int64_t(stack.hits) * profile.intervalNs;
                found.hitsByLabel[label] += stack.hits;
            }
        }
    }
    std::vector<BlockingFunction> functions;
    for (auto& [name, found] : byFunction) {
        // Named at the line most samples found it on.
        found.function.label
            = std::max_element(found.hitsByLabel.begin(), found.hitsByLabel.end(), [](const auto& a, const auto& b) {
                  return a.second < b.second;
              })->first;
        functions.push_back(found.function);
    }
    std::stable_sort(functions.begin(), functions.end(),
        [](const BlockingFunction& a, const BlockingFunction& b) { return a.blockedNs > b.blockedNs; });
    if (functions.size() > limit)
        functions.resize(limit);
    return functions;
}

} // namespace loopscope
