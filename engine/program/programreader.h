// The reader of program documents, shared by programreader.cpp (the format, version 1 ops) and
// programreaderv2.cpp (the ops of version 2).
#pragma once

#include "program/program.h"

#include "formats/jsondocument.h"
#include "formats/jsonlexer.h"
#include "formats/progressmeter.h"
#include "formats/utf8.h"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <string>
#include <unordered_map>

namespace loopscope::reading {

using Overrides = std::vector<std::pair<std::string, std::string>>;
using Value = JsonDocument::Value;

struct OpInfo
{
    OpKind kind;
    const char* name;
    std::initializer_list<const char*> fields; // besides "op" and "label"
    int version = 1; // the first version of the format that has it
};

// The op called `name`, or null.
const OpInfo* findOp(std::string_view name);

constexpr std::int64_t maxInt32 = 2147483647;

inline std::string formatNumber(double value)
{
    if (std::isinf(value))
        return value < 0 ? "-Infinity" : "Infinity";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

inline bool isIdentifier(std::string_view key)
{
    if (key.empty() || (key[0] >= '0' && key[0] <= '9'))
        return false;
    for (char c : key) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

inline bool isParamName(std::string_view key)
{
    if (key.empty() || key.size() > 64 || (key[0] >= '0' && key[0] <= '9') || key[0] == '-')
        return false;
    for (char c : key) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    }
    return true;
}

inline std::string memberPath(const std::string& base, std::string_view key)
{
    if (isIdentifier(key) && key.size() <= QuotedCodePoints)
        return base + "." + std::string(key);
    std::string out = base + "[\"";
    for (const char c : clipForMessage(key)) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c;
    }
    return out + "\"]";
}

inline std::string indexPath(const std::string& base, std::size_t index)
{
    return base + "[" + std::to_string(index) + "]";
}

// The most the ops of a document with these counts take: an Op per object, the bodies for each array
// with an element, and an OpText per string value with the most the allocator adds to it.
inline std::uint64_t opBytesBound(const JsonDocument::Counts& counts)
{
    constexpr std::uint64_t allocation = 32;
    return counts.objects * sizeof(Op) + counts.arrays * Op::bodyBytesBound() + counts.stringBytes
        + counts.strings * (sizeof(std::uint32_t) + 1 + allocation);
}

struct Failure
{
    ProgramError error;
};

// Turns a JSON document into a validated Program, throwing Failure at the first error.
class ProgramReader
{
public:
    ProgramReader(
        const JsonDocument& document, std::string_view fileName, const Overrides& overrides, ProgressMeter& meter)
        : m_document(document)
        , m_fileName(fileName)
        , m_overrides(overrides)
        , m_meter(meter)
    { }

    Program read(Value root)
    {
        Program program;
        program.fileName = m_fileName;
        const std::string path = "$";
        expectType(root, path, JsonValue::Type::Object);
        checkFields(root, path,
            { "format", "version", "name", "title", "description", "module", "awaitModel", "probes", "params", "main" },
            "");

        const Value format = require(root, path, "format");
        if (type(format) != JsonValue::Type::String || m_document.string(format) != "loopscope-program")
            fail(format, memberPath(path, "format"), "expected \"loopscope-program\"");
        const Value version = require(root, path, "version");
        const std::int64_t number
            = readPlainInteger(version, memberPath(path, "version"), std::numeric_limits<std::int64_t>::min());
        if (number != 1 && number != 2)
            fail(version, memberPath(path, "version"), "unsupported version; this LoopScope reads versions 1 and 2");
        m_version = int(number);
        program.version = m_version;
        const Value name = require(root, path, "name");
        program.name = readString(name, memberPath(path, "name"));
        if (program.name.empty())
            fail(name, memberPath(path, "name"), "name must not be empty");
        if (const auto title = optional(root, "title"))
            program.title = readString(*title, memberPath(path, "title"));
        if (const auto description = optional(root, "description"))
            program.description = readString(*description, memberPath(path, "description"));
        if (const auto module = optional(root, "module")) {
            const std::string text = readString(*module, memberPath(path, "module"));
            if (text == "esm")
                program.module = ModuleKind::Esm;
            else if (text != "cjs")
                fail(*module, memberPath(path, "module"), "expected \"cjs\" or \"esm\"");
        }
        if (const auto model = optional(root, "awaitModel")) {
            const std::string text = readString(*model, memberPath(path, "awaitModel"));
            if (text == "node10")
                program.awaitModel = AwaitModel::Node10;
            else if (text != "node12")
                fail(*model, memberPath(path, "awaitModel"), "expected \"node12\" or \"node10\"");
        }
        if (const auto params = optional(root, "params"))
            readParams(*params, memberPath(path, "params"));
        applyOverrides();
        program.params = m_params;
        if (const auto probes = optional(root, "probes")) {
            const std::string probesPath = memberPath(path, "probes");
            expectType(*probes, probesPath, JsonValue::Type::Object);
            checkFields(*probes, probesPath, { "health", "delay" }, " in probes");
            if (const auto health = optional(*probes, "health"))
                program.healthProbeMs = int(readInteger(*health, memberPath(probesPath, "health"), 1, 60000));
            if (const auto delay = optional(*probes, "delay"))
                program.delayMonitorMs = int(readInteger(*delay, memberPath(probesPath, "delay"), 1, 60000));
        }

        const Value main = require(root, path, "main");
        beginNames();
        program.main = readBody(main, memberPath(path, "main"), false);
        endNames();
        return program;
    }

private:
    [[noreturn]] void fail(std::uint32_t line, std::uint32_t column, std::string path, std::string message) const
    {
        throw Failure { ProgramError { m_fileName, line, column, std::move(path), std::move(message) } };
    }

    [[noreturn]] void fail(Value value, std::string path, std::string message) const
    {
        const JsonLexer::Position at = m_document.position(value);
        fail(at.line, at.column, std::move(path), std::move(message));
    }

    JsonValue::Type type(Value value) const { return m_document.type(value); }

    void expectType(Value value, const std::string& path, JsonValue::Type expected) const
    {
        if (type(value) != expected)
            fail(value, path,
                std::string("expected ") + JsonValue::typeName(expected) + ", got " + JsonValue::typeName(type(value)));
    }

    void checkFields(Value object, const std::string& path, std::initializer_list<const char*> allowed,
        const std::string& where) const
    {
        m_document.forEachMember(object, [&](std::string_view key, const JsonDocument::Member& member) {
            bool known = false;
            for (const char* field : allowed)
                known = known || key == field;
            if (!known)
                fail(member.key, memberPath(path, key), "unknown field " + quote(key) + where);
            return true;
        });
    }

    Value require(Value object, const std::string& path, const char* field) const
    {
        const std::optional<JsonDocument::Member> member = m_document.find(object, field);
        if (!member)
            fail(object, path, std::string("missing field '") + field + "'");
        return member->value;
    }

    std::optional<Value> optional(Value object, const char* field) const
    {
        const std::optional<JsonDocument::Member> member = m_document.find(object, field);
        return member ? std::optional<Value>(member->value) : std::nullopt;
    }

    std::string readString(Value value, const std::string& path) const
    {
        expectType(value, path, JsonValue::Type::String);
        return m_document.string(value);
    }

    bool readBool(Value value, const std::string& path) const
    {
        expectType(value, path, JsonValue::Type::Bool);
        return m_document.boolValue(value);
    }

    // A "$name" reference, or nullptr when the string is not one.
    const Param* paramReference(Value value, const std::string& path) const
    {
        const std::string text = m_document.string(value);
        if (text.size() < 2 || text[0] != '$')
            return nullptr;
        const std::string name = text.substr(1);
        for (const Param& param : m_params) {
            if (param.name == name)
                return &param;
        }
        fail(value, path, "no parameter named " + quote(name));
    }

    static std::string range(std::int64_t min, std::int64_t max)
    {
        return std::to_string(min) + ".." + std::to_string(max);
    }

    std::int64_t readInteger(Value value, const std::string& path, std::int64_t min, std::int64_t max) const
    {
        if (type(value) == JsonValue::Type::String) {
            const Param* param = paramReference(value, path);
            if (!param)
                fail(value, path, "expected an integer or a \"$parameter\", got a string");
            if (param->value < min || param->value > max)
                fail(value, path,
                    "value " + std::to_string(param->value) + " of parameter " + quote(param->name)
                        + " is out of range " + range(min, max));
            return param->value;
        }
        if (type(value) != JsonValue::Type::Number)
            fail(value, path, std::string("expected an integer, got ") + JsonValue::typeName(type(value)));
        std::int64_t result = 0;
        const JsonNumber literal = m_document.number(value);
        const double number = literal.value;
        if (literal.fitsInt64) {
            result = literal.intValue;
        } else if (std::isfinite(number) && std::floor(number) == number) {
            // An integral value written with a fraction or exponent (2.0, 1e3) is still an integer.
            if (number < -9.2e18 || number > 9.2e18)
                fail(value, path, "value " + formatNumber(number) + " is out of range " + range(min, max));
            result = static_cast<std::int64_t>(number);
        } else if (literal.integerLiteral) {
            fail(value, path, "value " + formatNumber(number) + " is out of range " + range(min, max));
        } else {
            fail(value, path, "expected an integer, got " + formatNumber(number));
        }
        if (result < min || result > max)
            fail(value, path, "value " + std::to_string(result) + " is out of range " + range(min, max));
        return result;
    }

    double readNumber(Value value, const std::string& path) const
    {
        if (type(value) == JsonValue::Type::String) {
            const Param* param = paramReference(value, path);
            if (!param)
                fail(value, path, "expected a number or a \"$parameter\", got a string");
            return double(param->value);
        }
        if (type(value) != JsonValue::Type::Number)
            fail(value, path, std::string("expected a number, got ") + JsonValue::typeName(type(value)));
        return m_document.number(value).value;
    }

    void readParams(Value params, const std::string& path)
    {
        expectType(params, path, JsonValue::Type::Object);
        m_document.forEachMember(params, [&](std::string_view key, const JsonDocument::Member& member) {
            const std::string paramPath = memberPath(path, key);
            if (!isParamName(key))
                fail(member.key, paramPath,
                    "invalid parameter name " + quote(key)
                        + "; use letters, digits, '_' and '-', not starting with a digit or '-'");
            const Value spec = member.value;
            expectType(spec, paramPath, JsonValue::Type::Object);
            checkFields(spec, paramPath, { "default", "min", "max", "description" }, " in parameter " + quote(key));
            Param param;
            param.name = key;
            const std::int64_t any = std::numeric_limits<std::int64_t>::max();
            const Value min = require(spec, paramPath, "min");
            const Value max = require(spec, paramPath, "max");
            const Value defaultValue = require(spec, paramPath, "default");
            param.min = readPlainInteger(min, memberPath(paramPath, "min"), -any);
            param.max = readPlainInteger(max, memberPath(paramPath, "max"), -any);
            if (param.max < param.min)
                fail(max, memberPath(paramPath, "max"),
                    "max " + std::to_string(param.max) + " is less than min " + std::to_string(param.min));
            param.defaultValue = readPlainInteger(defaultValue, memberPath(paramPath, "default"), -any);
            if (param.defaultValue < param.min || param.defaultValue > param.max)
                fail(defaultValue, memberPath(paramPath, "default"),
                    "default " + std::to_string(param.defaultValue) + " is out of range "
                        + range(param.min, param.max));
            param.value = param.defaultValue;
            if (const auto description = optional(spec, "description"))
                param.description = readString(*description, memberPath(paramPath, "description"));
            m_params.push_back(std::move(param));
            return true;
        });
    }

    // Parameter declarations take literal integers only: no "$name" there.
    std::int64_t readPlainInteger(Value value, const std::string& path, std::int64_t min) const
    {
        if (type(value) == JsonValue::Type::String)
            fail(value, path, "expected an integer, got a string");
        return readInteger(value, path, min, std::numeric_limits<std::int64_t>::max());
    }

    void applyOverrides()
    {
        for (const auto& [key, text] : m_overrides) {
            Param* param = nullptr;
            for (Param& candidate : m_params) {
                if (candidate.name == key)
                    param = &candidate;
            }
            std::string flag = "--set ";
            flag.append(key).append("=").append(text);
            if (!param)
                fail(0, 0, "", "no parameter named " + quote(key));
            std::int64_t value = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
            if (text.empty() || ec != std::errc() || end != text.data() + text.size())
                fail(0, 0, "", quote(flag) + ": expected an integer value");
            if (value < param->min || value > param->max)
                fail(0, 0, "",
                    quote(flag) + ": value " + std::to_string(value) + " is out of range "
                        + range(param->min, param->max));
            param->value = value;
        }
    }

    // A list of ops. `inStep`: the body of a promise step, which may end with a throw.
    Block readBody(Value value, const std::string& path, bool inAsync, bool inStep = false) const
    {
        expectType(value, path, JsonValue::Type::Array);
        Block block;
        const std::size_t size = m_document.size(value);
        block.reserve(size);
        m_document.forEachElement(value, [&](Value element, std::size_t i) {
            if (!m_meter.update(m_document.text().size() + element.offset))
                fail(element, "", CancelledMessage);
            block.push_back(readOp(element, indexPath(path, i), inAsync));
            if (block.back().kind == OpKind::Throw && !((inStep || inAsync) && i + 1 == size))
                fail(element, indexPath(path, i),
                    "'throw' is only allowed as the last op of a promise step (then, catch or finally) or of a "
                    "body in an async function");
            return true;
        });
        return block;
    }

    Block readOptionalBody(Value op, const std::string& path, const char* field, bool inAsync) const
    {
        const auto body = optional(op, field);
        return body ? readBody(*body, memberPath(path, field), inAsync) : Block();
    }

    Op readOp(Value value, const std::string& path, bool inAsync) const;
    // Version 2 (programreaderv2.cpp).
    // Refuses a field or op of version 2 in a version 1 program.
    void requireVersion2(Value value, const std::string& path, const std::string& what) const;
    // Refuses what may reject a promise, or handles the process's events, in a worker's body.
    void refuseInWorker(Value value, const std::string& path, const std::string& what) const;
    // setTimeout and setImmediate: the optional "name" a clearTimeout or clearImmediate refers to.
    void readTimerName(Value value, const std::string& path, Op& op) const;
    // await: "setTimeout" and "setImmediate", timers/promises' forms, and the "signal" either may be given; how
    // many of the forms it takes.
    int readTimersPromise(Value value, const std::string& path, Op& op) const;
    // await's "signal" and abort's "controller": an AbortController's name, which the emitted script makes a
    // variable of.
    std::string readControllerName(Value value, const std::string& path) const;
    // await (timers/promises) and readFile: the optional "signal", the controller's name kept in the op's text.
    void readSignal(Value value, const std::string& path, Op& op) const;
    // promise: "reject" and "chain" (its steps).
    void readPromise(Value value, const std::string& path, Op& op, OpBodies& bodies) const;
    // The steps of a promise or promiseAll chain: a body (then), or {"then"|"catch"|"finally": body}.
    void readSteps(Value chain, const std::string& path, OpBodies& bodies) const;
    // The ops of version 2 but the promise's: clearTimeout, clearImmediate, throw, promiseAll and its
    // kin, and the process's event handlers.
    void readVersion2Op(Value value, const std::string& path, Op& op, OpBodies& bodies, std::string_view name) const;
    // A name scope: the main module's, or a worker's (a worker's script cannot see the main one's timers).
    void beginNames() const;
    // Ends a name scope: every clearTimeout and clearImmediate in it must name a timer of it.
    void endNames() const;
    // The worker op's bodies: "do" in a scope of its own (where postMessage may be), "done" and "onMessage" (v2)
    // in the main module's.
    void readWorker(Value value, const std::string& path, OpBodies& bodies) const;
    // open ("as": the file's name, its "do" the scope of the name) and read and close ("fd": the name of an
    // open around them).
    void readFileOp(Value value, const std::string& path, Op& op, OpBodies& bodies) const;
    // await's "reject": the message of the Error it throws; 1 when it has one.
    int readAwaitReject(Value value, const std::string& path, Op& op) const;
    // try, only in an async body: "do", and "catch" or "finally" or both, async bodies too.
    void readTry(Value value, const std::string& path, bool inAsync, OpBodies& bodies) const;
    // forAwait, only in an async body: "times" (0 or more), "yieldDo" (the generator's, not async) and "do"
    // (the loop's body, async).
    void readForAwait(Value value, const std::string& path, bool inAsync, Op& op, OpBodies& bodies) const;
    // readStream, not in a worker: "bytes" (the file's size), optional "chunk" (its highWaterMark), and the
    // bodies of its "onData", "onEnd" and "onClose" listeners.
    void readReadStream(Value value, const std::string& path, Op& op, OpBodies& bodies) const;

    struct NameUse
    {
        std::string name;
        OpKind kind; // ClearTimeout or ClearImmediate
        Value at;
        std::string path;
    };
    struct NameScope
    {
        std::unordered_map<std::string, OpKind> timers; // name -> SetTimeout or SetImmediate
        std::vector<NameUse> uses;
    };
    mutable std::vector<NameScope> m_names;
    // The names of the opens whose "do" is being read, innermost last: what a read or a close may name. A
    // worker's "do" starts with none, as its script cannot see the main one's variables.
    mutable std::vector<std::string> m_files;
    mutable int m_workerDepth = 0;
    int m_version = 1;

    static bool isPrintableAscii(const std::string& text)
    {
        for (char c : text) {
            if (c < 0x21 || c > 0x7E)
                return false;
        }
        return true;
    }

    const JsonDocument& m_document;
    std::string m_fileName;
    const Overrides& m_overrides;
    ProgressMeter& m_meter;
    std::vector<Param> m_params;
};

} // namespace loopscope::reading
