#include "recording/monotonicclock.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace loopscope {

namespace {

#if defined(__x86_64__)
// Calls `take` with each line of the file at `path` (without its newline) until it returns false. The
// file is open close-on-exec, and only meanwhile: the attach probe reads these inside the program it
// watches, which must find no descriptor of its in its children or in its own numbering.
template <typename Take> void readLines(const char* path, Take&& take)
{
    FILE* file = std::fopen(path, "re");
    if (!file)
        return;
    char* buffer = nullptr;
    std::size_t size = 0;
    for (ssize_t length; (length = getline(&buffer, &size, file)) >= 0;) {
        std::string line(buffer, std::size_t(length));
        if (!line.empty() && line.back() == '\n')
            line.pop_back();
        if (!take(line))
            break;
    }
    std::free(buffer);
    std::fclose(file);
}

// The kernel keeps CLOCK_MONOTONIC on the TSC only when it found the TSC in step
// across CPUs; constant_tsc and nonstop_tsc say it neither changes rate with the
// frequency nor stops in deep idle states. Every CPU must say so.
bool tscIsInvariant()
{
    bool sawFlags = false;
    bool invariant = true;
    readLines("/proc/cpuinfo", [&](std::string& line) {
        if (line.compare(0, 5, "flags") != 0)
            return true;
        line += ' ';
        sawFlags = true;
        invariant = line.find(" constant_tsc ") != std::string::npos && line.find(" nonstop_tsc ") != std::string::npos;
        return invariant;
    });
    if (!sawFlags || !invariant)
        return false;
    bool tsc = false;
    readLines("/sys/devices/system/clocksource/clocksource0/current_clocksource", [&](const std::string& name) {
        tsc = name == "tsc";
        return false;
    });
    return tsc;
}

struct Reading
{
    std::uint64_t ticks;
    std::int64_t ns;
};

// A TSC reading and a clock_gettime reading taken at the same instant, as nearly as
// this thread can: of several tries, the one whose two TSC reads bracket clock_gettime
// most tightly, with the TSC taken as their midpoint.
Reading readBoth()
{
    Reading best {};
    std::uint64_t bestGap = ~std::uint64_t(0);
    for (int i = 0; i < 16; ++i) {
        const std::uint64_t before = __rdtsc();
        const std::int64_t ns = MonotonicClock::systemNs();
        const std::uint64_t after = __rdtsc();
        if (after - before < bestGap) {
            bestGap = after - before;
            best = { before + bestGap / 2, ns };
        }
    }
    return best;
}
#endif

} // namespace

MonotonicClock::Calibration::Calibration()
{
#if defined(__x86_64__)
    // Read once, while the first recorder is made; nothing in the process sets the environment.
    const char* choice = std::getenv("LOOPSCOPE_CLOCK"); // NOLINT(concurrency-mt-unsafe)
    if ((choice && std::strcmp(choice, "system") == 0) || !tscIsInvariant())
        return;
    // Each reading is good to about 10 ns, so 10 ms between them puts the rate within
    // about 2 ppm: 2 µs per second of recording against clock_gettime, and the same
    // for every thread, because they all share this calibration.
    const Reading first = readBoth();
    timespec pause { 0, 10'000'000 };
    while (nanosleep(&pause, &pause) != 0 && errno == EINTR) { }
    const Reading second = readBoth();
    if (second.ticks <= first.ticks || second.ns - first.ns < 5'000'000)
        return;
    const double rate = double(second.ns - first.ns) / double(second.ticks - first.ticks);
    // A TSC outside 100 MHz .. 10 GHz means the readings are not to be trusted.
    if (rate < 0.1 || rate > 10)
        return;
    baseTicks = second.ticks;
    baseNs = second.ns;
    nsPerTick = rate;
    useTsc.store(true, std::memory_order_relaxed);
#endif
}

std::int64_t MonotonicClock::leaveTsc()
{
    calibration().useTsc.store(false, std::memory_order_relaxed);
    return systemNs();
}

} // namespace loopscope
