#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

// Bytes written and read back a field at a time: single bytes, LEB128 varints, zigzag deltas from a
// predicted value, raw copies. The compact recording (recordcodec) and the probe's stream (attach/wire)
// are both written with them.
namespace loopscope {

namespace bytecursor {

inline std::uint64_t zigzag(std::int64_t value)
{
    return (std::uint64_t(value) << 1) ^ std::uint64_t(value >> 63);
}

inline std::int64_t unzigzag(std::uint64_t value)
{
    return std::int64_t(value >> 1) ^ -std::int64_t(value & 1);
}

// Differences in two's complement, so that any two values (the extremes too) round-trip.
inline std::int64_t difference(std::int64_t value, std::int64_t predicted)
{
    return std::int64_t(std::uint64_t(value) - std::uint64_t(predicted));
}

inline std::int64_t sum(std::int64_t predicted, std::int64_t delta)
{
    return std::int64_t(std::uint64_t(predicted) + std::uint64_t(delta));
}

} // namespace bytecursor

// Appends to a byte vector.
class ByteWriter
{
public:
    explicit ByteWriter(std::vector<std::uint8_t>& out)
        : m_out(out)
    { }
    void byte(std::uint8_t value) { m_out.push_back(value); }
    void varint(std::uint64_t value)
    {
        while (value >= 0x80) {
            m_out.push_back(std::uint8_t(value | 0x80));
            value >>= 7;
        }
        m_out.push_back(std::uint8_t(value));
    }
    void delta(std::int64_t value, std::int64_t predicted)
    {
        varint(bytecursor::zigzag(bytecursor::difference(value, predicted)));
    }
    void raw(const void* data, std::size_t size)
    {
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        m_out.insert(m_out.end(), bytes, bytes + size);
    }
    // Reserves the byte that says which fields follow, filled in by setMask().
    std::size_t maskAt()
    {
        m_out.push_back(0);
        return m_out.size() - 1;
    }
    void setMask(std::size_t at, std::uint8_t mask) { m_out[at] = mask; }

private:
    std::vector<std::uint8_t>& m_out;
};

// Reads a span of bytes; reading past its end reads zeros and clears ok().
class ByteReader
{
public:
    ByteReader(const std::uint8_t* bytes, std::size_t size)
        : m_at(bytes)
        , m_end(bytes + size)
    { }
    bool ok() const { return m_ok; }
    std::uint8_t byte()
    {
        if (m_at == m_end) {
            m_ok = false;
            return 0;
        }
        return *m_at++;
    }
    std::uint64_t varint()
    {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const std::uint8_t b = byte();
            value |= std::uint64_t(b & 0x7f) << shift;
            if (!(b & 0x80))
                return value;
        }
        m_ok = false;
        return 0;
    }
    std::int64_t delta(std::int64_t predicted) { return bytecursor::sum(predicted, bytecursor::unzigzag(varint())); }
    void raw(void* data, std::size_t size)
    {
        if (std::size_t(m_end - m_at) < size) {
            m_ok = false;
            m_at = m_end;
            std::memset(data, 0, size);
            return;
        }
        std::memcpy(data, m_at, size);
        m_at += size;
    }
    // What is left to read.
    const std::uint8_t* at() const { return m_at; }
    std::size_t left() const { return std::size_t(m_end - m_at); }

private:
    const std::uint8_t* m_at;
    const std::uint8_t* m_end;
    bool m_ok = true;
};

} // namespace loopscope
