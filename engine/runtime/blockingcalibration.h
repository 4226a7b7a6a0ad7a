#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace loopscope {

// How much of LoopScope's own blocking work costs what Node's operation costs on one machine: for
// each op, the passes of the real work (a JSON parse that builds every value, a backtracking match,
// the SHA-256 updates, the PBKDF2 iterations) that take as long as Node 20 takes, measured side by
// side by bench_costs (scripts/calibrate-costs.sh). Node spends more than the work itself (its heap
// and garbage collector, the crossings between JavaScript and C++), and that share differs from
// machine to machine, so it is measured, stored and read, never assumed. docs/FIDELITY.md.
struct BlockingCalibration
{
    // Passes of the work per op, at least 1 each (LoopScope never does less than the work).
    double jsonParse = 1;
    double regex = 1;
    // A pattern's first test on a thread: V8 runs it in its regexp bytecode interpreter, and
    // compiles native code only for the tests after it.
    double regexFirst = 1;
    double hash = 1;
    double pbkdf2 = 1;
    // Where the figures come from: date, machine and Node version, as the file says.
    std::string measured;

    // The calibration in effect, read once: the file LOOPSCOPE_BLOCKING_COSTS names, else this
    // user's userFile() when there is one, else the one stored with the source
    // (engine/runtime/blockingcosts.json, compiled in). A file that is not valid is said on stderr.
    static const BlockingCalibration& stored();
    // Where scripts/calibrate-costs.sh writes a user's calibration:
    // $XDG_CONFIG_HOME/loopscope/blocking-costs.json, else ~/.config/loopscope/blocking-costs.json.
    static std::string userFile();
    // Reads the JSON form bench_costs writes; nullopt (and why, in `error`) when it is not one.
    static std::optional<BlockingCalibration> fromJson(std::string_view text, std::string* error = nullptr);
    std::string toJson() const;
};

} // namespace loopscope
