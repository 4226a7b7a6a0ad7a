#include "formats/inflatedtrace.h"

#include "formats/gzip.h"
#include "formats/mappedfile.h"
#include "formats/utf8.h"
#include "recording/spillfile.h"

#include <algorithm>
#include <cstdio>

namespace loopscope {

namespace {

// A compressed recording may not grow past this once inflated (a few bytes can claim gigabytes).
constexpr std::uint64_t MaxInflatedBytes = std::uint64_t(2) << 30;
// A recording opens with "{" or "[" (after a byte order mark and white space): its inflated start is
// looked at before the rest is inflated, and white space past this much is not the start of a recording.
constexpr std::size_t MaxLeadingBytes = std::size_t(1) << 20;

// What the inflated start of a file, `head` (all of it so far), says: an empty string while it may
// still be a recording, or why it cannot be one. `whole` when no more will come.
std::string inflatedStartProblem(std::string_view head, bool whole)
{
    if (head.size() < 4 && !whole)
        return {};
    if (std::string encoding = foreignEncoding(head); !encoding.empty())
        return "decompressed, the " + encoding;
    const std::string_view byteOrderMark = "\xEF\xBB\xBF";
    if (head.substr(0, byteOrderMark.size()) == byteOrderMark)
        head.remove_prefix(byteOrderMark.size());
    const std::size_t first = head.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) {
        if (head.size() >= MaxLeadingBytes)
            return "decompressed, its first 1 MB is only white space, not JSON";
        return {};
    }
    const char c = head[first];
    if (c == '{' || c == '[')
        return {};
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7F)
        return std::string("decompressed, it starts with '") + c + "', not JSON";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", unsigned(byte));
    return std::string("decompressed, it starts with byte ") + hex + ", not JSON";
}

} // namespace

std::string inflateToFile(MappedFile& compressed, SpillFile& into, MappedFile& inflated, const Progress& progress)
{
    const std::uint64_t total = compressed.bytes().size();
    // Reported every few megabytes inflated, so that a cancel is heard however well the file compresses.
    constexpr std::uint64_t InflatedBytesPerReport = std::uint64_t(8) << 20;
    std::uint64_t unreported = InflatedBytesPerReport;
    std::string head; // the inflated start, until it says it is JSON
    bool looked = false;
    std::string problem = gunzip(compressed.bytes(), [&](std::string_view piece, std::size_t consumed) {
        compressed.releaseBefore(consumed);
        unreported += piece.size();
        if (progress && unreported >= InflatedBytesPerReport) {
            unreported = 0;
            if (!progress(consumed, total))
                return std::string(CancelledMessage);
        }
        if (piece.empty())
            return std::string();
        if (!looked) {
            head.append(piece.substr(0, MaxLeadingBytes + 4 - std::min(head.size(), MaxLeadingBytes + 4)));
            std::string refused = inflatedStartProblem(head, false);
            if (!refused.empty())
                return refused;
            looked = head.find_first_of("{[") != std::string::npos;
        }
        if (into.size() + piece.size() > MaxInflatedBytes)
            return "larger than " + std::to_string(MaxInflatedBytes >> 20) + " MB once decompressed";
        return into.append(piece.data(), piece.size()) < 0 ? "cannot decompress: " + into.error() : std::string();
    });
    if (problem.empty() && !looked)
        problem = inflatedStartProblem(head, true);
    if (problem.empty() && progress && !progress(total, total))
        problem = CancelledMessage;
    return problem.empty() ? inflated.map(into.descriptor(), into.size()) : problem;
}

} // namespace loopscope
