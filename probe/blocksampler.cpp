#include "blocksampler.h"

#include "callbacklabel.h"
#include "channel.h"
#include "loopprobe.h"
#include "v8bridge.h"

namespace loopscope::probe {

BlockSampler::BlockSampler(Channel& channel, const LoopProbe& loop, napi_env env, std::int64_t thresholdNs)
    : m_channel(channel)
    , m_loop(loop)
    , m_env(env)
    , m_thresholdNs(thresholdNs)
{ }

BlockSampler::~BlockSampler()
{
    stop();
}

void BlockSampler::start()
{
    m_isolate = v8::Isolate::GetCurrent();
    if (m_isolate && !m_thread.joinable())
        m_thread = std::thread([this] { watch(); });
}

void BlockSampler::stop()
{
    m_off.store(true, std::memory_order_relaxed);
    {
        std::lock_guard lock(m_wakeMutex);
        m_stopping = true;
    }
    m_wake.notify_one();
    if (m_thread.joinable() && m_thread.get_id() != std::this_thread::get_id())
        m_thread.join();
    std::lock_guard lock(m_mutex);
    finishLocked();
}

void BlockSampler::watch()
{
    std::int64_t sampling = -1;
    for (;;) {
        {
            std::unique_lock lock(m_wakeMutex);
            // Marking the phases only, the probe sees no callback to sample: it looks seldom.
            const auto wait = sampling >= 0 ? SampleEvery : m_channel.everyCallback() ? LookEvery : QuietLookEvery;
            m_wake.wait_for(lock, wait, [this] { return m_stopping; });
            if (m_stopping)
                return;
        }
        const wire::Now now = m_loop.whereNow();
        const bool blocked = now.inCallback && m_channel.now() - now.callbackStartNs >= m_thresholdNs;
        const std::int64_t blockedStart = blocked ? now.callbackStartNs : -1;
        if (blockedStart != sampling) {
            std::lock_guard lock(m_mutex);
            finishLocked();
            m_blockedStartNs = blockedStart;
            sampling = blockedStart;
        }
        if (sampling >= 0 && !m_pending.exchange(true, std::memory_order_acq_rel))
            m_isolate->RequestInterrupt(&BlockSampler::interrupted, this);
    }
}

void BlockSampler::interrupted(v8::Isolate*, void* sampler)
{
    auto* self = static_cast<BlockSampler*>(sampler);
    self->m_pending.store(false, std::memory_order_release);
    if (!self->m_off.load(std::memory_order_relaxed))
        self->sample();
}

void BlockSampler::sample()
{
    // An interrupt asked for while a callback blocked may come once it has returned: only the callback
    // being sampled is.
    std::int64_t blockedStart = -1;
    {
        std::lock_guard lock(m_mutex);
        blockedStart = m_blockedStartNs;
    }
    const wire::Now now = m_loop.whereNow();
    if (blockedStart < 0 || !now.inCallback || now.callbackStartNs != blockedStart)
        return;
    napi_handle_scope scope = nullptr;
    if (napi_open_handle_scope(m_env, &scope) != napi_ok)
        return;
    const v8::Local<v8::StackTrace> trace
        = v8::StackTrace::CurrentStackTrace(m_isolate, MaxFrames, v8::StackTrace::kDetailed);
    const int count = trace.IsEmpty() ? 0 : trace->GetFrameCount();
    std::vector<std::uint32_t> frames(std::size_t(count > 0 ? count : 0));
    for (int i = 0; i < count; ++i) {
        const v8::Local<v8::StackFrame> frame = trace->GetFrame(m_isolate, std::uint32_t(i));
        v8::Location location = frame->GetLocation();
        const auto key = std::make_tuple(frame->GetScriptId(), location.GetLineNumber(), location.GetColumnNumber());
        auto known = m_frameLabels.find(key);
        if (known == m_frameLabels.end()) {
            const FunctionPlace place { v8bridge::textOf(m_env, frame->GetFunctionName()),
                v8bridge::textOf(m_env, frame->GetScriptName()), location.GetLineNumber() + 1,
                location.GetColumnNumber() + 1 };
            known = m_frameLabels.emplace(key, isProbesOwn(place) ? 0 : m_channel.name(frameLabel(place))).first;
        }
        // The probe's own code (a hook of its around the callback) is no time of the program's: not a sample.
        if (known->second == 0) {
            frames.clear();
            break;
        }
        frames[std::size_t(count - 1 - i)] = known->second; // the outermost first
    }
    napi_close_handle_scope(m_env, scope);
    if (frames.empty())
        return;
    const std::int64_t atNs = m_channel.now();
    std::lock_guard lock(m_mutex);
    if (m_blockedStartNs == blockedStart) {
        if (m_stacks.empty())
            m_firstSampleNs = atNs;
        m_lastSampleNs = atNs;
        ++m_stacks[frames];
        m_changed = true;
    }
}

wire::BlockSamples BlockSampler::samplesLocked() const
{
    wire::BlockSamples samples;
    samples.thread = m_loop.thread();
    samples.callbackStartNs = m_blockedStartNs;
    std::uint64_t count = 0;
    for (const auto& [frames, hits] : m_stacks) {
        samples.stacks.push_back({ hits, frames });
        count += hits;
    }
    // An interrupt comes a little after it is asked for: the samples lie further apart than SampleEvery.
    samples.intervalNs = count > 1 ? (m_lastSampleNs - m_firstSampleNs) / std::int64_t(count - 1)
                                   : std::chrono::nanoseconds(SampleEvery).count();
    return samples;
}

void BlockSampler::finishLocked()
{
    if (m_blockedStartNs >= 0 && !m_stacks.empty())
        m_finished.push_back(samplesLocked());
    m_stacks.clear();
    m_changed = false;
    m_blockedStartNs = -1;
}

void BlockSampler::take(std::vector<wire::BlockSamples>& out)
{
    std::lock_guard lock(m_mutex);
    for (wire::BlockSamples& finished : m_finished)
        out.push_back(std::move(finished));
    m_finished.clear();
    // The callback still blocking, as sampled so far: the window shows it while it lasts.
    if (m_changed && m_blockedStartNs >= 0) {
        out.push_back(samplesLocked());
        m_changed = false;
    }
}

} // namespace loopscope::probe
