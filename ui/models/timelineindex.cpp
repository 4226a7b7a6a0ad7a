#include "models/timelineindex.h"

#include "recording/eventlog.h"
#include "recording/events.h"

#include <algorithm>
#include <cmath>
#include <limits>

using loopscope::CallbackKind;
using loopscope::EventLog;
using loopscope::MainThread;
using loopscope::Record;
using loopscope::RecordType;

namespace {

bool endsBefore(const TimelineSpan& span, std::int64_t timeNs)
{
    return span.endNs < timeNs;
}

} // namespace

std::int64_t spanEndNs(const Record& record)
{
    constexpr std::int64_t latest = std::numeric_limits<std::int64_t>::max();
    const std::int64_t durNs = std::max<std::int64_t>(0, record.span.durNs);
    return record.startNs > 0 && durNs > latest - record.startNs ? latest : record.startNs + durNs;
}

TimelineIndex::TimelineIndex()
{
    reset(0);
}

void TimelineIndex::reset(int poolSize)
{
    m_rows.clear();
    m_holds.clear();
    m_lastEndNs = 0;
    m_firstStartNs = 0;
    m_hasSpans = false;
    ensureRow(RowKind::Phases, MainThread, -1, nullptr);
    for (int kind = 0; kind <= int(CallbackKind::Main); ++kind)
        ensureRow(RowKind::Callbacks, MainThread, kind, nullptr);
    for (int worker = 1; worker <= poolSize; ++worker)
        ensureRow(RowKind::Pool, std::uint16_t(worker), -1, nullptr);
}

int TimelineIndex::rowOf(RowKind kind, std::uint16_t thread, int callbackKind) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const Row& row = m_rows[i];
        if (row.kind == kind && row.thread == thread && row.callbackKind == callbackKind)
            return int(i);
    }
    return -1;
}

int TimelineIndex::ensureRow(RowKind kind, std::uint16_t thread, int callbackKind, bool* added)
{
    const int existing = rowOf(kind, thread, callbackKind);
    if (existing >= 0)
        return existing;
    Row row;
    row.kind = kind;
    row.thread = thread;
    row.callbackKind = callbackKind;
    m_rows.push_back(std::move(row));
    if (added)
        *added = true;
    return int(m_rows.size()) - 1;
}

bool TimelineIndex::add(const Record& record, std::uint16_t log, std::size_t index)
{
    const bool added = place(record, log, index);
    settle();
    return added;
}

bool TimelineIndex::add(const EventLog& events, std::uint16_t log, std::size_t from, std::size_t to)
{
    bool added = false;
    for (std::size_t i = from; i < to; ++i)
        added = place(events[i], log, i) || added;
    settle();
    return added;
}

bool TimelineIndex::place(const Record& record, std::uint16_t log, std::size_t index)
{
    bool added = false;
    int row = -1;
    switch (record.type) {
    case RecordType::Phase:
        row = ensureRow(RowKind::Phases, record.thread, -1, &added);
        break;
    case RecordType::Callback:
        // Worker loops get one callback row each; the main loop one per kind.
        row = ensureRow(
            RowKind::Callbacks, record.thread, record.thread == MainThread ? int(callbackKindOf(record)) : -1, &added);
        break;
    case RecordType::Pool:
        row = ensureRow(RowKind::Pool, record.thread, -1, &added);
        break;
    case RecordType::Held:
        m_holds.push_back({ record.startNs, heldNs(record) });
        return false;
    default:
        return false;
    }
    TimelineSpan span;
    span.startNs = record.startNs;
    span.endNs = spanEndNs(record);
    span.index = index;
    span.log = log;
    span.sub = record.type == RecordType::Callback ? std::uint8_t(callbackKindOf(record)) : record.sub;
    span.timed = record.type == RecordType::Phase ? (phaseTimed(record) ? 1 : 0) : 1;
    m_lastEndNs = std::max(m_lastEndNs, span.endNs);
    m_firstStartNs = m_hasSpans ? std::min(m_firstStartNs, span.startNs) : span.startNs;
    m_hasSpans = true;

    // Records arrive almost sorted by end (they are written when they end); the few that are not, such
    // as a callback run closed late, wait for the batch's end to be put in place.
    Row& target = m_rows[std::size_t(row)];
    std::vector<TimelineSpan>& spans = target.spans;
    std::vector<std::uint64_t>& calls = target.calls;
    if (calls.empty())
        calls.push_back(0);
    const std::uint64_t count = record.type == RecordType::Callback ? record.span.count : 1;
    if (!spans.empty() && span.endNs < spans.back().endNs) {
        target.late.emplace_back(span, count);
        return added;
    }
    spans.push_back(span);
    calls.push_back(calls.back() + count);
    if (spans.size() - target.folded > DetailLimit)
        fold(target);
    return added;
}

void TimelineIndex::settle()
{
    for (Row& row : m_rows) {
        if (!row.late.empty())
            settle(row);
    }
}

void TimelineIndex::settle(Row& row)
{
    using Late = std::pair<TimelineSpan, std::uint64_t>;
    std::vector<Late>& late = row.late;
    // In the order they came among equal ends, after the spans already there, as one by one they were.
    std::stable_sort(
        late.begin(), late.end(), [](const Late& a, const Late& b) { return a.first.endNs < b.first.endNs; });
    std::vector<TimelineSpan>& spans = row.spans;
    std::vector<std::uint64_t>& calls = row.calls;
    // One that ends among folded history counts as folded.
    if (row.folded > 0) {
        const std::int64_t foldedEnd = spans[row.folded - 1].endNs;
        row.folded += std::size_t(std::partition_point(late.begin(), late.end(), [&](const Late& l) {
            return l.first.endNs < foldedEnd;
        }) - late.begin());
    }
    // Only the part from where the first late span goes is rewritten.
    const std::size_t first = std::size_t(std::upper_bound(spans.begin(), spans.end(), late.front().first.endNs,
                                              [](std::int64_t end, const TimelineSpan& s) { return end < s.endNs; })
        - spans.begin());
    std::vector<Late> tail;
    tail.reserve(spans.size() - first + late.size());
    for (std::size_t i = first; i < spans.size(); ++i)
        tail.emplace_back(spans[i], calls[i + 1] - calls[i]);
    std::vector<Late> merged(tail.size() + late.size());
    std::merge(tail.begin(), tail.end(), late.begin(), late.end(), merged.begin(),
        [](const Late& a, const Late& b) { return a.first.endNs < b.first.endNs; });
    spans.resize(first);
    calls.resize(first + 1);
    for (const auto& [span, count] : merged) {
        spans.push_back(span);
        calls.push_back(calls.back() + count);
    }
    late.clear();
    while (spans.size() - row.folded > DetailLimit)
        fold(row);
}

std::size_t TimelineIndex::merge(Row& row, std::size_t from, std::size_t to)
{
    std::vector<TimelineSpan>& spans = row.spans;
    std::vector<std::uint64_t>& calls = row.calls;
    // Counts first: calls[] is rebuilt from them over the merged range.
    std::vector<std::uint64_t> counts(to - from);
    for (std::size_t i = from; i < to; ++i)
        counts[i - from] = calls[i + 1] - calls[i];
    std::size_t out = from;
    std::vector<std::uint64_t> outCounts;
    outCounts.reserve(to - from);
    struct Group
    {
        TimelineSpan span;
        std::uint64_t count;
    };
    std::vector<Group> group;
    for (std::size_t i = from; i < to;) {
        // The spans that end within the resolution of this one's start become one per kind (a phase
        // row interleaves seven), each in the place of the last of its kind, so ends stay sorted.
        const std::int64_t windowEnd = spans[i].startNs + row.resolutionNs;
        group.clear();
        std::size_t j = i;
        for (; j < to && (j == i || spans[j].endNs <= windowEnd); ++j) {
            auto same = std::find_if(group.begin(), group.end(),
                [&](const Group& g) { return g.span.sub == spans[j].sub && g.span.timed == spans[j].timed; });
            if (same == group.end()) {
                group.push_back({ spans[j], counts[j - from] });
                continue;
            }
            same->span.startNs = std::min(same->span.startNs, spans[j].startNs);
            same->span.endNs = std::max(same->span.endNs, spans[j].endNs);
            same->count += counts[j - from];
        }
        std::sort(
            group.begin(), group.end(), [](const Group& a, const Group& b) { return a.span.endNs < b.span.endNs; });
        for (const Group& g : group) {
            spans[out++] = g.span;
            outCounts.push_back(g.count);
        }
        i = j;
    }
    spans.erase(spans.begin() + std::ptrdiff_t(out), spans.begin() + std::ptrdiff_t(to));
    calls.erase(calls.begin() + std::ptrdiff_t(out + 1), calls.begin() + std::ptrdiff_t(to + 1));
    for (std::size_t k = 0; k < outCounts.size(); ++k)
        calls[from + k + 1] = calls[from + k] + outCounts[k];
    return out;
}

void TimelineIndex::fold(Row& row)
{
    const std::size_t detail = row.spans.size() - row.folded;
    row.folded = merge(row, row.folded, row.folded + detail / 2);
    while (row.folded > FoldedLimit) {
        row.resolutionNs *= 2;
        row.folded = merge(row, 0, row.folded);
    }
}

std::uint64_t TimelineIndex::foldedCount(int rowIndex, std::size_t position) const
{
    if (rowIndex < 0 || rowIndex >= int(m_rows.size()))
        return 0;
    const Row& row = m_rows[std::size_t(rowIndex)];
    if (position >= row.folded)
        return 0;
    return row.calls[position + 1] - row.calls[position];
}

std::size_t TimelineIndex::spanCount() const
{
    std::size_t total = 0;
    for (const Row& row : m_rows)
        total += row.spans.size();
    return total;
}

void TimelineIndex::visiblePieces(
    int rowIndex, const TimeWindow& window, double left, double width, std::vector<Piece>& out) const
{
    out.clear();
    if (rowIndex < 0 || rowIndex >= int(m_rows.size()) || width <= 0 || window.spanNs() <= 0)
        return;
    const std::vector<TimelineSpan>& spans = m_rows[std::size_t(rowIndex)].spans;
    const std::size_t n = spans.size();
    std::size_t i
        = std::size_t(std::lower_bound(spans.begin(), spans.end(), window.startNs, endsBefore) - spans.begin());

    Piece cluster;
    bool open = false;
    auto flush = [&] {
        if (open)
            out.push_back(cluster);
        open = false;
    };

    while (i < n) {
        const TimelineSpan& span = spans[i];
        if (span.startNs > window.endNs)
            break;
        const double x0 = TimeMapping::mapTimeToX(span.startNs, window, left, width);
        const double x1 = TimeMapping::mapTimeToX(span.endNs, window, left, width);
        if (x1 - x0 >= MergeBelowPixels) {
            flush();
            out.push_back({ x0, x1, &span, 1, i });
            ++i;
            continue;
        }
        // Everything that ends inside this pixel column becomes one piece.
        const double column = std::floor(x0 - left) + left;
        const std::int64_t columnEnd = TimeMapping::mapXToTime(column + MergeBelowPixels, window, left, width);
        std::size_t j
            = std::size_t(std::lower_bound(spans.begin() + std::ptrdiff_t(i) + 1, spans.end(), columnEnd, endsBefore)
                - spans.begin());
        const std::size_t count = j - i;
        const TimelineSpan* representative = &spans[i + count / 2];
        const double end
            = std::max(column + MergeBelowPixels, TimeMapping::mapTimeToX(spans[j - 1].endNs, window, left, width));
        if (open && column <= cluster.x1 + 0.01 && cluster.span->sub == representative->sub) {
            cluster.x1 = std::max(cluster.x1, end);
            cluster.count += count;
        } else {
            flush();
            cluster = { column, end, representative, count, i };
            open = true;
        }
        i = j;
    }
    flush();
}

std::uint64_t TimelineIndex::callsIn(int rowIndex, std::size_t first, std::size_t count) const
{
    if (rowIndex < 0 || rowIndex >= int(m_rows.size()))
        return 0;
    const std::vector<std::uint64_t>& calls = m_rows[std::size_t(rowIndex)].calls;
    if (first + count >= calls.size())
        return 0;
    return calls[first + count] - calls[first];
}

std::pair<std::size_t, std::size_t> TimelineIndex::spansNear(
    int rowIndex, std::int64_t timeNs, std::int64_t toleranceNs) const
{
    if (rowIndex < 0 || rowIndex >= int(m_rows.size()))
        return { 0, 0 };
    const std::vector<TimelineSpan>& spans = m_rows[std::size_t(rowIndex)].spans;
    const auto first = std::lower_bound(spans.begin(), spans.end(), timeNs - toleranceNs, endsBefore);
    auto last = first;
    while (last != spans.end() && last->startNs <= timeNs + toleranceNs)
        ++last;
    return { std::size_t(first - spans.begin()), std::size_t(last - spans.begin()) };
}

const TimelineSpan* TimelineIndex::spanAt(int rowIndex, std::int64_t timeNs, std::int64_t toleranceNs) const
{
    const auto [first, last] = spansNear(rowIndex, timeNs, toleranceNs);
    if (first >= last)
        return nullptr;
    const std::vector<TimelineSpan>& spans = m_rows[std::size_t(rowIndex)].spans;
    const TimelineSpan* best = nullptr;
    std::int64_t bestScore = 0;
    for (std::size_t i = first; i < last; ++i) {
        const TimelineSpan& span = spans[i];
        // Containing spans score their length (shorter wins); others their distance, after every containing one.
        const bool contains = span.startNs <= timeNs && timeNs <= span.endNs;
        const std::int64_t distance
            = contains ? 0 : std::min(std::llabs(span.startNs - timeNs), std::llabs(span.endNs - timeNs));
        const std::int64_t score = contains ? span.endNs - span.startNs : (std::int64_t(1) << 62) + distance;
        if (!best || score < bestScore) {
            best = &span;
            bestScore = score;
        }
    }
    return best;
}
