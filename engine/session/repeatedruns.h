#pragma once

#include "program/program.h"
#include "session/session.h"

#include <functional>
#include <string>
#include <vector>

namespace loopscope {

// One program run again and again on fresh loops, recording nothing, with what each run printed
// tallied: a race shows as more than one output, each with how many runs printed it (headless
// --repeat, Loop > Run many times in the window). Every run is a real one: the loop clock and
// libuv's rules decide a race, as they do in Node, never a coin.
class RepeatedRuns
{
public:
    // One distinct console output and how many runs printed it.
    struct Output
    {
        std::string text; // the lines, each ending in a newline
        int runs = 0;
    };

    enum class End { Finished, Stopped };

    // `options` are every run's (record is turned off; onLog is the tally's).
    RepeatedRuns(Program program, SessionOptions options);

    // Runs the program once more and tallies its output. `keepGoing` is asked every 10 ms while the
    // run goes on; when it says no, the run is aborted, not tallied, and Stopped returned.
    End runOnce(const std::function<bool()>& keepGoing);

    // Distinct outputs in the order they first came.
    const std::vector<Output>& outputs() const { return m_outputs; }
    int runs() const { return m_runs; }
    // What the last run printed (also the first, after one run).
    const std::string& lastOutput() const { return m_lastOutput; }

private:
    Program m_program;
    SessionOptions m_options;
    std::vector<Output> m_outputs;
    std::string m_lastOutput;
    int m_runs = 0;
};

} // namespace loopscope
