#pragma once

#include "formats/progress.h"
#include "runtime/nodecosts.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

// Measures on this machine what Node.js spends where LoopScope models start-up costs (NodeCosts): the
// main module's first console.log and each of its next twenty (how much slower or faster than Node 20's
// this machine runs a line: every line's cost is scaled by it), setTimeout's first use before and after it
// reads the loop clock (the after part from how often a timer set inside an immediate beats the immediate
// queued beside it),
// setImmediate's first use, the gap between the main module and the first timers phase (from how often
// main-race's timer wins), a worker's first console.log and the end of its script, its start-up, and the
// first use of every other operation with a cost of its own (fs, dns, crypto, nextTick...), and libuv's pool
// starting at the first request. Each time is the
// median of fresh node processes, shaped as `loopscope --emit-js` writes scripts, stdout a pipe. The
// result is kept in the settings and replaces Node 20's figures in every run afterwards, in the window
// (Loop > Calibrate with this machine's Node.js…) and on the command line (--calibrate-node).
class NodeCalibration
{
    Q_DECLARE_TR_FUNCTIONS(NodeCalibration)

public:
    struct Result
    {
        QString node; // the executable that was measured
        QString version; // its `process.version`
        QDateTime when;
        int runs = 0; // fresh processes per figure
        std::uint32_t firstLogUs = 0;
        std::uint32_t setTimeoutBeforeUs = 0;
        std::uint32_t setTimeoutAfterUs = 0;
        std::uint32_t setImmediateUs = 0;
        int mainRaceTimerFirst = 0; // of raceRuns
        int checkRaceTimerFirst = 0; // setTimeout(0) against setImmediate inside an immediate, of raceRuns
        int raceRuns = 0; // runs * RaceRunsPerFigure
        std::uint32_t startupGapUs = 0; // what main-race's share implies, less the modelled first uses
        std::uint32_t workerFirstLogUs = 0;
        std::uint32_t workerScriptEndUs = 0;
        // The first use of each op kind of FirstUseKinds, when measured (a calibration kept by an older
        // LoopScope has none: Node 20's figures stay there).
        std::map<loopscope::OpKind, std::uint32_t> firstUsesUs;
        // From `new Worker` returning to the worker's first line, when measured.
        std::optional<std::uint32_t> workerStartUs;
        // What each `new Worker` line after the first costs the creating thread, when measured (each
        // builds a thread, ports and an environment). A line run again is not modelled (NodeCosts::node20).
        std::optional<std::uint32_t> workerLineUs;
        // Starting libuv's pool at the first request, when measured: a fixed part and each thread's.
        std::optional<std::uint32_t> poolBaseUs;
        std::optional<std::uint32_t> poolThreadUs;
        // What the emitted script's HTTP server listening and its first request add between the main
        // module and the first immediate, when measured.
        std::optional<std::uint32_t> serverListenUs;
        std::optional<std::uint32_t> httpGetFirstUs;
        // That request's way through the server and back, from the first immediate, beyond a warm round
        // trip's, when measured.
        std::optional<std::uint32_t> serverFirstAfterClientUs;
        // The first process.nextTick and queueMicrotask after a first console.log, when measured: what is
        // left of their first uses (NodeCosts::warmedByLogUs).
        std::optional<std::uint32_t> nextTickAfterLogUs;
        std::optional<std::uint32_t> queueMicrotaskAfterLogUs;
        // dns.lookup's second call (NodeCosts::secondUseUs), when measured.
        std::optional<std::uint32_t> dnsLookupSecondUs;
        // What the pool's start costs beyond that while a worker boots (NodeCosts::poolBesideWorkerBootUs),
        // when measured.
        std::optional<std::uint32_t> poolBesideWorkerBootUs;
        // A console.log line after the first two (the mean of the next twenty), when measured: Node 20's
        // cost of every line (NodeCosts::siteTenthsUs, callTenthsUs) is scaled by it against Node 20's own.
        std::optional<std::uint32_t> logLineUs;
        // The first promise rejected with no handler, and what processPromiseRejections then adds between
        // the main module and the first immediate, when measured.
        std::optional<std::uint32_t> firstUnhandledRejectionUs;
        std::optional<std::uint32_t> rejectionsProcessedUs;

        // Node 20's figures with these in their place.
        loopscope::NodeCosts applyTo(loopscope::NodeCosts costs) const;
    };

    // main-race runs this many times per figure run: a share needs more runs than a median.
    static constexpr int RaceRunsPerFigure = 10;
    // The op kinds whose first use is measured one to a process, beside the ones above.
    static std::vector<loopscope::OpKind> firstUseKinds();

    // Runs the measurements with `node` (a path, or a name looked up in PATH), `runs` fresh processes
    // each. `progress` is told how many processes ran of how many; when it says no, the calibration
    // stops (the process running is killed) and fails with CancelledMessage.
    static std::optional<Result> measure(
        const QString& node, int runs, const loopscope::Progress& progress, QString* error);

    // The calibration kept in the settings, if any.
    static std::optional<Result> stored();
    static void store(const Result& result);
    static void forget();
    // Node 20's figures, with this machine's calibration in their place when there is one: the costs
    // every run starts from before --node-costs or the window's scale.
    static loopscope::NodeCosts baseCosts();

    // The figures as lines of text, for the terminal and the window.
    static QString describe(const Result& result);
};
