// The worst storm: a nextTick chain at full speed with recording on, for a fixed
// time. Reports the steps run, the records stored, dropped events (must be 0)
// and the growth of resident memory (target: at most 512 MB).
// Usage: bench_storm [--seconds N] [--runs N]
#include "program/program.h"
#include "session/session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace loopscope;

namespace {

const char* const Storm = R"({
    "format": "loopscope-program", "version": 1, "name": "nexttick-storm",
    "main": [ { "op": "chain", "via": "nextTick", "times": 2000000000, "label": "storm step" } ]
})";

// Resident set size in kB, from /proc/self/status.
long residentKb(const char* field = "VmRSS:")
{
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::size_t length = std::strlen(field);
    while (std::getline(status, line)) {
        if (line.compare(0, length, field) == 0)
            return std::atol(line.c_str() + length);
    }
    return -1;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

struct Result
{
    double steps = 0;
    double records = 0;
    double dropped = 0;
    double rssGrowthMb = 0;
    double logMb = 0;
    double seconds = 0;
};

Result storm(const Program& program, double seconds)
{
    Result result;
    const long before = residentKb();
    Session session(program);
    const auto start = std::chrono::steady_clock::now();
    session.start();
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    const long after = residentKb();
    session.abort();
    session.stop();
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    for (const auto& log : session.recording().logs) {
        result.records += double(log->size());
        result.dropped += double(log->dropped());
        result.logMb += double(log->memoryBytes()) / (1024.0 * 1024.0);
        for (std::size_t i = 0; i < log->size(); ++i) {
            const Record& r = (*log)[i];
            if (r.type == RecordType::Callback && callbackKindOf(r) == CallbackKind::NextTick)
                result.steps += double(r.span.count);
        }
    }
    result.rssGrowthMb = double(after - before) / 1024.0;
    return result;
}

} // namespace

int main(int argc, char** argv)
{
    double seconds = 10;
    int runs = 1;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) {
            seconds = std::max(0.1, std::atof(argv[++i]));
        } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else {
            std::fprintf(stderr, "usage: bench_storm [--seconds N] [--runs N]\n");
            return 2;
        }
    }
    auto parsed = parseProgram(Storm, "storm.json");
    if (auto* error = std::get_if<ProgramError>(&parsed)) {
        std::fprintf(stderr, "%s\n", error->toString().c_str());
        return 1;
    }
    const Program program = std::get<Program>(std::move(parsed));

    std::vector<double> steps, records, dropped, growth, logMb;
    for (int r = 0; r < runs; ++r) {
        const Result result = storm(program, seconds);
        std::fprintf(stderr, "bench_storm: run %d of %d: %.0f steps, %.0f records, %.0f dropped, %+.1f MB RSS\n", r + 1,
            runs, result.steps, result.records, result.dropped, result.rssGrowthMb);
        steps.push_back(result.steps);
        records.push_back(result.records);
        dropped.push_back(result.dropped);
        growth.push_back(result.rssGrowthMb);
        logMb.push_back(result.logMb);
    }
    const double maxDropped = *std::max_element(dropped.begin(), dropped.end());
    const double maxGrowth = *std::max_element(growth.begin(), growth.end());
    std::printf("bench_storm: nextTick chain at full speed, recording on, %.0f s, medians of %d runs\n", seconds, runs);
    std::printf("  %-34s %14.0f  (%.1f M steps/s, %.4f µs per step)\n", "steps run", median(steps),
        median(steps) / seconds / 1e6, seconds * 1e6 / median(steps));
    std::printf("  %-34s %14.0f  (%.0f steps per record)\n", "records stored", median(records),
        median(steps) / std::max(1.0, median(records)));
    std::printf("  %-34s %14.0f  target 0        %s\n", "dropped events (worst run)", maxDropped,
        maxDropped == 0 ? "met" : "MISSED");
    std::printf("  %-34s %11.1f MB  target <= 512  %s (worst run %.1f MB)\n", "resident growth (VmRSS)", median(growth),
        maxGrowth <= 512 ? "met" : "MISSED", maxGrowth);
    std::printf("  %-34s %11.1f MB\n", "event log chunks allocated", median(logMb));
    return maxDropped == 0 && maxGrowth <= 512 ? 0 : 1;
}
