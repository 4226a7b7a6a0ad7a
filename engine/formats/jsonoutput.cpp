#include "formats/jsonoutput.h"

#include "formats/traceformat.h"
#include "formats/utf8.h"

#include <charconv>
#include <cstring>
#include <ostream>

namespace loopscope {

JsonOutput::JsonOutput(std::ostream& out)
    : m_out(out)
    , m_buffer(new char[Capacity])
    , m_pos(m_buffer.get())
    , m_end(m_buffer.get() + Capacity)
{ }

bool JsonOutput::finish()
{
    flush();
    m_out.flush();
    return bool(m_out);
}

void JsonOutput::literal(std::string_view text)
{
    if (text.size() > Capacity / 2) {
        flush();
        m_out.write(text.data(), std::streamsize(text.size()));
        m_flushed += text.size();
        return;
    }
    std::memcpy(room(text.size()), text.data(), text.size());
    m_pos += text.size();
}

void JsonOutput::integer(std::int64_t value)
{
    char* at = room(24);
    m_pos = std::to_chars(at, m_end, value).ptr;
}

void JsonOutput::unsignedInteger(std::uint64_t value)
{
    char* at = room(24);
    m_pos = std::to_chars(at, m_end, value).ptr;
}

void JsonOutput::fixed(std::int64_t value, int digits)
{
    char* at = room(48);
    std::uint64_t magnitude = std::uint64_t(value);
    if (value < 0) {
        *at++ = '-';
        magnitude = 0 - magnitude;
    }
    const std::uint64_t scale = std::uint64_t(powerOfTen(digits));
    at = std::to_chars(at, m_end, magnitude / scale).ptr;
    std::uint64_t fraction = magnitude % scale;
    if (fraction != 0) {
        int width = digits;
        while (fraction % 10 == 0) {
            fraction /= 10;
            --width;
        }
        *at++ = '.';
        for (int i = width - 1; i >= 0; --i) {
            at[i] = char('0' + fraction % 10);
            fraction /= 10;
        }
        at += width;
    }
    m_pos = at;
}

void JsonOutput::number(double value)
{
    char* at = room(32);
    m_pos = std::to_chars(at, m_end, value).ptr;
}

void JsonOutput::string(std::string_view text)
{
    character('"');
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t size = text.size();
    std::size_t i = 0;
    while (i < size) {
        const std::size_t runStart = i;
        while (i < size) {
            const unsigned char c = s[i];
            if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                ++i;
            } else if (c >= 0x80) {
                const std::size_t length = utf8SequenceLength(s + i, size - i);
                if (length == 0)
                    break;
                i += length;
            } else {
                break;
            }
        }
        if (i > runStart)
            literal(text.substr(runStart, i - runStart));
        if (i < size)
            escape(s[i++]);
    }
    character('"');
}

void JsonOutput::flush()
{
    m_flushed += std::uint64_t(m_pos - m_buffer.get());
    m_out.write(m_buffer.get(), m_pos - m_buffer.get());
    m_pos = m_buffer.get();
}

void JsonOutput::escape(unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    char* at = room(6);
    *at++ = '\\';
    switch (c) {
    case '"':
    case '\\':
        *at++ = char(c);
        break;
    case '\b':
        *at++ = 'b';
        break;
    case '\f':
        *at++ = 'f';
        break;
    case '\n':
        *at++ = 'n';
        break;
    case '\r':
        *at++ = 'r';
        break;
    case '\t':
        *at++ = 't';
        break;
    default:
        *at++ = 'u';
        *at++ = c >= 0x80 ? 'd' : '0';
        *at++ = c >= 0x80 ? 'c' : '0';
        *at++ = hex[c >> 4];
        *at++ = hex[c & 15];
        break;
    }
    m_pos = at;
}

} // namespace loopscope
