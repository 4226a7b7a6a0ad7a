#pragma once

#include "formats/jsonlexer.h"
#include "formats/progressmeter.h"
#include "formats/tracechildren.h"
#include "formats/traceevent.h"
#include "formats/traceio.h"
#include "formats/tracevalue.h"
#include "recording/logrouter.h"
#include "recording/spillfile.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace loopscope {

class MappedFile;

// A single-pass reader for trace files: it validates JSON syntax while it goes and
// turns the events it knows straight into records, so no document tree is built.
class TraceReader
{
public:
    // Strings are not checked for UTF-8, as other tools' traces may hold any bytes; LoopScope's own
    // writer escapes bytes that are not UTF-8 as U+DC80..U+DCFF, which decode back to those bytes.
    // `source` (may be null) holds `text` and lets go of what was read; past the options' memory
    // budget, the oldest records spill to a temporary file as a live session's do.
    TraceReader(std::string_view text, MappedFile* source, Recording& out, const Progress& progress,
        const TraceReadOptions& options)
        : m_text(text)
        , m_source(source)
        , m_lexer(text, { false, JsonLexer::Surrogates::Decode })
        , m_out(out)
        , m_budgetBytes(options.memoryBudgetBytes)
        , m_spill(options.spillDirectory)
        , m_seenTracks(std::size_t(1) << 16)
        , m_logs(out, MaxReadWorkerLoops)
        , m_meter(progress, text.size(), BytesPerReport)
        , m_children(out)
    { }

    bool run();
    // "<line>:<column>: <message>", or a problem of the whole file (CancelledMessage, "not a recording: ...").
    std::string error();
    bool errorIsPositioned() const { return !m_meter.cancelled() && m_fileProblem.empty(); }
    TraceReadReport report() const { return m_report; }

private:
    using Token = JsonLexer::Token;
    using MemberReader = bool (TraceReader::*)(std::string_view key, int depth);

    static constexpr int MaxDepth = 64;
    static constexpr std::size_t MaxStringBytes = std::size_t(16) << 20;
    static constexpr std::size_t MaxNumberChars = 400;
    static constexpr std::uint64_t BytesPerReport = std::uint64_t(1) << 20;
    // The text read is let go of in steps of this size.
    static constexpr std::size_t ReleaseBytes = std::size_t(8) << 20;
    static constexpr std::string_view GeneratorPrefix = "LoopScope ";
    static constexpr std::string_view ProgramFormat = "loopscope-program";

    bool fail(const char* at, std::string message) { return m_lexer.fail(at, std::move(message)); }
    bool refuse(std::string problem)
    {
        m_fileProblem = std::move(problem);
        return false;
    }
    bool isRecording();
    bool readValue(TraceValue& value, int depth);
    bool skipCompound(Token type, int depth);
    bool readObject(int depth, MemberReader member);

    bool topMember(std::string_view key, int depth);
    bool readEvents(int depth);
    bool readEvent(int depth);
    bool eventMember(std::string_view key, int depth);
    bool argumentMember(std::string_view key, int depth);
    bool otherDataMember(std::string_view key, int depth);
    bool readProcesses(int depth);
    bool processMember(std::string_view key, int depth);
    bool readThreadNames(int depth);
    bool readUnobserved(int depth);
    bool threadNameMember(std::string_view key, int depth);
    bool noteTrack(int tid, const char* at);
    bool append(const Record& record, const char* at);
    using Child = TraceChildren::Child;
    Child* declareChild(int pid, std::int64_t startNs, const char* at, bool& failed);
    bool appendToChild(Child& child, Record record, const char* at);
    bool spillToFit();

    std::string_view m_text;
    MappedFile* m_source;
    std::size_t m_releasedTo = 0;
    JsonLexer m_lexer;
    Recording& m_out;
    std::size_t m_budgetBytes;
    SpillFile m_spill;
    // One bit per trace tid, and the event log of each worker loop seen, in order of appearance.
    std::vector<bool> m_seenTracks;
    int m_trackCount = 0;
    LogRouter m_logs;
    ProgressMeter m_meter;
    TraceChildren m_children;
    RecordingInfo* m_info = &m_out.info; // what otherData's members describe: the program's, or a child's

    std::string m_keyScratch;
    std::string m_skipKeyScratch;
    TraceEvent m_event;
    TraceValue m_skipped;
    bool m_seenThreadTid = false;
    bool m_seenThreadName = false;
    std::int64_t m_threadTid = 0;
    std::string m_threadName;
    bool m_seenEventList = false;
    bool m_isProgram = false;
    bool m_nodeTracing = false; // an event of Node's own tracing was seen
    bool m_abortEvent = false; // a "run aborted" error was read
    std::uint64_t m_records = 0;
    TraceReadReport m_report;
    std::string m_fileProblem;
};

} // namespace loopscope
