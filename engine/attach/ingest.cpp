#include "attach/ingest.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace loopscope::wire {

namespace {

// The records whose label names a string; a phase's says whether it was timed.
bool labelNamesAString(RecordType type)
{
    switch (type) {
    case RecordType::Callback:
    case RecordType::Pool:
    case RecordType::Log:
    case RecordType::Error:
    case RecordType::Held:
    case RecordType::Queued:
        return true;
    case RecordType::Phase:
    case RecordType::Queues:
    case RecordType::Latency:
        return false;
    }
    return false;
}

// Names thread `id` in `names`, renaming it when it has a name already.
void nameThread(std::vector<std::pair<std::uint16_t, std::string>>& names, std::uint16_t id, const std::string& name)
{
    auto named = std::find_if(names.begin(), names.end(), [id](const auto& entry) { return entry.first == id; });
    if (named != names.end())
        named->second = name;
    else
        names.emplace_back(id, name);
}

// Whether node's libuv (process.versions.uv, "1.46.0") runs the timers after the close phase, as 1.45 and
// later do: the order the window's circle draws the phases in.
bool timersAfterClose(const std::string& libuv)
{
    int major = 0;
    int minor = 0;
    if (std::sscanf(libuv.c_str(), "%d.%d", &major, &minor) != 2)
        return false;
    return major > 1 || (major == 1 && minor >= 45);
}

} // namespace

Ingest::Ingest(Recording& into, RecordingKeeping keeping)
    : m_into(into)
    , m_logs(into, MaxWorkerLoops)
    , m_keeping(std::move(keeping))
{ }

Ingest::~Ingest() = default;

void Ingest::hello(const Hello& hello)
{
    m_hello = hello;
    if (m_follow) {
        m_follow->originNs.store(std::int64_t(hello.originNs), std::memory_order_relaxed);
        m_follow->unobserved.store(hello.unobserved, std::memory_order_relaxed);
    }
}

void Ingest::thread(std::uint16_t id, const std::string& name)
{
    nameThread(m_threadNames, id, name);
}

void Ingest::string(std::uint32_t id, const std::string& text)
{
    m_labels[id] = m_into.strings.intern(text);
}

std::uint32_t Ingest::label(std::uint32_t probeId)
{
    const auto found = m_labels.find(probeId);
    if (found != m_labels.end())
        return found->second;
    ++m_unnamed;
    return m_into.strings.intern("?");
}

void Ingest::keep(const Record& record)
{
    const LogRouter::Appended appended = m_logs.append(record);
    if (appended == LogRouter::Appended::TooManyLoops || appended == LogRouter::Appended::Full)
        dropped(1);
    else if (appended == LogRouter::Appended::Sealed && m_keeping.budgetBytes > 0)
        keepWithinBudget();
}

void Ingest::keepWithinBudget()
{
    // Down to three quarters, so that a busy program does not bring every chunk back here.
    const std::size_t target = m_keeping.budgetBytes / 4 * 3;
    if (m_into.memoryBytes() <= m_keeping.budgetBytes)
        return;
    if (!m_keeping.rollingWindow && m_spillProblem.empty()) {
        if (!m_spill)
            m_spill = std::make_unique<SpillFile>(
                m_keeping.spillDirectory, std::uint64_t(m_keeping.budgetBytes) * RecordingKeeping::SpillFactor);
        const bool spilled = m_into.spillDownTo(*m_spill, target);
        if (!spilled)
            m_spillProblem = m_spill->error();
        if (m_follow) {
            m_follow->spilledBytes.store(m_spill->size(), std::memory_order_relaxed);
            std::lock_guard lock(m_follow->spillMutex);
            m_follow->spillAt = m_spill->directory();
            m_follow->spillFailure = m_spillProblem;
        }
        if (spilled)
            return;
    }
    // Counted as records the recording could not keep, as the probe's own drops are.
    const auto logDrops = [this] {
        std::uint64_t dropped = 0;
        for (const auto& log : m_into.logs)
            dropped += log->dropped();
        return dropped;
    };
    const std::uint64_t before = logDrops();
    m_into.letGoDownTo(target);
    dropped(logDrops() - before);
}

std::uint64_t Ingest::spilledBytes() const
{
    return m_spill ? m_spill->size() : 0;
}

void Ingest::passed(const Record& timed, Phase phase, std::int64_t atNs)
{
    Record passed;
    passed.type = RecordType::Phase;
    passed.sub = std::uint8_t(phase);
    passed.thread = timed.thread;
    setPhaseTimed(passed, false);
    passed.startNs = atNs;
    passed.span = { 0, 0, 0, 1, timed.span.iteration };
    keep(passed);
}

void Ingest::records(const Record* records, std::size_t count)
{
    std::uint64_t callbacks = 0;
    for (std::size_t i = 0; i < count; ++i) {
        Record record = records[i];
        if (labelNamesAString(record.type))
            record.label = label(record.label);
        if (printedBy(record) != 0)
            record.console.from = label(record.console.from);
        if (record.type == RecordType::Callback && record.thread == MainThread)
            callbacks += record.span.count;
        // When the delay monitor last checked: the views count a check that is overdue as the loop
        // being busy, as they do for a run of LoopScope's own (a block shows as busy while it lasts).
        if (record.type == RecordType::Latency && record.thread == MainThread && m_follow)
            m_follow->live.delayCheckNs.store(record.startNs, std::memory_order_relaxed);
        // A pool item names the worker that ran it (1..the pool's size).
        if (record.type == RecordType::Pool && record.thread <= MaxPoolThreads)
            m_poolThreads = std::max<std::uint32_t>(m_poolThreads, record.thread);
        // The probe sends timers (timed, or passed where poll begins when it could not mark it), poll,
        // check and close, in their order; pending, idle and prepare, which it does not time, passed where
        // poll begins, as a run of LoopScope's own records a phase it could not observe.
        const bool timedPhase = phaseTimed(record);
        if (timedPhase && Phase(record.sub) == Phase::Poll) {
            for (const Phase phase : { Phase::Pending, Phase::Idle, Phase::Prepare })
                passed(record, phase, record.startNs);
        }
        keep(record);
    }
    if (m_follow)
        m_follow->live.callbacks.fetch_add(callbacks, std::memory_order_relaxed);
}

void Ingest::printed(std::string_view line, bool toStandardError, std::int64_t atNs, std::uint32_t from)
{
    Record record;
    record.type = toStandardError ? RecordType::Error : RecordType::Log;
    record.startNs = atNs;
    record.label = m_into.strings.intern(line);
    record.console.from = from;
    keep(record);
}

void Ingest::output(const OutputMark& mark)
{
    OutputMark named = mark;
    named.label = mark.label == 0 ? 0 : label(mark.label);
    m_output.mark(named);
}

void Ingest::nameOutput(std::int64_t nowNs, bool all)
{
    m_output.release(nowNs, all,
        [this](const OutputNames::Line& line) { printed(line.text, line.standardError, line.atNs, line.from); });
}

void Ingest::dropped(std::uint64_t count)
{
    m_dropped += count;
    if (m_follow)
        m_follow->dropped.store(m_dropped, std::memory_order_relaxed);
}

void Ingest::unavailable(const std::string& what)
{
    if (std::find(m_unavailable.begin(), m_unavailable.end(), what) == m_unavailable.end())
        m_unavailable.push_back(what);
    // The queues' contents known for part of the run only are not known: what a replay would show of the
    // rest would look like queues known empty.
    if (what == QueuesUnavailable) {
        m_hello.unobserved |= UnobservedQueues;
        if (m_follow)
            m_follow->unobserved.store(m_hello.unobserved, std::memory_order_relaxed);
    }
}

void Ingest::now(const Now& now)
{
    if (!m_follow)
        return;
    LiveState& live = m_follow->live;
    constexpr auto relaxed = std::memory_order_relaxed;
    live.iteration.store(now.iteration, relaxed);
    live.phase.store(std::uint8_t(now.phase), relaxed);
    live.inPhase.store(now.inPhase, relaxed);
    live.callbackKind.store(std::uint8_t(now.callbackKind), relaxed);
    live.callbackLabel.store(now.inCallback ? label(now.callbackLabel) : 0, relaxed);
    live.callbackStartNs.store(now.callbackStartNs, relaxed);
    live.inCallback.store(now.inCallback, relaxed);
    live.pollTimeoutMs.store(now.pollTimeoutMs, relaxed);
    live.pollReason.store(std::uint8_t(now.pollReason), relaxed);
}

void Ingest::pool(const PoolNow& pool)
{
    // The size libuv started the pool with, kept whether or not anyone follows live.
    m_poolThreads = std::max(m_poolThreads, std::min(pool.threads, MaxPoolThreads));
    if (!m_follow)
        return;
    std::vector<PoolBoard::Item> items;
    std::uint32_t running = 0;
    for (const PoolNow::Item& item : pool.items) {
        items.push_back({ items.size() + 1, label(item.label), item.queuedAtNs, item.startedAtNs, item.worker });
        running += item.startedAtNs >= 0 ? 1 : 0;
    }
    {
        std::lock_guard lock(m_follow->poolMutex);
        m_follow->pool = std::move(items);
    }
    // Busy threads the probe saw no work of (taken before it looked) count as running all the same.
    m_follow->live.poolActive.store(std::max(pool.busy, running), std::memory_order_relaxed);
    m_follow->live.poolQueued.store(pool.waiting, std::memory_order_relaxed);
}

void Ingest::samples(const BlockSamples& samples)
{
    BlockProfile profile;
    profile.thread = samples.thread;
    profile.callbackStartNs = samples.callbackStartNs;
    profile.intervalNs = samples.intervalNs;
    profile.stacks.reserve(samples.stacks.size());
    for (const BlockSamples::Stack& stack : samples.stacks) {
        BlockProfile::Stack kept;
        kept.hits = stack.hits;
        kept.frames.reserve(stack.frames.size());
        for (const std::uint32_t frame : stack.frames)
            kept.frames.push_back(label(frame));
        profile.stacks.push_back(std::move(kept));
    }
    m_into.blockProfiles.put(std::move(profile));
}

void Ingest::loopTimes(const LoopTimes& times)
{
    m_loopTimes = times;
}

void Ingest::describe(RecordingInfo& info) const
{
    if (m_hello.pid != 0) {
        info.unobserved = m_hello.unobserved;
        info.libuv = m_hello.libuv;
        info.timersAfterClose = timersAfterClose(m_hello.libuv);
        info.threadpoolSize = int(std::clamp<std::uint32_t>(m_hello.threadpoolSize, 1, MaxPoolThreads));
    }
    // The environment the hello read may have changed before the pool started: what libuv started wins.
    if (m_poolThreads > 0)
        info.threadpoolSize = int(m_poolThreads);
    for (const auto& [id, name] : m_threadNames)
        nameThread(info.threadNames, id, name);
    info.droppedEvents += droppedRecords();
    if (m_loopTimes.loopStartNs >= 0) {
        info.loopStartNs = m_loopTimes.loopStartNs;
        info.loopIdleNs = m_loopTimes.idleNs;
    }
    if (m_exitCode >= 0)
        info.exitStatus = m_exitCode;
}

} // namespace loopscope::wire
