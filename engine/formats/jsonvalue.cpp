#include "formats/jsonvalue.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_set>

namespace loopscope {

const JsonValue::Member* JsonValue::find(std::string_view key) const
{
    for (const Member& member : m_object) {
        if (member.key == key)
            return &member;
    }
    return nullptr;
}

const char* JsonValue::typeName(Type type)
{
    switch (type) {
    case Type::Null:
        return "null";
    case Type::Bool:
        return "a boolean";
    case Type::Number:
        return "a number";
    case Type::String:
        return "a string";
    case Type::Array:
        return "an array";
    case Type::Object:
        return "an object";
    }
    return "a value";
}

namespace {

bool isHexDigit(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

unsigned hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return unsigned(c - '0');
    if (c >= 'a' && c <= 'f')
        return unsigned(c - 'a' + 10);
    return unsigned(c - 'A' + 10);
}

void appendUtf8(std::string& out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// The length of the well-formed UTF-8 sequence at `s` (Unicode table 3-7), or 0.
std::size_t utf8SequenceLength(const unsigned char* s, std::size_t available)
{
    const unsigned char b0 = s[0];
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        length = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        length = 3;
        if (b0 == 0xE0)
            low = 0xA0;
        else if (b0 == 0xED)
            high = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        length = 4;
        if (b0 == 0xF0)
            low = 0x90;
        else if (b0 == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (available < length)
        return 0;
    if (s[1] < low || s[1] > high)
        return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    }
    return length;
}

// The power of ten of the leading digit of a valid, non-zero JSON number literal, clamped.
long long decimalExponent(const char* first, const char* last)
{
    const char* p = first;
    if (*p == '-')
        ++p;
    long long position = 0; // of the first non-zero digit, relative to the decimal point
    bool found = false;
    long long integerDigits = 0;
    for (; p < last && *p >= '0' && *p <= '9'; ++p) {
        if (!found && *p != '0') {
            found = true;
            position = 0;
        }
        if (found)
            ++integerDigits;
    }
    if (found)
        position = integerDigits - 1;
    if (p < last && *p == '.') {
        ++p;
        for (long long zeros = 1; p < last && *p >= '0' && *p <= '9'; ++p, ++zeros) {
            if (!found && *p != '0') {
                found = true;
                position = -zeros;
            }
        }
    }
    long long exponent = 0;
    if (p < last && (*p == 'e' || *p == 'E')) {
        ++p;
        const bool negative = *p == '-';
        if (*p == '+' || *p == '-')
            ++p;
        for (; p < last; ++p)
            exponent = std::min(exponent * 10 + (*p - '0'), 1000000000LL);
        if (negative)
            exponent = -exponent;
    }
    return position + exponent;
}

std::string describeChar(unsigned char c)
{
    if (c >= 0x21 && c < 0x7F && c != '\'')
        return std::string("'") + char(c) + "'";
    static const char digits[] = "0123456789ABCDEF";
    std::string text = "byte 0x";
    text += digits[c >> 4];
    text += digits[c & 0xF];
    return text;
}

} // namespace

// A recursive-descent parser whose recursion is bounded by JsonValue::maxDepth.
class JsonParser
{
public:
    JsonParser(std::string_view text, std::size_t maxBytes)
        : m_text(text)
        , m_maxBytes(maxBytes)
    { }

    JsonResult run()
    {
        if (m_text.size() > m_maxBytes)
            return JsonError { 0, 0, "document is larger than " + std::to_string(m_maxBytes / (1024 * 1024)) + " MiB" };
        if (m_text.size() >= 3 && m_text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
            m_pos = 3;
        }
        JsonValue root;
        if (!parseValue(root, 0))
            return m_error;
        skipWhitespace();
        if (m_pos < m_text.size())
            return fail("unexpected " + describeChar(byte()) + " after the document");
        return root;
    }

private:
    unsigned char byte() const { return static_cast<unsigned char>(m_text[m_pos]); }
    bool atEnd() const { return m_pos >= m_text.size(); }

    void advance()
    {
        if (m_text[m_pos] == '\n') {
            ++m_line;
            m_column = 1;
        } else {
            ++m_column;
        }
        ++m_pos;
    }

    JsonError fail(std::string message)
    {
        m_error = JsonError { m_line, m_column, std::move(message) };
        return m_error;
    }

    bool failHere(std::string message)
    {
        if (atEnd())
            message = "unexpected end of input";
        fail(std::move(message));
        return false;
    }

    void skipWhitespace()
    {
        while (!atEnd()) {
            const char c = m_text[m_pos];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
                return;
            advance();
        }
    }

    void mark(JsonValue& value) const
    {
        value.m_line = m_line;
        value.m_column = m_column;
    }

    bool parseValue(JsonValue& value, int depth)
    {
        skipWhitespace();
        if (atEnd())
            return failHere("");
        mark(value);
        switch (m_text[m_pos]) {
        case '{':
            return parseObject(value, depth + 1);
        case '[':
            return parseArray(value, depth + 1);
        case '"':
            value.m_type = JsonValue::Type::String;
            return parseString(value.m_string);
        case 't':
            value.m_type = JsonValue::Type::Bool;
            value.m_bool = true;
            return parseLiteral("true");
        case 'f':
            value.m_type = JsonValue::Type::Bool;
            return parseLiteral("false");
        case 'n':
            return parseLiteral("null");
        default:
            if (m_text[m_pos] == '-' || (m_text[m_pos] >= '0' && m_text[m_pos] <= '9'))
                return parseNumber(value);
            return failHere("unexpected " + describeChar(byte()) + "; expected a value");
        }
    }

    bool parseLiteral(std::string_view literal)
    {
        for (char expected : literal) {
            if (atEnd() || m_text[m_pos] != expected)
                return failHere("invalid literal; expected '" + std::string(literal) + "'");
            advance();
        }
        return true;
    }

    bool enter(int depth)
    {
        if (depth > JsonValue::maxDepth)
            return failHere("nesting deeper than " + std::to_string(JsonValue::maxDepth) + " levels");
        return true;
    }

    bool parseArray(JsonValue& value, int depth)
    {
        if (!enter(depth))
            return false;
        value.m_type = JsonValue::Type::Array;
        advance();
        skipWhitespace();
        if (!atEnd() && m_text[m_pos] == ']') {
            advance();
            return true;
        }
        for (;;) {
            value.m_array.emplace_back();
            if (!parseValue(value.m_array.back(), depth))
                return false;
            skipWhitespace();
            if (atEnd())
                return failHere("");
            if (m_text[m_pos] == ']') {
                advance();
                return true;
            }
            if (m_text[m_pos] != ',')
                return failHere("expected ',' or ']'");
            advance();
        }
    }

    bool parseObject(JsonValue& value, int depth)
    {
        if (!enter(depth))
            return false;
        value.m_type = JsonValue::Type::Object;
        advance();
        skipWhitespace();
        if (!atEnd() && m_text[m_pos] == '}') {
            advance();
            return true;
        }
        // Small objects are checked for duplicate keys by a scan; large ones keep a set.
        constexpr std::size_t scanLimit = 16;
        std::unordered_set<std::string> keys;
        for (;;) {
            skipWhitespace();
            if (atEnd() || m_text[m_pos] != '"')
                return failHere("expected a string key");
            JsonValue::Member member;
            member.line = m_line;
            member.column = m_column;
            if (!parseString(member.key))
                return false;
            bool duplicate = false;
            if (value.m_object.size() < scanLimit) {
                for (const JsonValue::Member& other : value.m_object)
                    duplicate = duplicate || other.key == member.key;
            } else {
                if (keys.empty()) {
                    for (const JsonValue::Member& other : value.m_object)
                        keys.insert(other.key);
                }
                duplicate = !keys.insert(member.key).second;
            }
            if (duplicate) {
                m_error = JsonError { member.line, member.column, "duplicate key " + quoteKey(member.key) };
                return false;
            }
            skipWhitespace();
            if (atEnd() || m_text[m_pos] != ':')
                return failHere("expected ':'");
            advance();
            value.m_object.push_back(std::move(member));
            if (!parseValue(value.m_object.back().value, depth))
                return false;
            skipWhitespace();
            if (atEnd())
                return failHere("");
            if (m_text[m_pos] == '}') {
                advance();
                return true;
            }
            if (m_text[m_pos] != ',')
                return failHere("expected ',' or '}'");
            advance();
        }
    }

    static std::string quoteKey(const std::string& key)
    {
        std::string out = "'";
        for (std::size_t i = 0; i < key.size() && i < 64; ++i) {
            const auto c = static_cast<unsigned char>(key[i]);
            out += c < 0x20 || c == 0x7F ? '?' : char(c);
        }
        if (key.size() > 64)
            out += "...";
        return out + "'";
    }

    bool parseHex4(std::uint32_t& value)
    {
        value = 0;
        for (int i = 0; i < 4; ++i) {
            if (atEnd() || !isHexDigit(m_text[m_pos]))
                return failHere("invalid \\u escape; expected 4 hex digits");
            value = value * 16 + hexValue(m_text[m_pos]);
            advance();
        }
        return true;
    }

    bool parseString(std::string& out)
    {
        advance();
        for (;;) {
            // Copy the run of plain ASCII characters in one go.
            std::size_t start = m_pos;
            while (!atEnd()) {
                const unsigned char c = byte();
                if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
                    break;
                ++m_pos;
            }
            out.append(m_text, start, m_pos - start);
            m_column += std::uint32_t(m_pos - start);
            if (atEnd())
                return failHere("");
            const unsigned char c = byte();
            if (c == '"') {
                advance();
                return true;
            }
            if (c < 0x20)
                return failHere("control character in string; write it as an escape");
            if (c >= 0x80) {
                const std::size_t length = utf8SequenceLength(
                    reinterpret_cast<const unsigned char*>(m_text.data()) + m_pos, m_text.size() - m_pos);
                if (length == 0)
                    return failHere("invalid UTF-8 in string");
                out.append(m_text, m_pos, length);
                m_pos += length;
                ++m_column;
                continue;
            }
            const std::uint32_t escapeLine = m_line;
            const std::uint32_t escapeColumn = m_column;
            advance();
            if (atEnd())
                return failHere("");
            const char e = m_text[m_pos];
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out += e;
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                advance();
                std::uint32_t cp = 0;
                if (!parseHex4(cp))
                    return false;
                if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    m_error = JsonError { escapeLine, escapeColumn, "unpaired surrogate in \\u escape" };
                    return false;
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (m_text.compare(m_pos, 2, "\\u") != 0) {
                        m_error = JsonError { escapeLine, escapeColumn, "unpaired surrogate in \\u escape" };
                        return false;
                    }
                    advance();
                    advance();
                    std::uint32_t low = 0;
                    if (!parseHex4(low))
                        return false;
                    if (low < 0xDC00 || low > 0xDFFF) {
                        m_error = JsonError { escapeLine, escapeColumn, "unpaired surrogate in \\u escape" };
                        return false;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                appendUtf8(out, cp);
                continue;
            }
            default:
                m_error = JsonError { escapeLine, escapeColumn, "invalid escape '\\" + describeEscape(e) + "'" };
                return false;
            }
            advance();
        }
    }

    static std::string describeEscape(char c)
    {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x21 && u < 0x7F)
            return std::string(1, c);
        return "?";
    }

    bool expectDigit(const char* message)
    {
        if (atEnd() || m_text[m_pos] < '0' || m_text[m_pos] > '9')
            return failHere(message);
        return true;
    }

    void skipDigits()
    {
        while (!atEnd() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9')
            advance();
    }

    bool parseNumber(JsonValue& value)
    {
        value.m_type = JsonValue::Type::Number;
        const std::size_t start = m_pos;
        bool integer = true;
        if (m_text[m_pos] == '-')
            advance();
        if (!expectDigit("invalid number; expected a digit"))
            return false;
        if (m_text[m_pos] == '0')
            advance();
        else
            skipDigits();
        if (!atEnd() && m_text[m_pos] == '.') {
            integer = false;
            advance();
            if (!expectDigit("invalid number; expected a digit after '.'"))
                return false;
            skipDigits();
        }
        if (!atEnd() && (m_text[m_pos] == 'e' || m_text[m_pos] == 'E')) {
            integer = false;
            advance();
            if (!atEnd() && (m_text[m_pos] == '+' || m_text[m_pos] == '-'))
                advance();
            if (!expectDigit("invalid number; expected a digit in the exponent"))
                return false;
            skipDigits();
        }
        const char* first = m_text.data() + start;
        const char* last = m_text.data() + m_pos;
        value.m_integerLiteral = integer;
        if (integer) {
            const auto [end, ec] = std::from_chars(first, last, value.m_int);
            value.m_fitsInt64 = ec == std::errc() && end == last;
        }
        const auto [end, ec] = std::from_chars(first, last, value.m_number);
        if (ec == std::errc::result_out_of_range) {
            // from_chars leaves the value alone when it is out of range; JSON
            // numbers that large mean infinity, and those that small mean zero.
            const double magnitude = decimalExponent(first, last) > 0 ? HUGE_VAL : 0.0;
            value.m_number = *first == '-' ? -magnitude : magnitude;
        } else if (ec != std::errc() || end != last) {
            m_error = JsonError { value.m_line, value.m_column, "invalid number" };
            return false;
        }
        return true;
    }

    std::string_view m_text;
    std::size_t m_maxBytes;
    std::size_t m_pos = 0;
    std::uint32_t m_line = 1;
    std::uint32_t m_column = 1;
    JsonError m_error;
};

JsonResult parseJson(std::string_view text, std::size_t maxBytes)
{
    return JsonParser(text, maxBytes).run();
}

} // namespace loopscope
