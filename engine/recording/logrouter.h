#pragma once

#include "recording/recording.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace loopscope {

// Where the records of a recording filled from outside (a trace read back, a probe's stream) go: a
// worker loop's to a log of its own, everything else (the main loop, the thread pool) to the main
// loop's, as a live run keeps them. Worker loops take the worker-loop logs (LogRole::WorkerLoop) in
// the order their first records come: one already there (a recording read while it fills has all its
// logs made beforehand, so its list never grows under a reader) or one made then.
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
        // The next worker-loop log no worker loop has taken yet.
        std::size_t index = m_workerLogs.empty() ? 0 : m_workerLogs.back().second + 1;
        while (index < m_recording.logs.size() && m_recording.logs[index]->role() != LogRole::WorkerLoop)
            ++index;
        if (index == m_recording.logs.size())
            m_recording.logs.push_back(std::make_unique<EventLog>(LogRole::WorkerLoop));
        m_workerLogs.emplace_back(record.thread, index);
        return m_recording.logs[index].get();
    }

    enum class Appended {
        Kept,
        Sealed, // kept, and it sealed a chunk (now encoded): a reader with a memory budget checks it here
        TooManyLoops, // of one worker loop more than the most there may be
        Full, // its log holds all it can
    };
    // Appends `record` to its log. A chunk it seals is encoded at once (compact()), so a recording
    // filled from outside holds its past as compactly as a live run's does.
    Appended append(const Record& record)
    {
        EventLog* log = logFor(record);
        if (!log)
            return Appended::TooManyLoops;
        Record* slot = log->slot();
        if (!slot)
            return Appended::Full;
        *slot = record;
        log->commit();
        if ((log->size() & (EventLog::ChunkSize - 1)) != 1)
            return Appended::Kept;
        // Two at a time: a chunk a live reader had not read yet when it sealed is caught up with.
        log->compact(2);
        return Appended::Sealed;
    }

private:
    Recording& m_recording;
    std::size_t m_maxWorkerLoops;
    std::vector<std::pair<std::uint16_t, std::size_t>> m_workerLogs; // thread -> index in logs
};

} // namespace loopscope
