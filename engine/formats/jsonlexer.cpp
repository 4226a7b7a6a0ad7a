#include "formats/jsonlexer.h"

#include "formats/utf8.h"

namespace loopscope {

namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

JsonLexer::JsonLexer(std::string_view text, Options options)
    : m_begin(text.data())
    , m_p(text.data())
    , m_end(text.data() + text.size())
    , m_options(options)
    , m_positionAt(text.data())
{ }

JsonLexer::Token JsonLexer::readOther(int next)
{
    switch (next) {
    case 't':
        return readLiteral("true") ? Token::True : Token::None;
    case 'f':
        return readLiteral("false") ? Token::False : Token::None;
    case 'n':
        return readLiteral("null") ? Token::Null : Token::None;
    default:
        failHere("unexpected " + describeByte(static_cast<unsigned char>(next)) + "; expected a value");
        return Token::None;
    }
}

bool JsonLexer::fail(const char* at, std::string message)
{
    if (!m_errorAt) {
        m_errorAt = at;
        m_error = std::move(message);
    }
    return false;
}

bool JsonLexer::failHere(std::string message)
{
    if (m_p == m_end)
        message = "unexpected end of input";
    return fail(m_p, std::move(message));
}

bool JsonLexer::failExpecting(const std::string& what)
{
    if (m_p == m_end)
        return failHere({});
    return fail(m_p, "expected " + what + ", found " + describeByte(static_cast<unsigned char>(*m_p)));
}

JsonLexer::Position JsonLexer::position(const char* at)
{
    if (at < m_positionAt) {
        m_positionAt = m_begin;
        m_position = Position();
    }
    for (; m_positionAt < at; ++m_positionAt) {
        const auto c = static_cast<unsigned char>(*m_positionAt);
        if (c == '\n') {
            ++m_position.line;
            m_position.column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++m_position.column;
        }
    }
    return m_position;
}

std::string JsonLexer::describeByte(unsigned char c)
{
    if (c >= 0x21 && c < 0x7F && c != '\'')
        return std::string("'") + char(c) + "'";
    static const char digits[] = "0123456789ABCDEF";
    std::string text = "byte 0x";
    text += digits[c >> 4];
    text += digits[c & 0xF];
    return text;
}

bool JsonLexer::finishString(const char* start, std::string_view& text, std::string& scratch)
{
    bool escaped = false;
    for (;;) {
        const char* run = m_p;
        skipPlain();
        if (escaped)
            scratch.append(run, m_p);
        if (m_p == m_end)
            return failHere("unterminated string");
        const auto c = static_cast<unsigned char>(*m_p);
        if (c == '"') {
            text = escaped ? std::string_view(scratch) : std::string_view(start, std::size_t(m_p - start));
            ++m_p;
            return true;
        }
        if (c < 0x20)
            return fail(m_p, "control character in string; write it as an escape");
        if (c != '\\')
            return fail(m_p, "invalid UTF-8 in string");
        if (!escaped) {
            scratch.assign(start, m_p);
            escaped = true;
        }
        if (!readEscape(scratch))
            return false;
    }
}

void JsonLexer::skipPlain()
{
    while (m_p < m_end) {
        const auto c = static_cast<unsigned char>(*m_p);
        if (c == '"' || c == '\\' || c < 0x20)
            return;
        if (c < 0x80 || !m_options.validateUtf8) {
            ++m_p;
            continue;
        }
        const std::size_t length
            = utf8SequenceLength(reinterpret_cast<const unsigned char*>(m_p), std::size_t(m_end - m_p));
        if (length == 0)
            return;
        m_p += length;
    }
}

bool JsonLexer::readEscape(std::string& out)
{
    const char* escapeAt = m_p++;
    if (m_p == m_end)
        return failHere("unterminated string");
    const char c = *m_p++;
    switch (c) {
    case '"':
    case '\\':
    case '/':
        out += c;
        return true;
    case 'b':
        out += '\b';
        return true;
    case 'f':
        out += '\f';
        return true;
    case 'n':
        out += '\n';
        return true;
    case 'r':
        out += '\r';
        return true;
    case 't':
        out += '\t';
        return true;
    case 'u':
        return readUnicodeEscape(escapeAt, out);
    default: {
        const auto u = static_cast<unsigned char>(c);
        return fail(escapeAt, std::string("invalid escape '\\") + (u >= 0x21 && u < 0x7F ? c : '?') + "'");
    }
    }
}

bool JsonLexer::readUnicodeEscape(const char* escapeAt, std::string& out)
{
    std::uint32_t code = 0;
    if (!readHex4(code))
        return false;
    if (code >= 0xD800 && code <= 0xDBFF) {
        const char* afterHigh = m_p;
        std::uint32_t low = 0;
        if (m_end - m_p >= 2 && m_p[0] == '\\' && m_p[1] == 'u') {
            m_p += 2;
            if (!readHex4(low))
                return false;
        }
        if (low >= 0xDC00 && low <= 0xDFFF) {
            appendUtf8(out, 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00));
            return true;
        }
        m_p = afterHigh;
    } else if (code < 0xDC00 || code > 0xDFFF) {
        appendUtf8(out, code);
        return true;
    }
    if (m_options.surrogates == Surrogates::Reject)
        return fail(escapeAt, "unpaired surrogate in \\u escape");
    if (code >= 0xDC80 && code <= 0xDCFF)
        out += char(code - 0xDC00);
    else
        appendUtf8(out, 0xFFFD);
    return true;
}

bool JsonLexer::readHex4(std::uint32_t& value)
{
    value = 0;
    for (int i = 0; i < 4; ++i, ++m_p) {
        const int digit = m_p < m_end ? hexDigit(*m_p) : -1;
        if (digit < 0)
            return failHere("invalid \\u escape; expected 4 hex digits");
        value = value * 16 + std::uint32_t(digit);
    }
    return true;
}

bool JsonLexer::readNumber(std::string_view& token)
{
    const char* start = m_p;
    if (*m_p == '-')
        ++m_p;
    if (m_p < m_end && *m_p == '0')
        ++m_p;
    else if (!readDigits("invalid number; expected a digit"))
        return false;
    if (m_p < m_end && *m_p == '.') {
        ++m_p;
        if (!readDigits("invalid number; expected a digit after '.'"))
            return false;
    }
    if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
        ++m_p;
        if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (!readDigits("invalid number; expected a digit in the exponent"))
            return false;
    }
    token = std::string_view(start, std::size_t(m_p - start));
    return true;
}

bool JsonLexer::readLiteral(std::string_view word)
{
    for (const char c : word) {
        if (m_p == m_end || *m_p != c)
            return failHere("invalid literal; expected '" + std::string(word) + "'");
        ++m_p;
    }
    return true;
}

} // namespace loopscope
