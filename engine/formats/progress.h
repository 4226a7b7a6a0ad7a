#pragma once

#include <cstdint>
#include <functional>

namespace loopscope {

// Long reads and writes report how far they are: `done` out of `total` units (bytes read, records
// written). Returning false cancels the operation, which then fails with an error ending in
// CancelledMessage and leaves no partial output file behind.
using Progress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

inline constexpr const char* CancelledMessage = "cancelled";

} // namespace loopscope
