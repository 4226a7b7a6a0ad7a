// The reader of program documents: parseProgram() and the op table it reads by.
#include "program/program.h"

#include "formats/jsondocument.h"
#include "formats/jsonlexer.h"
#include "formats/progressmeter.h"
#include "formats/utf8.h"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace loopscope {

namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;
using Value = JsonDocument::Value;

struct OpInfo
{
    OpKind kind;
    const char* name;
    std::initializer_list<const char*> fields; // besides "op" and "label"
};

const OpInfo opTable[] = {
    { OpKind::Log, "log", { "text", "steps" } },
    { OpKind::NextTick, "nextTick", { "do" } },
    { OpKind::QueueMicrotask, "queueMicrotask", { "do" } },
    { OpKind::Promise, "promise", { "chain" } },
    { OpKind::SetTimeout, "setTimeout", { "ms", "do" } },
    { OpKind::SetInterval, "setInterval", { "ms", "times", "do" } },
    { OpKind::SetImmediate, "setImmediate", { "do" } },
    { OpKind::Async, "async", { "do" } },
    { OpKind::Await, "await", { "sleep", "immediate", "promise" } },
    { OpKind::ReadFile, "readFile", { "do" } },
    { OpKind::DnsLookup, "dnsLookup", { "host", "do" } },
    { OpKind::Pbkdf2, "pbkdf2", { "iterations", "digest", "do" } },
    { OpKind::HttpGet, "httpGet", { "path", "do" } },
    { OpKind::Block, "block", { "ms", "iterations" } },
    { OpKind::Repeat, "repeat", { "times", "do" } },
    { OpKind::Worker, "worker", { "do", "done" } },
    { OpKind::Chain, "chain", { "via", "times", "ms", "do", "done" } },
    { OpKind::JsonParse, "jsonParse", { "mb" } },
    { OpKind::Regex, "regex", { "length", "pattern" } },
    { OpKind::Pbkdf2Sync, "pbkdf2Sync", { "iterations", "digest" } },
};

constexpr std::int64_t maxInt32 = 2147483647;

std::string formatNumber(double value)
{
    if (std::isinf(value))
        return value < 0 ? "-Infinity" : "Infinity";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

bool isIdentifier(std::string_view key)
{
    if (key.empty() || (key[0] >= '0' && key[0] <= '9'))
        return false;
    for (char c : key) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

bool isParamName(std::string_view key)
{
    if (key.empty() || key.size() > 64 || (key[0] >= '0' && key[0] <= '9') || key[0] == '-')
        return false;
    for (char c : key) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return false;
    }
    return true;
}

std::string memberPath(const std::string& base, std::string_view key)
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

std::string indexPath(const std::string& base, std::size_t index)
{
    return base + "[" + std::to_string(index) + "]";
}

// The most the ops of a document with these counts take: an Op per object, the bodies for each array
// with an element, and an OpText per string value with the most the allocator adds to it.
std::uint64_t opBytesBound(const JsonDocument::Counts& counts)
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
        if (readPlainInteger(version, memberPath(path, "version"), std::numeric_limits<std::int64_t>::min()) != 1)
            fail(version, memberPath(path, "version"), "unsupported version; this LoopScope reads version 1");
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
        program.main = readBody(main, memberPath(path, "main"), false);
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

    Block readBody(Value value, const std::string& path, bool inAsync) const
    {
        expectType(value, path, JsonValue::Type::Array);
        Block block;
        block.reserve(m_document.size(value));
        m_document.forEachElement(value, [&](Value element, std::size_t i) {
            if (!m_meter.update(m_document.text().size() + element.offset))
                fail(element, "", CancelledMessage);
            block.push_back(readOp(element, indexPath(path, i), inAsync));
            return true;
        });
        return block;
    }

    Block readOptionalBody(Value op, const std::string& path, const char* field, bool inAsync) const
    {
        const auto body = optional(op, field);
        return body ? readBody(*body, memberPath(path, field), inAsync) : Block();
    }

    Op readOp(Value value, const std::string& path, bool inAsync) const
    {
        if (type(value) != JsonValue::Type::Object)
            fail(value, path, std::string("expected an op object, got ") + JsonValue::typeName(type(value)));
        const Value opField = require(value, path, "op");
        const std::string opPath = memberPath(path, "op");
        const std::string name = readString(opField, opPath);
        const OpInfo* info = nullptr;
        for (const OpInfo& candidate : opTable) {
            if (name == candidate.name)
                info = &candidate;
        }
        if (!info)
            fail(opField, opPath, "unknown op " + quote(name));
        m_document.forEachMember(value, [&](std::string_view key, const JsonDocument::Member& member) {
            bool known = key == "op" || key == "label";
            for (const char* field : info->fields)
                known = known || key == field;
            if (!known)
                fail(member.key, memberPath(path, key), "unknown field " + quote(key) + " for op '" + info->name + "'");
            return true;
        });

        Op op;
        op.kind = info->kind;
        const JsonLexer::Position at = m_document.position(value);
        op.pos = SourcePos { at.line, at.column };
        if (const auto label = optional(value, "label")) {
            const std::string given = readString(*label, memberPath(path, "label"));
            if (given.empty())
                fail(*label, memberPath(path, "label"), "label must not be empty");
            op.givenLabel = OpText(given);
        }
        auto field = [&](const char* key) { return memberPath(path, key); };
        OpBodies bodies;

        switch (op.kind) {
        case OpKind::Log:
            op.text = OpText(readString(require(value, path, "text"), field("text")));
            if (const auto steps = optional(value, "steps")) {
                // A count, or counts to multiply (batches of a size): the steps the line's stretch took.
                std::int64_t product = 1;
                if (type(*steps) == JsonValue::Type::Array) {
                    if (m_document.size(*steps) == 0)
                        fail(*steps, field("steps"), "steps must list at least one count");
                    m_document.forEachElement(*steps, [&](Value count, std::size_t i) {
                        product *= readInteger(count, indexPath(field("steps"), i), 1, maxInt32);
                        return true;
                    });
                } else {
                    product = readInteger(*steps, field("steps"), 1, maxInt32);
                }
                if (product > std::int64_t(UINT32_MAX))
                    fail(*steps, field("steps"), "steps must be at most 4294967295, got " + std::to_string(product));
                op.steps = std::uint32_t(product);
            }
            break;
        case OpKind::NextTick:
        case OpKind::QueueMicrotask:
        case OpKind::SetImmediate:
        case OpKind::ReadFile:
            bodies.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Async:
            bodies.body = readOptionalBody(value, path, "do", true);
            break;
        case OpKind::Promise: {
            const Value chain = require(value, path, "chain");
            const std::string chainPath = field("chain");
            expectType(chain, chainPath, JsonValue::Type::Array);
            if (m_document.size(chain) == 0)
                fail(chain, chainPath, "a promise chain needs at least one body");
            m_document.forEachElement(chain, [&](Value then, std::size_t i) {
                bodies.chain.push_back(readBody(then, indexPath(chainPath, i), false));
                return true;
            });
            break;
        }
        case OpKind::SetTimeout:
            op.ms = readNumber(require(value, path, "ms"), field("ms"));
            bodies.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::SetInterval:
            op.ms = readNumber(require(value, path, "ms"), field("ms"));
            op.times = std::int32_t(readInteger(require(value, path, "times"), field("times"), 1, 1000000));
            bodies.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Await: {
            if (!inAsync)
                fail(value, path, "'await' is only allowed in an async body (a callback inside one is not async)");
            int chosen = 0;
            if (const auto sleep = optional(value, "sleep")) {
                op.ms = readNumber(*sleep, field("sleep"));
                if (!(op.ms >= 0))
                    fail(*sleep, field("sleep"), "sleep must be at least 0 ms, got " + formatNumber(op.ms));
                op.await = AwaitKind::Sleep;
                ++chosen;
            }
            if (const auto immediate = optional(value, "immediate")) {
                if (readBool(*immediate, field("immediate"))) {
                    op.await = AwaitKind::Immediate;
                    ++chosen;
                }
            }
            if (const auto promise = optional(value, "promise")) {
                if (readBool(*promise, field("promise"))) {
                    op.await = AwaitKind::Promise;
                    ++chosen;
                }
            }
            if (chosen > 1)
                fail(value, path, "'await' takes at most one of 'sleep', 'immediate' and 'promise'");
            break;
        }
        case OpKind::DnsLookup:
            if (const auto host = optional(value, "host")) {
                const std::string text = readString(*host, field("host"));
                if (text.empty() || text.size() > 253 || !isPrintableAscii(text))
                    fail(*host, field("host"), "host must be 1 to 253 printable ASCII characters without spaces");
                op.text = OpText(text);
            }
            bodies.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Pbkdf2:
        case OpKind::Pbkdf2Sync:
            op.iterations
                = std::int32_t(readInteger(require(value, path, "iterations"), field("iterations"), 1, maxInt32));
            if (const auto digest = optional(value, "digest")) {
                const std::string text = readString(*digest, field("digest"));
                if (text == "sha512")
                    op.digest = Digest::Sha512;
                else if (text != "sha256")
                    fail(*digest, field("digest"), "expected \"sha256\" or \"sha512\"");
            }
            if (op.kind == OpKind::Pbkdf2)
                bodies.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::HttpGet:
            if (const auto httpPath = optional(value, "path")) {
                const std::string text = readString(*httpPath, field("path"));
                if (text.empty() || text[0] != '/')
                    fail(*httpPath, field("path"), "path must start with '/'");
                if (text.size() > 1024)
                    fail(*httpPath, field("path"), "path must be at most 1024 characters");
                if (!isPrintableAscii(text))
                    fail(*httpPath, field("path"), "path must be printable ASCII characters without spaces");
                op.text = OpText(text);
            }
            bodies.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Block: {
            const auto ms = optional(value, "ms");
            const auto iterations = optional(value, "iterations");
            if (ms.has_value() == iterations.has_value())
                fail(value, path, "'block' needs exactly one of 'ms' and 'iterations'");
            if (ms)
                op.ms = double(readInteger(*ms, field("ms"), 0, 86400000));
            else
                op.iterations = std::int32_t(readInteger(*iterations, field("iterations"), 1, maxInt32));
            break;
        }
        case OpKind::Repeat:
            op.times = std::int32_t(readInteger(require(value, path, "times"), field("times"), 1, maxInt32));
            bodies.body = readOptionalBody(value, path, "do", inAsync);
            break;
        case OpKind::Worker:
            bodies.body = readOptionalBody(value, path, "do", false);
            bodies.done = readOptionalBody(value, path, "done", false);
            break;
        case OpKind::Chain: {
            const Value via = require(value, path, "via");
            const std::string text = readString(via, field("via"));
            static const std::pair<const char*, ChainVia> vias[] = {
                { "nextTick", ChainVia::NextTick },
                { "queueMicrotask", ChainVia::QueueMicrotask },
                { "promise", ChainVia::Promise },
                { "setTimeout", ChainVia::SetTimeout },
                { "setImmediate", ChainVia::SetImmediate },
            };
            bool found = false;
            for (const auto& [viaName, kind] : vias) {
                if (text == viaName) {
                    op.via = kind;
                    found = true;
                }
            }
            if (!found)
                fail(via, field("via"),
                    "expected \"nextTick\", \"queueMicrotask\", \"promise\", \"setTimeout\" or \"setImmediate\"");
            op.times = std::int32_t(readInteger(require(value, path, "times"), field("times"), 1, maxInt32));
            if (const auto ms = optional(value, "ms")) {
                if (op.via != ChainVia::SetTimeout)
                    fail(*ms, field("ms"), "'ms' is only allowed with via \"setTimeout\"");
                op.ms = readNumber(*ms, field("ms"));
            }
            bodies.body = readOptionalBody(value, path, "do", false);
            bodies.done = readOptionalBody(value, path, "done", false);
            break;
        }
        case OpKind::JsonParse:
            op.megabytes = std::uint8_t(readInteger(require(value, path, "mb"), field("mb"), 1, 64));
            break;
        case OpKind::Regex: {
            // Longer inputs would backtrack for minutes, beyond any stop button.
            op.length = std::uint8_t(readInteger(require(value, path, "length"), field("length"), 2, 30));
            const Value pattern = require(value, path, "pattern");
            const std::string text = readString(pattern, field("pattern"));
            if (text != "vulnerable" && text != "safe")
                fail(pattern, field("pattern"), "expected \"vulnerable\" or \"safe\"");
            op.vulnerable = text == "vulnerable";
            break;
        }
        }
        op.setBodies(std::move(bodies));
        return op;
    }

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

} // namespace

const char* opName(OpKind kind)
{
    for (const OpInfo& info : opTable) {
        if (info.kind == kind)
            return info.name;
    }
    return "?";
}

ParseResult parseProgram(
    std::string_view text, std::string_view fileName, const Overrides& overrides, const ProgramReading& reading)
{
    // Checking the text is the first half of the work, reading the ops the second.
    ProgressMeter meter(reading.progress, std::uint64_t(text.size()) * 2, 256 * 1024);
    auto json = JsonDocument::parse(text, &meter);
    if (auto* error = std::get_if<JsonError>(&json))
        return ProgramError { std::string(fileName), error->line, error->column, "", error->message };
    const JsonDocument& document = std::get<JsonDocument>(json);
    const std::uint64_t needed = text.size() + document.memoryBytes() + opBytesBound(document.counts());
    if (reading.memoryBudgetBytes != 0 && needed > reading.memoryBudgetBytes)
        return ProgramError { std::string(fileName), 0, 0, "",
            budgetMessage(needed, reading.memoryBudgetBytes, false) };
    try {
        Program program = ProgramReader(document, fileName, overrides, meter).read(document.root());
        if (!meter.finish())
            return ProgramError { std::string(fileName), 0, 0, "", CancelledMessage };
        return program;
    } catch (Failure& failure) {
        return std::move(failure.error);
    }
}

} // namespace loopscope
