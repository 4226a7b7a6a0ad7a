#pragma once

#include "figures/figures.h"
#include "recording/recording.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace loopscope {

// A human-readable, multi-line summary of a run or a loaded recording, ending with a newline.
std::string summarize(const Recording& recording);

// What a summary says, gathered record by record: a whole recording at once (summarize), or a long
// run's records as they are written, each chunk let go once added (a headless run that prints only
// its summary). It keeps aggregates, the latency samples and the console lines it lists.
class SummaryBuilder
{
public:
    // Console lines (and errors) listed with their times; the rest are counted.
    static constexpr std::size_t MaxListedLines = 40;

    // `log` is the index of the event log the record comes from.
    void add(const Record& record, std::size_t log);
    // Adds every record of `recording`, of each log from from[log] on (0 where from has none).
    void addAll(const Recording& recording, const std::vector<std::size_t>& from = {});
    // The summary; the recording gives the strings and what it says about itself.
    std::string text(const Recording& recording) const;

private:
    struct Line
    {
        std::int64_t atNs;
        std::uint32_t label;
    };
    void keepLine(std::vector<Line>& listed, int which, const Record& r, std::size_t log);

    FigureBuilder m_figures;
    std::vector<Line> m_lines;
    std::vector<Line> m_errorLines;
    std::uint64_t m_logDrops = 0;
    std::vector<std::array<std::size_t, 2>> m_kept; // per log: lines and errors listed
};

} // namespace loopscope
