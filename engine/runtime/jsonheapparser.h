#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace loopscope {

class JsonLexer;

// JSON.parse's work, done as V8 does it: every value of the document is built in a heap of its own
// (objects with a hidden class shared by objects of the same keys, keys and short strings
// internalized, small integers unboxed, other numbers boxed, longer strings copied), so the time a
// parse takes grows with the document as Node's does. The values are let go with the parser.
class JsonHeapParser
{
public:
    static constexpr std::size_t Whole = std::size_t(-1);

    JsonHeapParser();
    ~JsonHeapParser();
    JsonHeapParser(const JsonHeapParser&) = delete;
    JsonHeapParser& operator=(const JsonHeapParser&) = delete;

    // Parses `text` and builds its values; false (error() says why) when it is not JSON. With a
    // budget, it stops at the first element of an array past `budget` bytes (a partial pass).
    bool parse(std::string_view text, std::size_t budget = Whole);
    const std::string& error() const { return m_error; }
    // Values built by the last parse() and the bytes of heap they took.
    std::size_t values() const { return m_values; }
    std::size_t heapBytes() const { return m_heapBytes; }

private:
    using Value = std::uintptr_t;
    struct Shape;
    struct Interned;

    bool value(JsonLexer& lexer, Value& out, int depth);
    bool object(JsonLexer& lexer, Value& out, int depth);
    bool array(JsonLexer& lexer, Value& out, int depth);
    Value number(std::string_view token);
    Value string(std::string_view text);
    const Interned* intern(std::string_view text);
    void* allocate(std::size_t bytes);

    std::unordered_map<std::string_view, std::unique_ptr<Interned>> m_strings;
    std::deque<Shape> m_shapes;
    std::vector<std::unique_ptr<std::byte[]>> m_chunks;
    std::byte* m_top = nullptr;
    std::byte* m_limit = nullptr;
    std::vector<Value> m_stack; // the elements and members of the open arrays and objects
    std::string m_keyScratch;
    std::string m_scratch;
    std::string m_error;
    std::size_t m_budget = Whole;
    std::size_t m_values = 0;
    std::size_t m_heapBytes = 0;
    bool m_stopped = false;
};

} // namespace loopscope
