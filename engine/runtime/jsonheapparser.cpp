#include "runtime/jsonheapparser.h"

#include "formats/jsonlexer.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace loopscope {

namespace {

// The heap's cells: a header, then what the kind holds. A Value is a cell's address, or a small
// integer shifted left with its lowest bit set (V8's Smi).
enum class CellKind : std::uint32_t { Oddball, Number, String, Interned, Object, Array };

struct Cell
{
    CellKind kind;
    std::uint32_t length;
};

struct NumberCell
{
    Cell header;
    double value;
};

constexpr std::size_t ChunkBytes = std::size_t(1) << 20;
// V8 internalizes the string values of a JSON text up to this length, so repeated short values share one string.
constexpr std::size_t InternUpTo = 10;
// JSON.parse has no limit of its own but the stack; this one keeps the loop thread's stack safe.
constexpr int MaxDepth = 5000;

const Cell trueCell { CellKind::Oddball, 1 };
const Cell falseCell { CellKind::Oddball, 0 };
const Cell nullCell { CellKind::Oddball, 2 };

} // namespace

struct JsonHeapParser::Interned
{
    Cell header { CellKind::Interned, 0 };
    std::string text;
};

// A hidden class: the keys of an object in order, as the chain of transitions that added them.
struct JsonHeapParser::Shape
{
    const Interned* key = nullptr;
    const Shape* parent = nullptr;
    std::uint32_t count = 0;
    std::vector<std::pair<const Interned*, Shape*>> transitions;
};

JsonHeapParser::JsonHeapParser()
{
    m_shapes.emplace_back();
}

JsonHeapParser::~JsonHeapParser() = default;

bool JsonHeapParser::parse(std::string_view text, std::size_t budget)
{
    m_error.clear();
    m_values = 0;
    m_heapBytes = 0;
    m_stopped = false;
    m_budget = budget;
    m_stack.clear();
    JsonLexer lexer(text);
    Value root = 0;
    const bool ok = value(lexer, root, 0);
    if (m_stopped)
        return true;
    if (ok && lexer.peek() != JsonLexer::End)
        lexer.failHere("unexpected " + JsonLexer::describeByte(static_cast<unsigned char>(*lexer.here())));
    if (!lexer.failed())
        return true;
    const JsonLexer::Position at = lexer.errorPosition();
    m_error = lexer.error() + " at line " + std::to_string(at.line) + " column " + std::to_string(at.column);
    return false;
}

bool JsonHeapParser::value(JsonLexer& lexer, Value& out, int depth)
{
    if (depth > MaxDepth)
        return lexer.failHere("nested too deeply");
    std::string_view text;
    switch (lexer.readScalar(text, m_scratch)) {
    case JsonLexer::Token::None:
        return false;
    case JsonLexer::Token::String:
        out = string(text);
        break;
    case JsonLexer::Token::Number:
        out = number(text);
        break;
    case JsonLexer::Token::True:
        out = reinterpret_cast<Value>(&trueCell);
        break;
    case JsonLexer::Token::False:
        out = reinterpret_cast<Value>(&falseCell);
        break;
    case JsonLexer::Token::Null:
        out = reinterpret_cast<Value>(&nullCell);
        break;
    case JsonLexer::Token::Object:
        return object(lexer, out, depth);
    case JsonLexer::Token::Array:
        return array(lexer, out, depth);
    }
    ++m_values;
    return true;
}

bool JsonHeapParser::object(JsonLexer& lexer, Value& out, int depth)
{
    const std::size_t base = m_stack.size();
    Shape* shape = &m_shapes.front();
    const bool ok = lexer.readMembers(m_keyScratch, [&](std::string_view key, const char*) {
        // As V8 does, follow the transition objects of this shape took before; a key seen first is
        // internalized and gets a shape of its own.
        Shape* next = nullptr;
        for (const auto& [known, child] : shape->transitions) {
            if (known->text == key) {
                next = child;
                break;
            }
        }
        if (!next) {
            const Interned* interned = intern(key);
            Shape& added = m_shapes.emplace_back();
            added.key = interned;
            added.parent = shape;
            added.count = shape->count + 1;
            shape->transitions.emplace_back(interned, &added);
            next = &added;
        }
        shape = next;
        Value member = 0;
        if (!value(lexer, member, depth + 1))
            return false;
        m_stack.push_back(member);
        return true;
    });
    if (!ok)
        return false;
    const std::size_t count = m_stack.size() - base;
    auto* cell = static_cast<Cell*>(allocate(sizeof(Cell) + sizeof(const Shape*) + count * sizeof(Value)));
    cell->kind = CellKind::Object;
    cell->length = std::uint32_t(count);
    auto* fields = reinterpret_cast<std::byte*>(cell + 1);
    const Shape* const shared = shape;
    std::memcpy(fields, &shared, sizeof shared);
    std::copy(
        m_stack.begin() + std::ptrdiff_t(base), m_stack.end(), reinterpret_cast<Value*>(fields + sizeof(const Shape*)));
    m_stack.resize(base);
    out = reinterpret_cast<Value>(cell);
    ++m_values;
    return true;
}

bool JsonHeapParser::array(JsonLexer& lexer, Value& out, int depth)
{
    const std::size_t base = m_stack.size();
    const bool ok = lexer.readElements([&] {
        if (lexer.offset() >= m_budget) {
            m_stopped = true;
            return false;
        }
        Value element = 0;
        if (!value(lexer, element, depth + 1))
            return false;
        m_stack.push_back(element);
        return true;
    });
    if (!ok && !m_stopped)
        return false;
    // Built once its length is known, as V8 builds a parsed array's elements.
    const std::size_t count = m_stack.size() - base;
    auto* cell = static_cast<Cell*>(allocate(sizeof(Cell) + count * sizeof(Value)));
    cell->kind = CellKind::Array;
    cell->length = std::uint32_t(count);
    std::copy(m_stack.begin() + std::ptrdiff_t(base), m_stack.end(), reinterpret_cast<Value*>(cell + 1));
    m_stack.resize(base);
    out = reinterpret_cast<Value>(cell);
    ++m_values;
    return ok;
}

JsonHeapParser::Value JsonHeapParser::number(std::string_view token)
{
    // Integers of up to nine digits are small integers, unboxed; anything else is a boxed double.
    const bool negative = token.front() == '-';
    const std::string_view digits = negative ? token.substr(1) : token;
    if (digits.size() <= 9 && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        std::int64_t n = 0;
        for (const char c : digits)
            n = n * 10 + (c - '0');
        return Value((negative ? -n : n) * 2 + 1);
    }
    double parsed = 0;
    std::from_chars(token.data(), token.data() + token.size(), parsed);
    auto* cell = static_cast<NumberCell*>(allocate(sizeof(NumberCell)));
    cell->header = { CellKind::Number, 0 };
    cell->value = parsed;
    return reinterpret_cast<Value>(cell);
}

JsonHeapParser::Value JsonHeapParser::string(std::string_view text)
{
    if (text.size() <= InternUpTo)
        return reinterpret_cast<Value>(intern(text));
    auto* cell = static_cast<Cell*>(allocate(sizeof(Cell) + text.size()));
    cell->kind = CellKind::String;
    cell->length = std::uint32_t(text.size());
    std::memcpy(cell + 1, text.data(), text.size());
    return reinterpret_cast<Value>(cell);
}

const JsonHeapParser::Interned* JsonHeapParser::intern(std::string_view text)
{
    const auto found = m_strings.find(text);
    if (found != m_strings.end())
        return found->second.get();
    auto interned = std::make_unique<Interned>();
    interned->text = std::string(text);
    interned->header.length = std::uint32_t(text.size());
    const Interned* kept = interned.get();
    m_strings.emplace(interned->text, std::move(interned));
    return kept;
}

void* JsonHeapParser::allocate(std::size_t bytes)
{
    bytes = (bytes + 7) & ~std::size_t(7);
    m_heapBytes += bytes;
    if (std::size_t(m_limit - m_top) < bytes) {
        const std::size_t size = std::max(ChunkBytes, bytes);
        m_chunks.emplace_back(new std::byte[size]);
        m_top = m_chunks.back().get();
        m_limit = m_top + size;
    }
    void* cell = m_top;
    m_top += bytes;
    return cell;
}

} // namespace loopscope
