#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace loopscope {

// The length of the well-formed UTF-8 sequence at `s` (Unicode table 3-7), or 0 when there is none.
std::size_t utf8SequenceLength(const unsigned char* s, std::size_t available);
// Appends the UTF-8 encoding of a Unicode scalar value.
void appendUtf8(std::string& out, std::uint32_t codePoint);

} // namespace loopscope
