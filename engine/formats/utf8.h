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

// When `text` starts as JSON in UTF-16 or UTF-32 does, what was found and where, e.g. "file is UTF-16LE
// (it starts with the byte order mark FF FE); save it as UTF-8"; else an empty string. Without a byte
// order mark the zero bytes around the first two characters tell (JSON's first two are ASCII, RFC 4627),
// so a stray zero byte in UTF-8 text is not taken for an encoding: the reader names its line and column.
std::string foreignEncoding(std::string_view text);
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
