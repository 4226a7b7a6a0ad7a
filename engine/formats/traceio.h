#pragma once

#include "formats/progress.h"
#include "recording/recording.h"

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

namespace loopscope {

// Bounds on a recording read from a file, well above what LoopScope writes: the main loop, the
// prober, up to 8 worker loops and up to 1024 pool workers. A worker loop costs an event log.
inline constexpr int MaxReadThreads = 2048;
inline constexpr int MaxReadWorkerLoops = 64;
// Child processes followed with an attached program (--follow-children), each a recording of its own.
inline constexpr std::size_t MaxReadChildren = 64;

// Writes a recording as a Chrome trace-event JSON object (opens in Perfetto and chrome://tracing).
bool writeTrace(const Recording& recording, std::ostream& out);
// A cap on a written trace (--max-trace-mb): past maxBytes (0: none) events are left out, the
// trace still closes properly and its otherData says "truncated" and how many events were left out.
struct TraceLimits
{
    std::uint64_t maxBytes = 0;
};

// Writes a recording to a file; on failure sets *error (when given) to a one-line message naming the file.
// *leftOut (when given) learns how many events a cap left out.
bool writeTrace(const Recording& recording, const std::string& path, std::string* error, const Progress& progress = {},
    const TraceLimits& limits = {}, std::uint64_t* leftOut = nullptr);

// Writes a trace while its run goes on (a headless run with --trace): records are added as the
// session lets go of them, each log's in order, and finish() writes the tracks' names and otherData
// and puts the file in place, so a long run's trace takes no memory. Past the cap (limits.maxBytes)
// records are left out as they come, so every track is cut at about the same time of the run.
class TraceStream
{
public:
    TraceStream(const std::string& path, const TraceLimits& limits);
    ~TraceStream();
    TraceStream(const TraceStream&) = delete;
    TraceStream& operator=(const TraceStream&) = delete;

    // Opens the file (a temporary one beside it until finish()) and names the tracks the recording
    // has from its start; false with *error naming the file.
    bool open(const Recording& recording, std::string* error);
    void add(const Record& record, const StringTable& strings);
    // *leftOut (when given) learns how many events the cap left out.
    bool finish(const Recording& recording, std::string* error, std::uint64_t* leftOut = nullptr);

private:
    struct State;
    std::string m_path;
    std::unique_ptr<State> m_state;
};

// How much of a trace a read understood: its events, and those that were LoopScope's (records and metadata).
struct TraceReadReport
{
    std::uint64_t events = 0;
    std::uint64_t understood = 0;
};

// How a read recording may use memory: past `memoryBudgetBytes` (0: no bound) of records, the oldest
// spill to a temporary file in `spillDirectory` (empty: SpillFile's choice), as a live session's do.
// The file itself is mapped, not read into memory, and let go of behind the reader.
struct TraceReadOptions
{
    std::size_t memoryBudgetBytes = 0;
    std::string spillDirectory;
};

// Reads a LoopScope trace file into a freshly constructed recording; events of other tools are skipped,
// but a file with none of LoopScope's events is refused. On failure sets *error to
// "<path>:<line>:<column>: <message>" or "<path>: not a recording: <why>" and leaves `out` partially filled.
bool readTrace(const std::string& path, Recording& out, std::string* error, const Progress& progress = {},
    TraceReadReport* report = nullptr, const TraceReadOptions& options = {});
// Reads a LoopScope trace from memory; errors read "<line>:<column>: <message>".
bool readTraceText(std::string_view json, Recording& out, std::string* error);

} // namespace loopscope
