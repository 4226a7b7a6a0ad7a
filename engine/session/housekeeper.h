#pragma once

#include "recording/memorybudget.h"
#include "recording/recording.h"
#include "recording/spillfile.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace loopscope {

// A session's housekeeping thread. Every 2 ms it keeps spare chunks ready for the loop thread (so that
// recording never allocates there), encodes the sealed ones or hands them to a consumer, and keeps the
// recording within the memory budget: past it the oldest chunks spill to a temporary file, or are let
// go (a rolling window). It touches no runtime and no loop: when the run cannot stay within its budget it
// marks the budget exceeded and calls `overBudget` once, which may only set flags and post to the loop.
// The owner stops it before the loop (Session::stop), so nothing it calls outlives what it calls into.
class Housekeeper
{
public:
    // Chunks a log encodes per round at most (about 0.3 ms each): a storm seals a few a round.
    static constexpr std::size_t MaxCompactedPerRound = 64;
    // How often a round runs.
    static constexpr int RoundMs = 2;

    struct Options
    {
        // Takes each record of every sealed chunk, each log's in order, after which the chunk is let go
        // (SessionOptions::consume); on the housekeeper's thread, then on consumeRest()'s caller's.
        std::function<void(const Record& record, std::size_t log, const Recording& from)> consume;
        // Past the budget, let go of the oldest chunks instead of spilling them.
        bool rollingWindow = false;
        // Where the spill file goes (empty: SpillFile's choice), and how large it may grow.
        std::string spillDirectory;
        std::uint64_t spillMaxBytes = UINT64_MAX;
        // Called once, on the housekeeper's thread, when the run cannot stay within its budget.
        std::function<void()> overBudget;
        // Called at the end of every round, on the housekeeper's thread.
        std::function<void()> eachRound;
    };

    Housekeeper(Recording& recording, MemoryBudget& budget, Options options);
    ~Housekeeper();
    Housekeeper(const Housekeeper&) = delete;
    Housekeeper& operator=(const Housekeeper&) = delete;

    // Starts the thread; its first round runs at once.
    void start();
    // Ends the round in progress and joins the thread; no callback runs once it returns. Idempotent.
    void stop();
    // With a consumer: hands it the records it has not had yet, once the run has ended (or is given up
    // on), and no more after that; the thread hands over nothing afterwards.
    void consumeRest();

    // What went to the spill file so far, where it is, and why spilling failed (empty: it did not).
    std::uint64_t spilledBytes() const { return m_spilledBytes.load(std::memory_order_relaxed); }
    std::string spillDirectory() const;
    std::string spillProblem() const;

private:
    void run();
    void round();
    // Spills the oldest sealed chunks until the recording and queues fit in three quarters of the
    // budget; false when they cannot (nothing sealed is left, or the file failed).
    bool spillToFit(std::size_t recordingBytes);
    // Rolling window: lets go of the oldest sealed chunks (those the window has read) until the
    // recording fits three quarters of the budget; false when the queues alone fill it.
    bool dropToFit(std::size_t recordingBytes);

    Recording& m_recording;
    MemoryBudget& m_budget;
    Options m_options;

    SpillFile m_spill; // the thread's only
    std::atomic<std::uint64_t> m_spilledBytes { 0 };
    mutable std::mutex m_spillMutex; // guards the two strings below
    std::string m_spillDirectory;
    std::string m_spillProblem;

    std::mutex m_consumeMutex; // guards the consumption of chunks and m_consumedRest
    bool m_consumedRest = false;

    std::mutex m_stopMutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::thread m_thread;
};

} // namespace loopscope
