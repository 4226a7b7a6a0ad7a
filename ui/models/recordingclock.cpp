#include "models/recordingclock.h"

#include "recording/events.h"
#include "recording/recorder.h"

#include <algorithm>

void RecordingClock::reset()
{
    *this = RecordingClock();
}

void RecordingClock::observe(const loopscope::Record& record, std::int64_t seenAtNs)
{
    using loopscope::RecordType;
    const bool spans
        = record.type == RecordType::Phase || record.type == RecordType::Callback || record.type == RecordType::Pool;
    const std::int64_t end = record.startNs + (spans ? record.span.durNs : 0);
    m_lastEndNs = std::max(m_lastEndNs, end);
    const std::int64_t origin = seenAtNs - end;
    if (!m_known || origin < m_originNs) {
        m_originNs = origin;
        m_known = true;
    }
}

std::int64_t RecordingClock::now(bool finished) const
{
    if (!m_known || finished)
        return m_lastEndNs;
    return std::max(m_lastEndNs, loopscope::monotonicNs() - m_originNs);
}
