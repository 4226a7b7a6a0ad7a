#include "formats/traceio.h"

#include "formats/atomicfile.h"
#include "formats/gzip.h"
#include "formats/jsonoutput.h"
#include "formats/progressmeter.h"
#include "formats/traceformat.h"
#include "formats/traceprofiles.h"
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

// The trace's JSON output, and the process the events written from now on belong to: its trace pid (1: the
// program or run; 2 on: the child processes followed with an attached program), and how far its records'
// times lie after the program's (a child's recording counts from its own probe's start).
class TraceWriter : public JsonOutput
{
public:
    using JsonOutput::JsonOutput;

    void setProcess(int pid, std::int64_t shiftNs)
    {
        m_pidField = ",\"pid\":" + std::to_string(pid) + ",\"tid\":";
        m_pid = pid;
        m_shiftNs = shiftNs;
    }
    int pid() const { return m_pid; }
    std::string_view pidField() const { return m_pidField; }
    std::int64_t shiftNs() const { return m_shiftNs; }

private:
    std::string m_pidField = ",\"pid\":1,\"tid\":";
    int m_pid = ProgramPid;
    std::int64_t m_shiftNs = 0;
};

void writeEventHead(TraceWriter& w, std::string_view head, std::string_view name, int tid, std::int64_t startNs)
{
    w.literal(head);
    w.string(name);
    w.literal(w.pidField());
    w.integer(tid);
    w.literal(",\"ts\":");
    w.fixed(startNs + w.shiftNs(), 3);
}

void writeRecord(TraceWriter& w, const Record& r, const StringTable& strings)
{
    const int tid = traceTid(r);
    switch (r.type) {
    case RecordType::Phase:
        writeEventHead(
            w, "{\"ph\":\"X\",\"cat\":\"phase\",\"name\":", phaseName(Phase(r.sub % PhaseCount)), tid, r.startNs);
        w.literal(",\"dur\":");
        w.fixed(r.span.durNs, 3);
        w.literal(",\"args\":{\"iteration\":");
        w.unsignedInteger(r.span.iteration);
        w.literal(r.label == 1 ? ",\"timed\":true" : ",\"timed\":false");
        if (Phase(r.sub) == Phase::Poll || r.span.maxNs != 0) {
            w.literal(",\"timeoutMs\":");
            w.integer(r.span.maxNs);
        }
        w.literal("}}");
        break;
    case RecordType::Callback:
        writeEventHead(w, "{\"ph\":\"X\",\"cat\":\"callback\",\"name\":", strings.at(r.label), tid, r.startNs);
        w.literal(",\"dur\":");
        w.fixed(r.span.durNs, 3);
        w.literal(",\"args\":{\"kind\":\"");
        w.literal(callbackKindName(callbackKindOf(r)));
        w.literal("\",\"iteration\":");
        w.unsignedInteger(r.span.iteration);
        if (jobKindOf(r) != JobKind::Callback) {
            w.literal(",\"job\":\"");
            w.literal(jobKindName(jobKindOf(r)));
            w.literal("\"");
        }
        if (requeuedItself(r))
            w.literal(",\"requeued\":true");
        if (isInternal(r))
            w.literal(",\"internal\":true");
        if (r.span.count > 1) {
            w.literal(",\"count\":");
            w.unsignedInteger(r.span.count);
            w.literal(",\"totalMs\":");
            w.fixed(r.span.busyNs, 6);
            // null: the run was timed as a whole, its longest call is not known.
            w.literal(",\"maxMs\":");
            if (r.span.maxNs == LongestUnknown)
                w.literal("null");
            else
                w.fixed(r.span.maxNs, 6);
        }
        w.literal("}}");
        break;
    case RecordType::Pool:
        writeEventHead(w, "{\"ph\":\"X\",\"cat\":\"pool\",\"name\":", strings.at(r.label), tid, r.startNs);
        w.literal(",\"dur\":");
        w.fixed(r.span.durNs, 3);
        w.literal(",\"args\":{\"queuedUs\":");
        w.fixed(r.span.busyNs, 3);
        w.literal(",\"iteration\":");
        w.unsignedInteger(r.span.iteration);
        w.literal("}}");
        break;
    case RecordType::Queues:
        writeEventHead(w, "{\"ph\":\"C\",\"name\":", "queues", tid, r.startNs);
        w.literal(",\"args\":{\"nextTick\":");
        w.unsignedInteger(r.queues.nextTick);
        w.literal(",\"microtask\":");
        w.unsignedInteger(r.queues.microtask);
        w.literal(",\"immediate\":");
        w.unsignedInteger(r.queues.immediate);
        w.literal(",\"timers\":");
        w.unsignedInteger(r.queues.timers);
        w.literal(",\"close\":");
        w.unsignedInteger(r.queues.close);
        w.literal(",\"poolQueued\":");
        w.unsignedInteger(r.queues.poolQueued);
        w.literal(",\"poolActive\":");
        w.unsignedInteger(r.queues.poolActive);
        w.literal("}}");
        break;
    case RecordType::Latency: {
        writeEventHead(w, "{\"ph\":\"C\",\"name\":", "latency", tid, r.startNs);
        w.literal(",\"args\":{");
        bool first = true;
        if (std::isfinite(r.latency.loopDelayMs) && r.latency.loopDelayMs >= 0) {
            w.literal("\"loopDelayMs\":");
            w.number(r.latency.loopDelayMs);
            first = false;
        }
        if (std::isfinite(r.latency.healthMs) && r.latency.healthMs >= 0) {
            w.literal(first ? "\"healthMs\":" : ",\"healthMs\":");
            w.number(r.latency.healthMs);
            first = false;
        } else if (r.latency.healthMs == HealthProbeFailed) {
            // A failed probe has no latency to chart; a counter of 1 marks it, so Perfetto shows failures too.
            w.literal(first ? "\"healthFailed\":1" : ",\"healthFailed\":1");
            first = false;
        }
        if (std::isfinite(r.latency.histogramMs) && r.latency.histogramMs >= 0) {
            w.literal(first ? "\"histogramMs\":" : ",\"histogramMs\":");
            w.number(r.latency.histogramMs);
            first = false;
        }
        if (std::isfinite(r.latency.utilization) && r.latency.utilization >= 0) {
            w.literal(first ? "\"elu\":" : ",\"elu\":");
            w.number(r.latency.utilization);
        }
        w.literal("}}");
        break;
    }
    case RecordType::Log:
    case RecordType::Error:
        writeEventHead(w,
            r.type == RecordType::Log ? "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"log\",\"name\":"
                                      : "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"error\",\"name\":",
            strings.at(r.label), tid, r.startNs);
        if (stepsMeasured(r) > 0) {
            w.literal(",\"args\":{\"steps\":");
            w.unsignedInteger(stepsMeasured(r));
            w.literal("}");
        }
        w.literal("}");
        break;
    case RecordType::Held:
        writeEventHead(w, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"held\",\"name\":", strings.at(r.label), tid, r.startNs);
        w.literal(",\"args\":{\"heldMs\":");
        w.fixed(r.span.maxNs, 6);
        w.literal("}}");
        break;
    case RecordType::Queued:
        writeEventHead(
            w, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"queued\",\"name\":", strings.at(r.label), tid, r.startNs);
        w.literal(",\"args\":{\"queue\":\"");
        w.literal(callbackKindOf(r) == CallbackKind::Main ? ClearedQueues : callbackKindName(callbackKindOf(r)));
        w.literal("\"");
        if (jobKindOf(r) != JobKind::Callback) {
            w.literal(",\"job\":\"");
            w.literal(jobKindName(jobKindOf(r)));
            w.literal("\"");
        }
        if (r.span.count > 1) {
            w.literal(",\"count\":");
            w.unsignedInteger(r.span.count);
        }
        if (callbackKindOf(r) == CallbackKind::Timer && !leftWithoutRunning(r)) {
            w.literal(",\"delayMs\":");
            w.fixed(r.span.maxNs, 6);
        }
        if (leftWithoutRunning(r))
            w.literal(",\"left\":true");
        w.literal("}}");
        break;
    }
}

std::string defaultThreadName(int tid)
{
    if (tid == MainTid)
        return "main loop";
    if (tid >= WorkerThreadBase)
        return "worker loop " + std::to_string(tid - WorkerThreadBase + 1);
    return "pool worker " + std::to_string(tid - PoolTidBase);
}

// One track's name and place among the tracks, after a comma.
void writeTrackName(TraceWriter& w, int tid, const std::string& name)
{
    w.literal(",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"ts\":0");
    w.literal(w.pidField());
    w.integer(tid);
    w.literal(",\"args\":{\"name\":");
    w.string(name);
    w.literal("}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"ts\":0");
    w.literal(w.pidField());
    w.integer(tid);
    w.literal(",\"args\":{\"sort_index\":");
    w.integer(tid == MainTid ? 0 : tid >= WorkerThreadBase ? tid : 100000 + tid);
    w.literal("}}");
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

// The process's name (the program's is the first event, with no comma before it), then the tracks' names.
// A child process's name event says where its records' times start on the program's clock (startNs),
// before any of them is read.
void writeMetadata(TraceWriter& w, const Recording& recording, const std::map<int, std::string>& names)
{
    const RecordingInfo& info = recording.info;
    if (w.pid() == ProgramPid) {
        w.literal("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":1,\"ts\":0,\"args\":{\"name\":");
        w.string("LoopScope: " + info.program);
    } else {
        w.literal(",\n{\"ph\":\"M\",\"name\":\"process_name\",\"ts\":0");
        w.literal(w.pidField());
        w.integer(MainTid);
        w.literal(",\"args\":{\"name\":");
        w.string("child " + std::to_string(info.pid) + ": " + info.program);
        w.literal(",\"startNs\":");
        w.integer(info.startNs);
    }
    w.literal("}}");
    for (const auto& [tid, name] : names)
        writeTrackName(w, tid, name);
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

// What a recording says about itself, as members of an object: the trace's otherData, or a child
// process's entry in its "processes".
void writeInfoMembers(TraceWriter& w, const Recording& recording, std::uint64_t leftOut)
{
    const RecordingInfo& info = recording.info;
    // Drops counted by the logs themselves are reported even when info was filled in before them.
    std::uint64_t logDrops = 0;
    for (const auto& log : recording.logs)
        logDrops += log->dropped();
    w.literal("\"generator\":");
    w.string(info.generator);
    w.literal(",\"libuv\":");
    w.string(info.libuv);
    w.literal(",\"threadpoolSize\":");
    w.integer(info.threadpoolSize);
    w.literal(",\"program\":");
    w.string(info.program);
    w.literal(info.aborted ? ",\"aborted\":true" : ",\"aborted\":false");
    w.literal(",\"droppedEvents\":");
    w.unsignedInteger(std::max(info.droppedEvents, logDrops));
    w.literal(info.timersAfterClose ? ",\"timersAfterClose\":true" : ",\"timersAfterClose\":false");
    // What performance.eventLoopUtilization() reads, and how an attached program ended, where known.
    if (info.loopStartNs >= 0 && info.loopIdleNs >= 0) {
        w.literal(",\"loopStartNs\":");
        w.integer(info.loopStartNs);
        w.literal(",\"loopIdleNs\":");
        w.integer(info.loopIdleNs);
    }
    if (info.exitStatus >= 0) {
        w.literal(",\"exitStatus\":");
        w.integer(info.exitStatus);
    }
    if (info.exitSignal > 0) {
        w.literal(",\"exitSignal\":");
        w.integer(info.exitSignal);
    }
    switch (info.stoppedBy) {
    case RecordingInfo::StoppedBy::None:
        break;
    case RecordingInfo::StoppedBy::Signal:
        w.literal(",\"stoppedBy\":\"signal\",\"stopSignal\":");
        w.integer(info.stopSignal);
        break;
    case RecordingInfo::StoppedBy::Timeout:
        w.literal(",\"stoppedBy\":\"timeout\",\"timeoutMs\":");
        w.integer(info.timeoutMs);
        break;
    case RecordingInfo::StoppedBy::Window:
        w.literal(",\"stoppedBy\":\"window\"");
        break;
    case RecordingInfo::StoppedBy::Parent:
        w.literal(",\"stoppedBy\":\"parent\"");
        break;
    }
    if (info.pid > 0) {
        w.literal(",\"processId\":");
        w.integer(info.pid);
    }
    if (info.parentPid > 0) {
        w.literal(",\"parentProcessId\":");
        w.integer(info.parentPid);
    }
    if (info.detached)
        w.literal(",\"detached\":true");
    if (info.attachedWhileRunning)
        w.literal(",\"attachedWhileRunning\":true");
    if (info.streamLostNs >= 0) {
        w.literal(",\"streamLostNs\":");
        w.integer(info.streamLostNs);
    }
    if (leftOut > 0 || info.truncatedEvents > 0) {
        w.literal(",\"truncated\":true,\"truncatedEvents\":");
        w.unsignedInteger(leftOut + info.truncatedEvents);
    }
    if (info.unobserved != 0) {
        w.literal(",\"unobserved\":[");
        bool firstName = true;
        for (std::size_t bit = 0; bit < std::size(UnobservedNames); ++bit) {
            if ((info.unobserved & (1u << bit)) == 0)
                continue;
            if (!firstName)
                w.character(',');
            w.string(UnobservedNames[bit]);
            firstName = false;
        }
        w.character(']');
    }
    w.literal(",\"threadNames\":[");
    bool first = true;
    for (const auto& [thread, name] : info.threadNames) {
        w.literal(first ? "{\"tid\":" : ",{\"tid\":");
        w.integer(thread);
        w.literal(",\"name\":");
        w.string(name);
        w.character('}');
        first = false;
    }
    w.character(']');
}

// The blocked callbacks' sampled stacks, before otherData (traceprofiles.h).
void writeBlockProfiles(TraceWriter& w, const Recording& recording)
{
    std::string members;
    appendBlockProfiles(members, recording);
    if (members.empty())
        return;
    w.literal(members);
    w.literal(",\n");
}

// The trace's otherData: the recording's info, and each child process's under "processes" (its trace pid,
// where its times start on the program's clock, and its own info).
void writeOtherData(TraceWriter& w, const Recording& recording, std::uint64_t leftOut)
{
    w.literal("\"otherData\":{");
    writeInfoMembers(w, recording, leftOut);
    if (!recording.children.empty()) {
        w.literal(",\"processes\":[");
        for (std::size_t i = 0; i < recording.children.size(); ++i) {
            const Recording& child = *recording.children[i];
            w.literal(i == 0 ? "{\"pid\":" : ",{\"pid\":");
            w.integer(childTracePid(i));
            w.literal(",\"startNs\":");
            w.integer(child.info.startNs);
            w.character(',');
            writeInfoMembers(w, child, 0);
            w.character('}');
        }
        w.character(']');
    }
    w.literal("}}\n");
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
    TraceWriter w(out);
    w.literal("{\"traceEvents\":[\n");
    writeMetadata(w, recording, trackNames(recording, tracksOf(recording)));
    for (std::size_t i = 0; i < recording.children.size(); ++i) {
        const Recording& child = *recording.children[i];
        w.setProcess(childTracePid(i), child.info.startNs);
        writeMetadata(w, child, trackNames(child, tracksOf(child)));
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
            writeRecord(w, record, owner->strings);
            return true;
        });
        if (cancelled)
            return false;
    }
    w.literal("\n],\n\"displayTimeUnit\":\"ms\",\n");
    writeBlockProfiles(w, recording);
    writeOtherData(w, recording, skipped);
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
    std::optional<TraceWriter> writer;
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
    writeMetadata(*s.writer, recording, s.named);
    return true;
}

void TraceStream::add(const Record& record, const StringTable& strings)
{
    State& s = *m_state;
    TraceWriter& w = *s.writer;
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
    writeRecord(w, record, strings);
}

bool TraceStream::finish(const Recording& recording, std::string* error, std::uint64_t* leftOut)
{
    State& s = *m_state;
    TraceWriter& w = *s.writer;
    for (const auto& [tid, name] : trackNames(recording, s.tids)) {
        const auto named = s.named.find(tid);
        if (named == s.named.end() || named->second != name)
            writeTrackName(w, tid, name);
    }
    w.literal("\n],\n\"displayTimeUnit\":\"ms\",\n");
    writeBlockProfiles(w, recording);
    writeOtherData(w, recording, s.skipped);
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
