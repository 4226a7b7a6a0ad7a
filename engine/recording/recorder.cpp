#include "recording/recorder.h"

namespace loopscope {

Recorder::Recorder(
    EventLog& log, StringTable& strings, const ProgramClock& clock, std::uint16_t thread, bool holdsClock)
    : m_log(log)
    , m_strings(strings)
    , m_clock(clock)
    , m_originNs(clock.originNs())
    , m_holdsClock(holdsClock)
    , m_thread(thread)
{ }

void Recorder::startRun(std::uint32_t label, std::uint8_t sub, std::int64_t startNs, std::int64_t endNs,
    std::uint32_t iteration, std::uint8_t depth, std::uint16_t thread)
{
    flushRun();
    Record* r = m_log.slot();
    if (!r)
        return;
    r->startNs = startNs;
    r->type = RecordType::Callback;
    r->sub = sub;
    r->thread = thread;
    r->label = label;
    r->span.durNs = endNs - startNs;
    r->span.busyNs = endNs - startNs;
    setLongestCallNs(*r, endNs - startNs);
    r->span.count = 1;
    r->span.iteration = iteration;
    m_run = r;
    m_runKey = runKey(label, sub, depth, thread);
}

Record Recorder::queuedRecord(std::uint8_t sub, std::uint32_t label, std::int64_t atNs, std::uint32_t count) const
{
    Record r;
    r.type = RecordType::Queued;
    r.sub = sub;
    r.thread = m_thread;
    r.label = label;
    r.startNs = atNs;
    r.span.count = count;
    return r;
}

void Recorder::writeQueued(std::int64_t atNs)
{
    m_queuedPending = false;
    flushRun();
    put(queuedRecord(m_pendingSub, m_pendingLabel, atNs, m_pendingCount));
}

void Recorder::timerQueued(std::uint32_t label, double delayMs)
{
    flush();
    Record r = queuedRecord(std::uint8_t(CallbackKind::Timer), label, now(), 1);
    setTimerDelayNs(r, std::int64_t(delayMs * 1e6));
    put(r);
}

void Recorder::left(std::uint32_t label, CallbackKind kind)
{
    if (!m_enabled)
        return;
    flush();
    put(queuedRecord(std::uint8_t(std::uint8_t(kind) | LeftFlag), label, now(), 1));
}

void Recorder::queuesCleared(std::int64_t atNs)
{
    flush();
    put(queuedRecord(std::uint8_t(CallbackKind::Main), 0, atNs, 0));
}

void Recorder::pool(std::uint32_t label, std::uint16_t worker, std::int64_t waitedNs, std::int64_t startNs,
    std::int64_t endNs, std::uint32_t iteration)
{
    flush();
    Record r;
    r.type = RecordType::Pool;
    r.thread = worker;
    r.label = label;
    r.startNs = startNs;
    r.span.durNs = endNs - startNs;
    r.span.busyNs = waitedNs;
    r.span.count = 1;
    r.span.iteration = iteration;
    put(r);
}

void Recorder::queues(std::int64_t atNs, const LiveState& live)
{
    flush();
    Record r;
    r.type = RecordType::Queues;
    r.thread = m_thread;
    r.startNs = atNs;
    r.queues.nextTick = live.nextTick.load(std::memory_order_relaxed);
    r.queues.microtask = live.microtask.load(std::memory_order_relaxed);
    r.queues.immediate = live.immediate.load(std::memory_order_relaxed);
    r.queues.timers = live.timers.load(std::memory_order_relaxed);
    r.queues.close = live.close.load(std::memory_order_relaxed);
    r.queues.poolQueued = live.poolQueued.load(std::memory_order_relaxed);
    r.queues.poolActive = live.poolActive.load(std::memory_order_relaxed);
    put(r);
}

void Recorder::latency(std::int64_t atNs, double loopDelayMs, double healthMs, double utilization, double histogramMs)
{
    flush();
    Record r;
    r.type = RecordType::Latency;
    r.thread = m_thread;
    r.startNs = atNs;
    r.latency.loopDelayMs = loopDelayMs;
    r.latency.healthMs = healthMs;
    r.latency.utilization = utilization;
    r.latency.histogramMs = histogramMs;
    put(r);
}

void Recorder::text(RecordType type, std::uint32_t label, std::int64_t atNs, std::uint32_t from, std::uint16_t thread,
    std::uint32_t steps)
{
    flush();
    Record r;
    r.type = type;
    r.thread = thread == OwnThread ? m_thread : thread;
    r.label = label;
    r.startNs = atNs;
    r.console.steps = steps;
    r.console.from = from;
    put(r);
}

void Recorder::held(std::uint32_t label, std::int64_t atNs, std::int64_t heldNs)
{
    flush();
    Record r;
    r.type = RecordType::Held;
    r.thread = m_thread;
    r.label = label;
    r.startNs = atNs;
    r.span.durNs = 0;
    setHeldNs(r, heldNs);
    put(r);
}

} // namespace loopscope
