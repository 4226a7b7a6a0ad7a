#include "formats/tracereader.h"

#include "formats/gzip.h"
#include "formats/inflatedtrace.h"
#include "formats/jsonlexer.h"
#include "formats/mappedfile.h"
#include "formats/progressmeter.h"
#include "formats/traceevent.h"
#include "formats/traceformat.h"
#include "formats/traceprofiles.h"
#include "formats/tracevalue.h"
#include "formats/utf8.h"
#include "recording/logrouter.h"
#include "recording/spillfile.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <exception>
#include <limits>
#include <memory>
#include <system_error>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope {

bool TraceReader::run()
{
    if (m_out.logs.size() != 1 || m_out.mainLog().size() != 0 || m_out.strings.size() > 2)
        return fail(m_lexer.here(), "internal error: reading into a recording that is not empty");
    if (!m_meter.update(0))
        return fail(m_lexer.here(), CancelledMessage);
    if (std::string encoding = foreignEncoding(m_text); !encoding.empty())
        return refuse(encoding);
    if (looksLikeGzip(m_text))
        return refuse(GzipMessage);
    const int first = m_lexer.peek();
    if (first == JsonLexer::End)
        return fail(m_lexer.here(), "empty file");
    if (first != '{' && first != '[')
        return fail(m_lexer.here(), "expected a trace object");
    const bool read = first == '{' ? readObject(1, &TraceReader::topMember) : readEvents(1);
    if (!read)
        return false;
    if (m_lexer.peek() != JsonLexer::End)
        return fail(m_lexer.here(), "unexpected data after the trace");
    // A recording that holds a "run aborted" was aborted, whatever its otherData says (a window
    // closed by a signal wrote `"aborted": false` beside one before 2026-12).
    m_out.info.aborted = m_out.info.aborted || m_abortEvent;
    return isRecording() && (m_meter.finish() || fail(m_lexer.here(), CancelledMessage));
}

// Other tools' traces are read for the LoopScope events among them; a file without any is refused,
// as a recording of nothing is more likely the wrong file than an empty run, unless LoopScope wrote it.
bool TraceReader::isRecording()
{
    if (m_isProgram)
        return refuse("not a recording: a LoopScope program (run it with --program)");
    if (!m_seenEventList)
        return refuse("not a recording: no traceEvents");
    if (m_records > 0 || m_out.info.generator.rfind(GeneratorPrefix, 0) == 0)
        return true;
    if (m_report.events == 0)
        return refuse("not a recording: no events");
    if (m_nodeTracing)
        return refuse("not a recording: Node.js's own trace (--trace-events-enabled), whose "
            + std::to_string(m_report.events)
            + " events say nothing of the loop's phases and queues; Perfetto opens it");
    return refuse("not a recording: none of its " + std::to_string(m_report.events) + " events is LoopScope's");
}

std::string TraceReader::error()
{
    if (m_meter.cancelled())
        return CancelledMessage;
    if (!m_fileProblem.empty())
        return m_fileProblem;
    const JsonLexer::Position at = m_lexer.errorPosition();
    return std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + m_lexer.error();
}

bool TraceReader::readValue(TraceValue& value, int depth)
{
    m_lexer.peek();
    const char* at = m_lexer.here();
    value.at = at;
    const Token type = m_lexer.readScalar(value.text, value.scratch);
    value.type = type;
    if (type == Token::Object || type == Token::Array) {
        // The skipped contents reuse m_skipped, which may be `value` itself.
        if (!skipCompound(type, depth + 1))
            return false;
        value.type = type;
        value.at = at;
        return true;
    }
    if (type == Token::String && value.text.size() > MaxStringBytes)
        return fail(at, "string too long");
    if (type == Token::Number && value.text.size() > MaxNumberChars)
        return fail(at, "number too long");
    return type != Token::None;
}

// Skips the object or array at the next token, checking its syntax.
bool TraceReader::skipCompound(Token type, int depth)
{
    if (depth > MaxDepth)
        return fail(m_lexer.here(), "nesting too deep");
    if (type == Token::Array)
        return m_lexer.readElements([&] { return readValue(m_skipped, depth); });
    return m_lexer.readMembers(
        m_skipKeyScratch, [&](std::string_view, const char*) { return readValue(m_skipped, depth); });
}

// Reads the object at the next token, handing each key to `member`, which reads its value.
bool TraceReader::readObject(int depth, MemberReader member)
{
    if (depth > MaxDepth)
        return fail(m_lexer.here(), "nesting too deep");
    return m_lexer.readMembers(
        m_keyScratch, [&](std::string_view key, const char*) { return (this->*member)(key, depth); });
}

bool TraceReader::topMember(std::string_view key, int depth)
{
    if (key == "traceEvents") {
        if (m_lexer.peek() != '[')
            return m_lexer.failHere("traceEvents must be an array");
        return readEvents(depth + 1);
    }
    if (key == "format") {
        if (!readValue(m_skipped, depth))
            return false;
        m_isProgram = m_skipped.type == Token::String && m_skipped.text == ProgramFormat;
        return true;
    }
    if (key == "blockProfiles")
        return readBlockProfiles(m_lexer, m_out);
    if (key == "otherData") {
        if (m_lexer.peek() != '{')
            return m_lexer.failHere("otherData must be an object");
        return readObject(depth + 1, &TraceReader::otherDataMember);
    }
    return readValue(m_skipped, depth);
}

bool TraceReader::readEvents(int depth)
{
    m_seenEventList = true;
    return m_lexer.readElements([&] {
        if (m_lexer.peek() != '{')
            return m_lexer.failHere("expected an event object");
        if (!readEvent(depth + 1))
            return false;
        const std::size_t offset = m_lexer.offset();
        if (m_source && offset - m_releasedTo >= ReleaseBytes) {
            m_source->releaseBefore(offset);
            m_releasedTo = offset;
        }
        return m_meter.update(offset) || fail(m_lexer.here(), CancelledMessage);
    });
}

bool TraceReader::readEvent(int depth)
{
    const char* eventAt = m_lexer.here();
    m_event.clear();
    if (!readObject(depth, &TraceReader::eventMember))
        return false;
    ++m_report.events;
    RecordType type = RecordType::Phase;
    if (!m_event.recordType(type)) {
        m_report.understood += m_event.isMetadata() ? 1 : 0;
        m_nodeTracing = m_nodeTracing || m_event.isNodeTracing();
        // A child process followed with an attached program is named before its first record.
        int pid = 0;
        std::int64_t startNs = 0;
        bool failed = false;
        if (m_event.namesChildProcess(pid, startNs) && !m_children.find(pid))
            declareChild(pid, startNs, eventAt, failed);
        return !failed;
    }
    Record record;
    // Events of processes LoopScope did not name as children (another tool's) count as the program's.
    if (Child* owner = m_children.empty() ? nullptr : m_children.find(m_event.processId())) {
        if (!m_event.toRecord(m_lexer, eventAt, owner->recording->strings, type, record)
            || !appendToChild(*owner, record, eventAt))
            return false;
        ++m_records;
        ++m_report.understood;
        return true;
    }
    if (!m_event.toRecord(m_lexer, eventAt, m_out.strings, type, record) || !append(record, eventAt))
        return false;
    m_abortEvent = m_abortEvent || (type == RecordType::Error && m_out.strings.at(record.label) == "run aborted");
    ++m_records;
    ++m_report.understood;
    return true;
}

bool TraceReader::eventMember(std::string_view key, int depth)
{
    if (key == "args") {
        m_event.clearArguments();
        if (m_lexer.peek() == '{')
            return readObject(depth + 1, &TraceReader::argumentMember);
    }
    TraceValue* target = m_event.field(key);
    return readValue(target ? *target : m_skipped, depth);
}

bool TraceReader::argumentMember(std::string_view key, int depth)
{
    TraceValue* target = m_event.argument(key);
    return readValue(target ? *target : m_skipped, depth);
}

bool TraceReader::otherDataMember(std::string_view key, int depth)
{
    if (key == "threadNames")
        return readThreadNames(depth + 1);
    if (key == "unobserved")
        return readUnobserved(depth + 1);
    if (key == "processes" && m_info == &m_out.info)
        return readProcesses(depth + 1);
    const std::string name(key);
    const TraceValue& value = m_skipped;
    if (!readValue(m_skipped, depth))
        return false;
    RecordingInfo& info = *m_info;
    if (name == "generator")
        return toString(m_lexer, value, "otherData.", name, info.generator);
    if (name == "libuv")
        return toString(m_lexer, value, "otherData.", name, info.libuv);
    if (name == "program")
        return toString(m_lexer, value, "otherData.", name, info.program);
    if (name == "aborted")
        return toBool(m_lexer, value, "otherData.", name, info.aborted);
    if (name == "truncatedEvents") {
        std::int64_t number = 0;
        if (!toInteger(m_lexer, value, "otherData.", name, 0, std::numeric_limits<std::int64_t>::max(), number))
            return false;
        info.truncatedEvents = std::uint64_t(number);
        return true;
    }
    if (name == "timersAfterClose")
        return toBool(m_lexer, value, "otherData.", name, info.timersAfterClose);
    if (name == "detached")
        return toBool(m_lexer, value, "otherData.", name, info.detached);
    if (name == "attachedWhileRunning")
        return toBool(m_lexer, value, "otherData.", name, info.attachedWhileRunning);
    if (name == "stoppedBy") {
        std::string reason;
        if (!toString(m_lexer, value, "otherData.", name, reason))
            return false;
        // A reason this version does not know is left out, as an unknown member is.
        if (reason == "signal")
            info.stoppedBy = RecordingInfo::StoppedBy::Signal;
        else if (reason == "timeout")
            info.stoppedBy = RecordingInfo::StoppedBy::Timeout;
        else if (reason == "window")
            info.stoppedBy = RecordingInfo::StoppedBy::Window;
        else if (reason == "parent")
            info.stoppedBy = RecordingInfo::StoppedBy::Parent;
        return true;
    }
    std::int64_t number = 0;
    if (name == "processId" || name == "parentProcessId") {
        if (!toInteger(m_lexer, value, "otherData.", name, 1, std::numeric_limits<int>::max(), number))
            return false;
        (name == "processId" ? info.pid : info.parentPid) = int(number);
        return true;
    }
    if (name == "threadpoolSize") {
        if (!toInteger(m_lexer, value, "otherData.", name, 0, 1024, number))
            return false;
        info.threadpoolSize = int(number);
    } else if (name == "loopStartNs" || name == "loopIdleNs") {
        if (!toInteger(m_lexer, value, "otherData.", name, 0, std::numeric_limits<std::int64_t>::max(), number))
            return false;
        (name == "loopStartNs" ? info.loopStartNs : info.loopIdleNs) = number;
    } else if (name == "exitStatus") {
        if (!toInteger(m_lexer, value, "otherData.", name, 0, 255, number))
            return false;
        info.exitStatus = int(number);
    } else if (name == "exitSignal" || name == "stopSignal") {
        if (!toInteger(m_lexer, value, "otherData.", name, 1, 64, number))
            return false;
        (name == "exitSignal" ? info.exitSignal : info.stopSignal) = int(number);
    } else if (name == "timeoutMs") {
        if (!toInteger(m_lexer, value, "otherData.", name, 1, std::numeric_limits<int>::max(), number))
            return false;
        info.timeoutMs = int(number);
    } else if (name == "streamLostNs") {
        if (!toInteger(m_lexer, value, "otherData.", name, 0, std::numeric_limits<std::int64_t>::max(), number))
            return false;
        info.streamLostNs = number;
    } else if (name == "droppedEvents") {
        if (!toInteger(m_lexer, value, "otherData.", name, 0, std::numeric_limits<std::int64_t>::max(), number))
            return false;
        info.droppedEvents = std::uint64_t(number);
    }
    return true;
}

bool TraceReader::readThreadNames(int depth)
{
    if (m_lexer.peek() != '[')
        return m_lexer.failHere("otherData.threadNames must be an array");
    return m_lexer.readElements([&] {
        if (m_lexer.peek() != '{')
            return m_lexer.failHere("otherData.threadNames entries must be objects");
        const char* entryAt = m_lexer.here();
        m_seenThreadTid = false;
        m_seenThreadName = false;
        if (!readObject(depth + 1, &TraceReader::threadNameMember))
            return false;
        if (!m_seenThreadTid || !m_seenThreadName)
            return fail(entryAt, "otherData.threadNames entries need tid and name");
        // Names count as threads too: writing the recording again gives every named pool worker a track.
        Record named;
        named.thread = std::uint16_t(m_threadTid);
        if (m_info == &m_out.info && !noteTrack(traceTid(named), entryAt))
            return false;
        m_info->threadNames.emplace_back(named.thread, m_threadName);
        return true;
    });
}

// A list of names (UnobservedNames); a name this version does not know is left out.
bool TraceReader::readUnobserved(int depth)
{
    if (m_lexer.peek() != '[')
        return m_lexer.failHere("otherData.unobserved must be an array");
    return m_lexer.readElements([&] {
        std::string name;
        if (!readValue(m_skipped, depth) || !toString(m_lexer, m_skipped, "otherData.", "unobserved", name))
            return false;
        for (std::size_t bit = 0; bit < std::size(UnobservedNames); ++bit) {
            if (name == UnobservedNames[bit])
                m_info->unobserved |= std::uint8_t(1u << bit);
        }
        return true;
    });
}

// otherData.processes: each child process's pid, start and info, as otherData says the program's.
bool TraceReader::readProcesses(int depth)
{
    if (m_lexer.peek() != '[')
        return m_lexer.failHere("otherData.processes must be an array");
    return m_lexer.readElements([&] {
        if (m_lexer.peek() != '{')
            return m_lexer.failHere("otherData.processes entries must be objects");
        const char* entryAt = m_lexer.here();
        m_info = nullptr;
        const bool read = readObject(depth + 1, &TraceReader::processMember);
        const bool named = m_info != nullptr;
        m_info = &m_out.info;
        return read && (named || fail(entryAt, "otherData.processes entries start with their pid"));
    });
}

bool TraceReader::processMember(std::string_view key, int depth)
{
    if (key == "pid") {
        const char* at = m_lexer.here();
        std::int64_t pid = 0;
        if (!readValue(m_skipped, depth)
            || !toInteger(m_lexer, m_skipped, "otherData.processes.", "pid", ProgramPid + 1, MaxReadChildren + 1, pid))
            return false;
        bool failed = false;
        Child* known = m_children.find(int(pid));
        if (!known)
            known = declareChild(int(pid), 0, at, failed);
        if (failed)
            return false;
        m_info = &known->recording->info;
        return true;
    }
    if (key == "startNs" || !m_info)
        return readValue(m_skipped, depth);
    return otherDataMember(key, depth);
}

bool TraceReader::threadNameMember(std::string_view key, int depth)
{
    const bool isTid = key == "tid";
    const bool isName = key == "name";
    if (!readValue(m_skipped, depth))
        return false;
    if (isTid) {
        m_seenThreadTid = true;
        return toInteger(m_lexer, m_skipped, "otherData.threadNames.", "tid", 0, 65535, m_threadTid);
    }
    if (isName) {
        m_seenThreadName = true;
        return toString(m_lexer, m_skipped, "thread ", "name", m_threadName);
    }
    return true;
}

bool TraceReader::noteTrack(int tid, const char* at)
{
    if (m_seenTracks[std::size_t(tid)])
        return true;
    m_seenTracks[std::size_t(tid)] = true;
    return ++m_trackCount <= MaxReadThreads || fail(at, "more than " + std::to_string(MaxReadThreads) + " threads");
}

TraceReader::Child* TraceReader::declareChild(int pid, std::int64_t startNs, const char* at, bool& failed)
{
    Child* child = m_children.declare(pid, startNs);
    if (!child)
        failed = !fail(at, "more than " + std::to_string(MaxReadChildren) + " child processes");
    return child;
}

bool TraceReader::appendToChild(Child& child, Record record, const char* at)
{
    switch (TraceChildren::append(child, record)) {
    case LogRouter::Appended::Kept:
    case LogRouter::Appended::Sealed:
        return true;
    case LogRouter::Appended::TooManyLoops:
        return fail(at, "more than " + std::to_string(MaxReadWorkerLoops) + " worker loops in a child process");
    case LogRouter::Appended::Full:
        break;
    }
    return fail(at, "too many events");
}

bool TraceReader::append(const Record& record, const char* at)
{
    if (!noteTrack(traceTid(record), at))
        return false;
    switch (m_logs.append(record)) {
    case LogRouter::Appended::Kept:
        return true;
    case LogRouter::Appended::TooManyLoops:
        return fail(at, "more than " + std::to_string(MaxReadWorkerLoops) + " worker loops");
    case LogRouter::Appended::Full:
        return fail(at, "too many events");
    case LogRouter::Appended::Sealed:
        break;
    }
    // The budget is checked once a chunk.
    return m_budgetBytes == 0 || spillToFit();
}

// Down to three quarters of the budget, as a live session spills (Session::spillToFit).
bool TraceReader::spillToFit()
{
    if (m_out.spillDownTo(m_spill, m_budgetBytes / 4 * 3))
        return true;
    return refuse("larger than the memory budget of " + std::to_string(m_budgetBytes >> 20)
        + " MB, and its records cannot spill: " + m_spill.error());
}

namespace {

// Reads a trace from memory; on failure sets *error to "<where>:<line>:<column>: <message>", or
// "<where>: cancelled", with no leading "<where>:" when `where` is empty.
bool readText(std::string_view json, MappedFile* source, Recording& out, std::string* error, const Progress& progress,
    const std::string& where, TraceReadReport* report, const TraceReadOptions& options)
{
    std::string message;
    bool positioned = true;
    try {
        TraceReader reader(json, source, out, progress, options);
        const bool read = reader.run();
        if (report)
            *report = reader.report();
        if (read)
            return true;
        message = reader.error();
        positioned = reader.errorIsPositioned();
    } catch (const std::exception&) {
        message = "1:1: out of memory";
    }
    if (error) {
        *error = where.empty() ? message : where + (positioned ? ":" : ": ") + message;
    }
    return false;
}

} // namespace

bool readTraceText(std::string_view json, Recording& out, std::string* error)
{
    return readText(json, nullptr, out, error, {}, {}, nullptr, {});
}

bool readTrace(const std::string& path, Recording& out, std::string* error, const Progress& progress,
    TraceReadReport* report, const TraceReadOptions& options)
{
    MappedFile file;
    SpillFile inflatedFile(options.spillDirectory);
    MappedFile inflated;
    std::string problem = file.open(path);
    MappedFile* source = &file;
    if (problem.empty() && isGzip(file.bytes())) {
        problem = inflateToFile(file, inflatedFile, inflated, progress);
        source = &inflated;
    }
    if (problem.empty())
        return readText(source->bytes(), source, out, error, progress, path, report, options);
    if (error)
        *error = path + ": " + problem;
    return false;
}

} // namespace loopscope
