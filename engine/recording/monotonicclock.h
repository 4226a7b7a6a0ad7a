#pragma once

#include <atomic>
#include <cstdint>
#include <ctime>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace loopscope {

// The one time base of every timestamp in a recording: CLOCK_MONOTONIC nanoseconds.
//
// Where the kernel itself keeps CLOCK_MONOTONIC on an invariant TSC (flags
// constant_tsc and nonstop_tsc, clocksource tsc), the clock reads the TSC
// directly and converts it with a calibration made once per process, as Tracy
// does: about 8 ns a read instead of 20 ns for clock_gettime, which the loop
// pays several times per iteration. Everywhere else it is clock_gettime
// (LOOPSCOPE_CLOCK=system asks for it too). The choice and the calibration are
// process-wide, so times taken on any thread (loop, pool workers, prober,
// worker loops, GUI) compare directly. Should the TSC ever read less than at
// calibration (firmware resets it on some machines' resume from suspend), the
// clock goes over to clock_gettime for good, in the same time base.
class MonotonicClock
{
public:
    // Nanoseconds on the monotonic clock; the first call of a process calibrates (about 10 ms).
    static std::int64_t now()
    {
#if defined(__x86_64__)
        const Calibration& c = calibration();
        if (c.useTsc.load(std::memory_order_relaxed)) {
            const std::int64_t ticks = std::int64_t(__rdtsc() - c.baseTicks);
            // A double holds tick counts exactly for 40 days and the product to a fraction of a nanosecond.
            if (ticks >= 0)
                return c.baseNs + std::int64_t(double(ticks) * c.nsPerTick);
            return leaveTsc();
        }
#endif
        return systemNs();
    }

    // True when now() reads the TSC rather than clock_gettime.
    static bool usesTsc()
    {
        return calibration().useTsc.load(std::memory_order_relaxed);
    }

    // CLOCK_MONOTONIC through clock_gettime, the reference the TSC is calibrated against, and the clock an
    // attached program's probe reads (uv_hrtime): its times are compared with this, never with now().
    static std::int64_t systemNs()
    {
        timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        return std::int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }

private:
    struct Calibration
    {
        Calibration(); // calibrates, or leaves useTsc false
        std::atomic<bool> useTsc { false };
        std::uint64_t baseTicks = 0;
        std::int64_t baseNs = 0;
        double nsPerTick = 0;
    };

    static Calibration& calibration()
    {
        static Calibration c;
        return c;
    }
    static std::int64_t leaveTsc();
};

} // namespace loopscope
