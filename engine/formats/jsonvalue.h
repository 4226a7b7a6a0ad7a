#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace loopscope {

// A parsed JSON value (RFC 8259) that remembers where it was written.
class JsonValue
{
public:
    enum class Type : std::uint8_t { Null, Bool, Number, String, Array, Object };
    struct Member;

    // The deepest nesting of arrays and objects a document may have.
    static constexpr int maxDepth = 200;
    // The largest document parse() accepts, in bytes.
    static constexpr std::size_t maxSize = std::size_t(64) * 1024 * 1024;

    Type type() const { return m_type; }
    // 1-based line and column (in code points) of the value's first character.
    std::uint32_t line() const { return m_line; }
    std::uint32_t column() const { return m_column; }

    bool isNull() const { return m_type == Type::Null; }
    bool isBool() const { return m_type == Type::Bool; }
    bool isNumber() const { return m_type == Type::Number; }
    bool isString() const { return m_type == Type::String; }
    bool isArray() const { return m_type == Type::Array; }
    bool isObject() const { return m_type == Type::Object; }

    bool boolValue() const { return m_bool; }
    double number() const { return m_number; }
    // True when the number literal has neither fraction nor exponent.
    bool isIntegerLiteral() const { return m_integerLiteral; }
    // True when the literal is an integer that fits an int64; intValue() is then exact.
    bool fitsInt64() const { return m_fitsInt64; }
    std::int64_t intValue() const { return m_int; }
    const std::string& string() const { return m_string; }
    const std::vector<JsonValue>& array() const { return m_array; }
    const std::vector<Member>& object() const { return m_object; }

    // The member named `key` of an object, or nullptr.
    const Member* find(std::string_view key) const;

    // "null", "a boolean", "a number", "a string", "an array" or "an object".
    static const char* typeName(Type type);

private:
    friend class JsonParser;

    Type m_type = Type::Null;
    bool m_bool = false;
    bool m_integerLiteral = false;
    bool m_fitsInt64 = false;
    std::uint32_t m_line = 0;
    std::uint32_t m_column = 0;
    double m_number = 0;
    std::int64_t m_int = 0;
    std::string m_string;
    std::vector<JsonValue> m_array;
    std::vector<Member> m_object;
};

struct JsonValue::Member
{
    std::string key;
    std::uint32_t line = 0; // where the key was written
    std::uint32_t column = 0;
    JsonValue value;
};

// Why a document is not JSON, and where.
struct JsonError
{
    std::uint32_t line = 0; // 0 when no position applies (the document is too large)
    std::uint32_t column = 0;
    std::string message;
};

using JsonResult = std::variant<JsonValue, JsonError>;

// A number literal as JSON means it.
struct JsonNumber
{
    double value = 0;
    std::int64_t intValue = 0; // exact when fitsInt64
    bool integerLiteral = false; // neither fraction nor exponent
    bool fitsInt64 = false;
};

// Reads the number token the lexer found; false when it is not a number after all.
bool readJsonNumber(std::string_view token, JsonNumber& number);

// Removes a byte-order mark from `text`, or says why it cannot be a document parseJson() reads: larger than
// `maxBytes`, UTF-16 or gzip.
std::optional<JsonError> prepareJsonText(std::string_view& text, std::size_t maxBytes);

// Parses one JSON document; never throws, recurses at most JsonValue::maxDepth deep.
JsonResult parseJson(std::string_view text, std::size_t maxBytes = JsonValue::maxSize);

} // namespace loopscope
