#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace loopscope {

// Reads the tokens of one JSON document (RFC 8259) held in memory, for both the document parser and
// the streaming trace reader. It keeps the first error and where it was; parsers stop there.
class JsonLexer
{
public:
    // What a \u escape of an unpaired surrogate stands for.
    enum class Surrogates : std::uint8_t {
        Reject, // an error: JSON text is Unicode
        Decode, // U+DC80..U+DCFF is the raw byte the trace writer escaped, any other is U+FFFD
    };

    struct Options
    {
        bool validateUtf8 = true;
        Surrogates surrogates = Surrogates::Reject;
    };

    // A 1-based line and column; the column counts code points, as editors do.
    struct Position
    {
        std::uint32_t line = 1;
        std::uint32_t column = 1;
    };

    // The kind of a value, as readScalar() found it; None when there is none.
    enum class Token : std::uint8_t { None, String, Number, True, False, Null, Object, Array };

    static constexpr int End = -1;

    explicit JsonLexer(std::string_view text)
        : JsonLexer(text, Options())
    { }
    JsonLexer(std::string_view text, Options options);

    // Skips whitespace and returns the next byte (0..255), or End.
    int peek()
    {
        while (m_p < m_end && isSpace(*m_p))
            ++m_p;
        return m_p < m_end ? static_cast<unsigned char>(*m_p) : End;
    }
    const char* here() const { return m_p; }
    std::size_t offset() const { return std::size_t(m_p - m_begin); }
    // Goes back or on to `offset` of the text, where a token starts.
    void seek(std::size_t offset) { m_p = m_begin + offset; }

    // Reads the next string, number or literal into `text` (a string's content, a number's token),
    // using `scratch` only for strings with escapes. At '{' or '[' it reads nothing and says which.
    Token readScalar(std::string_view& text, std::string& scratch)
    {
        const int next = peek();
        switch (next) {
        case '"':
            return readString(text, scratch) ? Token::String : Token::None;
        case '{':
            return Token::Object;
        case '[':
            return Token::Array;
        default:
            if (next == '-' || isDigit(next))
                return readNumber(text) ? Token::Number : Token::None;
            return readOther(next);
        }
    }
    // Skips whitespace and the expected character.
    bool expect(char c)
    {
        if (peek() != static_cast<unsigned char>(c))
            return failExpecting(std::string("'") + c + "'");
        ++m_p;
        return true;
    }

    // Reads the array at the next token: `element()` reads each element and returns false on error.
    template <typename Element> bool readElements(Element element) { return readSequence(']', element); }

    // Reads the object at the next token: `member(key, keyAt)` reads the value after each key's colon.
    // `key` views the input or `keyScratch`, so it lasts until the next key read into that scratch.
    template <typename Member> bool readMembers(std::string& keyScratch, Member member)
    {
        return readSequence('}', [&] {
            if (peek() != '"')
                return failExpecting("a string key");
            const char* keyAt = m_p;
            std::string_view key;
            return readString(key, keyScratch) && expect(':') && member(key, keyAt);
        });
    }

    // Records an error at `at` unless one was recorded before; always returns false.
    bool fail(const char* at, std::string message);
    // Records an error at the next token, or "unexpected end of input" when there is none.
    bool failHere(std::string message);
    // failHere("expected WHAT, found X"), X the byte there (a stray zero byte is named, never guessed at).
    bool failExpecting(const std::string& what);
    bool failed() const { return m_errorAt != nullptr; }
    const std::string& error() const { return m_error; }
    Position errorPosition() { return position(m_errorAt); }

    // The position of `at`; cheap when positions are asked for in the order of the text.
    Position position(const char* at);

    // "'x'" for a printable ASCII character, "byte 0xNN" for anything else.
    static std::string describeByte(unsigned char c);

private:
    static bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
    static bool isDigit(int c) { return c >= '0' && c <= '9'; }
    // Numbers are most of a trace's values, so their digits are read inline.
    bool readDigits(const char* message)
    {
        const char* first = m_p;
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
        return m_p != first || failHere(message);
    }

    // The loop shared by arrays and objects: an element, then a comma or the closing bracket.
    template <typename Element> bool readSequence(char close, Element element)
    {
        peek();
        ++m_p;
        if (peek() == close) {
            ++m_p;
            return true;
        }
        for (;;) {
            if (!element())
                return false;
            const int next = peek();
            if (next == close) {
                ++m_p;
                return true;
            }
            if (next != ',')
                return failExpecting(close == '}' ? "',' or '}'" : "',' or ']'");
            ++m_p;
        }
    }

    // Reads the string at m_p; plain ASCII strings, the common case, are viewed where they are.
    bool readString(std::string_view& text, std::string& scratch)
    {
        const char* start = ++m_p;
        while (m_p < m_end) {
            const auto c = static_cast<unsigned char>(*m_p);
            if (c == '"') {
                text = std::string_view(start, std::size_t(m_p - start));
                ++m_p;
                return true;
            }
            if (c == '\\' || c < 0x20 || c >= 0x80)
                break;
            ++m_p;
        }
        return finishString(start, text, scratch);
    }
    // Continues the string that began at `start` from its first byte that is not plain ASCII.
    bool finishString(const char* start, std::string_view& text, std::string& scratch);
    // Moves m_p past the bytes a string holds as they are.
    void skipPlain();
    bool readEscape(std::string& out);
    bool readUnicodeEscape(const char* escapeAt, std::string& out);
    bool readHex4(std::uint32_t& value);
    // Reads a literal, or fails on what cannot start a value.
    Token readOther(int next);
    bool readNumber(std::string_view& token);
    bool readLiteral(std::string_view word);

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    Options m_options;
    const char* m_errorAt = nullptr;
    std::string m_error;
    const char* m_positionAt;
    Position m_position;
};

} // namespace loopscope
