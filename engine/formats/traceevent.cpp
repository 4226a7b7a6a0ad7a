#include "formats/traceevent.h"

#include "formats/traceformat.h"
#include "formats/utf8.h"

#include <charconv>
#include <limits>

namespace loopscope {

namespace {

using Token = JsonLexer::Token;

std::string_view stringOrEmpty(const TraceValue& value)
{
    return value.type == Token::String ? value.text : std::string_view();
}

} // namespace

void TraceEvent::clear()
{
    for (TraceValue* value : { &m_ph, &m_cat, &m_name, &m_tid, &m_pid, &m_ts, &m_dur })
        value->type = Token::None;
    m_argCount = 0;
}

const TraceValue* TraceEvent::findArgument(std::string_view key) const
{
    for (std::size_t i = 0; i < m_argCount; ++i) {
        if (m_args[i].key == key)
            return &m_args[i].value;
    }
    return nullptr;
}

int TraceEvent::processId() const
{
    int pid = 0;
    const std::string_view text = m_pid.text;
    if (m_pid.type != Token::Number
        || std::from_chars(text.data(), text.data() + text.size(), pid).ptr != text.data() + text.size() || pid < 0)
        return ProgramPid;
    return pid;
}

bool TraceEvent::namesChildProcess(int& pid, std::int64_t& startNs) const
{
    if (!isMetadata() || stringOrEmpty(m_name) != "process_name")
        return false;
    const TraceValue* start = findArgument("startNs");
    if (!start || start->type != Token::Number)
        return false;
    const std::string_view text = start->text;
    pid = processId();
    return std::from_chars(text.data(), text.data() + text.size(), startNs).ptr == text.data() + text.size()
        && pid != ProgramPid;
}

bool TraceEvent::isNodeTracing() const
{
    const std::string_view cat = stringOrEmpty(m_cat);
    return cat == "v8" || cat.rfind("node", 0) == 0 || cat.rfind("v8,", 0) == 0;
}

bool TraceEvent::recordType(RecordType& type) const
{
    if (m_ph.type != Token::String || m_ph.text.size() != 1)
        return false;
    const char ph = m_ph.text[0];
    const std::string_view cat = stringOrEmpty(m_cat);
    const std::string_view name = stringOrEmpty(m_name);
    const bool instant = ph == 'i' || ph == 'I';
    if (ph == 'X' && cat == "phase")
        type = RecordType::Phase;
    else if (ph == 'X' && cat == "callback")
        type = RecordType::Callback;
    else if (ph == 'X' && cat == "pool")
        type = RecordType::Pool;
    else if (ph == 'C' && name == "queues")
        type = RecordType::Queues;
    else if (ph == 'C' && name == "latency")
        type = RecordType::Latency;
    else if (instant && cat == "log")
        type = RecordType::Log;
    else if (instant && cat == "error")
        type = RecordType::Error;
    else if (instant && cat == "held")
        type = RecordType::Held;
    else if (instant && cat == "queued")
        type = RecordType::Queued;
    else
        return false;
    return true;
}

bool TraceEvent::toRecord(JsonLexer& lexer, const char* eventAt, StringTable& strings, RecordType type, Record& r) const
{
    r.type = type;
    if (m_tid.type == Token::None)
        return lexer.fail(eventAt, "event without tid");
    if (m_ts.type == Token::None)
        return lexer.fail(eventAt, "event without ts");
    if (!readThread(lexer, type == RecordType::Pool, r.thread) || !toTime(lexer, m_ts, "", "ts", 3, r.startNs))
        return false;
    const bool named = m_ph.text[0] != 'C';
    if (named && m_name.type != Token::String)
        return lexer.fail(m_name.type == Token::None ? eventAt : m_name.at, "event name must be a string");
    if (m_ph.text[0] == 'X' && !readSpan(lexer, eventAt, r))
        return false;
    if (named && type != RecordType::Phase)
        r.label = strings.intern(m_name.text);
    switch (type) {
    case RecordType::Phase:
        return readPhase(lexer, r);
    case RecordType::Callback:
        return readCallback(lexer, eventAt, r);
    case RecordType::Pool:
        return readPool(lexer, r);
    case RecordType::Queues:
        return readQueues(lexer, r);
    case RecordType::Latency:
        return readLatency(lexer, r);
    case RecordType::Log:
    case RecordType::Error:
        return readConsole(lexer, strings, r);
    case RecordType::Held: {
        r.span.durNs = 0;
        std::int64_t held = 0;
        if (!argTime(lexer, "heldMs", 6, 0, held))
            return false;
        setHeldNs(r, held);
        return true;
    }
    case RecordType::Queued:
        return readQueued(lexer, eventAt, r);
    }
    return true;
}

bool TraceEvent::readThread(JsonLexer& lexer, bool pool, std::uint16_t& thread) const
{
    std::int64_t tid = 0;
    if (!toInteger(lexer, m_tid, "", "tid", 0, 65535, tid))
        return false;
    if (pool && tid > PoolTidBase && tid - PoolTidBase < 65536) {
        thread = std::uint16_t(tid - PoolTidBase);
        return true;
    }
    if (!pool && tid == MainTid) {
        thread = MainThread;
        return true;
    }
    if (!pool && tid >= WorkerThreadBase) {
        thread = std::uint16_t(tid);
        return true;
    }
    if (!pool && tid > PoolTidBase) {
        thread = std::uint16_t(tid - PoolTidBase);
        return true;
    }
    return lexer.fail(m_tid.at, "unknown thread id " + std::to_string(tid));
}

bool TraceEvent::readSpan(JsonLexer& lexer, const char* eventAt, Record& r) const
{
    if (m_dur.type == Token::None)
        return lexer.fail(eventAt, "complete event without dur");
    return toTime(lexer, m_dur, "", "dur", 3, r.span.durNs);
}

bool TraceEvent::readPhase(JsonLexer& lexer, Record& r) const
{
    int phase = 0;
    while (phase < PhaseCount && m_name.text != phaseName(Phase(phase)))
        ++phase;
    if (phase == PhaseCount)
        return lexer.fail(m_name.at, "unknown phase " + quote(m_name.text));
    r.sub = std::uint8_t(phase);
    r.span.count = 1;
    bool timed = false;
    if (!argFlag(lexer, "timed", timed))
        return false;
    setPhaseTimed(r, timed);
    constexpr std::int64_t limit = std::numeric_limits<std::int64_t>::max() / 2;
    std::int64_t timeoutMs = 0;
    if (!argUnsigned(lexer, "iteration", 0, r.span.iteration)
        || !argInteger(lexer, "timeoutMs", -limit - 1, limit, 0, timeoutMs))
        return false;
    setPollTimeoutMs(r, timeoutMs);
    return true;
}

bool TraceEvent::readCallback(JsonLexer& lexer, const char* eventAt, Record& r) const
{
    const TraceValue* kindValue = findArgument("kind");
    if (!kindValue || kindValue->type != Token::String)
        return lexer.fail(kindValue ? kindValue->at : eventAt, "callback without args.kind");
    int kind = 0;
    while (kind <= int(CallbackKind::Main) && kindValue->text != callbackKindName(CallbackKind(kind)))
        ++kind;
    if (kind > int(CallbackKind::Main))
        return lexer.fail(kindValue->at, "unknown callback kind " + quote(kindValue->text));
    std::uint8_t job = 0;
    bool requeued = false;
    bool internal = false;
    if (!argJobKind(lexer, job) || !argFlag(lexer, "requeued", requeued) || !argFlag(lexer, "internal", internal))
        return false;
    r.sub = std::uint8_t(kind | job << JobKindShift | (requeued ? RequeuedFlag : 0) | (internal ? InternalFlag : 0));
    std::int64_t count = 0;
    if (!argUnsigned(lexer, "iteration", 0, r.span.iteration) || !argInteger(lexer, "count", 1, 0xFFFFFFFF, 1, count))
        return false;
    r.span.count = std::uint32_t(count);
    if (!argTime(lexer, "totalMs", 6, r.span.durNs, r.span.busyNs))
        return false;
    // A run timed as a whole says its longest call is not known (null).
    const TraceValue* longest = findArgument("maxMs");
    std::int64_t longestNs = LongestUnknown;
    if (!(longest && longest->type == Token::Null && count > 1) && !argTime(lexer, "maxMs", 6, r.span.durNs, longestNs))
        return false;
    setLongestCallNs(r, longestNs);
    return true;
}

bool TraceEvent::readQueued(JsonLexer& lexer, const char* eventAt, Record& r) const
{
    const TraceValue* queue = findArgument("queue");
    if (!queue || queue->type != Token::String)
        return lexer.fail(queue ? queue->at : eventAt, "queued event without args.queue");
    int kind = 0;
    while (kind < int(CallbackKind::Main) && queue->text != callbackKindName(CallbackKind(kind)))
        ++kind;
    if (kind == int(CallbackKind::Main) && queue->text != ClearedQueues)
        return lexer.fail(queue->at, "unknown queue " + quote(queue->text));
    std::uint8_t job = 0;
    bool left = false;
    if (!argJobKind(lexer, job) || !argUnsigned(lexer, "count", 1, r.span.count) || !argFlag(lexer, "left", left))
        return false;
    r.sub = std::uint8_t(kind | job << JobKindShift | (left ? LeftFlag : 0));
    std::int64_t delayNs = 0;
    if (!argTime(lexer, "delayMs", 6, 0, delayNs))
        return false;
    setTimerDelayNs(r, delayNs);
    return true;
}

bool TraceEvent::argFlag(JsonLexer& lexer, std::string_view key, bool& out) const
{
    const TraceValue* value = findArgument(key);
    out = false;
    return !value || toBool(lexer, *value, "args.", key, out);
}

bool TraceEvent::argJobKind(JsonLexer& lexer, std::uint8_t& out) const
{
    out = 0;
    const TraceValue* value = findArgument("job");
    if (!value)
        return true;
    if (value->type == Token::String) {
        for (int job = 0; job < 3; ++job) {
            if (value->text == jobKindName(JobKind(job))) {
                out = std::uint8_t(job);
                return true;
            }
        }
    }
    return lexer.fail(value->at, "unknown microtask job " + quote(value->type == Token::String ? value->text : ""));
}

bool TraceEvent::readPool(JsonLexer& lexer, Record& r) const
{
    r.span.count = 1;
    return argTime(lexer, "queuedUs", 3, 0, r.span.busyNs) && argUnsigned(lexer, "iteration", 0, r.span.iteration);
}

bool TraceEvent::readConsole(JsonLexer& lexer, StringTable& strings, Record& r) const
{
    // The steps of the measured stretch a line closes, when the program said them (an error closes none).
    if (r.type == RecordType::Log && !argUnsigned(lexer, "steps", 0, r.console.steps))
        return false;
    const TraceValue* from = findArgument("from");
    if (!from)
        return true;
    if (from->type != Token::String)
        return lexer.fail(from->at, "args.from must be a string");
    r.console.from = strings.intern(from->text);
    return true;
}

bool TraceEvent::readQueues(JsonLexer& lexer, Record& r) const
{
    QueueCounts& q = r.queues;
    return argUnsigned(lexer, "nextTick", 0, q.nextTick) && argUnsigned(lexer, "microtask", 0, q.microtask)
        && argUnsigned(lexer, "immediate", 0, q.immediate) && argUnsigned(lexer, "timers", 0, q.timers)
        && argUnsigned(lexer, "close", 0, q.close) && argUnsigned(lexer, "poolQueued", 0, q.poolQueued)
        && argUnsigned(lexer, "poolActive", 0, q.poolActive);
}

bool TraceEvent::readLatency(JsonLexer& lexer, Record& r) const
{
    struct Sample
    {
        const char* key;
        double& out;
    };
    const Sample samples[] = { { "elu", r.latency.utilization }, { "loopDelayMs", r.latency.loopDelayMs },
        { "healthMs", r.latency.healthMs }, { "histogramMs", r.latency.histogramMs } };
    for (const Sample& sample : samples) {
        sample.out = -1;
        const TraceValue* value = findArgument(sample.key);
        if (value && !toDouble(lexer, *value, "args.", sample.key, sample.out))
            return false;
    }
    std::uint32_t failed = 0;
    if (!argUnsigned(lexer, "healthFailed", 0, failed))
        return false;
    if (failed != 0 && r.latency.healthMs < 0)
        r.latency.healthMs = HealthProbeFailed;
    return true;
}

bool TraceEvent::argInteger(JsonLexer& lexer, std::string_view key, std::int64_t min, std::int64_t max,
    std::int64_t fallback, std::int64_t& out) const
{
    const TraceValue* value = findArgument(key);
    out = fallback;
    return !value || toInteger(lexer, *value, "args.", key, min, max, out);
}

bool TraceEvent::argUnsigned(JsonLexer& lexer, std::string_view key, std::uint32_t fallback, std::uint32_t& out) const
{
    std::int64_t number = 0;
    if (!argInteger(lexer, key, 0, 0xFFFFFFFF, fallback, number))
        return false;
    out = std::uint32_t(number);
    return true;
}

bool TraceEvent::argTime(
    JsonLexer& lexer, std::string_view key, int digits, std::int64_t fallback, std::int64_t& out) const
{
    const TraceValue* value = findArgument(key);
    out = fallback;
    return !value || toTime(lexer, *value, "args.", key, digits, out);
}

} // namespace loopscope
