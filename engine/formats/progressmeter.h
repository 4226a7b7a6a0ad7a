#pragma once

#include "formats/progress.h"

#include <cstdint>

namespace loopscope {

// Calls a Progress callback about once per `interval` units, so hot loops can ask on every step.
class ProgressMeter
{
public:
    ProgressMeter(const Progress& progress, std::uint64_t total, std::uint64_t interval);

    // Reports `done` when an interval has passed since the last report; false once cancelled.
    bool update(std::uint64_t done) { return done < m_next || report(done); }
    // Reports that all `total` units are done; false when cancelled.
    bool finish() { return report(m_total); }
    bool cancelled() const { return m_cancelled; }

private:
    bool report(std::uint64_t done);

    Progress m_progress;
    std::uint64_t m_total;
    std::uint64_t m_interval;
    std::uint64_t m_next = 0;
    bool m_cancelled = false;
};

} // namespace loopscope
