// What the probe of loopscope --attach costs a real Node.js program: each workload runs under plain
// node, under node with the probe marking the phases only, and with the probe labelling and timing
// every callback too (records sent to LoopScope), in turn, and times itself on its main thread (the
// probe's sender runs on a thread of its own).
// Reports the medians and their ratio, side by side from the same run.
// Usage: bench_attach [--runs N] (default 5)
#include "attach/attachrun.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

using namespace loopscope;

namespace {

struct Workload
{
    const char* name;
    const char* body; // JavaScript that calls done() when its work is over
    bool prints = false; // its output goes down a pipe LoopScope reads, and names each line of (the console)
};

const Workload workloads[] = {
    { "1M setImmediate chain", "let n = 0; (function step() { if (++n < 1e6) setImmediate(step); else done(); })();" },
    { "1M await null", "(async () => { for (let i = 0; i < 1e6; ++i) await null; done(); })();" },
    { "100k nextTick chain",
        "let n = 0; (function tick() { if (++n < 1e5) process.nextTick(tick); else done(); })();" },
    { "5k setTimeout(0) chain",
        "let n = 0; (function step() { if (++n < 5e3) setTimeout(step, 0); else done(); })();" },
    // Requests named by where the program made them: each stat's callback is Node's wrapper of the program's.
    { "10k fs.stat chain",
        "const fs = require('fs'); let n = 0; "
        "(function step() { if (++n < 1e4) fs.stat(__filename, step); else done(); })();" },
    // One callback that blocks for about half a second: with every callback labelled, its stacks are sampled
    // every 2 ms from its 50th ms on (the samples column), which is what sampling costs.
    { "1 callback blocking ~0.5 s",
        "setTimeout(function block() { let x = 0; for (let i = 0; i < 4e8; ++i) x += i % 7; globalThis.x = x; "
        "done(); }, 1);" },
    // A line printed by each callback: with every callback labelled, each write to fd 1 is marked with its
    // callback, and LoopScope names each line it reads. Plain node writes into a pipe too.
    { "20k console.log, setImmediate",
        "let n = 0; (function step() { console.log('line', n); if (++n < 2e4) setImmediate(step); else done(); })();",
        true },
};

// A script that runs `body` and writes how long it took, in ms of the main thread's wall time, to the
// file named by its first argument.
std::string script(const Workload& workload)
{
    return std::string("const start = process.hrtime.bigint();\n"
                       "function done() {\n"
                       "  const ms = Number(process.hrtime.bigint() - start) / 1e6;\n"
                       "  require('fs').writeFileSync(process.argv[2], String(ms));\n"
                       "}\n")
        + workload.body + "\n";
}

double readMs(const std::string& path)
{
    std::ifstream in(path);
    double ms = -1;
    in >> ms;
    return ms;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    int runs = 5;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0)
            runs = std::max(1, std::atoi(argv[i + 1]));
    }
    char directory[] = "/tmp/bench_attach-XXXXXX";
    if (!mkdtemp(directory)) {
        std::perror("bench_attach");
        return 1;
    }
    const std::string dir = directory;
    const std::string probeDir = LOOPSCOPE_PROBE_DIR;
    std::printf("%-26s %10s %12s %8s %12s %8s %10s %8s\n", "workload", "node ms", "markers ms", "ratio", "every cb ms",
        "ratio", "records", "samples");
    for (const Workload& workload : workloads) {
        const std::string path = dir + "/workload.js";
        const std::string out = dir + "/ms";
        std::ofstream(path) << script(workload);
        std::vector<double> alone;
        std::vector<double> markers;
        std::vector<double> probed;
        std::size_t records = 0;
        std::uint64_t samples = 0;
        for (int run = 0; run < runs; ++run) {
            // In turn, so that each sees the machine as it is.
            const std::string command
                = "node '" + path + "' '" + out + "'" + (workload.prints ? " | cat >/dev/null" : "");
            if (std::system(command.c_str()) != 0) {
                std::fprintf(stderr, "bench_attach: node failed on %s\n", workload.name);
                return 1;
            }
            alone.push_back(readMs(out));
            for (const bool everyCallback : { false, true }) {
                wire::AttachOptions options;
                options.probeDir = probeDir;
                options.script = path;
                options.arguments = { out };
                options.everyCallback = everyCallback;
                if (workload.prints)
                    options.output = wire::AttachOptions::Output::Recorded;
                Recording recording;
                const wire::AttachResult result = wire::attach(options, recording);
                if (!result.started || !result.probed || result.exitCode != 0) {
                    std::fprintf(stderr, "bench_attach: the probed run of %s failed: %s%s\n", workload.name,
                        result.error.c_str(), result.streamError.c_str());
                    return 1;
                }
                (everyCallback ? probed : markers).push_back(readMs(out));
                if (everyCallback) {
                    records = 0;
                    for (const auto& log : recording.logs)
                        records += log->size();
                    samples = 0;
                    for (const BlockProfile& profile : recording.blockProfiles.all())
                        samples += profile.samples();
                }
            }
        }
        const double a = median(alone);
        const double m = median(markers);
        const double p = median(probed);
        std::printf("%-26s %10.1f %12.1f %7.2fx %12.1f %7.2fx %10zu %8llu\n", workload.name, a, m, m / a, p, p / a,
            records, static_cast<unsigned long long>(samples));
    }
    std::remove((dir + "/workload.js").c_str());
    std::remove((dir + "/ms").c_str());
    rmdir(directory);
    return 0;
}
