// What a kept recording holds: every built-in scenario run with its defaults (at most --seconds
// each) on a real loop, its records then encoded as the window's recording holds its past
// (EventLog::compact), and the bytes an event takes, per scenario and over all of them (target: at
// most 16 on average; a record as written is 48).
// Usage: bench_recording [--seconds N] [--only NAME]
#include "catalog/scenariocatalog.h"
#include "recording/recordcodec.h"
#include "session/session.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace loopscope;

namespace {

struct Measured
{
    double records = 0;
    double encodedBytes = 0;
    bool cut = false; // still running at the time limit
};

// The bytes records [first, last) of `log` take encoded, block by block as compact() encodes them.
double encodedSize(const EventLog& log, std::size_t first, std::size_t last)
{
    std::vector<Record> block;
    std::vector<std::uint8_t> bytes;
    for (std::size_t i = first; i < last; i += recordcodec::BlockRecords) {
        block.clear();
        log.walk(i, std::min(last, i + recordcodec::BlockRecords), [&block](const Record& r) {
            block.push_back(r);
            return true;
        });
        recordcodec::encodeBlock(block.data(), block.size(), bytes);
    }
    return double(bytes.size());
}

Measured measure(Program program, double seconds)
{
    Measured result;
    Session session(std::move(program));
    session.start();
    result.cut = !session.waitFinished(int(seconds * 1000));
    session.abort();
    session.stop();
    for (const auto& log : session.recording().logs) {
        // Sealed chunks as the window encodes them, and the one still being written the same way.
        log->compact(EventLog::MaxChunks, true);
        result.records += double(log->size());
        result.encodedBytes += double(log->encodedBytes()) + encodedSize(*log, log->encodedRecords(), log->size());
    }
    return result;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    double seconds = 10;
    const char* only = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--seconds") && i + 1 < argc) {
            seconds = std::max(0.1, std::atof(argv[++i]));
        } else if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
            only = argv[++i];
        } else {
            std::fprintf(stderr, "usage: bench_recording [--seconds N] [--only NAME]\n");
            return 2;
        }
    }
    std::printf(
        "bench_recording: each built-in scenario with its defaults (at most %.0f s), its records encoded\n", seconds);
    std::printf("  %-34s %12s %12s %10s\n", "scenario", "events", "encoded KB", "B/event");
    double sumOfMeans = 0;
    int scenarios = 0;
    double allRecords = 0;
    double allBytes = 0;
    for (const ScenarioCatalog::Entry& entry : ScenarioCatalog::entries()) {
        if (only && entry.name != QLatin1String(only))
            continue;
        auto loaded = ScenarioCatalog::loadScenario(entry.name);
        if (auto* error = std::get_if<QString>(&loaded)) {
            std::fprintf(stderr, "%s\n", qPrintable(*error));
            return 1;
        }
        const Measured m = measure(std::get<Program>(std::move(loaded)), seconds);
        const double perEvent = m.records > 0 ? m.encodedBytes / m.records : 0;
        std::printf("  %-34s %12.0f %12.1f %10.1f%s\n", qPrintable(entry.name), m.records, m.encodedBytes / 1024.0,
            perEvent, m.cut ? "  (stopped at the time limit)" : "");
        sumOfMeans += perEvent;
        ++scenarios;
        allRecords += m.records;
        allBytes += m.encodedBytes;
    }
    const double mean = scenarios ? sumOfMeans / scenarios : 0;
    std::printf("  mean over %d scenarios: %.1f B/event (target <= 16: %s); over all their events: %.1f B/event\n",
        scenarios, mean, mean <= 16 ? "met" : "MISSED", allRecords > 0 ? allBytes / allRecords : 0);
    return mean <= 16 ? 0 : 1;
}
