#include "formats/progressmeter.h"

#include <limits>

namespace loopscope {

ProgressMeter::ProgressMeter(const Progress& progress, std::uint64_t total, std::uint64_t interval)
    : m_progress(progress)
    , m_total(total)
    , m_interval(interval)
    , m_next(progress ? 0 : std::numeric_limits<std::uint64_t>::max())
{ }

bool ProgressMeter::report(std::uint64_t done)
{
    if (m_cancelled)
        return false;
    m_next = done + m_interval;
    m_cancelled = m_progress && !m_progress(done, m_total);
    return !m_cancelled;
}

} // namespace loopscope
