#pragma once

#include "formats/jsonlexer.h"
#include "formats/jsonvalue.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace loopscope {

class ProgressMeter;

// A JSON document checked once and then read where it lies. A value is the offset of its first byte,
// read again from the text when asked for; the document keeps where each array and object of 128 bytes
// or more ends and a position every 64 KiB, where a JsonValue tree keeps a node of about 100 bytes per
// value. The text must outlive the document.
class JsonDocument
{
public:
    struct Value
    {
        std::uint32_t offset = 0;
    };
    struct Member
    {
        Value key; // where the key was written
        Value value;
    };
    // What the document holds, counted as it is checked.
    struct Counts
    {
        std::uint64_t objects = 0;
        std::uint64_t arrays = 0; // those with an element
        std::uint64_t strings = 0; // string values, keys not included
        std::uint64_t stringBytes = 0; // their bytes as written, at least their bytes decoded
    };

    // Checks `text` as parseJson() does, failing with the same errors at the same places. `meter`, when
    // given, counts the bytes checked; a cancelled check fails with CancelledMessage.
    static std::variant<JsonDocument, JsonError> parse(
        std::string_view text, ProgressMeter* meter = nullptr, std::size_t maxBytes = JsonValue::maxSize);

    // The text read, without its byte-order mark.
    std::string_view text() const { return m_text; }
    Value root() const { return Value { m_root }; }
    const Counts& counts() const { return m_counts; }
    // The bytes the document holds besides the text.
    std::size_t memoryBytes() const;
    JsonValue::Type type(Value value) const;
    // The line and column of the value's first character; cheap when asked in the order of the text.
    JsonLexer::Position position(Value value) const;
    std::string string(Value value) const;
    bool boolValue(Value value) const { return m_text[value.offset] == 't'; }
    JsonNumber number(Value value) const;
    // The elements of an array, or the members of an object.
    std::size_t size(Value container) const;
    // The member named `key` of an object.
    std::optional<Member> find(Value object, std::string_view key) const;

    // Calls visit(element, index) for each element of `array`, until one returns false.
    template <typename Visit> void forEachElement(Value array, Visit visit) const
    {
        JsonLexer lexer = readerAt(array);
        std::size_t index = 0;
        lexer.readElements([&] { return visit(valueAt(lexer), index++) && skip(lexer); });
    }

    // Calls visit(key, member) for each member of `object`, until one returns false; `key` lasts until it returns.
    template <typename Visit> void forEachMember(Value object, Visit visit) const
    {
        JsonLexer lexer = readerAt(object);
        std::string keyScratch;
        lexer.readMembers(keyScratch, [&](std::string_view key, const char* keyAt) {
            const Member member { Value { std::uint32_t(keyAt - m_text.data()) }, valueAt(lexer) };
            return visit(key, member) && skip(lexer);
        });
    }

private:
    friend class JsonChecker;

    struct Checkpoint
    {
        std::uint32_t offset = 0;
        JsonLexer::Position position;
    };

    JsonLexer readerAt(Value value) const;
    static Value valueAt(JsonLexer& lexer)
    {
        lexer.peek();
        return Value { std::uint32_t(lexer.offset()) };
    }
    // Moves the lexer past the value at its next token.
    bool skip(JsonLexer& lexer) const;

    std::string_view m_text;
    std::uint32_t m_root = 0;
    Counts m_counts;
    // The arrays and objects of 128 bytes or more in the order they start: where each starts and where
    // it ends, one past its closing bracket.
    std::vector<std::uint32_t> m_starts;
    std::vector<std::uint32_t> m_ends;
    // Positions every few kilobytes, so that position() never walks far.
    std::vector<Checkpoint> m_checkpoints;
    mutable Checkpoint m_lastPosition;
};

} // namespace loopscope
