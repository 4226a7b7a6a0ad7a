#include "formats/utf8.h"

namespace loopscope {

std::size_t utf8SequenceLength(const unsigned char* s, std::size_t available)
{
    const unsigned char lead = s[0];
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0)
            low = 0xA0;
        else if (lead == 0xED)
            high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0)
            low = 0x90;
        else if (lead == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (available < length || s[1] < low || s[1] > high)
        return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    }
    return length;
}

void appendUtf8(std::string& out, std::uint32_t codePoint)
{
    if (codePoint < 0x80) {
        out += char(codePoint);
    } else if (codePoint < 0x800) {
        out += char(0xC0 | (codePoint >> 6));
        out += char(0x80 | (codePoint & 0x3F));
    } else if (codePoint < 0x10000) {
        out += char(0xE0 | (codePoint >> 12));
        out += char(0x80 | ((codePoint >> 6) & 0x3F));
        out += char(0x80 | (codePoint & 0x3F));
    } else {
        out += char(0xF0 | (codePoint >> 18));
        out += char(0x80 | ((codePoint >> 12) & 0x3F));
        out += char(0x80 | ((codePoint >> 6) & 0x3F));
        out += char(0x80 | (codePoint & 0x3F));
    }
}

std::string foreignEncoding(std::string_view text)
{
    const auto at = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : -1; };
    const auto saying = [](const char* encoding, const char* found) {
        return std::string("file is ") + encoding + " (" + found + "); save it as UTF-8";
    };
    if (at(0) == 0xFF && at(1) == 0xFE && at(2) == 0 && at(3) == 0)
        return saying("UTF-32LE", "it starts with the byte order mark FF FE 00 00");
    if (at(0) == 0 && at(1) == 0 && at(2) == 0xFE && at(3) == 0xFF)
        return saying("UTF-32BE", "it starts with the byte order mark 00 00 FE FF");
    if (at(0) == 0xFF && at(1) == 0xFE)
        return saying("UTF-16LE", "it starts with the byte order mark FF FE");
    if (at(0) == 0xFE && at(1) == 0xFF)
        return saying("UTF-16BE", "it starts with the byte order mark FE FF");
    // JSON's first two characters are ASCII: white space, a bracket, a quote, a digit or a letter.
    const auto zero = [&](std::size_t i) { return at(i) == 0; };
    const auto some = [&](std::size_t i) {
        return (at(i) >= 0x20 && at(i) < 0x7F) || at(i) == '\t' || at(i) == '\n' || at(i) == '\r';
    };
    if (text.size() >= 4) {
        if (zero(0) && zero(1) && zero(2) && some(3))
            return saying("UTF-32BE", "three zero bytes before its first character");
        if (some(0) && zero(1) && zero(2) && zero(3))
            return saying("UTF-32LE", "three zero bytes after its first character");
        if (zero(0) && some(1) && zero(2) && some(3))
            return saying("UTF-16BE", "a zero byte before each of its first two characters");
        if (some(0) && zero(1) && some(2) && zero(3))
            return saying("UTF-16LE", "a zero byte after each of its first two characters");
    }
    return {};
}

bool looksLikeGzip(std::string_view text)
{
    return text.size() >= 2 && static_cast<unsigned char>(text[0]) == 0x1F
        && static_cast<unsigned char>(text[1]) == 0x8B;
}

std::string clipForMessage(std::string_view text, std::size_t codePoints)
{
    std::string out;
    std::size_t seen = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const bool startsCodePoint = (byte & 0xC0) != 0x80;
        if (startsCodePoint && seen++ == codePoints)
            return out + "...";
        // U+0080..U+009F is C2 80..C2 9F in UTF-8; U+009B alone starts an escape sequence (CSI).
        const bool c1 = byte == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F
            && static_cast<unsigned char>(text[i + 1]) >= 0x80;
        if (c1) {
            out += '?';
            ++i;
        } else {
            out += byte < 0x20 || byte == 0x7F ? '?' : text[i];
        }
    }
    return out;
}

std::string quote(std::string_view text)
{
    return "'" + clipForMessage(text) + "'";
}

} // namespace loopscope
