#pragma once

#include "attach/wire.h"

#include <node_api.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

namespace v8 {
class Isolate;
}

namespace loopscope::probe {

class Channel;
class LoopProbe;

// Which function blocks the loop: once a callback of the main loop has run longer than a threshold, a
// thread of the probe's asks V8 to interrupt the JavaScript running (Isolate::RequestInterrupt) every
// SampleEvery for as long as the callback lasts, and the interrupt, on the loop's thread, takes the
// JavaScript stack (StackTrace::CurrentStackTrace). The stacks of each blocked callback are counted and go
// to LoopScope as it runs (the channel's sender takes them). It costs nothing until a callback blocks, and
// sees JavaScript only: a callback blocked inside one native call is sampled when that call returns.
class BlockSampler
{
public:
    static constexpr auto LookEvery = std::chrono::milliseconds(5);
    static constexpr auto QuietLookEvery = std::chrono::milliseconds(100);
    static constexpr auto SampleEvery = std::chrono::milliseconds(2);
    static constexpr int MaxFrames = 32;

    // Samples the loop `loop` watches, whose thread runs `env`, past `thresholdNs`.
    BlockSampler(Channel& channel, const LoopProbe& loop, napi_env env, std::int64_t thresholdNs);
    ~BlockSampler();
    BlockSampler(const BlockSampler&) = delete;
    BlockSampler& operator=(const BlockSampler&) = delete;

    // On the loop's thread: starts watching.
    void start();
    // Any thread: stops watching (the callback being sampled keeps what was sampled); an interrupt still
    // pending does nothing. Idempotent.
    void stop();
    // The sender's side: each blocked callback's stacks that changed since the last call.
    void take(std::vector<wire::BlockSamples>& out);

private:
    void watch();
    static void interrupted(v8::Isolate* isolate, void* sampler);
    void sample();
    // Under m_mutex: the callback being sampled ends; its stacks wait for take().
    void finishLocked();
    // Under m_mutex: the stacks of the callback being sampled, with the time between its samples as measured.
    wire::BlockSamples samplesLocked() const;

    Channel& m_channel;
    const LoopProbe& m_loop;
    napi_env m_env;
    v8::Isolate* m_isolate = nullptr;
    const std::int64_t m_thresholdNs;
    std::thread m_thread;
    std::mutex m_wakeMutex;
    std::condition_variable m_wake;
    bool m_stopping = false;
    std::atomic<bool> m_pending { false }; // an interrupt asked for and not run yet
    std::atomic<bool> m_off { false };

    std::mutex m_mutex; // guards what follows
    std::int64_t m_blockedStartNs = -1; // the callback being sampled; -1: none
    std::map<std::vector<std::uint32_t>, std::uint32_t> m_stacks; // outermost frame first -> hits
    bool m_changed = false;
    std::int64_t m_firstSampleNs = 0; // of the callback being sampled, on the probe's clock
    std::int64_t m_lastSampleNs = 0;
    std::vector<wire::BlockSamples> m_finished;

    // The loop's thread alone: each frame's label, by its script and place.
    std::map<std::tuple<int, int, int>, std::uint32_t> m_frameLabels;
};

} // namespace loopscope::probe
