#pragma once

#include "formats/jsonlexer.h"
#include "formats/tracevalue.h"
#include "recording/events.h"
#include "recording/stringtable.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace loopscope {

// The fields of one trace event while it is read, and their meaning as a LoopScope record.
class TraceEvent
{
public:
    // Forgets the previous event's fields.
    void clear();
    // Where the value of a top-level field goes, or nullptr for fields LoopScope does not read.
    TraceValue* field(std::string_view key)
    {
        if (key == "ph")
            return &m_ph;
        if (key == "cat")
            return &m_cat;
        if (key == "name")
            return &m_name;
        if (key == "tid")
            return &m_tid;
        if (key == "pid")
            return &m_pid;
        if (key == "ts")
            return &m_ts;
        if (key == "dur")
            return &m_dur;
        return nullptr;
    }
    // Forgets the arguments read so far, for an event that repeats its "args".
    void clearArguments() { m_argCount = 0; }
    // Where the value of an argument goes, or nullptr when the event has too many to keep.
    TraceValue* argument(std::string_view key)
    {
        if (m_argCount == MaxArgs)
            return nullptr;
        Argument& entry = m_args[m_argCount++];
        entry.key.assign(key.data(), key.size());
        return &entry.value;
    }

    // An event of Node.js's own tracing (--trace-events-enabled): its categories are node's and V8's.
    bool isNodeTracing() const;
    // A metadata event ("ph":"M"), which names a process or thread and holds no record.
    bool isMetadata() const { return m_ph.type == JsonLexer::Token::String && m_ph.text == "M"; }
    // The event's trace pid: a small whole number, or ProgramPid when it has none that is.
    int processId() const;
    // A process_name event LoopScope writes for a child process followed with an attached program, whose
    // args say where its records' times start on the program's clock (startNs): its pid and that start.
    bool namesChildProcess(int& pid, std::int64_t& startNs) const;
    // The record type of a LoopScope event; false for events of other tools, which are skipped.
    bool recordType(RecordType& type) const;
    // Turns the event into a record of `type`, reporting bad fields through `lexer`.
    bool toRecord(JsonLexer& lexer, const char* eventAt, StringTable& strings, RecordType type, Record& r) const;

private:
    static constexpr std::size_t MaxArgs = 64;

    struct Argument
    {
        std::string key;
        TraceValue value;
    };

    const TraceValue* findArgument(std::string_view key) const;
    bool readThread(JsonLexer& lexer, bool pool, std::uint16_t& thread) const;
    bool readSpan(JsonLexer& lexer, const char* eventAt, Record& r) const;
    bool readPhase(JsonLexer& lexer, Record& r) const;
    bool readCallback(JsonLexer& lexer, const char* eventAt, Record& r) const;
    bool readPool(JsonLexer& lexer, Record& r) const;
    bool readQueued(JsonLexer& lexer, const char* eventAt, Record& r) const;
    // args.job: a microtask's JobKind by its ECMA-262 name; absent means a queueMicrotask callback.
    bool argJobKind(JsonLexer& lexer, std::uint8_t& out) const;
    // A boolean args member; absent is false.
    bool argFlag(JsonLexer& lexer, std::string_view key, bool& out) const;
    // A console line's or an error's args: the steps it closes and the callback that printed it.
    bool readConsole(JsonLexer& lexer, StringTable& strings, Record& r) const;
    bool readQueues(JsonLexer& lexer, Record& r) const;
    bool readLatency(JsonLexer& lexer, Record& r) const;
    bool argInteger(JsonLexer& lexer, std::string_view key, std::int64_t min, std::int64_t max, std::int64_t fallback,
        std::int64_t& out) const;
    bool argUnsigned(JsonLexer& lexer, std::string_view key, std::uint32_t fallback, std::uint32_t& out) const;
    bool argTime(JsonLexer& lexer, std::string_view key, int digits, std::int64_t fallback, std::int64_t& out) const;

    TraceValue m_ph;
    TraceValue m_cat;
    TraceValue m_name;
    TraceValue m_tid;
    TraceValue m_pid;
    TraceValue m_ts;
    TraceValue m_dur;
    // A fixed array: arguments are values, which must stay where they were read.
    std::array<Argument, MaxArgs> m_args;
    std::size_t m_argCount = 0;
};

} // namespace loopscope
