#include "formats/jsondocument.h"

#include "formats/progress.h"
#include "formats/progressmeter.h"
#include "formats/utf8.h"

#include <algorithm>
#include <unordered_set>

namespace loopscope {

namespace {

// Positions are kept this many bytes apart at most.
constexpr std::uint32_t CheckpointBytes = 64 * 1024;
// Arrays and objects shorter than this are not noted; skipping one reads it again, which costs less
// than noting the small objects that most of a program is made of.
constexpr std::uint32_t NotedBytes = 128;

} // namespace

// Checks a document as JsonParser reads it, with the same errors, and notes where its arrays and
// objects end instead of building values.
class JsonChecker
{
public:
    JsonChecker(std::string_view text, JsonDocument& document, ProgressMeter* meter)
        : m_lexer(text)
        , m_document(document)
        , m_meter(meter)
    { }

    std::optional<JsonError> run()
    {
        m_document.m_checkpoints.push_back({});
        m_lexer.peek();
        m_document.m_root = std::uint32_t(m_lexer.offset());
        if (readValue(0) && m_lexer.peek() != JsonLexer::End) {
            const auto next = static_cast<unsigned char>(*m_lexer.here());
            m_lexer.fail(m_lexer.here(), "unexpected " + JsonLexer::describeByte(next) + " after the document");
        }
        if (!m_lexer.failed())
            return std::nullopt;
        const JsonLexer::Position at = m_lexer.errorPosition();
        return JsonError { at.line, at.column, m_lexer.error() };
    }

private:
    bool readValue(int depth)
    {
        m_lexer.peek();
        const char* at = m_lexer.here();
        const auto offset = std::uint32_t(m_lexer.offset());
        if (offset >= m_nextCheckpoint) {
            m_document.m_checkpoints.push_back({ offset, m_lexer.position(at) });
            m_nextCheckpoint = offset + CheckpointBytes;
            if (m_meter && !m_meter->update(offset))
                return m_lexer.fail(at, CancelledMessage);
        }
        std::string_view text;
        switch (m_lexer.readScalar(text, m_scratch)) {
        case JsonLexer::Token::None:
            return false;
        case JsonLexer::Token::Number: {
            JsonNumber number;
            return readJsonNumber(text, number) || m_lexer.fail(at, "invalid number");
        }
        case JsonLexer::Token::String:
            ++m_document.m_counts.strings;
            m_document.m_counts.stringBytes += m_lexer.offset() - offset;
            return true;
        case JsonLexer::Token::True:
        case JsonLexer::Token::False:
        case JsonLexer::Token::Null:
            return true;
        case JsonLexer::Token::Object:
            ++m_document.m_counts.objects;
            return enter(depth + 1) && readContainer(offset, [&] { return readObject(depth + 1); });
        case JsonLexer::Token::Array:
            return enter(depth + 1) && readContainer(offset, [&] {
                bool empty = true;
                return m_lexer.readElements([&] {
                    m_document.m_counts.arrays += empty;
                    empty = false;
                    return readValue(depth + 1);
                });
            });
        }
        return false;
    }

    bool enter(int depth)
    {
        if (depth > JsonValue::maxDepth)
            return m_lexer.failHere("nesting deeper than " + std::to_string(JsonValue::maxDepth) + " levels");
        return true;
    }

    template <typename Read> bool readContainer(std::uint32_t start, Read read)
    {
        // Noted in the order they start, so an outer container goes before the ones inside it.
        const std::size_t index = m_document.m_starts.size();
        m_document.m_starts.push_back(start);
        m_document.m_ends.push_back(0);
        const bool complete = read();
        const auto end = std::uint32_t(m_lexer.offset());
        if (end - start >= NotedBytes) {
            m_document.m_ends[index] = end;
        } else {
            // Those inside a short one are shorter still: none of them is kept either.
            m_document.m_starts.resize(index);
            m_document.m_ends.resize(index);
        }
        return complete;
    }

    bool readObject(int depth)
    {
        // Small objects are checked for duplicate keys by a scan; large ones keep a set.
        constexpr std::size_t scanLimit = 16;
        std::vector<std::string> keys;
        std::unordered_set<std::string> keySet;
        return m_lexer.readMembers(m_key, [&](std::string_view key, const char* keyAt) {
            bool fresh = true;
            if (keys.size() < scanLimit) {
                fresh = std::find(keys.begin(), keys.end(), key) == keys.end();
                keys.emplace_back(key);
            } else {
                if (keySet.empty())
                    keySet.insert(keys.begin(), keys.end());
                fresh = keySet.emplace(key).second;
            }
            if (!fresh)
                return m_lexer.fail(keyAt, "duplicate key " + quote(key));
            return readValue(depth);
        });
    }

    JsonLexer m_lexer;
    JsonDocument& m_document;
    ProgressMeter* m_meter;
    std::uint32_t m_nextCheckpoint = CheckpointBytes;
    std::string m_key;
    std::string m_scratch;
};

std::variant<JsonDocument, JsonError> JsonDocument::parse(
    std::string_view text, ProgressMeter* meter, std::size_t maxBytes)
{
    if (auto error = prepareJsonText(text, maxBytes))
        return std::move(*error);
    JsonDocument document;
    document.m_text = text;
    if (auto error = JsonChecker(text, document, meter).run())
        return std::move(*error);
    document.m_starts.shrink_to_fit();
    document.m_ends.shrink_to_fit();
    document.m_checkpoints.shrink_to_fit();
    return document;
}

std::size_t JsonDocument::memoryBytes() const
{
    return (m_starts.capacity() + m_ends.capacity()) * sizeof(std::uint32_t)
        + m_checkpoints.capacity() * sizeof(Checkpoint);
}

JsonValue::Type JsonDocument::type(Value value) const
{
    switch (m_text[value.offset]) {
    case '"':
        return JsonValue::Type::String;
    case '{':
        return JsonValue::Type::Object;
    case '[':
        return JsonValue::Type::Array;
    case 't':
    case 'f':
        return JsonValue::Type::Bool;
    case 'n':
        return JsonValue::Type::Null;
    default:
        return JsonValue::Type::Number;
    }
}

JsonLexer::Position JsonDocument::position(Value value) const
{
    const auto after = std::upper_bound(m_checkpoints.begin(), m_checkpoints.end(), value.offset,
        [](std::uint32_t offset, const Checkpoint& checkpoint) { return offset < checkpoint.offset; });
    const Checkpoint& before = *std::prev(after);
    if (m_lastPosition.offset > value.offset || m_lastPosition.offset < before.offset)
        m_lastPosition = before;
    for (; m_lastPosition.offset < value.offset; ++m_lastPosition.offset) {
        const auto c = static_cast<unsigned char>(m_text[m_lastPosition.offset]);
        if (c == '\n') {
            ++m_lastPosition.position.line;
            m_lastPosition.position.column = 1;
        } else if ((c & 0xC0) != 0x80) {
            ++m_lastPosition.position.column;
        }
    }
    return m_lastPosition.position;
}

std::string JsonDocument::string(Value value) const
{
    JsonLexer lexer = readerAt(value);
    std::string scratch;
    std::string_view text;
    lexer.readScalar(text, scratch);
    return std::string(text);
}

JsonNumber JsonDocument::number(Value value) const
{
    JsonLexer lexer = readerAt(value);
    std::string scratch;
    std::string_view text;
    JsonNumber number;
    if (lexer.readScalar(text, scratch) == JsonLexer::Token::Number)
        readJsonNumber(text, number);
    return number;
}

std::size_t JsonDocument::size(Value container) const
{
    std::size_t count = 0;
    if (type(container) == JsonValue::Type::Array) {
        forEachElement(container, [&](Value, std::size_t) { return ++count != 0; });
    } else {
        forEachMember(container, [&](std::string_view, const Member&) { return ++count != 0; });
    }
    return count;
}

std::optional<JsonDocument::Member> JsonDocument::find(Value object, std::string_view key) const
{
    std::optional<Member> found;
    forEachMember(object, [&](std::string_view name, const Member& member) {
        if (name == key)
            found = member;
        return !found;
    });
    return found;
}

JsonLexer JsonDocument::readerAt(Value value) const
{
    JsonLexer lexer(m_text);
    lexer.seek(value.offset);
    return lexer;
}

bool JsonDocument::skip(JsonLexer& lexer) const
{
    const int next = lexer.peek();
    if (next == '{' || next == '[') {
        const auto offset = std::uint32_t(lexer.offset());
        const auto start = std::lower_bound(m_starts.begin(), m_starts.end(), offset);
        if (start != m_starts.end() && *start == offset) {
            lexer.seek(m_ends[std::size_t(start - m_starts.begin())]);
            return true;
        }
    }
    std::string scratch;
    std::string_view text;
    switch (lexer.readScalar(text, scratch)) {
    case JsonLexer::Token::None:
        return false;
    case JsonLexer::Token::Object:
        return lexer.readMembers(scratch, [&](std::string_view, const char*) { return skip(lexer); });
    case JsonLexer::Token::Array:
        return lexer.readElements([&] { return skip(lexer); });
    default:
        return true;
    }
}

} // namespace loopscope
