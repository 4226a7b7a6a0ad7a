#pragma once

#include "recording/codeowner.h"
#include "recording/events.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loopscope {

class StringTable;

// The JavaScript stacks sampled while one callback blocked its loop (an attached program's, sampled by the
// probe once the callback ran past its threshold): each distinct stack and how many samples found it.
struct BlockProfile
{
    std::uint16_t thread = MainThread;
    std::int64_t callbackStartNs = 0; // the callback's record starts there, on `thread`
    std::int64_t intervalNs = 0; // between two samples
    struct Stack
    {
        std::uint32_t hits = 0;
        std::vector<std::uint32_t> frames; // string ids ("slowRoute (/app/server.js:12:20)"), outermost first
    };
    std::vector<Stack> stacks;
    std::uint64_t samples() const;
};

// A function that blocked its loop, and for how long: the samples that found it running (innermost of the
// program's own frames, longestBlocking() says) on any of its lines, times their interval, over every blocked callback.
// `label` names it at the line most of them found it on.
struct BlockingFunction
{
    std::uint32_t label = 0;
    std::int64_t blockedNs = 0;
    std::uint64_t samples = 0;
};

// The blocked callbacks' profiles of one recording; written by the thread that fills the recording while
// readers (the views) look.
class BlockProfiles
{
public:
    // Keeps `profile`, in place of one of the same callback (thread and start) kept before.
    void put(BlockProfile profile);
    std::vector<BlockProfile> all() const;
    // The profile of the callback that started at `startNs` on `thread`, if it blocked long enough to have one.
    std::optional<BlockProfile> of(std::uint16_t thread, std::int64_t startNs) const;
    bool empty() const;
    // The profile kept last (of the callback that blocked most recently), if any.
    std::optional<BlockProfile> latest() const;

    // The functions that blocked longest, longest first, at most `limit`. A sample counts for its innermost
    // frame of the program's own code, else of a package's (node_modules), else its innermost frame.
    std::vector<BlockingFunction> longestBlocking(const StringTable& strings, std::size_t limit) const;

private:
    mutable std::mutex m_mutex;
    std::vector<BlockProfile> m_profiles; // in the order their callbacks started
};

} // namespace loopscope
