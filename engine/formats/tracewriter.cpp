#include "formats/traceio.h"

#include "formats/atomicfile.h"
#include "formats/gzip.h"
#include "formats/progressmeter.h"
#include "formats/traceeventwriter.h"
#include "formats/traceformat.h"
#include "formats/utf8.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <vector>

namespace loopscope {

namespace {

constexpr std::uint64_t RecordsPerReport = 65536;

std::string defaultThreadName(int tid)
{
    if (tid == MainTid)
        return "main loop";
    if (tid >= WorkerThreadBase)
        return "worker loop " + std::to_string(tid - WorkerThreadBase + 1);
    return "pool worker " + std::to_string(tid - PoolTidBase);
}

// The name of each track a trace holds: the main loop's, every pool worker's (busy or not, so the
// pool's size shows) and those of `tids` (the tracks records went to), with the recording's own names.
std::map<int, std::string> trackNames(const Recording& recording, const std::set<int>& tids)
{
    std::map<int, std::string> names;
    names.emplace(MainTid, defaultThreadName(MainTid));
    for (int worker = 1; worker <= recording.info.threadpoolSize && worker < 65536; ++worker)
        names.emplace(PoolTidBase + worker, defaultThreadName(PoolTidBase + worker));
    for (const int tid : tids)
        names.emplace(tid, defaultThreadName(tid));
    for (const auto& [thread, name] : recording.info.threadNames) {
        Record probe;
        probe.thread = thread;
        const int tid = traceTid(probe);
        // A worker loop slot that never ran would only be an empty track.
        if (thread >= WorkerThreadBase && names.find(tid) == names.end())
            continue;
        names[tid] = name;
    }
    return names;
}

// The tracks a recording's records go to.
std::set<int> tracksOf(const Recording& recording)
{
    std::set<int> tids;
    for (const auto& log : recording.logs) {
        int lastTid = -1;
        log->walk(0, log->size(), [&](const Record& record) {
            const int tid = traceTid(record);
            if (tid != lastTid) {
                tids.insert(tid);
                lastTid = tid;
            }
            return true;
        });
    }
    return tids;
}

std::uint64_t recordCount(const Recording& recording)
{
    std::uint64_t count = 0;
    for (const auto& log : recording.logs)
        count += log->size();
    for (const auto& child : recording.children)
        count += recordCount(*child);
    return count;
}

// Room kept for the closing bracket and otherData when a trace is capped.
constexpr std::uint64_t ClosingBytes = 64 * 1024;

// Past its cap a trace still takes the run's errors, in half the room kept for the end: a truncated
// trace says how the run ended. `written` is what the trace holds so far.
bool keptPastCap(const Record& record, std::uint64_t written, std::uint64_t maxBytes)
{
    return record.type == RecordType::Error && written + ClosingBytes / 2 < maxBytes;
}

// Writes the trace; false when the stream fails or `meter` is cancelled. With a cap (maxBytes > 0),
// each log gets a share of it in proportion to its records and is cut where its share ends, so every
// thread's track covers about the same first part of the run; *leftOut counts the events left out.
bool writeTraceTo(
    const Recording& recording, std::ostream& out, ProgressMeter& meter, std::uint64_t maxBytes, std::uint64_t* leftOut)
{
    TraceEventWriter w(out);
    w.literal("{\"traceEvents\":[\n");
    w.metadata(recording, trackNames(recording, tracksOf(recording)));
    for (std::size_t i = 0; i < recording.children.size(); ++i) {
        const Recording& child = *recording.children[i];
        w.setProcess(childTracePid(i), child.info.startNs);
        w.metadata(child, trackNames(child, tracksOf(child)));
    }
    const std::uint64_t total = recordCount(recording);
    const std::uint64_t room = maxBytes > w.bytes() + ClosingBytes ? maxBytes - w.bytes() - ClosingBytes : 0;
    std::uint64_t written = 0;
    std::uint64_t skipped = 0;
    // The program's logs, then each child's, each under its own pid.
    struct ProcessLog
    {
        const EventLog* log;
        const Recording* owner;
        int pid;
    };
    std::vector<ProcessLog> logs;
    for (const auto& log : recording.logs)
        logs.push_back({ log.get(), &recording, ProgramPid });
    for (std::size_t i = 0; i < recording.children.size(); ++i) {
        for (const auto& log : recording.children[i]->logs)
            logs.push_back({ log.get(), recording.children[i].get(), childTracePid(i) });
    }
    for (const ProcessLog& entry : logs) {
        const EventLog* log = entry.log;
        const Recording* owner = entry.owner;
        w.setProcess(entry.pid, owner->info.startNs);
        const std::size_t size = log->size();
        const std::uint64_t share
            = maxBytes > 0 && total > 0 ? std::uint64_t(double(room) * double(size) / double(total)) : 0;
        const std::uint64_t logStart = w.bytes();
        bool cancelled = false;
        log->walk(0, size, [&](const Record& record) {
            const bool pastShare = maxBytes > 0 && w.bytes() - logStart >= share;
            if (pastShare && !keptPastCap(record, w.bytes(), maxBytes)) {
                ++skipped;
                return true;
            }
            if (!meter.update(written++)) {
                cancelled = true;
                return false;
            }
            w.literal(",\n");
            w.record(record, owner->strings);
            return true;
        });
        if (cancelled)
            return false;
    }
    w.literal("\n],\n\"displayTimeUnit\":\"ms\",\n");
    w.blockProfiles(recording);
    w.otherData(recording, skipped);
    if (leftOut)
        *leftOut = skipped;
    return w.finish() && meter.finish();
}

} // namespace

bool writeTrace(const Recording& recording, std::ostream& out)
{
    ProgressMeter meter({}, recordCount(recording), RecordsPerReport);
    return writeTraceTo(recording, out, meter, 0, nullptr);
}

bool writeTrace(const Recording& recording, const std::string& path, std::string* error, const Progress& progress,
    const TraceLimits& limits, std::uint64_t* leftOut)
{
    ProgressMeter meter(progress, recordCount(recording), RecordsPerReport);
    if (hasGzipSuffix(path)) {
        // The cap counts the JSON, before compression.
        return writeFileAtomically(path, error, meter, [&](std::ostream& out) {
            GzipStreamBuf zip(out);
            std::ostream compressed(&zip);
            const bool written = writeTraceTo(recording, compressed, meter, limits.maxBytes, leftOut);
            return zip.finish() && written;
        });
    }
    return writeFileAtomically(path, error, meter,
        [&](std::ostream& out) { return writeTraceTo(recording, out, meter, limits.maxBytes, leftOut); });
}

struct TraceStream::State
{
    explicit State(const std::string& path)
        : file(path)
    { }

    AtomicFile file;
    std::optional<GzipStreamBuf> zip;
    std::optional<std::ostream> compressed;
    std::optional<TraceEventWriter> writer;
    std::uint64_t maxBytes = 0;
    std::uint64_t skipped = 0;
    std::map<int, std::string> named; // the tracks' names written so far
    std::set<int> tids;
    int lastTid = -1;
};

TraceStream::TraceStream(const std::string& path, const TraceLimits& limits)
    : m_path(path)
    , m_state(std::make_unique<State>(path))
{
    m_state->maxBytes = limits.maxBytes;
}

TraceStream::~TraceStream() = default;

bool TraceStream::open(const Recording& recording, std::string* error)
{
    State& s = *m_state;
    if (!s.file.open(error))
        return false;
    std::ostream* out = &s.file.stream();
    if (hasGzipSuffix(m_path)) {
        s.zip.emplace(*out);
        s.compressed.emplace(&*s.zip);
        out = &*s.compressed;
    }
    s.writer.emplace(*out);
    s.writer->literal("{\"traceEvents\":[\n");
    // The tracks known before the run (the main loop, the pool's workers) are named first, as in a
    // trace written at once; those that appear later, at the end.
    s.named = trackNames(recording, {});
    s.writer->metadata(recording, s.named);
    return true;
}

void TraceStream::add(const Record& record, const StringTable& strings)
{
    State& s = *m_state;
    TraceEventWriter& w = *s.writer;
    if (s.maxBytes > 0 && w.bytes() + ClosingBytes >= s.maxBytes && !keptPastCap(record, w.bytes(), s.maxBytes)) {
        ++s.skipped;
        return;
    }
    const int tid = traceTid(record);
    if (tid != s.lastTid) {
        s.tids.insert(tid);
        s.lastTid = tid;
    }
    w.literal(",\n");
    w.record(record, strings);
}

bool TraceStream::finish(const Recording& recording, std::string* error, std::uint64_t* leftOut)
{
    State& s = *m_state;
    TraceEventWriter& w = *s.writer;
    for (const auto& [tid, name] : trackNames(recording, s.tids)) {
        const auto named = s.named.find(tid);
        if (named == s.named.end() || named->second != name)
            w.trackName(tid, name);
    }
    w.literal("\n],\n\"displayTimeUnit\":\"ms\",\n");
    w.blockProfiles(recording);
    w.otherData(recording, s.skipped);
    if (leftOut)
        *leftOut = s.skipped;
    const bool written = w.finish() && (!s.zip || s.zip->finish());
    if (!written) {
        const std::string failure = s.file.failure();
        if (error)
            *error = m_path + ": write failed" + (failure.empty() ? std::string() : ": " + failure);
        return false;
    }
    return s.file.commit(error);
}

} // namespace loopscope
