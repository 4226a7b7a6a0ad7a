#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace loopscope {

// The length of the well-formed UTF-8 sequence at `s` (Unicode table 3-7), or 0 when there is none.
std::size_t utf8SequenceLength(const unsigned char* s, std::size_t available);
// Appends the UTF-8 encoding of a Unicode scalar value.
void appendUtf8(std::string& out, std::uint32_t codePoint);

// True when `text` starts as UTF-16 JSON does: a byte order mark, or a zero byte beside "{", "[", '"' or a space.
bool looksLikeUtf16(std::string_view text);
inline constexpr const char* Utf16Message = "file is UTF-16; save it as UTF-8";
// True when `text` starts with the gzip magic number (a .json.gz file).
bool looksLikeGzip(std::string_view text);
inline constexpr const char* GzipMessage = "file is gzip-compressed, which LoopScope cannot read yet; gunzip it first";

// Messages show at most this many code points of a text read from a file, so that a huge key stays one short line.
inline constexpr std::size_t QuotedCodePoints = 64;
// `text` cut after `codePoints` code points (marked "..."), with control characters (C0, DEL and C1, which
// terminals take for escape sequences) as '?'.
std::string clipForMessage(std::string_view text, std::size_t codePoints = QuotedCodePoints);
// clipForMessage(text) in single quotes.
std::string quote(std::string_view text);

} // namespace loopscope
