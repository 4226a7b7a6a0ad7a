#pragma once

#include "models/timemapping.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loopscope {
class EventLog;
struct Record;
} // namespace loopscope

// Where a span record (phase, callback run, pool work) ends. A trace may claim any start and duration,
// so a negative duration counts as none and the sum saturates instead of overflowing.
std::int64_t spanEndNs(const loopscope::Record& record);

// One indexed record: where it is on the time axis and where it lives in the recording.
struct TimelineSpan
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    // Where it lives and what it is share one word, so a span stays 24 bytes.
    std::uint64_t index : 40; // in its event log (EventLog::MaxChunks * ChunkSize records fit)
    std::uint64_t log : 15;
    std::uint64_t timed : 1; // phases: 0 when the phase passed too quickly to time
    std::uint64_t sub : 8; // the record's Phase or CallbackKind

    TimelineSpan()
        : index(0)
        , log(0)
        , timed(1)
        , sub(0)
    { }
};
static_assert(sizeof(TimelineSpan) == 24, "a span of the timeline is three words");

// The rows of the timeline and the records in each, sorted by end time.
//
// Filled batch by batch from the live feed, never rescanned. visiblePieces()
// walks only the visible part of a row and merges everything narrower than a
// pixel into one piece per pixel column, skipping ahead by binary search, so
// its cost grows with the width of the view, not with the number of records.
//
// A row keeps every span until it holds DetailLimit of them; then it folds its
// oldest half: spans of one kind that end within the row's resolution of each
// other's start become one span that counts all their calls (a level of detail,
// as Perfetto and Tracy keep). When the folded part itself passes FoldedLimit
// the resolution doubles and it is folded again, so a row's memory is bounded
// however long the run. Zoomed out the row looks the same (what is narrower than
// a pixel is merged when drawn anyway); zoomed into folded history a bar stands
// for several items and says how many (foldedCount()).
class TimelineIndex
{
public:
    static constexpr std::size_t DetailLimit = std::size_t(1) << 18;
    static constexpr std::size_t FoldedLimit = std::size_t(1) << 18;
    static constexpr std::int64_t FirstResolutionNs = 10'000;

    enum class RowKind : std::uint8_t { Phases, Callbacks, Pool };

    struct Row
    {
        RowKind kind = RowKind::Phases;
        std::uint16_t thread = 0; // the loop thread, or the pool worker
        int callbackKind = -1; // Callbacks rows of the main loop: one CallbackKind; -1: every kind
        std::vector<TimelineSpan> spans;
        std::vector<std::uint64_t> calls; // calls[i]: callbacks in spans[0, i), so any range sums in O(1)
        std::size_t folded = 0; // spans[0, folded) are folded history
        std::int64_t resolutionNs = FirstResolutionNs; // what the folded spans were merged at
        // Spans of the batch being added that end before the row's last one, with their call counts:
        // merged in once the batch is in (settle()).
        std::vector<std::pair<TimelineSpan, std::uint64_t>> late;
    };

    // What to draw: one record (span != null), or `count` records merged into one piece.
    struct Piece
    {
        double x0 = 0;
        double x1 = 0;
        const TimelineSpan* span = nullptr; // a representative when merged
        std::size_t count = 1;
        std::size_t first = 0; // the spans are [first, first + count) of the row
    };

    // Spans narrower than this (in logical pixels) are merged with their neighbours.
    static constexpr double MergeBelowPixels = 1.0;

    TimelineIndex();

    // Drops everything and lays out the main loop's rows and `poolSize` pool lanes.
    void reset(int poolSize);
    // Indexes one record; returns true when it added a row.
    bool add(const loopscope::Record& record, std::uint16_t log, std::size_t index);
    // Indexes records [from, to) of `events`, the log numbered `log`; returns true when it added a row.
    // Spans that come out of order (a recording read by start time, where an outer callback comes before
    // the 300,000 it encloses) are merged in once for the batch: O(n log n), where putting each in place
    // as it came cost O(n) apiece.
    bool add(const loopscope::EventLog& events, std::uint16_t log, std::size_t from, std::size_t to);

    const std::vector<Row>& rows() const { return m_rows; }
    // Where the user held the loop (paused, stepping, slow motion): the program time it was held at
    // and for how long, which the program's time leaves out.
    struct Hold
    {
        std::int64_t atNs = 0;
        std::int64_t heldNs = 0;
    };
    const std::vector<Hold>& holds() const { return m_holds; }
    int rowOf(RowKind kind, std::uint16_t thread, int callbackKind) const;
    std::size_t spanCount() const;
    std::int64_t lastEndNs() const { return m_lastEndNs; }
    // The earliest start of any span; 0 before the first.
    std::int64_t firstStartNs() const { return m_firstStartNs; }

    // The pieces of `row` inside `window`, for a plot `width` pixels wide starting at `left`.
    void visiblePieces(int row, const TimeWindow& window, double left, double width, std::vector<Piece>& out) const;
    // The spans of `row` within `toleranceNs` of `timeNs`: [first, last) indices into the row's spans.
    // The callbacks in spans [first, first + count) of `row` (runs count every call).
    std::uint64_t callsIn(int row, std::size_t first, std::size_t count) const;
    // How many records the span at `position` of `row` folds together; 0 when it is one record.
    std::uint64_t foldedCount(int row, std::size_t position) const;
    std::pair<std::size_t, std::size_t> spansNear(int row, std::int64_t timeNs, std::int64_t toleranceNs) const;
    // The best span at `timeNs` (the shortest that contains it, else the nearest), or null.
    const TimelineSpan* spanAt(int row, std::int64_t timeNs, std::int64_t toleranceNs) const;

private:
    int ensureRow(RowKind kind, std::uint16_t thread, int callbackKind, bool* added);
    // Indexes one record: appended to its row when it ends last, else left in the row's `late` spans.
    bool place(const loopscope::Record& record, std::uint16_t log, std::size_t index);
    // Merges every row's late spans in, keeping each row sorted by end.
    void settle();
    static void settle(Row& row);
    static void fold(Row& row);
    // Merges spans [from, to) of `row` at its resolution in place; returns where the merged ones end.
    static std::size_t merge(Row& row, std::size_t from, std::size_t to);

    std::vector<Row> m_rows;
    std::vector<Hold> m_holds; // in the order they were recorded, which is time order
    std::int64_t m_lastEndNs = 0;
    std::int64_t m_firstStartNs = 0;
    bool m_hasSpans = false;
};
