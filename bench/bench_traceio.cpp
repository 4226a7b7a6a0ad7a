// Times writing and reading a trace of 1,000,000 mixed records.
// Usage: bench_traceio [FILE [--keep]]; the trace is removed afterwards unless --keep is given.
#include "formats/traceio.h"
#include "recording/recording.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

using namespace loopscope;

namespace {

void put(EventLog& log, const Record& record)
{
    if (Record* slot = log.slot()) {
        *slot = record;
        log.commit();
    }
}

// One iteration's worth of records: phases, callbacks (some as runs), pool work, samples and a log line.
void fill(Recording& recording, std::size_t target)
{
    EventLog& log = recording.mainLog();
    const std::uint32_t labels[] = { recording.strings.intern("setTimeout 0"), recording.strings.intern("tick"),
        recording.strings.intern("readFile callback"), recording.strings.intern("then \"quoted\"\n") };
    const std::uint32_t poolLabel = recording.strings.intern("pbkdf2");
    const std::uint32_t logLabel = recording.strings.intern("hello, world");
    std::int64_t now = 1000;
    std::uint32_t iteration = 0;
    while (log.size() < target) {
        ++iteration;
        for (int phase = 0; phase < PhaseCount && log.size() < target; ++phase) {
            Record r;
            r.type = RecordType::Phase;
            r.sub = std::uint8_t(phase);
            r.label = 1;
            r.startNs = now;
            r.span.iteration = iteration;
            r.span.count = 1;
            r.span.maxNs = phase == int(Phase::Poll) ? 1 : 0;
            std::int64_t inner = now + 117;
            for (int i = 0; i < 2 && log.size() + 1 < target; ++i) {
                Record c;
                c.type = RecordType::Callback;
                c.sub = std::uint8_t(i == 0 ? CallbackKind::Timer : CallbackKind::NextTick);
                c.label = labels[(phase + i) % 4];
                c.startNs = inner;
                c.span.durNs = 2345 + i * 1000;
                c.span.busyNs = i == 0 ? c.span.durNs : 2000;
                c.span.maxNs = i == 0 ? c.span.durNs : 1500;
                c.span.count = i == 0 ? 1 : 17;
                c.span.iteration = iteration;
                put(log, c);
                inner += 5000;
            }
            r.span.durNs = inner - now + 333;
            put(log, r);
            now += r.span.durNs + 41;
        }
        Record p;
        p.type = RecordType::Pool;
        p.thread = std::uint16_t(1 + iteration % 4);
        p.label = poolLabel;
        p.startNs = now - 20000;
        p.span.durNs = 15000;
        p.span.busyNs = 1234567;
        p.span.count = 1;
        p.span.iteration = iteration;
        put(log, p);
        Record q;
        q.type = RecordType::Queues;
        q.startNs = now;
        q.queues = { 1, 2, 3, 4, 0, 7, 4 };
        put(log, q);
        Record l;
        l.type = RecordType::Latency;
        l.startNs = now;
        l.latency.loopDelayMs = 0.125 * (iteration % 9);
        l.latency.healthMs = iteration % 3 ? -1 : 1.5;
        put(log, l);
        Record t;
        t.type = RecordType::Log;
        t.label = logLabel;
        t.startNs = now;
        put(log, t);
    }
}

double msSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main(int argc, char** argv)
{
    const std::size_t count = 1'000'000;
    const std::string path = argc > 1 ? argv[1] : "/tmp/bench_traceio.json";
    Recording recording;
    recording.info.generator = "LoopScope bench";
    recording.info.program = "bench";
    fill(recording, count);

    auto start = std::chrono::steady_clock::now();
    std::string error;
    if (!writeTrace(recording, path, &error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    const double writeMs = msSince(start);

    Recording loaded;
    start = std::chrono::steady_clock::now();
    if (!readTrace(path, loaded, &error)) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    const double readMs = msSince(start);

    // The same read with a progress callback, as a dialog would pass; it should cost nothing visible.
    Recording again;
    std::uint64_t reports = 0;
    start = std::chrono::steady_clock::now();
    if (!readTrace(path, again, &error, [&reports](std::uint64_t, std::uint64_t) { return ++reports != 0; })) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    const double progressMs = msSince(start);
    if (argc <= 2 || std::string(argv[2]) != "--keep")
        std::remove(path.c_str());

    const double records = double(recording.mainLog().size());
    std::printf("records: %zu (read back %zu)\n", recording.mainLog().size(), loaded.mainLog().size());
    std::printf("writeTrace: %.1f ms (%.0f records/s)\n", writeMs, records / writeMs * 1000);
    std::printf("readTrace:  %.1f ms (%.0f records/s)\n", readMs, records / readMs * 1000);
    std::printf(
        "readTrace with progress: %.1f ms (%llu reports)\n", progressMs, static_cast<unsigned long long>(reports));
    return loaded.mainLog().size() == recording.mainLog().size() ? 0 : 1;
}
