#pragma once

#include "recording/recording.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace loopscope {

// The figures a run is judged by, each defined once, here, and computed from the recording's own
// records: the summary, the CSV, the PDF report, the loop status, the lessons and the end note all
// read them from here, so no two surfaces can disagree. Each is what Node's own tools report for the
// same run: loop delay as perf_hooks.monitorEventLoopDelay's histogram holds it, utilisation as
// performance.eventLoopUtilization() computes it. A figure nothing measured is unknown, never 0.

// Samples in milliseconds, as percentiles are read from them (nearest rank, as HdrHistogram does).
struct Distribution
{
    std::size_t count = 0;
    double min = 0;
    double mean = 0;
    double p50 = 0;
    double p99 = 0;
    double max = 0;

    static Distribution of(std::vector<double> samples);
    bool known() const { return count > 0; }
};

// Nearest-rank percentile (0..1) of sorted samples; 0 for none.
double percentileOf(const std::vector<double>& sorted, double fraction);

// The share of time the loop ran rather than waited in poll over `overNs`; unknown (-1) when nothing
// measured it.
struct Utilisation
{
    double share = -1;
    std::int64_t overNs = 0;
    bool known() const { return share >= 0; }
};

// One check of the loop-delay monitor: the interval it measured (Node's histogram value, since the
// previous check) and the utilisation over that interval.
struct MonitorCheck
{
    std::int64_t endNs = 0;
    double intervalMs = 0;
    double utilisation = -1; // < 0: not measured

    static MonitorCheck of(const Record& latency)
    {
        return { latency.startNs, latency.latency.histogramMs, latency.latency.utilization };
    }
};

// Utilisation over [fromNs, toNs] from the monitor's checks, each weighed by the part of its interval
// inside; `busySinceNs` >= 0 counts the time since then as busy (a check the loop is too busy to run).
Utilisation utilisationOver(
    const std::vector<MonitorCheck>& checks, std::int64_t fromNs, std::int64_t toNs, std::int64_t busySinceNs = -1);

// Utilisation of a whole run as performance.eventLoopUtilization() computes it at the program's exit:
// (end - loopStart - idle) / (end - loopStart), idle being libuv's uv_metrics_idle_time.
Utilisation runUtilisation(std::int64_t loopStartNs, std::int64_t idleNs, std::int64_t endNs);

// A stretch of the run a console line closes, measured as the program asked (`steps` on a log op):
// from the previous such line of its thread, or from the start of the run, to the line.
struct Stretch
{
    std::uint32_t label = 0; // the line's text
    std::uint16_t thread = MainThread;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::uint32_t steps = 0;

    std::int64_t durationNs() const { return endNs - startNs; }
    double nsPerStep() const { return double(durationNs()) / double(steps); }
    // What `count` steps would take at this stretch's pace: an extrapolation, never a measurement.
    double extrapolatedNs(double count) const { return nsPerStep() * count; }
};

struct Figures
{
    std::int64_t durationNs = 0; // the end of the last record
    std::uint32_t iterations = 0; // of the main loop

    std::uint64_t callbacks = 0;
    std::uint64_t callbacksByKind[8] = {};
    // The longest single callback whose length is known. A counted run (an attached program's ticks or
    // promise jobs in one drain) knows only its mean, which is never taken for a longest.
    bool hasLongest = false;
    std::uint32_t longestLabel = 0;
    CallbackKind longestKind = CallbackKind::Main;
    std::int64_t longestNs = 0;

    std::int64_t phaseNs[PhaseCount] = {};
    bool phaseTimed[PhaseCount] = {}; // false: the phase passed, but nothing timed it
    // How long the main loop's polls were told to wait, as libuv computed it (uv_backend_timeout, what a
    // debugger's dprintf on uv__io_poll prints): the polls of each timeout in ms, -1 for ever, in the
    // timeouts' order. Empty where the recording could not see it (UnobservedPollWait).
    struct PollWait
    {
        std::int64_t timeoutMs;
        std::uint64_t polls;
    };
    std::vector<PollWait> pollWaits;

    bool poolSeen = true; // false: the recorder could not see the thread pool
    std::uint64_t poolItems = 0;
    std::int64_t poolQueuedMaxNs = 0;
    double poolQueuedMeanNs = 0;
    std::int64_t poolRunMaxNs = 0;
    double poolRunMeanNs = 0;

    // monitorEventLoopDelay: the histogram's values, the time between two checks in ms.
    Distribution loopDelay;
    int delayResolutionMs = 0; // 0: not known (no check beyond the resolution was recorded)
    // How much later than due the latest check came: the histogram's max less the resolution (-1: no check).
    double longestLateMs() const { return loopDelay.known() ? std::max(0.0, loopDelay.max - delayResolutionMs) : -1; }
    Distribution health; // /health response times in ms
    std::uint64_t healthFailures = 0;
    Utilisation utilisation; // of the whole run
    bool utilisationFromChecks = false; // true: the loop's own totals were not recorded, the checks' are used

    // The main module's run before the loop started (CommonJS: it and its drains; an attached program's,
    // from the probe's start, which precedes its main module, to the loop's); -1 unknown. Neither
    // the delay monitor nor eventLoopUtilization sees this time; a /health probe waits through it.
    std::int64_t beforeLoopNs = -1;
    // True when that time counts from the program's start, its main module not recorded (an attached
    // program's: its main module, or for an ES module Node loading it, ran then).
    bool beforeLoopFromStart = false;
    // Whether that time is long enough for a check of the delay monitor to have been late for it.
    bool blockedBeforeLoop() const
    {
        return beforeLoopNs >= std::int64_t(delayResolutionMs > 0 ? delayResolutionMs : 10) * 1'000'000;
    }

    std::vector<Stretch> stretches; // in the order their lines were printed (per thread)

    std::uint64_t logLines = 0;
    std::uint64_t errors = 0;
    // The run was aborted: a loop recorded "run aborted", or the recording says so (read from a file).
    bool aborted = false;
    std::size_t holds = 0;
    std::int64_t heldNs = 0;
    std::size_t workerLoops = 0;
};

// Gathers the figures record by record: a whole recording at once (figuresOf), or a long run's records
// as they are written, each chunk let go once added.
class FigureBuilder
{
public:
    void add(const Record& record);
    void addAll(const Recording& recording, const std::vector<std::size_t>& from = {});
    // The figures; the recording gives what it says about itself (the loop's totals, what it saw).
    Figures figures(const Recording& recording) const;

private:
    Figures m_f;
    std::vector<double> m_delays;
    std::vector<double> m_health;
    std::vector<MonitorCheck> m_checks;
    double m_poolQueuedSumNs = 0;
    double m_poolRunSumNs = 0;
    std::int64_t m_mainEndNs = -1;
    std::int64_t m_mainStartNs = -1;
    std::vector<std::uint16_t> m_workerLoops;
    std::vector<std::uint32_t> m_errorLabels; // each error's text once
    std::vector<std::pair<std::uint16_t, std::int64_t>> m_lastMeasured; // thread -> its last measured line
    std::map<std::int64_t, std::uint64_t> m_pollWaits; // timeout in ms -> polls
};

Figures figuresOf(const Recording& recording);

} // namespace loopscope
