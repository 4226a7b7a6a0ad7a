#pragma once

#include "attach/wire.h"
#include "recording/logrouter.h"
#include "recording/recording.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace loopscope::wire {

// Records what a probe's stream says into a Recording, as a live run of LoopScope's own fills one:
// worker loops' records into logs of their own, labels renumbered from the probe's strings to the
// recording's, the records the probe dropped counted as the recording's dropped events, its threads
// named. Feed it a Reader's findings; readers of the recording may look while it grows.
class Ingest : public Sink
{
public:
    // Worker loops past this many are refused (their records counted as dropped).
    static constexpr std::size_t MaxWorkerLoops = 64;

    explicit Ingest(Recording& into);

    void hello(const Hello& hello) override;
    void thread(std::uint16_t id, const std::string& name) override;
    void string(std::uint32_t id, const std::string& text) override;
    void records(const Record* records, std::size_t count) override;
    void dropped(std::uint64_t count) override;
    void unavailable(const std::string& what) override;

    // The probe's hello, once it came (pid 0 before).
    const Hello& probe() const { return m_hello; }
    // What the probe said it cannot see, in the order it said so.
    const std::vector<std::string>& unavailable() const { return m_unavailable; }
    // Records that named a string the probe never sent (recorded with the label "?").
    std::uint64_t unnamedLabels() const { return m_unnamed; }

private:
    std::uint32_t label(std::uint32_t probeId);

    Recording& m_into;
    LogRouter m_logs;
    Hello m_hello;
    std::unordered_map<std::uint32_t, std::uint32_t> m_labels; // the probe's string id -> the recording's
    std::vector<std::string> m_unavailable;
    std::uint64_t m_unnamed = 0;
};

} // namespace loopscope::wire
