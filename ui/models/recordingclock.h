#pragma once

#include <cstdint>

namespace loopscope {
struct Record;
}

// The live run's clock, as seen from the GUI thread, in recording time.
//
// The session does not hand out its origin, so the clock infers it: a record
// that ends at recording time t becomes visible at monotonic time g >= origin + t,
// so the smallest g - t seen so far is the origin, to within one GUI tick.
// Between records (an idle loop sleeping in poll) the clock keeps running.
class RecordingClock
{
public:
    void reset();
    // A record became visible at `seenAtNs` on the monotonic clock.
    void observe(const loopscope::Record& record, std::int64_t seenAtNs);
    // Recording time now; the latest record's end when nothing was seen yet or the run is over.
    std::int64_t now(bool finished) const;
    // The latest end of any record observed.
    std::int64_t lastEndNs() const { return m_lastEndNs; }
    bool known() const { return m_known; }

private:
    std::int64_t m_originNs = 0;
    std::int64_t m_lastEndNs = 0;
    bool m_known = false;
};
