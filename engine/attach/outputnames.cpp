#include "attach/outputnames.h"

#include <algorithm>

namespace loopscope::wire {

void OutputNames::read(bool standardError, std::string_view bytes)
{
    Stream& stream = m_streams[standardError ? 1 : 0];
    stream.bytes.append(bytes);
    stream.read += bytes.size();
}

void OutputNames::line(std::string_view text, bool standardError, std::int64_t atNs, std::uint64_t start)
{
    m_lines.push_back({ std::string(text), standardError, atNs, start, 0 });
}

void OutputNames::mark(const OutputMark& mark)
{
    Stream& stream = m_streams[mark.fd == 2 ? 1 : 0];
    stream.counting = true;
    if (mark.label == 0) {
        stream.counted = std::max(stream.counted, mark.start);
        return;
    }
    stream.counted = std::max(stream.counted, mark.start + mark.length);
    // A mark for bytes no line needs any more (its lines named or given up) is not kept.
    if (!stream.broken && mark.start >= stream.base)
        stream.marks.push_back(mark);
}

OutputNames::Outcome OutputNames::name(Line& line, std::int64_t nowNs, bool all)
{
    Stream& stream = m_streams[line.standardError ? 1 : 0];
    if (stream.broken || !stream.counting)
        return Outcome::Unknown;
    while (!stream.marks.empty() && stream.marks.front().start + stream.marks.front().length <= line.start)
        stream.marks.pop_front();
    if (!stream.marks.empty() && stream.marks.front().start <= line.start) {
        const OutputMark& mark = stream.marks.front();
        if (stream.read < mark.start + mark.length)
            return all ? Outcome::Unknown : Outcome::Wait;
        const auto* bytes = reinterpret_cast<const unsigned char*>(stream.bytes.data() + (mark.start - stream.base));
        if (outputHash(OutputHashStart, bytes, std::size_t(mark.length)) != mark.hash) {
            stream.broken = true;
            stream.marks.clear();
            return Outcome::Unknown;
        }
        line.from = mark.label;
        return Outcome::Named;
    }
    // No mark covers the line's first byte: once the probe has counted past it, it was written while no
    // callback of the program's ran that the probe knows of.
    if (line.start < stream.counted)
        return Outcome::Unknown;
    if (all)
        return Outcome::Unknown;
    // Written and read, yet never counted: bytes the probe did not see shifted what it counts.
    if (nowNs - line.atNs > WaitNs) {
        stream.broken = true;
        stream.marks.clear();
        return Outcome::Unknown;
    }
    return Outcome::Wait;
}

void OutputNames::trim(Stream& stream)
{
    std::uint64_t keepFrom = stream.read;
    if (!stream.marks.empty())
        keepFrom = std::min(keepFrom, stream.marks.front().start);
    const bool standardError = &stream == &m_streams[1];
    for (const Line& line : m_lines) {
        if (line.standardError == standardError) {
            keepFrom = std::min(keepFrom, line.start);
            break;
        }
    }
    keepFrom = std::max(keepFrom, stream.base);
    stream.bytes.erase(0, std::size_t(keepFrom - stream.base));
    stream.base = keepFrom;
}

void OutputNames::release(std::int64_t nowNs, bool all, const std::function<void(const Line&)>& named)
{
    while (!m_lines.empty()) {
        Line& line = m_lines.front();
        const Outcome outcome = name(line, nowNs, all);
        if (outcome == Outcome::Wait)
            break;
        if (outcome == Outcome::Unknown)
            line.from = 0;
        named(line);
        m_lines.pop_front();
    }
    trim(m_streams[0]);
    trim(m_streams[1]);
}

} // namespace loopscope::wire
