#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string_view>

namespace loopscope {

// Buffered JSON output with hand-written number formatting, for files of gigabytes: the stream sees
// 1 MiB writes, and nothing on the way allocates.
class JsonOutput
{
public:
    explicit JsonOutput(std::ostream& out);
    JsonOutput(const JsonOutput&) = delete;
    JsonOutput& operator=(const JsonOutput&) = delete;

    // Bytes written so far, buffered ones included.
    std::uint64_t bytes() const { return m_flushed + std::uint64_t(m_pos - m_buffer.get()); }

    // Writes out what is buffered; false when the stream has failed.
    bool finish();

    void literal(std::string_view text);
    void character(char c)
    {
        *room(1) = c;
        ++m_pos;
    }
    void integer(std::int64_t value);
    void unsignedInteger(std::uint64_t value);
    // Writes value / 10^digits exactly, without trailing zeros in the fraction.
    void fixed(std::int64_t value, int digits);
    // The shortest text that reads back as the same double; callers keep non-finite values out.
    void number(double value);
    // A JSON string. Bytes that are not UTF-8 become lone low surrogates U+DC80..U+DCFF (Python's
    // "surrogateescape"), so the file stays valid JSON and reads back byte for byte.
    void string(std::string_view text);

private:
    static constexpr std::size_t Capacity = std::size_t(1) << 20;

    char* room(std::size_t size)
    {
        if (std::size_t(m_end - m_pos) < size)
            flush();
        return m_pos;
    }
    void flush();
    void escape(unsigned char c);

    std::ostream& m_out;
    std::unique_ptr<char[]> m_buffer;
    char* m_pos;
    char* m_end;
    std::uint64_t m_flushed = 0;
};

} // namespace loopscope
