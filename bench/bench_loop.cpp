// Times the loop itself, side by side in one run: a bare libuv loop kept
// spinning by an idle handle, LoopScope's setImmediate and nextTick chains with
// recording on and off, and Node's own figures for the same chains.
// Usage: bench_loop [--runs N] [--no-node] [--no-10m]
//        bench_loop --one setImmediate|nextTick|bare STEPS on|off   (one chain, for callgrind)
#include "program/program.h"
#include "session/session.h"

#include <uv.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace loopscope;

namespace {

using Clock = std::chrono::steady_clock;

double nsSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// The floor: libuv's own loop with nothing but an idle handle, which keeps poll from blocking.
struct IdleSpin
{
    std::size_t left = 0;
};

void onIdle(uv_idle_t* handle)
{
    auto* spin = static_cast<IdleSpin*>(handle->data);
    if (--spin->left == 0)
        uv_idle_stop(handle);
}

// Nanoseconds per iteration of a bare loop (libuv 1.44 enters epoll_wait with a zero timeout every time).
double bareLibuvNs(std::size_t iterations)
{
    uv_loop_t loop;
    uv_loop_init(&loop);
    IdleSpin spin;
    spin.left = iterations;
    uv_idle_t idle;
    uv_idle_init(&loop, &idle);
    idle.data = &spin;
    uv_idle_start(&idle, &onIdle);
    const auto start = Clock::now();
    uv_run(&loop, UV_RUN_DEFAULT);
    const double ns = nsSince(start);
    uv_close(reinterpret_cast<uv_handle_t*>(&idle), nullptr);
    uv_run(&loop, UV_RUN_DEFAULT);
    if (uv_loop_close(&loop) != 0) {
        std::fprintf(stderr, "bench_loop: uv_loop_close failed\n");
        std::exit(1);
    }
    return ns / double(iterations);
}

Program chainProgram(const char* via, std::size_t steps)
{
    const std::string text = std::string(R"({ "format": "loopscope-program", "version": 1, "name": "bench-chain",)")
        + R"( "main": [ { "op": "chain", "via": ")" + via + R"(", "times": )" + std::to_string(steps)
        + R"(, "label": "step" } ] })";
    auto parsed = parseProgram(text, "bench-chain.json");
    if (auto* error = std::get_if<ProgramError>(&parsed)) {
        std::fprintf(stderr, "bench_loop: %s\n", error->toString().c_str());
        std::exit(1);
    }
    return std::get<Program>(std::move(parsed));
}

// The most records a session stored with recording off: anything but 0 means the switch is not honoured.
std::size_t g_recordsWhileOff = 0;

// Nanoseconds per step of a LoopScope chain, from start() until the program has finished.
double loopScopeNs(const char* via, std::size_t steps, bool record)
{
    SessionOptions options;
    options.record = record;
    Session session(chainProgram(via, steps), options);
    const auto start = Clock::now();
    session.start();
    if (!session.waitFinished(600000)) {
        std::fprintf(stderr, "bench_loop: the %s chain did not finish\n", via);
        std::exit(1);
    }
    const double ns = nsSince(start);
    std::uint64_t dropped = 0;
    std::size_t records = 0;
    for (const auto& log : session.recording().logs) {
        dropped += log->dropped();
        records += log->size();
    }
    session.stop();
    if (!record)
        g_recordsWhileOff = std::max(g_recordsWhileOff, records);
    if (dropped) {
        std::fprintf(stderr, "bench_loop: %llu events dropped\n", static_cast<unsigned long long>(dropped));
        std::exit(1);
    }
    return ns / double(steps);
}

std::string findNode()
{
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    std::size_t begin = 0;
    while (begin <= dirs.size()) {
        std::size_t end = dirs.find(':', begin);
        if (end == std::string::npos)
            end = dirs.size();
        const std::string candidate = (end > begin ? dirs.substr(begin, end - begin) : ".") + "/node";
        if (::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        begin = end + 1;
    }
    return {};
}

std::string run(const std::string& command)
{
    std::string out;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
        char buffer[256];
        while (std::fgets(buffer, sizeof buffer, pipe))
            out += buffer;
        ::pclose(pipe);
    }
    return out;
}

// Nanoseconds per step of the same chain in Node, timed with performance.now() inside the script.
double nodeNs(const std::string& node, const char* schedule, std::size_t steps)
{
    const std::string script = "const n=" + std::to_string(steps) + ";let i=0;const t0=performance.now();"
        + "function step(){if(++i<n)" + schedule + "(step);else console.log(((performance.now()-t0)*1e6/n).toFixed(3))}"
        + schedule + "(step);";
    const std::string out = run("'" + node + "' -e '" + script + "'");
    const double ns = std::atof(out.c_str());
    if (ns <= 0) {
        std::fprintf(stderr, "bench_loop: node printed \"%s\"\n", out.c_str());
        std::exit(1);
    }
    return ns;
}

struct Series
{
    const char* name;
    std::vector<double> ns;
    double med() const { return median(ns); }
};

void printRow(const Series& s)
{
    if (s.ns.empty())
        return;
    const auto [lo, hi] = std::minmax_element(s.ns.begin(), s.ns.end());
    std::printf("  %-46s %10.4f µs  (%.4f .. %.4f)\n", s.name, s.med() / 1000, *lo / 1000, *hi / 1000);
}

void printRatio(const char* name, double value, const char* target, bool met, bool valid = true)
{
    std::printf("  %-46s %9.2fx   target %-8s %s\n", name, value, target,
        !valid    ? "not measured (see WARNING)"
            : met ? "met"
                  : "MISSED");
}

} // namespace

int main(int argc, char** argv)
{
    int runs = 5;
    bool useNode = true;
    bool tenMillion = true;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else if (!std::strcmp(argv[i], "--no-node")) {
            useNode = false;
        } else if (!std::strcmp(argv[i], "--no-10m")) {
            tenMillion = false;
        } else if (!std::strcmp(argv[i], "--one") && i + 3 < argc) {
            const char* via = argv[i + 1];
            const std::size_t steps = std::size_t(std::atoll(argv[i + 2]));
            const bool on = !std::strcmp(argv[i + 3], "on");
            if (!std::strcmp(via, "bare")) {
                std::printf(
                    "bare libuv loop, %zu iterations: %.4f µs per iteration\n", steps, bareLibuvNs(steps) / 1000);
                return 0;
            }
            std::printf("%s chain of %zu steps, recording %s: %.4f µs per step\n", via, steps, on ? "on" : "off",
                loopScopeNs(via, steps, on) / 1000);
            if (g_recordsWhileOff)
                std::printf("WARNING: recording off still stored %zu records\n", g_recordsWhileOff);
            return 0;
        } else {
            std::fprintf(stderr,
                "usage: bench_loop [--runs N] [--no-node] [--no-10m]\n"
                "       bench_loop --one setImmediate|nextTick|bare STEPS on|off\n");
            return 2;
        }
    }
    const std::size_t million = 1'000'000;
    const std::string node = useNode ? findNode() : std::string();
    std::string nodeVersion = node.empty() ? std::string("node not found") : run("'" + node + "' --version");
    nodeVersion.erase(std::remove(nodeVersion.begin(), nodeVersion.end(), '\n'), nodeVersion.end());
    if (!useNode)
        nodeVersion = "node skipped (--no-node)";

    Series bare { "bare libuv idle loop, per iteration (1M)", {} };
    Series immOn { "LoopScope setImmediate chain 1M, rec on", {} };
    Series immOff { "LoopScope setImmediate chain 1M, rec off", {} };
    Series immNode { "Node setImmediate chain 1M", {} };
    Series tickOn { "LoopScope nextTick chain 1M, rec on", {} };
    Series tickOff { "LoopScope nextTick chain 1M, rec off", {} };
    Series tickNode { "Node nextTick chain 1M", {} };
    Series tick10On { "LoopScope nextTick chain 10M, rec on", {} };
    Series tick10Off { "LoopScope nextTick chain 10M, rec off", {} };
    Series tick10Node { "Node nextTick chain 10M", {} };

    for (int r = 0; r < runs; ++r) {
        std::fprintf(stderr, "bench_loop: run %d of %d\n", r + 1, runs);
        bare.ns.push_back(bareLibuvNs(million));
        // Alternate which of on and off goes first so neither always runs on a warmer machine.
        const bool onFirst = r % 2 == 0;
        for (int k = 0; k < 2; ++k) {
            const bool on = (k == 0) == onFirst;
            (on ? immOn : immOff).ns.push_back(loopScopeNs("setImmediate", million, on));
            (on ? tickOn : tickOff).ns.push_back(loopScopeNs("nextTick", million, on));
            if (tenMillion)
                (on ? tick10On : tick10Off).ns.push_back(loopScopeNs("nextTick", 10 * million, on));
        }
        if (!node.empty()) {
            immNode.ns.push_back(nodeNs(node, "setImmediate", million));
            tickNode.ns.push_back(nodeNs(node, "process.nextTick", million));
            if (tenMillion)
                tick10Node.ns.push_back(nodeNs(node, "process.nextTick", 10 * million));
        }
    }

    std::printf("bench_loop: medians of %d runs (min .. max), %ld cores, libuv %s, %s\n", runs,
        ::sysconf(_SC_NPROCESSORS_ONLN), uv_version_string(), nodeVersion.c_str());
    std::printf("per step\n");
    for (const Series* s :
        { &bare, &immOn, &immOff, &immNode, &tickOn, &tickOff, &tickNode, &tick10On, &tick10Off, &tick10Node })
        printRow(*s);
    if (node.empty())
        std::printf("  Node: %s\n", nodeVersion.c_str());

    std::printf("ratios (of the medians above)\n");
    const double floorRatio = immOn.med() / bare.med();
    printRatio("LoopScope setImmediate (rec on) / bare libuv", floorRatio, "<= 2.5x", floorRatio <= 2.5);
    if (!node.empty()) {
        const double imm = immNode.med() / immOn.med();
        printRatio("Node / LoopScope setImmediate (rec on)", imm, ">= 2x", imm >= 2);
        const double tick = tickNode.med() / tickOn.med();
        printRatio("Node / LoopScope nextTick 1M (rec on)", tick, ">= 2x", tick >= 2);
        if (tenMillion) {
            const double tick10 = tick10Node.med() / tick10On.med();
            printRatio("Node / LoopScope nextTick 10M (rec on)", tick10, ">= 2x", tick10 >= 2);
        }
    }
    if (g_recordsWhileOff)
        std::printf("  WARNING: with SessionOptions.record = false a session still stored %zu records, so the\n"
                    "  \"rec off\" rows above also record and the on / off ratios below are not a measurement.\n",
            g_recordsWhileOff);
    const double immTrace = immOn.med() / immOff.med();
    printRatio("tracing on / off, setImmediate 1M", immTrace, "<= 1.25x", immTrace <= 1.25, !g_recordsWhileOff);
    const double tickTrace = tickOn.med() / tickOff.med();
    printRatio("tracing on / off, nextTick 1M", tickTrace, "<= 1.25x", tickTrace <= 1.25, !g_recordsWhileOff);
    if (tenMillion) {
        const double tick10Trace = tick10On.med() / tick10Off.med();
        printRatio("tracing on / off, nextTick 10M", tick10Trace, "<= 1.25x", tick10Trace <= 1.25, !g_recordsWhileOff);
    }
    return 0;
}
