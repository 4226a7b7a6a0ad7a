#pragma once

#include "recording/events.h"

#include <array>
#include <cstdint>

// Where the main loop spent the last second: each phase's share of the time the
// phase records cover, with poll split into waiting and running callbacks. Plain
// C++ over plain records, so that it can be tested without a loop or a window.
//
// Time is kept in fixed buckets of BucketNs in a ring, so memory stays the same
// however fast the loop goes or however long it runs; a bucket at the old edge
// of the window counts by the part of it inside the window.
class PhaseHeat
{
public:
    static constexpr std::int64_t WindowNs = 1'000'000'000;
    static constexpr std::int64_t BucketNs = 20'000'000;
    static constexpr int BucketCount = int(WindowNs / BucketNs) + 1;

    // What the loop is doing now that no record covers yet: a phase that has not
    // ended (a poll that waits, a callback that blocks) is recorded only when it ends.
    struct Open
    {
        bool valid = false;
        loopscope::Phase phase = loopscope::Phase::Timers;
        bool inCallback = false;
        std::int64_t callbackStartNs = 0;
    };

    struct Shares
    {
        // Each phase's fraction of coveredNs, summing to 1 when anything is covered.
        std::array<double, loopscope::PhaseCount> phase {};
        // Poll's fraction split: running callbacks (I/O and work-done) and waiting for them.
        double pollRunning = 0;
        double pollWaiting = 0;
        // The time the shares are taken from, at most WindowNs.
        std::int64_t coveredNs = 0;

        double of(loopscope::Phase p) const { return phase[std::size_t(p)]; }
    };

    void clear();
    // Takes a record of the main loop's log: phase spans and callback runs of the
    // main thread count, everything else is ignored. Records may come in any order;
    // those older than the window are dropped.
    void add(const loopscope::Record& record);
    // The shares over [nowNs - WindowNs, nowNs], with the time since the latest record
    // given to `open` when it is valid.
    Shares shares(std::int64_t nowNs, const Open& open) const;
    Shares shares(std::int64_t nowNs) const { return shares(nowNs, Open()); }
    // The latest end of a record taken so far.
    std::int64_t lastEndNs() const { return m_lastEndNs; }

private:
    // The seven phases, and the part of poll spent running callbacks.
    static constexpr int PollRunning = loopscope::PhaseCount;
    static constexpr int Categories = loopscope::PhaseCount + 1;

    struct Bucket
    {
        std::int64_t index = -1;
        std::array<std::int64_t, Categories> ns {};
    };

    void addSpan(int category, std::int64_t startNs, std::int64_t endNs, double weight);

    std::array<Bucket, BucketCount> m_buckets {};
    std::int64_t m_head = -1;
    std::int64_t m_lastEndNs = 0;
};
