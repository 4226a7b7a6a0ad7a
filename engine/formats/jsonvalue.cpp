#include "formats/jsonvalue.h"

#include "formats/jsonlexer.h"
#include "formats/utf8.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_set>
#include <utility>
#include <vector>

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

// Small objects are checked for duplicate keys by a scan; large ones keep a set.
class KeySet
{
public:
    // False when `members` already hold `key`.
    bool insert(const std::vector<JsonValue::Member>& members, std::string_view key)
    {
        constexpr std::size_t scanLimit = 16;
        if (members.size() < scanLimit) {
            return std::none_of(
                members.begin(), members.end(), [key](const JsonValue::Member& member) { return member.key == key; });
        }
        if (m_keys.empty()) {
            for (const JsonValue::Member& member : members)
                m_keys.insert(member.key);
        }
        return m_keys.insert(std::string(key)).second;
    }

private:
    std::unordered_set<std::string> m_keys;
};

} // namespace

// A recursive-descent parser whose recursion is bounded by JsonValue::maxDepth.
class JsonParser
{
public:
    explicit JsonParser(std::string_view text)
        : m_lexer(text)
    { }

    JsonResult run()
    {
        JsonValue root;
        if (readValue(root, 0) && m_lexer.peek() != JsonLexer::End) {
            const auto next = static_cast<unsigned char>(*m_lexer.here());
            m_lexer.fail(m_lexer.here(), "unexpected " + JsonLexer::describeByte(next) + " after the document");
        }
        if (!m_lexer.failed())
            return root;
        const JsonLexer::Position at = m_lexer.errorPosition();
        return JsonError { at.line, at.column, m_lexer.error() };
    }

private:
    void mark(const char* at, std::uint32_t& line, std::uint32_t& column)
    {
        const JsonLexer::Position position = m_lexer.position(at);
        line = position.line;
        column = position.column;
    }

    bool readValue(JsonValue& value, int depth)
    {
        m_lexer.peek();
        const char* at = m_lexer.here();
        mark(at, value.m_line, value.m_column);
        std::string_view text;
        switch (m_lexer.readScalar(text, m_scratch)) {
        case JsonLexer::Token::None:
            return false;
        case JsonLexer::Token::String:
            value.m_type = JsonValue::Type::String;
            value.m_string.assign(text.data(), text.size());
            return true;
        case JsonLexer::Token::Number:
            return readNumber(value, text, at);
        case JsonLexer::Token::True:
            value.m_bool = true;
            [[fallthrough]];
        case JsonLexer::Token::False:
            value.m_type = JsonValue::Type::Bool;
            return true;
        case JsonLexer::Token::Null:
            return true;
        case JsonLexer::Token::Object:
            return enter(depth + 1) && readObject(value, depth + 1);
        case JsonLexer::Token::Array:
            return enter(depth + 1) && readArray(value, depth + 1);
        }
        return false;
    }

    bool enter(int depth)
    {
        if (depth > JsonValue::maxDepth)
            return m_lexer.failHere("nesting deeper than " + std::to_string(JsonValue::maxDepth) + " levels");
        return true;
    }

    bool readArray(JsonValue& value, int depth)
    {
        value.m_type = JsonValue::Type::Array;
        return m_lexer.readElements([&] { return readValue(value.m_array.emplace_back(), depth); });
    }

    bool readObject(JsonValue& value, int depth)
    {
        value.m_type = JsonValue::Type::Object;
        KeySet keys;
        return m_lexer.readMembers(m_key, [&](std::string_view key, const char* keyAt) {
            if (!keys.insert(value.m_object, key))
                return m_lexer.fail(keyAt, "duplicate key " + quote(key));
            JsonValue::Member& member = value.m_object.emplace_back();
            member.key.assign(key.data(), key.size());
            mark(keyAt, member.line, member.column);
            return readValue(member.value, depth);
        });
    }

    bool readNumber(JsonValue& value, std::string_view token, const char* at)
    {
        value.m_type = JsonValue::Type::Number;
        JsonNumber number;
        if (!readJsonNumber(token, number))
            return m_lexer.fail(at, "invalid number");
        value.m_number = number.value;
        value.m_int = number.intValue;
        value.m_integerLiteral = number.integerLiteral;
        value.m_fitsInt64 = number.fitsInt64;
        return true;
    }

    JsonLexer m_lexer;
    std::string m_key;
    std::string m_scratch;
};

bool readJsonNumber(std::string_view token, JsonNumber& number)
{
    const char* first = token.data();
    const char* last = first + token.size();
    number.integerLiteral = token.find_first_of(".eE") == std::string_view::npos;
    if (number.integerLiteral) {
        const auto [end, ec] = std::from_chars(first, last, number.intValue);
        number.fitsInt64 = ec == std::errc() && end == last;
    }
    const auto [end, ec] = std::from_chars(first, last, number.value);
    if (ec == std::errc::result_out_of_range) {
        // from_chars leaves the value alone when it is out of range; JSON
        // numbers that large mean infinity, and those that small mean zero.
        const double magnitude = decimalExponent(first, last) > 0 ? HUGE_VAL : 0.0;
        number.value = *first == '-' ? -magnitude : magnitude;
        return true;
    }
    return ec == std::errc() && end == last;
}

std::optional<JsonError> prepareJsonText(std::string_view& text, std::size_t maxBytes)
{
    if (text.size() > maxBytes)
        return JsonError { 0, 0,
            "document is larger than " + std::to_string(maxBytes / (std::size_t(1024) * 1024)) + " MiB" };
    if (std::string encoding = foreignEncoding(text); !encoding.empty())
        return JsonError { 0, 0, std::move(encoding) };
    if (looksLikeGzip(text))
        return JsonError { 0, 0, GzipMessage };
    const std::string_view byteOrderMark = "\xEF\xBB\xBF";
    if (text.substr(0, byteOrderMark.size()) == byteOrderMark)
        text.remove_prefix(byteOrderMark.size());
    return std::nullopt;
}

JsonResult parseJson(std::string_view text, std::size_t maxBytes)
{
    if (auto error = prepareJsonText(text, maxBytes))
        return std::move(*error);
    return JsonParser(text).run();
}

} // namespace loopscope
