#pragma once

#include "formats/summary.h"
#include "formats/traceio.h"
#include "recording/recording.h"

#include <cstddef>
#include <memory>
#include <string>

struct RunOptions;

// What a run leaves behind, the same for a headless run and for the window: the files of --trace and
// --csv and the --summary on stderr. Failures are told on stderr, one line each.
namespace outputfiles {

// Finds an output that cannot be written before the run, not after it (a name without its format's ending, a
// FIFO, a device, a directory, a folder that is missing or takes no file); false, told on stderr, when one cannot.
bool checkWritable(const RunOptions& options);
// Writes --trace and --csv and prints --summary of a whole recording. False when a file could not be written.
bool write(const RunOptions& options, const loopscope::Recording& recording);

// The same outputs written as a headless run goes (SessionOptions::consume): the trace streamed, the
// latency samples kept for --csv, the summary's figures added up, and every other record let go, so a
// run of any length holds little of its recording.
class Streamed
{
public:
    explicit Streamed(const RunOptions& options);

    // Opens the trace file and names the tracks the run starts with; false (told on stderr) when it cannot.
    bool open(const loopscope::Recording& recording);
    // On the session's housekeeping thread, then on the caller's (Session::consumeRest), never both at once.
    void add(const loopscope::Record& record, std::size_t log, const loopscope::Recording& from);
    // Once the session has handed over the rest: ends the trace, writes --csv, prints --summary. False
    // when a file could not be written.
    bool finish(const loopscope::Recording& recording);

private:
    const RunOptions& m_options;
    std::unique_ptr<loopscope::TraceStream> m_trace;
    loopscope::Recording m_latency; // the latency samples, for --csv
    loopscope::SummaryBuilder m_summary;
};

} // namespace outputfiles
