#pragma once

#include "attach/outputnames.h"
#include "attach/wire.h"
#include "recording/logrouter.h"
#include "recording/memorybudget.h"
#include "recording/poolboard.h"
#include "recording/recorder.h"
#include "recording/recording.h"
#include "recording/spillfile.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace loopscope::wire {

// What a live reader of a recording follows as its stream comes (AttachedProgram): the views' idea of
// where the loop is, as a session's runtime keeps its own, the probe's clock, and the records lost.
struct LiveFollow
{
    LiveState live;
    std::atomic<std::int64_t> originNs { 0 }; // the probe's origin (Hello::originNs); 0 before its hello
    std::atomic<std::uint64_t> dropped { 0 }; // records the probe could not send or this side keep
    std::atomic<std::uint8_t> unobserved { 0xff }; // what the probe said it does not see; all before it spoke
    // The thread pool's work in flight, as the probe last saw it (labels the recording's).
    std::vector<PoolBoard::Item> poolWork() const
    {
        std::lock_guard lock(poolMutex);
        return pool;
    }
    mutable std::mutex poolMutex;
    std::vector<PoolBoard::Item> pool;
    // How the recording is kept within its memory budget (RecordingKeeping): its bytes in the spill file,
    // and where that file is or why it could not be written.
    std::atomic<std::uint64_t> spilledBytes { 0 };
    std::string spillDirectory() const
    {
        std::lock_guard lock(spillMutex);
        return spillAt;
    }
    std::string spillProblem() const
    {
        std::lock_guard lock(spillMutex);
        return spillFailure;
    }
    mutable std::mutex spillMutex;
    std::string spillAt;
    std::string spillFailure;
};

// How a recording that grows for as long as the program runs is kept (a server attached for hours): within
// `budgetBytes` in memory (0: no limit), past it the oldest records spilled to a temporary file in
// `spillDirectory` (empty: SpillFile's choice) of at most SpillFactor times the budget, or let go as a
// rolling window. The program cannot be held back: a spill that fails lets go instead.
struct RecordingKeeping
{
    static constexpr std::size_t SpillFactor = 16;
    std::size_t budgetBytes = MemoryBudget::DefaultMb << 20;
    bool rollingWindow = false;
    std::string spillDirectory;
};

// Records what a probe's stream says into a Recording, as a live run of LoopScope's own fills one:
// worker loops' records into logs of their own, labels renumbered from the probe's strings to the
// recording's, the records the probe dropped counted. Feed it a Reader's findings, on one thread;
// readers of the recording may look while it grows (what the recording says about itself, its
// RecordingInfo, is written by describe() once the stream has ended, so that they never see it change).
class Ingest : public Sink
{
public:
    // Worker loops past this many are refused (their records counted as dropped).
    static constexpr std::size_t MaxWorkerLoops = 64;
    // libuv's own bound on its pool's threads.
    static constexpr std::uint32_t MaxPoolThreads = 1024;

    // Worker loops' records go to the recording's worker-loop logs (LogRouter).
    explicit Ingest(Recording& into, RecordingKeeping keeping = {});
    ~Ingest() override;

    // Keeps `follow` up to date from the stream; null: none.
    void follow(LiveFollow* follow) { m_follow = follow; }

    void hello(const Hello& hello) override;
    void thread(std::uint16_t id, const std::string& name) override;
    void string(std::uint32_t id, const std::string& text) override;
    void records(const Record* records, std::size_t count) override;
    void dropped(std::uint64_t count) override;
    void unavailable(const std::string& what) override;
    void now(const Now& now) override;
    void pool(const PoolNow& pool) override;
    void loopTimes(const LoopTimes& times) override;
    void exited(int code) override { m_exitCode = code; }
    // Kept in the recording's blockProfiles, its frames' labels the recording's.
    void samples(const BlockSamples& samples) override;
    void output(const OutputMark& mark) override;

    // A line the program printed, at `atNs` (recording time): recorded as a Log record of the main loop
    // (an Error record for its standard error), as a LoopScope program's console.log is.
    void printed(std::string_view line, bool toStandardError, std::int64_t atNs, std::uint32_t from = 0);
    // The program's output as it is read: its bytes (`read`), then its lines, each starting at `start` of its
    // stream, recorded by nameOutput() once the probe's marks (output()) have named them or cannot.
    void read(bool standardError, std::string_view bytes) { m_output.read(standardError, bytes); }
    void line(std::string_view line, bool standardError, std::int64_t atNs, std::uint64_t start)
    {
        m_output.line(line, standardError, atNs, start);
    }
    // Records the lines read whose writer is now known or cannot be (`all`: every line, the output ended).
    void nameOutput(std::int64_t nowNs, bool all);
    // True while lines read wait for the probe's marks.
    bool outputWaiting() const { return m_output.waiting(); }

    // Writes what the stream said about the program (node's libuv, the size its pool started with, else
    // the one the environment said at the start, its threads' names, the records it lost, what its
    // eventLoopUtilization() read at exit, the status it said it exits with) into the recording's info; call
    // it once the stream has ended.
    void describe(RecordingInfo& info) const;

    // The probe's hello, once it came (pid 0 before).
    const Hello& probe() const { return m_hello; }
    // What the probe said it cannot see, in the order it said so.
    const std::vector<std::string>& unavailable() const { return m_unavailable; }
    // Records that named a string the probe never sent (recorded with the label "?").
    std::uint64_t unnamedLabels() const { return m_unnamed; }
    // Records the probe could not send, or this side could not keep.
    std::uint64_t droppedRecords() const { return m_dropped; }
    // Bytes of the recording in the spill file, and why it could not spill (its oldest records were let
    // go instead), if it could not.
    std::uint64_t spilledBytes() const;
    const std::string& spillProblem() const { return m_spillProblem; }

private:
    std::uint32_t label(std::uint32_t probeId);
    void keep(const Record& record);
    // Past the budget (checked once a chunk fills): the recording spilled, or let go, to three quarters of it.
    void keepWithinBudget();
    // Records `phase` as passed, not timed, at `atNs`, in the iteration and loop of `timed`.
    void passed(const Record& timed, Phase phase, std::int64_t atNs);

    Recording& m_into;
    LogRouter m_logs;
    LiveFollow* m_follow = nullptr;
    Hello m_hello;
    std::vector<std::pair<std::uint16_t, std::string>> m_threadNames;
    std::unordered_map<std::uint32_t, std::uint32_t> m_labels; // the probe's string id -> the recording's
    std::vector<std::string> m_unavailable;
    std::uint64_t m_unnamed = 0;
    std::uint64_t m_dropped = 0;
    std::uint32_t m_poolThreads = 0; // the pool's size once it started (Pool frames, its items' workers); 0 before
    LoopTimes m_loopTimes; // as the program exited; loopStartNs -1 before (or when its loop never started)
    int m_exitCode = -1; // what the probe said the program exits with; -1 before
    RecordingKeeping m_keeping;
    OutputNames m_output;
    std::unique_ptr<SpillFile> m_spill; // made at the first spill
    std::string m_spillProblem;
};

} // namespace loopscope::wire
