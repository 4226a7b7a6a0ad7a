#pragma once

#include "recording/recording.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace loopscope {

// Where the records of a recording filled from outside (a trace read back, a probe's stream) go: a
// worker loop's to a log of its own, made when its first record comes, everything else (the main loop,
// the thread pool) to the main loop's, as a live run keeps them.
class LogRouter
{
public:
    LogRouter(Recording& recording, std::size_t maxWorkerLoops)
        : m_recording(recording)
        , m_maxWorkerLoops(maxWorkerLoops)
    { }

    // Null when the record is of one worker loop more than the most there may be.
    EventLog* logFor(const Record& record)
    {
        if (record.type == RecordType::Pool || record.thread < WorkerThreadBase)
            return &m_recording.mainLog();
        for (const auto& [thread, index] : m_workerLogs) {
            if (thread == record.thread)
                return m_recording.logs[index].get();
        }
        if (m_workerLogs.size() == m_maxWorkerLoops)
            return nullptr;
        m_workerLogs.emplace_back(record.thread, m_recording.logs.size());
        m_recording.logs.push_back(std::make_unique<EventLog>());
        return m_recording.logs.back().get();
    }

private:
    Recording& m_recording;
    std::size_t m_maxWorkerLoops;
    std::vector<std::pair<std::uint16_t, std::size_t>> m_workerLogs; // thread -> index in logs
};

} // namespace loopscope
