// Storms at full speed with recording on, each for a fixed time: a nextTick chain, a setImmediate
// chain, a thousand setTimeout chains, a mix of immediates and timers, and a thread pool kept full.
// For each: callbacks and loop iterations per second, what the recording holds per iteration and
// per record (encoded, as a kept recording holds its past; a record as written is 48 bytes), the peak growth of
// resident memory (target: the memory budget, 512 MB, plus 64 MB for the rest of the process), what spilled to disk,
// and dropped events (target 0). Usage: bench_storm [--seconds N] [--runs N] [--only NAME]
#include "program/program.h"
#include "session/session.h"

#include <algorithm>
#include <atomic>
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

struct Storm
{
    const char* name;
    const char* what;
    const char* main; // the program's "main" array
};

const Storm Storms[] = {
    // Two chains of 2,000,000,000 each, so that even 60 s do not see the storm end.
    { "nextTick", "two nextTick chains",
        R"([{"op":"repeat","times":2,"do":[{"op":"chain","via":"nextTick","times":2000000000,"label":"storm step"}]}])" },
    { "immediate", "a setImmediate chain",
        R"([{"op":"chain","via":"setImmediate","times":2000000000,"label":"storm step"}])" },
    { "timer", "1,000 setTimeout(1) chains",
        R"([{"op":"repeat","times":1000,"do":[{"op":"chain","via":"setTimeout","ms":1,"times":2000000000}]}])" },
    { "mixed", "10 setImmediate and 200 setTimeout(1) chains",
        R"([{"op":"repeat","times":10,"do":[{"op":"chain","via":"setImmediate","times":2000000000}]},
            {"op":"repeat","times":200,"do":[{"op":"chain","via":"setTimeout","ms":1,"times":2000000000}]}])" },
    { "pool", "50 pbkdf2 (1 iteration) every millisecond",
        R"([{"op":"setInterval","ms":1,"times":1000000,"do":[
            {"op":"repeat","times":50,"do":[{"op":"pbkdf2","iterations":1,"do":[]}]}]}])" },
};

constexpr double BudgetMb = double(MemoryBudget::DefaultMb);
constexpr double RestOfProcessMb = 64;

// Resident set size in kB, from /proc/self/status.
long residentKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.compare(0, 6, "VmRSS:") == 0)
            return std::atol(line.c_str() + 6);
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
    double callbacks = 0;
    double iterations = 0;
    double records = 0;
    double dropped = 0;
    double peakGrowthMb = 0;
    double encodedRecords = 0;
    double encodedBytes = 0; // in memory and spilled
    double spilledMb = 0;
    bool aborted = false;
};

Result storm(const Program& program, double seconds)
{
    Result result;
    const long before = residentKb();
    Session session(program);
    // Peak resident memory, sampled while the storm runs.
    std::atomic<bool> sampling { true };
    long peakKb = before;
    std::thread sampler([&] {
        while (sampling.load()) {
            peakKb = std::max(peakKb, residentKb());
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    session.start();
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until && !session.waitFinished(50)) { }
    result.aborted = session.finished();
    session.abort();
    session.stop();
    sampling = false;
    sampler.join();
    result.spilledMb = double(session.spilledBytes()) / (1024.0 * 1024.0);
    for (const auto& log : session.recording().logs) {
        log->compact(EventLog::MaxChunks, true); // what the window would encode next
        result.records += double(log->size());
        result.dropped += double(log->dropped());
        result.encodedRecords += double(log->encodedRecords());
        result.encodedBytes += double(log->encodedBytes());
        log->walk(0, log->size(), [&](const Record& r) {
            if (r.type == RecordType::Callback && callbackKindOf(r) != CallbackKind::Main)
                result.callbacks += double(r.span.count);
            else if (r.type == RecordType::Phase && r.thread == MainThread)
                result.iterations = std::max(result.iterations, double(r.span.iteration));
            return true;
        });
    }
    result.peakGrowthMb = double(peakKb - before) / 1024.0;
    return result;
}

} // namespace

int main(int argc, char** argv)
{
    double seconds = 60;
    int runs = 1;
    const char* only = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) {
            seconds = std::max(0.1, std::atof(argv[++i]));
        } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = std::max(1, std::atoi(argv[++i]));
        } else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else {
            std::fprintf(stderr, "usage: bench_storm [--seconds N] [--runs N] [--only NAME]\n");
            return 2;
        }
    }

    bool met = true;
    std::printf("bench_storm: storms at full speed, recording on, %.0f s each, medians of %d runs\n", seconds, runs);
    std::printf("  %-10s %12s %12s %10s %10s %12s %10s %8s  %s\n", "storm", "callbacks/s", "iterations/s", "B/iter",
        "B/record", "peak RSS +MB", "spilled MB", "dropped", "target (peak <= 576 MB, 0 dropped)");
    for (const Storm& kind : Storms) {
        if (only && std::strcmp(only, kind.name) != 0)
            continue;
        const std::string json = std::string(R"({"format":"loopscope-program","version":1,"name":")") + kind.name
            + R"( storm","main":)" + kind.main + "}";
        auto parsed = parseProgram(json, "storm.json");
        if (auto* error = std::get_if<ProgramError>(&parsed)) {
            std::fprintf(stderr, "%s\n", error->toString().c_str());
            return 1;
        }
        const Program program = std::get<Program>(std::move(parsed));
        std::vector<double> callbacks, iterations, perIteration, perRecord, peak, spilled;
        double worstPeak = 0;
        double dropped = 0;
        bool aborted = false;
        for (int r = 0; r < runs; ++r) {
            const Result result = storm(program, seconds);
            std::fprintf(stderr,
                "bench_storm: %s, run %d of %d: %.0f callbacks, %.0f iterations, %.0f records, %+.1f MB "
                "peak RSS, %.0f MB spilled%s\n",
                kind.name, r + 1, runs, result.callbacks, result.iterations, result.records, result.peakGrowthMb,
                result.spilledMb, result.aborted ? ", ended early" : "");
            callbacks.push_back(result.callbacks / seconds);
            iterations.push_back(result.iterations / seconds);
            const double bytesPerRecord = result.encodedRecords > 0 ? result.encodedBytes / result.encodedRecords : 0;
            perRecord.push_back(bytesPerRecord);
            perIteration.push_back(result.iterations > 0 ? bytesPerRecord * result.records / result.iterations : 0);
            peak.push_back(result.peakGrowthMb);
            spilled.push_back(result.spilledMb);
            worstPeak = std::max(worstPeak, result.peakGrowthMb);
            dropped = std::max(dropped, result.dropped);
            aborted = aborted || result.aborted;
        }
        const bool ok = worstPeak <= BudgetMb + RestOfProcessMb && dropped == 0 && !aborted;
        met = met && ok;
        std::printf("  %-10s %12.0f %12.0f %10.1f %10.1f %12.1f %10.0f %8.0f  %s%s (%s)\n", kind.name,
            median(callbacks), median(iterations), median(perIteration), median(perRecord), median(peak),
            median(spilled), dropped, ok ? "met" : "MISSED", aborted ? ", the run ended early" : "", kind.what);
    }
    return met ? 0 : 1;
}
