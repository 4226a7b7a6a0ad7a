#pragma once

#include "attach/wire.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>

namespace loopscope::wire {

// Names each line of an attached program's output by the callback that wrote it: the one running when the
// line's first byte was written, as the probe's marks say (OutputMark, by where the bytes lie in all the
// program wrote to that descriptor). LoopScope reads the program's output from a pipe, sooner than the
// marks come over the probe's socket: a line waits for the marks that can name it (the probe tells how far
// it has counted, with marks of no label), and is named by nothing when no mark covers its first byte, when
// the mark's hash does not match the bytes found there (the program wrote bytes the probe did not count: none
// of that descriptor's lines are named from then on), or when no mark comes in time. A name is never a guess.
class OutputNames
{
public:
    // How long a line waits for the probe's marks once the probe has said it counts (they come every 10 ms);
    // past it, bytes the probe did not count are taken to have shifted its counts, and nothing is named.
    static constexpr std::int64_t WaitNs = 2'000'000'000;

    struct Line
    {
        std::string text;
        bool standardError = false;
        std::int64_t atNs = 0; // when it was read (the recording's clock)
        std::uint64_t start = 0; // where its first byte lies in its descriptor's output
        std::uint32_t from = 0; // the label of the callback that wrote it (0: not known)
    };

    // `bytes` were read from the program's standard output (or error), after those read before.
    void read(bool standardError, std::string_view bytes);
    // A line read, starting at `start` of its descriptor's output.
    void line(std::string_view text, bool standardError, std::int64_t atNs, std::uint64_t start);
    // A mark of the probe's, its label already the recording's; no label: how far the probe has counted.
    void mark(const OutputMark& mark);
    // Hands the lines, in the order read, whose writer is known or cannot be, to `named`; `all`: every line
    // (the output ended), named if it can be.
    void release(std::int64_t nowNs, bool all, const std::function<void(const Line&)>& named);
    bool waiting() const { return !m_lines.empty(); }

private:
    struct Stream
    {
        std::string bytes; // read, from `base` on, kept while a line or a mark may need them
        std::uint64_t base = 0;
        std::uint64_t read = 0; // bytes read in all
        std::deque<OutputMark> marks; // not yet passed, in the order written
        std::uint64_t counted = 0; // how far the probe has said it counted
        bool counting = false; // the probe said it counts this descriptor's bytes
        bool broken = false; // bytes were found the probe did not count: nothing is named any more
    };
    enum class Outcome { Wait, Named, Unknown };

    Outcome name(Line& line, std::int64_t nowNs, bool all);
    void trim(Stream& stream);

    Stream m_streams[2]; // standard output, standard error
    std::deque<Line> m_lines;
};

} // namespace loopscope::wire
