#include "session/housekeeper.h"

#include <chrono>
#include <utility>

namespace loopscope {

Housekeeper::Housekeeper(Recording& recording, MemoryBudget& budget, Options options)
    : m_recording(recording)
    , m_budget(budget)
    , m_options(std::move(options))
    , m_spill(m_options.spillDirectory, m_options.spillMaxBytes)
{ }

Housekeeper::~Housekeeper()
{
    stop();
}

void Housekeeper::start()
{
    if (!m_thread.joinable())
        m_thread = std::thread([this] { run(); });
}

void Housekeeper::stop()
{
    {
        std::lock_guard lock(m_stopMutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void Housekeeper::run()
{
    std::unique_lock lock(m_stopMutex);
    while (!m_stopping) {
        lock.unlock();
        round();
        lock.lock();
        m_wake.wait_for(lock, std::chrono::milliseconds(RoundMs), [this] { return m_stopping; });
    }
}

void Housekeeper::round()
{
    if (m_options.consume) {
        std::lock_guard consumeLock(m_consumeMutex);
        for (std::size_t i = 0; i < m_recording.logs.size() && !m_consumedRest; ++i)
            m_recording.logs[i]->consumeSealed(
                [this, i](const Record& record) { m_options.consume(record, i, m_recording); });
    }
    std::size_t recordingBytes = 0;
    for (const auto& log : m_recording.logs) {
        log->replenish();
        // A kept recording holds its past encoded, a few bytes a record (a consumed one lets it go).
        if (!m_options.consume)
            log->compact(MaxCompactedPerRound);
        recordingBytes += log->memoryBytes();
    }
    // A consumed recording shrinks as its chunks are handed over; the loop waits for that if it must.
    if (!m_budget.exceeded() && m_budget.exceededWith(recordingBytes)
        && !(m_options.consume            ? m_budget.charged() < m_budget.limit()
                : m_options.rollingWindow ? dropToFit(recordingBytes)
                                          : spillToFit(recordingBytes))) {
        m_budget.markExceeded();
        if (m_options.overBudget)
            m_options.overBudget();
    }
    if (m_options.eachRound)
        m_options.eachRound();
}

bool Housekeeper::spillToFit(std::size_t recordingBytes)
{
    // Down to three quarters, so that a fast producer does not bring every round back here.
    const std::size_t target = m_budget.limit() / 4 * 3;
    const std::size_t charged = m_budget.charged();
    if (charged >= target)
        return false; // the queues alone fill the budget: spilling the recording would not help
    // A storm fills chunks about as fast as they are written out: spill until the recording fits or
    // no sealed chunk is left, one chunk of the largest log at a time.
    bool failed = false;
    std::size_t resident = recordingBytes;
    while (charged + resident > target) {
        // The loop waits for the spill at each iteration's start (Phases::waitForSpill); a callback
        // that records without end inside one iteration (a logging nextTick chain) cannot be waited for.
        if (resident > 2 * m_budget.limit()) {
            failed = true;
            std::lock_guard lock(m_spillMutex);
            m_spillProblem = "the program records faster than its temporary file takes it, within one iteration";
            break;
        }
        const long moved = m_recording.largestLog().spill(m_spill, 1);
        if (moved <= 0) {
            failed = moved < 0;
            break;
        }
        m_spilledBytes.store(m_spill.size(), std::memory_order_relaxed);
        resident = m_recording.memoryBytes();
    }
    std::lock_guard lock(m_spillMutex);
    m_spillDirectory = m_spill.directory();
    if (failed && m_spillProblem.empty())
        m_spillProblem = m_spill.error();
    // Still over the budget itself, with nothing sealed left to spill, the run cannot go on.
    return !failed && !m_budget.exceededWith(resident);
}

bool Housekeeper::dropToFit(std::size_t recordingBytes)
{
    const std::size_t target = m_budget.limit() / 4 * 3;
    const std::size_t charged = m_budget.charged();
    if (charged >= target)
        return false;
    if (charged + recordingBytes > target)
        m_recording.letGoDownTo(target - charged);
    // What could not go yet (the window has not read it) holds the loop back at its next iteration
    // (Phases::waitForSpill); only queues that fill the budget end the run.
    return true;
}

void Housekeeper::consumeRest()
{
    std::lock_guard lock(m_consumeMutex);
    if (!m_options.consume || m_consumedRest)
        return;
    m_consumedRest = true;
    for (std::size_t i = 0; i < m_recording.logs.size(); ++i) {
        const EventLog& log = *m_recording.logs[i];
        log.walk(log.firstKept(), log.size(), [this, i](const Record& record) {
            m_options.consume(record, i, m_recording);
            return true;
        });
    }
}

std::string Housekeeper::spillDirectory() const
{
    std::lock_guard lock(m_spillMutex);
    return m_spillDirectory;
}

std::string Housekeeper::spillProblem() const
{
    std::lock_guard lock(m_spillMutex);
    return m_spillProblem;
}

} // namespace loopscope
