#include "formats/traceio.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <exception>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <ostream>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace loopscope {

namespace {

// Trace thread ids: Perfetto shows tids as track names, so the main loop is 1,
// pool worker N is 100 + N and worker loops keep their record thread id.
constexpr int MainTid = 1;
constexpr int PoolTidBase = 100;

int traceTid(const Record& record)
{
    if (record.type == RecordType::Pool)
        return PoolTidBase + record.thread;
    if (record.thread == MainThread)
        return MainTid;
    if (record.thread >= WorkerThreadBase)
        return record.thread;
    return PoolTidBase + record.thread;
}

constexpr std::int64_t powerOfTen(int digits)
{
    std::int64_t result = 1;
    for (int i = 0; i < digits; ++i)
        result *= 10;
    return result;
}

// The length of the well-formed UTF-8 sequence at `s` (RFC 3629), or 0.
std::size_t utf8SequenceLength(const unsigned char* s, std::size_t available)
{
    const unsigned char lead = s[0];
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0)
            low = 0xA0;
        else if (lead == 0xED)
            high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0)
            low = 0x90;
        else if (lead == 0xF4)
            high = 0x8F;
    } else {
        return 0;
    }
    if (available < length || s[1] < low || s[1] > high)
        return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    }
    return length;
}

// Buffered JSON output with hand-written number formatting; the stream sees 1 MiB writes.
class TraceWriter
{
public:
    explicit TraceWriter(std::ostream& out)
        : m_out(out)
        , m_buffer(new char[Capacity])
        , m_pos(m_buffer.get())
        , m_end(m_buffer.get() + Capacity)
    { }

    bool finish()
    {
        flush();
        m_out.flush();
        return bool(m_out);
    }

    void literal(std::string_view text)
    {
        if (text.size() > Capacity / 2) {
            flush();
            m_out.write(text.data(), std::streamsize(text.size()));
            return;
        }
        std::memcpy(room(text.size()), text.data(), text.size());
        m_pos += text.size();
    }

    void character(char c)
    {
        *room(1) = c;
        ++m_pos;
    }

    void integer(std::int64_t value)
    {
        char* at = room(24);
        m_pos = std::to_chars(at, m_end, value).ptr;
    }

    void unsignedInteger(std::uint64_t value)
    {
        char* at = room(24);
        m_pos = std::to_chars(at, m_end, value).ptr;
    }

    // Writes value / 10^digits exactly, without trailing zeros in the fraction.
    void fixed(std::int64_t value, int digits)
    {
        char* at = room(48);
        std::uint64_t magnitude = std::uint64_t(value);
        if (value < 0) {
            *at++ = '-';
            magnitude = 0 - magnitude;
        }
        const std::uint64_t scale = std::uint64_t(powerOfTen(digits));
        at = std::to_chars(at, m_end, magnitude / scale).ptr;
        std::uint64_t fraction = magnitude % scale;
        if (fraction != 0) {
            int width = digits;
            while (fraction % 10 == 0) {
                fraction /= 10;
                --width;
            }
            *at++ = '.';
            for (int i = width - 1; i >= 0; --i) {
                at[i] = char('0' + fraction % 10);
                fraction /= 10;
            }
            at += width;
        }
        m_pos = at;
    }

    // The shortest text that reads back as the same double; callers keep non-finite values out.
    void number(double value)
    {
        char* at = room(32);
        m_pos = std::to_chars(at, m_end, value).ptr;
    }

    void string(std::string_view text)
    {
        character('"');
        const auto* s = reinterpret_cast<const unsigned char*>(text.data());
        const std::size_t size = text.size();
        std::size_t i = 0;
        while (i < size) {
            const std::size_t runStart = i;
            while (i < size) {
                const unsigned char c = s[i];
                if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\') {
                    ++i;
                } else if (c >= 0x80) {
                    const std::size_t length = utf8SequenceLength(s + i, size - i);
                    if (length == 0)
                        break;
                    i += length;
                } else {
                    break;
                }
            }
            if (i > runStart)
                literal(text.substr(runStart, i - runStart));
            if (i < size)
                escape(s[i++]);
        }
        character('"');
    }

private:
    static constexpr std::size_t Capacity = std::size_t(1) << 20;

    char* room(std::size_t size)
    {
        if (std::size_t(m_end - m_pos) < size)
            flush();
        return m_pos;
    }

    void flush()
    {
        m_out.write(m_buffer.get(), m_pos - m_buffer.get());
        m_pos = m_buffer.get();
    }

    void escape(unsigned char c)
    {
        static const char hex[] = "0123456789abcdef";
        char* at = room(6);
        *at++ = '\\';
        switch (c) {
        case '"':
        case '\\':
            *at++ = char(c);
            break;
        case '\b':
            *at++ = 'b';
            break;
        case '\f':
            *at++ = 'f';
            break;
        case '\n':
            *at++ = 'n';
            break;
        case '\r':
            *at++ = 'r';
            break;
        case '\t':
            *at++ = 't';
            break;
        default:
            // Bytes that are not UTF-8 become lone low surrogates U+DC80..U+DCFF (Python's
            // "surrogateescape"), so the file stays valid JSON and reads back byte for byte.
            *at++ = 'u';
            *at++ = c >= 0x80 ? 'd' : '0';
            *at++ = c >= 0x80 ? 'c' : '0';
            *at++ = hex[c >> 4];
            *at++ = hex[c & 15];
            break;
        }
        m_pos = at;
    }

    std::ostream& m_out;
    std::unique_ptr<char[]> m_buffer;
    char* m_pos;
    char* m_end;
};

void writeEventHead(TraceWriter& w, std::string_view head, std::string_view name, int tid, std::int64_t startNs)
{
    w.literal(head);
    w.string(name);
    w.literal(",\"pid\":1,\"tid\":");
    w.integer(tid);
    w.literal(",\"ts\":");
    w.fixed(startNs, 3);
}

void writeRecord(TraceWriter& w, const Record& r, const StringTable& strings)
{
    const int tid = traceTid(r);
    switch (r.type) {
    case RecordType::Phase:
        writeEventHead(
            w, "{\"ph\":\"X\",\"cat\":\"phase\",\"name\":", phaseName(Phase(r.sub % PhaseCount)), tid, r.startNs);
        w.literal(",\"dur\":");
        w.fixed(r.span.durNs, 3);
        w.literal(",\"args\":{\"iteration\":");
        w.unsignedInteger(r.span.iteration);
        w.literal(r.label == 1 ? ",\"timed\":true" : ",\"timed\":false");
        if (Phase(r.sub) == Phase::Poll || r.span.maxNs != 0) {
            w.literal(",\"timeoutMs\":");
            w.integer(r.span.maxNs);
        }
        w.literal("}}");
        break;
    case RecordType::Callback:
        writeEventHead(w, "{\"ph\":\"X\",\"cat\":\"callback\",\"name\":", strings.at(r.label), tid, r.startNs);
        w.literal(",\"dur\":");
        w.fixed(r.span.durNs, 3);
        w.literal(",\"args\":{\"kind\":\"");
        w.literal(callbackKindName(CallbackKind(r.sub % 8)));
        w.literal("\",\"iteration\":");
        w.unsignedInteger(r.span.iteration);
        if (r.span.count > 1) {
            w.literal(",\"count\":");
            w.unsignedInteger(r.span.count);
            w.literal(",\"totalMs\":");
            w.fixed(r.span.busyNs, 6);
            w.literal(",\"maxMs\":");
            w.fixed(r.span.maxNs, 6);
        }
        w.literal("}}");
        break;
    case RecordType::Pool:
        writeEventHead(w, "{\"ph\":\"X\",\"cat\":\"pool\",\"name\":", strings.at(r.label), tid, r.startNs);
        w.literal(",\"dur\":");
        w.fixed(r.span.durNs, 3);
        w.literal(",\"args\":{\"queuedUs\":");
        w.fixed(r.span.busyNs, 3);
        w.literal(",\"iteration\":");
        w.unsignedInteger(r.span.iteration);
        w.literal("}}");
        break;
    case RecordType::Queues:
        writeEventHead(w, "{\"ph\":\"C\",\"name\":", "queues", tid, r.startNs);
        w.literal(",\"args\":{\"nextTick\":");
        w.unsignedInteger(r.queues.nextTick);
        w.literal(",\"microtask\":");
        w.unsignedInteger(r.queues.microtask);
        w.literal(",\"immediate\":");
        w.unsignedInteger(r.queues.immediate);
        w.literal(",\"timers\":");
        w.unsignedInteger(r.queues.timers);
        w.literal(",\"close\":");
        w.unsignedInteger(r.queues.close);
        w.literal(",\"poolQueued\":");
        w.unsignedInteger(r.queues.poolQueued);
        w.literal(",\"poolActive\":");
        w.unsignedInteger(r.queues.poolActive);
        w.literal("}}");
        break;
    case RecordType::Latency: {
        writeEventHead(w, "{\"ph\":\"C\",\"name\":", "latency", tid, r.startNs);
        w.literal(",\"args\":{");
        bool first = true;
        if (std::isfinite(r.latency.loopDelayMs) && r.latency.loopDelayMs >= 0) {
            w.literal("\"loopDelayMs\":");
            w.number(r.latency.loopDelayMs);
            first = false;
        }
        if (std::isfinite(r.latency.healthMs) && r.latency.healthMs >= 0) {
            w.literal(first ? "\"healthMs\":" : ",\"healthMs\":");
            w.number(r.latency.healthMs);
            first = false;
        }
        if (std::isfinite(r.latency.utilization) && r.latency.utilization >= 0) {
            w.literal(first ? "\"elu\":" : ",\"elu\":");
            w.number(r.latency.utilization);
        }
        w.literal("}}");
        break;
    }
    case RecordType::Log:
    case RecordType::Error:
        writeEventHead(w,
            r.type == RecordType::Log ? "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"log\",\"name\":"
                                      : "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"error\",\"name\":",
            strings.at(r.label), tid, r.startNs);
        w.literal("}");
        break;
    }
}

std::string defaultThreadName(int tid)
{
    if (tid == MainTid)
        return "main loop";
    if (tid >= WorkerThreadBase)
        return "worker loop " + std::to_string(tid - WorkerThreadBase + 1);
    return "pool worker " + std::to_string(tid - PoolTidBase);
}

void writeMetadata(TraceWriter& w, const Recording& recording)
{
    std::map<int, std::string> names;
    names.emplace(MainTid, defaultThreadName(MainTid));
    for (int worker = 1; worker <= recording.info.threadpoolSize && worker < 65536; ++worker)
        names.emplace(PoolTidBase + worker, defaultThreadName(PoolTidBase + worker));
    for (const auto& log : recording.logs) {
        const std::size_t size = log->size();
        int lastTid = -1;
        for (std::size_t i = 0; i < size; ++i) {
            const int tid = traceTid((*log)[i]);
            if (tid != lastTid) {
                names.emplace(tid, defaultThreadName(tid));
                lastTid = tid;
            }
        }
    }
    for (const auto& [thread, name] : recording.info.threadNames) {
        Record probe;
        probe.thread = thread;
        const int tid = traceTid(probe);
        // Every pool worker gets a track, busy or not, so the pool's size shows; a worker loop
        // slot that never ran would only be an empty track.
        if (thread >= WorkerThreadBase && names.find(tid) == names.end())
            continue;
        names[tid] = name;
    }

    w.literal("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":1,\"ts\":0,\"args\":{\"name\":");
    w.string("LoopScope: " + recording.info.program);
    w.literal("}}");
    for (const auto& [tid, name] : names) {
        w.literal(",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"ts\":0,\"tid\":");
        w.integer(tid);
        w.literal(",\"args\":{\"name\":");
        w.string(name);
        w.literal("}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"ts\":0,\"tid\":");
        w.integer(tid);
        w.literal(",\"args\":{\"sort_index\":");
        w.integer(tid == MainTid ? 0 : tid >= WorkerThreadBase ? tid : 100000 + tid);
        w.literal("}}");
    }
}

void writeOtherData(TraceWriter& w, const Recording& recording)
{
    const RecordingInfo& info = recording.info;
    // Drops counted by the logs themselves are reported even when info was filled in before them.
    std::uint64_t logDrops = 0;
    for (const auto& log : recording.logs)
        logDrops += log->dropped();
    w.literal("\"otherData\":{\"generator\":");
    w.string(info.generator);
    w.literal(",\"libuv\":");
    w.string(info.libuv);
    w.literal(",\"threadpoolSize\":");
    w.integer(info.threadpoolSize);
    w.literal(",\"program\":");
    w.string(info.program);
    w.literal(info.aborted ? ",\"aborted\":true" : ",\"aborted\":false");
    w.literal(",\"droppedEvents\":");
    w.unsignedInteger(std::max(info.droppedEvents, logDrops));
    w.literal(info.timersAfterClose ? ",\"timersAfterClose\":true" : ",\"timersAfterClose\":false");
    w.literal(",\"threadNames\":[");
    bool first = true;
    for (const auto& [thread, name] : info.threadNames) {
        w.literal(first ? "{\"tid\":" : ",{\"tid\":");
        w.integer(thread);
        w.literal(",\"name\":");
        w.string(name);
        w.character('}');
        first = false;
    }
    w.literal("]}}\n");
}

// A single-pass reader for trace files: it validates JSON syntax while it goes and
// turns the events it knows straight into records, so no document tree is built.
class TraceReader
{
public:
    TraceReader(std::string_view text, Recording& out)
        : m_begin(text.data())
        , m_p(text.data())
        , m_end(text.data() + text.size())
        , m_out(out)
        , m_logIndex(65536, -1)
    { }

    bool run();
    std::string error() const;

private:
    static constexpr int MaxDepth = 64;
    static constexpr std::size_t MaxStringBytes = std::size_t(16) << 20;
    static constexpr std::size_t MaxArgs = 64;

    enum class Type { Missing, String, Number, True, False, Null, Compound };

    struct Value
    {
        Type type = Type::Missing;
        std::string_view text; // the string's content or the number's token
        const char* at = nullptr;
        std::string scratch; // holds a string's content when it had escapes
    };

    struct Arg
    {
        std::string key;
        Value value;
    };

    bool fail(const char* at, std::string message)
    {
        if (m_error.empty()) {
            m_errorAt = at;
            m_error = std::move(message);
        }
        return false;
    }

    void skipSpace()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }

    bool expect(char c, const char* what)
    {
        skipSpace();
        if (m_p >= m_end)
            return fail(m_p, std::string("unexpected end of file, expected ") + what);
        if (*m_p != c)
            return fail(m_p, std::string("expected ") + what);
        ++m_p;
        return true;
    }

    bool parseString(std::string_view& view, std::string& scratch);
    bool parseHex4(unsigned& code);
    bool parseNumber(std::string_view& token);
    bool parseLiteral(std::string_view word);
    bool parseValue(Value& value, int depth);
    bool skipCompound(int depth);
    bool parseMembers(int depth, bool (TraceReader::*member)(std::string_view key, int depth));

    bool topMember(std::string_view key, int depth);
    bool parseEvents(int depth);
    bool parseEvent(int depth);
    bool eventMember(std::string_view key, int depth);
    bool argMember(std::string_view key, int depth);
    bool otherDataMember(std::string_view key, int depth);
    bool threadNameMember(std::string_view key, int depth);

    bool interpretEvent(const char* eventAt);
    const Value* arg(std::string_view key) const;
    bool toInteger(const Value& value, std::string_view prefix, std::string_view what, std::int64_t min,
        std::int64_t max, std::int64_t& out);
    bool toScaled(const Value& value, std::string_view prefix, std::string_view what, int digits, std::int64_t& out);
    bool toDouble(const Value& value, std::string_view prefix, std::string_view what, double& out);
    bool argInteger(std::string_view key, std::int64_t min, std::int64_t max, std::int64_t fallback, std::int64_t& out);
    bool argScaled(std::string_view key, int digits, std::int64_t fallback, std::int64_t& out);
    bool argBool(std::string_view key, bool& out);
    bool recordThread(bool pool, std::uint16_t& thread);
    bool append(const Record& record, const char* at);

    const char* m_begin;
    const char* m_p;
    const char* m_end;
    Recording& m_out;
    std::vector<int> m_logIndex;

    std::string m_keyScratch;
    std::string m_skipKeyScratch;
    Value m_ph, m_cat, m_name, m_tid, m_ts, m_dur;
    std::vector<Arg> m_args;
    std::size_t m_argCount = 0;
    Value m_scratchValue;
    bool m_seenThreadTid = false;
    std::int64_t m_threadTid = 0;
    std::string m_threadName;
    bool m_seenThreadName = false;

    std::string m_error;
    const char* m_errorAt = nullptr;
};

bool TraceReader::parseHex4(unsigned& code)
{
    if (m_end - m_p < 4)
        return fail(m_p, "incomplete \\u escape");
    code = 0;
    for (int i = 0; i < 4; ++i) {
        const char c = m_p[i];
        unsigned digit;
        if (c >= '0' && c <= '9')
            digit = unsigned(c - '0');
        else if (c >= 'a' && c <= 'f')
            digit = unsigned(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            digit = unsigned(c - 'A' + 10);
        else
            return fail(m_p + i, "invalid \\u escape");
        code = code * 16 + digit;
    }
    m_p += 4;
    return true;
}

void appendUtf8(std::string& out, unsigned code)
{
    if (code < 0x80) {
        out += char(code);
    } else if (code < 0x800) {
        out += char(0xC0 | (code >> 6));
        out += char(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        out += char(0xE0 | (code >> 12));
        out += char(0x80 | ((code >> 6) & 0x3F));
        out += char(0x80 | (code & 0x3F));
    } else {
        out += char(0xF0 | (code >> 18));
        out += char(0x80 | ((code >> 12) & 0x3F));
        out += char(0x80 | ((code >> 6) & 0x3F));
        out += char(0x80 | (code & 0x3F));
    }
}

bool TraceReader::parseString(std::string_view& view, std::string& scratch)
{
    const char* quote = m_p;
    const char* start = ++m_p;
    while (m_p < m_end) {
        const unsigned char c = static_cast<unsigned char>(*m_p);
        if (c == '"') {
            if (std::size_t(m_p - start) > MaxStringBytes)
                return fail(quote, "string too long");
            view = std::string_view(start, std::size_t(m_p - start));
            ++m_p;
            return true;
        }
        if (c == '\\' || c < 0x20)
            break;
        ++m_p;
    }
    scratch.assign(start, m_p);
    while (true) {
        if (m_p >= m_end)
            return fail(quote, "unterminated string");
        if (scratch.size() > MaxStringBytes)
            return fail(quote, "string too long");
        const unsigned char c = static_cast<unsigned char>(*m_p);
        if (c == '"') {
            ++m_p;
            view = scratch;
            return true;
        }
        if (c < 0x20)
            return fail(m_p, "control character in string");
        if (c != '\\') {
            const char* run = m_p;
            while (m_p < m_end && *m_p != '"' && *m_p != '\\' && static_cast<unsigned char>(*m_p) >= 0x20)
                ++m_p;
            scratch.append(run, m_p);
            continue;
        }
        const char* escapeAt = m_p++;
        if (m_p >= m_end)
            return fail(quote, "unterminated string");
        switch (*m_p++) {
        case '"':
            scratch += '"';
            break;
        case '\\':
            scratch += '\\';
            break;
        case '/':
            scratch += '/';
            break;
        case 'b':
            scratch += '\b';
            break;
        case 'f':
            scratch += '\f';
            break;
        case 'n':
            scratch += '\n';
            break;
        case 'r':
            scratch += '\r';
            break;
        case 't':
            scratch += '\t';
            break;
        case 'u': {
            unsigned code;
            if (!parseHex4(code))
                return false;
            if (code >= 0xD800 && code <= 0xDBFF) {
                unsigned low = 0;
                if (m_end - m_p >= 6 && m_p[0] == '\\' && m_p[1] == 'u') {
                    const char* save = m_p;
                    m_p += 2;
                    if (!parseHex4(low))
                        return false;
                    if (low < 0xDC00 || low > 0xDFFF) {
                        m_p = save;
                        low = 0;
                    }
                }
                appendUtf8(scratch, low ? 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD);
            } else if (code >= 0xDC80 && code <= 0xDCFF) {
                scratch += char(code - 0xDC00); // a raw byte, as the writer escapes it
            } else if (code >= 0xDC00 && code <= 0xDFFF) {
                appendUtf8(scratch, 0xFFFD);
            } else {
                appendUtf8(scratch, code);
            }
            break;
        }
        default:
            return fail(escapeAt, "invalid escape in string");
        }
    }
}

bool TraceReader::parseNumber(std::string_view& token)
{
    const char* start = m_p;
    auto digits = [this] {
        const char* first = m_p;
        while (m_p < m_end && *m_p >= '0' && *m_p <= '9')
            ++m_p;
        return m_p > first;
    };
    if (m_p < m_end && *m_p == '-')
        ++m_p;
    if (m_p < m_end && *m_p == '0')
        ++m_p;
    else if (!digits())
        return fail(start, "invalid number");
    if (m_p < m_end && *m_p == '.') {
        ++m_p;
        if (!digits())
            return fail(start, "invalid number");
    }
    if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
        ++m_p;
        if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (!digits())
            return fail(start, "invalid number");
    }
    if (m_p - start > 400)
        return fail(start, "number too long");
    token = std::string_view(start, std::size_t(m_p - start));
    return true;
}

bool TraceReader::parseLiteral(std::string_view word)
{
    if (std::size_t(m_end - m_p) < word.size() || std::string_view(m_p, word.size()) != word)
        return fail(m_p, "invalid value");
    m_p += word.size();
    return true;
}

bool TraceReader::parseValue(Value& value, int depth)
{
    skipSpace();
    const char* at = m_p;
    value.at = at;
    if (m_p >= m_end)
        return fail(m_p, "unexpected end of file, expected a value");
    switch (*m_p) {
    case '"':
        value.type = Type::String;
        return parseString(value.text, value.scratch);
    case '{':
    case '[':
        // The skipped contents reuse m_scratchValue, which may be `value` itself.
        if (!skipCompound(depth + 1))
            return false;
        value.type = Type::Compound;
        value.at = at;
        return true;
    case 't':
        value.type = Type::True;
        return parseLiteral("true");
    case 'f':
        value.type = Type::False;
        return parseLiteral("false");
    case 'n':
        value.type = Type::Null;
        return parseLiteral("null");
    default:
        if (*m_p == '-' || (*m_p >= '0' && *m_p <= '9')) {
            value.type = Type::Number;
            return parseNumber(value.text);
        }
        return fail(m_p, "invalid value");
    }
}

// Skips the object or array at m_p, checking its syntax.
bool TraceReader::skipCompound(int depth)
{
    if (depth > MaxDepth)
        return fail(m_p, "nesting too deep");
    const bool object = *m_p == '{';
    const char close = object ? '}' : ']';
    ++m_p;
    skipSpace();
    if (m_p < m_end && *m_p == close) {
        ++m_p;
        return true;
    }
    while (true) {
        if (object) {
            skipSpace();
            if (m_p >= m_end || *m_p != '"')
                return fail(m_p, m_p >= m_end ? "unexpected end of file, expected a key" : "expected a key");
            std::string_view key;
            if (!parseString(key, m_skipKeyScratch) || !expect(':', "':'"))
                return false;
        }
        if (!parseValue(m_scratchValue, depth))
            return false;
        skipSpace();
        if (m_p >= m_end)
            return fail(m_p, "unexpected end of file");
        if (*m_p == ',') {
            ++m_p;
            continue;
        }
        if (*m_p == close) {
            ++m_p;
            return true;
        }
        return fail(m_p, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

// Parses the object at m_p, handing each key to `member`, which consumes its value.
bool TraceReader::parseMembers(int depth, bool (TraceReader::*member)(std::string_view key, int depth))
{
    if (depth > MaxDepth)
        return fail(m_p, "nesting too deep");
    ++m_p;
    skipSpace();
    if (m_p < m_end && *m_p == '}') {
        ++m_p;
        return true;
    }
    while (true) {
        skipSpace();
        if (m_p >= m_end || *m_p != '"')
            return fail(m_p, m_p >= m_end ? "unexpected end of file, expected a key" : "expected a key");
        std::string_view key;
        if (!parseString(key, m_keyScratch) || !expect(':', "':'"))
            return false;
        if (!(this->*member)(key, depth))
            return false;
        skipSpace();
        if (m_p >= m_end)
            return fail(m_p, "unexpected end of file, expected ',' or '}'");
        if (*m_p == ',') {
            ++m_p;
            continue;
        }
        if (*m_p == '}') {
            ++m_p;
            return true;
        }
        return fail(m_p, "expected ',' or '}'");
    }
}

bool TraceReader::run()
{
    if (m_out.logs.size() != 1 || m_out.mainLog().size() != 0 || m_out.strings.size() > 2)
        return fail(m_p, "internal error: reading into a recording that is not empty");
    skipSpace();
    if (m_p >= m_end)
        return fail(m_p, "empty file");
    if (*m_p == '{') {
        if (!parseMembers(1, &TraceReader::topMember))
            return false;
    } else if (*m_p == '[') {
        if (!parseEvents(1))
            return false;
    } else {
        return fail(m_p, "expected a trace object");
    }
    skipSpace();
    if (m_p != m_end)
        return fail(m_p, "unexpected data after the trace");
    return true;
}

std::string TraceReader::error() const
{
    int line = 1;
    const char* lineStart = m_begin;
    const char* end = m_errorAt ? m_errorAt : m_begin;
    for (const char* p = m_begin; p < end; ++p) {
        if (*p == '\n') {
            ++line;
            lineStart = p + 1;
        }
    }
    return std::to_string(line) + ":" + std::to_string(end - lineStart + 1) + ": " + m_error;
}

bool TraceReader::topMember(std::string_view key, int depth)
{
    skipSpace();
    if (key == "traceEvents") {
        if (m_p >= m_end || *m_p != '[')
            return fail(m_p, "traceEvents must be an array");
        return parseEvents(depth + 1);
    }
    if (key == "otherData") {
        if (m_p >= m_end || *m_p != '{')
            return fail(m_p, "otherData must be an object");
        return parseMembers(depth + 1, &TraceReader::otherDataMember);
    }
    return parseValue(m_scratchValue, depth);
}

bool TraceReader::parseEvents(int depth)
{
    ++m_p;
    skipSpace();
    if (m_p < m_end && *m_p == ']') {
        ++m_p;
        return true;
    }
    while (true) {
        skipSpace();
        if (m_p >= m_end)
            return fail(m_p, "unexpected end of file, expected an event");
        if (*m_p != '{')
            return fail(m_p, "expected an event object");
        if (!parseEvent(depth + 1))
            return false;
        skipSpace();
        if (m_p >= m_end)
            return fail(m_p, "unexpected end of file, expected ',' or ']'");
        if (*m_p == ',') {
            ++m_p;
            continue;
        }
        if (*m_p == ']') {
            ++m_p;
            return true;
        }
        return fail(m_p, "expected ',' or ']'");
    }
}

bool TraceReader::parseEvent(int depth)
{
    const char* eventAt = m_p;
    for (Value* value : { &m_ph, &m_cat, &m_name, &m_tid, &m_ts, &m_dur })
        value->type = Type::Missing;
    m_argCount = 0;
    if (!parseMembers(depth, &TraceReader::eventMember))
        return false;
    return interpretEvent(eventAt);
}

bool TraceReader::eventMember(std::string_view key, int depth)
{
    Value* target = &m_scratchValue;
    if (key.size() <= 4) {
        if (key == "ph")
            target = &m_ph;
        else if (key == "cat")
            target = &m_cat;
        else if (key == "name")
            target = &m_name;
        else if (key == "tid")
            target = &m_tid;
        else if (key == "ts")
            target = &m_ts;
        else if (key == "dur")
            target = &m_dur;
        else if (key == "args") {
            skipSpace();
            m_argCount = 0;
            if (m_p < m_end && *m_p == '{')
                return parseMembers(depth + 1, &TraceReader::argMember);
        }
    }
    return parseValue(*target, depth);
}

bool TraceReader::argMember(std::string_view key, int depth)
{
    if (m_argCount >= MaxArgs)
        return parseValue(m_scratchValue, depth);
    if (m_args.size() <= m_argCount)
        m_args.emplace_back();
    Arg& entry = m_args[m_argCount++];
    entry.key.assign(key.data(), key.size());
    return parseValue(entry.value, depth);
}

bool TraceReader::otherDataMember(std::string_view key, int depth)
{
    RecordingInfo& info = m_out.info;
    std::string* text = nullptr;
    if (key == "generator")
        text = &info.generator;
    else if (key == "libuv")
        text = &info.libuv;
    else if (key == "program")
        text = &info.program;
    if (key == "threadNames") {
        skipSpace();
        if (m_p >= m_end || *m_p != '[')
            return fail(m_p, "otherData.threadNames must be an array");
        ++m_p;
        skipSpace();
        if (m_p < m_end && *m_p == ']') {
            ++m_p;
            return true;
        }
        while (true) {
            skipSpace();
            if (m_p >= m_end || *m_p != '{')
                return fail(m_p, "otherData.threadNames entries must be objects");
            const char* entryAt = m_p;
            m_seenThreadTid = false;
            m_seenThreadName = false;
            if (!parseMembers(depth + 2, &TraceReader::threadNameMember))
                return false;
            if (!m_seenThreadTid || !m_seenThreadName)
                return fail(entryAt, "otherData.threadNames entries need tid and name");
            info.threadNames.emplace_back(std::uint16_t(m_threadTid), m_threadName);
            skipSpace();
            if (m_p >= m_end)
                return fail(m_p, "unexpected end of file, expected ',' or ']'");
            if (*m_p == ',') {
                ++m_p;
                continue;
            }
            if (*m_p == ']') {
                ++m_p;
                return true;
            }
            return fail(m_p, "expected ',' or ']'");
        }
    }
    const std::string name(key);
    Value& value = m_scratchValue;
    if (!parseValue(value, depth))
        return false;
    if (text) {
        if (value.type != Type::String)
            return fail(value.at, "otherData." + name + " must be a string");
        text->assign(value.text.data(), value.text.size());
        return true;
    }
    if (name == "aborted" || name == "timersAfterClose") {
        if (value.type != Type::True && value.type != Type::False)
            return fail(value.at, "otherData." + name + " must be true or false");
        (name == "aborted" ? info.aborted : info.timersAfterClose) = value.type == Type::True;
        return true;
    }
    std::int64_t number = 0;
    if (name == "threadpoolSize") {
        if (!toInteger(value, "otherData.", name, 0, 1024, number))
            return false;
        info.threadpoolSize = int(number);
    } else if (name == "droppedEvents") {
        if (!toInteger(value, "otherData.", name, 0, std::numeric_limits<std::int64_t>::max(), number))
            return false;
        info.droppedEvents = std::uint64_t(number);
    }
    return true;
}

bool TraceReader::threadNameMember(std::string_view key, int depth)
{
    Value& value = m_scratchValue;
    const bool isTid = key == "tid";
    const bool isName = key == "name";
    if (!parseValue(value, depth))
        return false;
    if (isTid) {
        m_seenThreadTid = true;
        return toInteger(value, "otherData.threadNames.", "tid", 0, 65535, m_threadTid);
    }
    if (isName) {
        if (value.type != Type::String)
            return fail(value.at, "thread name must be a string");
        m_seenThreadName = true;
        m_threadName.assign(value.text.data(), value.text.size());
    }
    return true;
}

const TraceReader::Value* TraceReader::arg(std::string_view key) const
{
    for (std::size_t i = 0; i < m_argCount; ++i) {
        if (m_args[i].key == key)
            return &m_args[i].value;
    }
    return nullptr;
}

// Parses a JSON number as value * 10^digits, exactly when it has at most `digits` decimals.
bool parseScaled(std::string_view token, int digits, std::int64_t& out)
{
    const char* p = token.data();
    const char* end = p + token.size();
    const bool negative = p < end && *p == '-';
    if (negative)
        ++p;
    std::uint64_t integer = 0;
    int integerDigits = 0;
    for (; p < end && *p >= '0' && *p <= '9'; ++p) {
        if (++integerDigits > 18)
            return false;
        integer = integer * 10 + std::uint64_t(*p - '0');
    }
    std::uint64_t fraction = 0;
    int fractionDigits = 0;
    bool roundUp = false;
    if (p < end && *p == '.') {
        for (++p; p < end && *p >= '0' && *p <= '9'; ++p) {
            if (fractionDigits < digits) {
                fraction = fraction * 10 + std::uint64_t(*p - '0');
                ++fractionDigits;
            } else if (fractionDigits == digits) {
                roundUp = *p >= '5';
                ++fractionDigits;
            }
        }
    }
    if (p < end) {
        // An exponent: rare in traces, so go through double.
        double value = 0;
        if (std::from_chars(token.data(), end, value).ec != std::errc())
            return false;
        value *= double(powerOfTen(digits));
        if (!(std::fabs(value) < 9.2e18))
            return false;
        out = std::llround(value);
        return true;
    }
    for (int i = std::min(fractionDigits, digits); i < digits; ++i)
        fraction *= 10;
    const std::uint64_t scale = std::uint64_t(powerOfTen(digits));
    if (integer > std::uint64_t(std::numeric_limits<std::int64_t>::max()) / scale - 1)
        return false;
    const std::uint64_t magnitude = integer * scale + fraction + (roundUp ? 1 : 0);
    out = negative ? -std::int64_t(magnitude) : std::int64_t(magnitude);
    return true;
}

bool TraceReader::toInteger(const Value& value, std::string_view prefix, std::string_view what, std::int64_t min,
    std::int64_t max, std::int64_t& out)
{
    if (value.type != Type::Number)
        return fail(value.at, std::string(prefix) + std::string(what) + " must be a number");
    std::int64_t scaled = 0;
    if (!parseScaled(value.text, 3, scaled) || scaled % 1000 != 0 || scaled / 1000 < min || scaled / 1000 > max) {
        if (value.text.find_first_of(".eE") == std::string_view::npos) {
            const auto result = std::from_chars(value.text.data(), value.text.data() + value.text.size(), out);
            if (result.ec == std::errc() && out >= min && out <= max)
                return true;
        }
        return fail(value.at,
            std::string(prefix) + std::string(what) + " must be an integer in " + std::to_string(min) + ".."
                + std::to_string(max));
    }
    out = scaled / 1000;
    return true;
}

bool TraceReader::toScaled(
    const Value& value, std::string_view prefix, std::string_view what, int digits, std::int64_t& out)
{
    if (value.type != Type::Number)
        return fail(value.at, std::string(prefix) + std::string(what) + " must be a number");
    if (!parseScaled(value.text, digits, out))
        return fail(value.at, std::string(prefix) + std::string(what) + " is out of range");
    return true;
}

bool TraceReader::toDouble(const Value& value, std::string_view prefix, std::string_view what, double& out)
{
    if (value.type != Type::Number)
        return fail(value.at, std::string(prefix) + std::string(what) + " must be a number");
    const auto result = std::from_chars(value.text.data(), value.text.data() + value.text.size(), out);
    if (result.ec != std::errc() || !std::isfinite(out))
        return fail(value.at, std::string(prefix) + std::string(what) + " is out of range");
    return true;
}

bool TraceReader::argInteger(
    std::string_view key, std::int64_t min, std::int64_t max, std::int64_t fallback, std::int64_t& out)
{
    const Value* value = arg(key);
    if (!value) {
        out = fallback;
        return true;
    }
    return toInteger(*value, "args.", key, min, max, out);
}

bool TraceReader::argScaled(std::string_view key, int digits, std::int64_t fallback, std::int64_t& out)
{
    const Value* value = arg(key);
    if (!value) {
        out = fallback;
        return true;
    }
    return toScaled(*value, "args.", key, digits, out);
}

bool TraceReader::argBool(std::string_view key, bool& out)
{
    const Value* value = arg(key);
    out = false;
    if (!value)
        return true;
    if (value->type != Type::True && value->type != Type::False)
        return fail(value->at, "args." + std::string(key) + " must be true or false");
    out = value->type == Type::True;
    return true;
}

bool TraceReader::recordThread(bool pool, std::uint16_t& thread)
{
    std::int64_t tid = 0;
    if (!toInteger(m_tid, "", "tid", 0, 65535, tid))
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
    return fail(m_tid.at, "unknown thread id " + std::to_string(tid));
}

bool TraceReader::append(const Record& record, const char* at)
{
    std::size_t index = 0;
    if (record.type != RecordType::Pool && record.thread >= WorkerThreadBase) {
        int& slot = m_logIndex[record.thread];
        if (slot < 0) {
            slot = int(m_out.logs.size());
            m_out.logs.push_back(std::make_unique<EventLog>());
        }
        index = std::size_t(slot);
    }
    EventLog& log = *m_out.logs[index];
    Record* slot = log.slot();
    if (!slot)
        return fail(at, "too many events");
    *slot = record;
    log.commit();
    return true;
}

bool TraceReader::interpretEvent(const char* eventAt)
{
    if (m_ph.type != Type::String || m_ph.text.size() != 1)
        return true;
    const char ph = m_ph.text[0];
    const std::string_view cat = m_cat.type == Type::String ? m_cat.text : std::string_view();
    const std::string_view name = m_name.type == Type::String ? m_name.text : std::string_view();

    Record r;
    if (ph == 'X' && cat == "phase") {
        r.type = RecordType::Phase;
    } else if (ph == 'X' && cat == "callback") {
        r.type = RecordType::Callback;
    } else if (ph == 'X' && cat == "pool") {
        r.type = RecordType::Pool;
    } else if (ph == 'C' && name == "queues") {
        r.type = RecordType::Queues;
    } else if (ph == 'C' && name == "latency") {
        r.type = RecordType::Latency;
    } else if ((ph == 'i' || ph == 'I') && cat == "log") {
        r.type = RecordType::Log;
    } else if ((ph == 'i' || ph == 'I') && cat == "error") {
        r.type = RecordType::Error;
    } else {
        return true;
    }

    if (m_tid.type == Type::Missing)
        return fail(eventAt, "event without tid");
    if (m_ts.type == Type::Missing)
        return fail(eventAt, "event without ts");
    if (!recordThread(r.type == RecordType::Pool, r.thread) || !toScaled(m_ts, "", "ts", 3, r.startNs))
        return false;
    if (ph == 'X' || ph == 'i' || ph == 'I') {
        if (m_name.type != Type::String)
            return fail(m_name.type == Type::Missing ? eventAt : m_name.at, "event name must be a string");
    }
    if (ph == 'X') {
        if (m_dur.type == Type::Missing)
            return fail(eventAt, "complete event without dur");
        if (!toScaled(m_dur, "", "dur", 3, r.span.durNs))
            return false;
    }

    std::int64_t number = 0;
    switch (r.type) {
    case RecordType::Phase: {
        int phase = 0;
        while (phase < PhaseCount && name != phaseName(Phase(phase)))
            ++phase;
        if (phase == PhaseCount)
            return fail(m_name.at, "unknown phase '" + std::string(name) + "'");
        bool timed = false;
        r.sub = std::uint8_t(phase);
        if (!argBool("timed", timed) || !argInteger("iteration", 0, 0xFFFFFFFF, 0, number))
            return false;
        r.label = timed ? 1 : 0;
        r.span.iteration = std::uint32_t(number);
        r.span.count = 1;
        if (!argInteger("timeoutMs", std::numeric_limits<std::int64_t>::min() / 2,
                std::numeric_limits<std::int64_t>::max() / 2, 0, r.span.maxNs))
            return false;
        break;
    }
    case RecordType::Callback: {
        const Value* kindValue = arg("kind");
        if (!kindValue || kindValue->type != Type::String)
            return fail(kindValue ? kindValue->at : eventAt, "callback without args.kind");
        int kind = 0;
        while (kind <= int(CallbackKind::Main) && kindValue->text != callbackKindName(CallbackKind(kind)))
            ++kind;
        if (kind > int(CallbackKind::Main))
            return fail(kindValue->at, "unknown callback kind '" + std::string(kindValue->text) + "'");
        r.sub = std::uint8_t(kind);
        r.label = m_out.strings.intern(name);
        if (!argInteger("iteration", 0, 0xFFFFFFFF, 0, number))
            return false;
        r.span.iteration = std::uint32_t(number);
        if (!argInteger("count", 1, 0xFFFFFFFF, 1, number))
            return false;
        r.span.count = std::uint32_t(number);
        if (!argScaled("totalMs", 6, r.span.durNs, r.span.busyNs) || !argScaled("maxMs", 6, r.span.durNs, r.span.maxNs))
            return false;
        break;
    }
    case RecordType::Pool:
        r.label = m_out.strings.intern(name);
        r.span.count = 1;
        if (!argScaled("queuedUs", 3, 0, r.span.busyNs) || !argInteger("iteration", 0, 0xFFFFFFFF, 0, number))
            return false;
        r.span.iteration = std::uint32_t(number);
        break;
    case RecordType::Queues: {
        std::uint32_t* fields[] = { &r.queues.nextTick, &r.queues.microtask, &r.queues.immediate, &r.queues.timers,
            &r.queues.close, &r.queues.poolQueued, &r.queues.poolActive };
        const char* keys[] = { "nextTick", "microtask", "immediate", "timers", "close", "poolQueued", "poolActive" };
        for (int i = 0; i < 7; ++i) {
            if (!argInteger(keys[i], 0, 0xFFFFFFFF, 0, number))
                return false;
            *fields[i] = std::uint32_t(number);
        }
        break;
    }
    case RecordType::Latency: {
        r.latency.loopDelayMs = -1;
        r.latency.healthMs = -1;
        r.latency.utilization = -1;
        const Value* delay = arg("loopDelayMs");
        const Value* health = arg("healthMs");
        const Value* elu = arg("elu");
        if (elu && !toDouble(*elu, "args.", "elu", r.latency.utilization))
            return false;
        if (delay && !toDouble(*delay, "args.", "loopDelayMs", r.latency.loopDelayMs))
            return false;
        if (health && !toDouble(*health, "args.", "healthMs", r.latency.healthMs))
            return false;
        break;
    }
    case RecordType::Log:
    case RecordType::Error:
        r.label = m_out.strings.intern(name);
        break;
    }
    return append(r, eventAt);
}

} // namespace

bool writeTrace(const Recording& recording, std::ostream& out)
{
    TraceWriter w(out);
    w.literal("{\"traceEvents\":[\n");
    writeMetadata(w, recording);
    for (const auto& log : recording.logs) {
        const std::size_t size = log->size();
        for (std::size_t i = 0; i < size; ++i) {
            w.literal(",\n");
            writeRecord(w, (*log)[i], recording.strings);
        }
    }
    w.literal("\n],\n\"displayTimeUnit\":\"ms\",\n");
    writeOtherData(w, recording);
    return w.finish();
}

bool writeTrace(const Recording& recording, const std::string& path, std::string* error, const Progress& /*progress*/)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) {
        if (error)
            *error = path + ": cannot open for writing: " + std::strerror(errno);
        return false;
    }
    if (!writeTrace(recording, out)) {
        if (error)
            *error = path + ": write failed: " + std::strerror(errno);
        return false;
    }
    out.close();
    if (!out) {
        if (error)
            *error = path + ": write failed: " + std::strerror(errno);
        return false;
    }
    return true;
}

bool readTraceText(std::string_view json, Recording& out, std::string* error)
{
    try {
        TraceReader reader(json, out);
        if (reader.run())
            return true;
        if (error)
            *error = reader.error();
    } catch (const std::exception&) {
        if (error)
            *error = "1:1: out of memory";
    }
    return false;
}

bool readTrace(const std::string& path, Recording& out, std::string* error, const Progress& /*progress*/)
{
    auto failWith = [&](const std::string& message) {
        if (error)
            *error = path + ": " + message;
        return false;
    };
    // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below like any non-regular file.
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return failWith(std::string("cannot open: ") + std::strerror(errno));
    std::string text;
    std::string problem;
    struct stat info;
    if (::fstat(fd, &info) != 0) {
        problem = std::string("cannot read: ") + std::strerror(errno);
    } else if (S_ISDIR(info.st_mode)) {
        problem = "is a directory";
    } else if (!S_ISREG(info.st_mode)) {
        // A device or pipe (/dev/zero, a FIFO) may never end; recordings are files.
        problem = "not a regular file";
    } else {
        try {
            text.reserve(std::size_t(info.st_size));
            char chunk[1 << 16];
            while (true) {
                const ssize_t got = ::read(fd, chunk, sizeof chunk);
                if (got < 0 && errno == EINTR)
                    continue;
                if (got < 0) {
                    problem = std::string("read failed: ") + std::strerror(errno);
                    break;
                }
                if (got == 0)
                    break;
                text.append(chunk, std::size_t(got));
            }
        } catch (const std::exception&) {
            problem = "file too large";
        }
    }
    ::close(fd);
    if (!problem.empty())
        return failWith(problem);
    std::string message;
    if (readTraceText(text, out, &message))
        return true;
    if (error)
        *error = path + ":" + message;
    return false;
}

} // namespace loopscope
