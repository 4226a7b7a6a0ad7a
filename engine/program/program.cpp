#include "program/program.h"

#include "formats/jsonlexer.h"
#include "formats/jsonvalue.h"
#include "formats/utf8.h"

#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace loopscope {

namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;

// Nesting looksLikeProgram() skips before it gives up: a program's "format" comes long before that.
constexpr int MaxSkippedDepth = 64;

// Skips the value at the lexer's next token; false on an error, or when it nests too deep.
bool skipValue(JsonLexer& lexer, std::string& scratch, int depth)
{
    std::string_view text;
    switch (lexer.readScalar(text, scratch)) {
    case JsonLexer::Token::None:
        return false;
    case JsonLexer::Token::Object:
        return depth < MaxSkippedDepth && lexer.readMembers(scratch, [&](std::string_view, const char*) {
            return skipValue(lexer, scratch, depth + 1);
        });
    case JsonLexer::Token::Array:
        return depth < MaxSkippedDepth && lexer.readElements([&] { return skipValue(lexer, scratch, depth + 1); });
    default:
        return true;
    }
}

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

struct Failure
{
    ProgramError error;
};

// Turns a JSON document into a validated Program, throwing Failure at the first error.
class ProgramReader
{
public:
    ProgramReader(std::string_view fileName, const Overrides& overrides)
        : m_fileName(fileName)
        , m_overrides(overrides)
    { }

    Program read(const JsonValue& root)
    {
        Program program;
        program.fileName = m_fileName;
        const std::string path = "$";
        expectType(root, path, JsonValue::Type::Object);
        checkFields(root, path,
            { "format", "version", "name", "title", "description", "module", "awaitModel", "probes", "params", "main" },
            "");

        const JsonValue& format = require(root, path, "format");
        if (!format.isString() || format.string() != "loopscope-program")
            fail(format, memberPath(path, "format"), "expected \"loopscope-program\"");
        const JsonValue& version = require(root, path, "version");
        if (readPlainInteger(version, memberPath(path, "version"), std::numeric_limits<std::int64_t>::min()) != 1)
            fail(version, memberPath(path, "version"), "unsupported version; this LoopScope reads version 1");
        const JsonValue& name = require(root, path, "name");
        program.name = readString(name, memberPath(path, "name"));
        if (program.name.empty())
            fail(name, memberPath(path, "name"), "name must not be empty");
        if (const JsonValue* title = optional(root, "title"))
            program.title = readString(*title, memberPath(path, "title"));
        if (const JsonValue* description = optional(root, "description"))
            program.description = readString(*description, memberPath(path, "description"));
        if (const JsonValue* module = optional(root, "module")) {
            const std::string text = readString(*module, memberPath(path, "module"));
            if (text == "esm")
                program.module = ModuleKind::Esm;
            else if (text != "cjs")
                fail(*module, memberPath(path, "module"), "expected \"cjs\" or \"esm\"");
        }
        if (const JsonValue* model = optional(root, "awaitModel")) {
            const std::string text = readString(*model, memberPath(path, "awaitModel"));
            if (text == "node10")
                program.awaitModel = AwaitModel::Node10;
            else if (text != "node12")
                fail(*model, memberPath(path, "awaitModel"), "expected \"node12\" or \"node10\"");
        }
        if (const JsonValue* params = optional(root, "params"))
            readParams(*params, memberPath(path, "params"));
        applyOverrides();
        program.params = m_params;
        if (const JsonValue* probes = optional(root, "probes")) {
            const std::string probesPath = memberPath(path, "probes");
            expectType(*probes, probesPath, JsonValue::Type::Object);
            checkFields(*probes, probesPath, { "health", "delay" }, " in probes");
            if (const JsonValue* health = optional(*probes, "health"))
                program.healthProbeMs = int(readInteger(*health, memberPath(probesPath, "health"), 1, 60000));
            if (const JsonValue* delay = optional(*probes, "delay"))
                program.delayMonitorMs = int(readInteger(*delay, memberPath(probesPath, "delay"), 1, 60000));
        }

        const JsonValue& main = require(root, path, "main");
        program.main = readBody(main, memberPath(path, "main"), false);
        return program;
    }

private:
    [[noreturn]] void fail(std::uint32_t line, std::uint32_t column, std::string path, std::string message) const
    {
        throw Failure { ProgramError { m_fileName, line, column, std::move(path), std::move(message) } };
    }

    [[noreturn]] void fail(const JsonValue& value, std::string path, std::string message) const
    {
        fail(value.line(), value.column(), std::move(path), std::move(message));
    }

    void expectType(const JsonValue& value, const std::string& path, JsonValue::Type type) const
    {
        if (value.type() != type)
            fail(value, path,
                std::string("expected ") + JsonValue::typeName(type) + ", got " + JsonValue::typeName(value.type()));
    }

    void checkFields(const JsonValue& object, const std::string& path, std::initializer_list<const char*> allowed,
        const std::string& where) const
    {
        for (const JsonValue::Member& member : object.object()) {
            bool known = false;
            for (const char* field : allowed)
                known = known || member.key == field;
            if (!known)
                fail(member.line, member.column, memberPath(path, member.key),
                    "unknown field " + quote(member.key) + where);
        }
    }

    const JsonValue& require(const JsonValue& object, const std::string& path, const char* field) const
    {
        const JsonValue::Member* member = object.find(field);
        if (!member)
            fail(object, path, std::string("missing field '") + field + "'");
        return member->value;
    }

    static const JsonValue* optional(const JsonValue& object, const char* field)
    {
        const JsonValue::Member* member = object.find(field);
        return member ? &member->value : nullptr;
    }

    std::string readString(const JsonValue& value, const std::string& path) const
    {
        expectType(value, path, JsonValue::Type::String);
        return value.string();
    }

    bool readBool(const JsonValue& value, const std::string& path) const
    {
        expectType(value, path, JsonValue::Type::Bool);
        return value.boolValue();
    }

    // A "$name" reference, or nullptr when the string is not one.
    const Param* paramReference(const JsonValue& value, const std::string& path) const
    {
        const std::string& text = value.string();
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

    std::int64_t readInteger(const JsonValue& value, const std::string& path, std::int64_t min, std::int64_t max) const
    {
        if (value.isString()) {
            const Param* param = paramReference(value, path);
            if (!param)
                fail(value, path, "expected an integer or a \"$parameter\", got a string");
            if (param->value < min || param->value > max)
                fail(value, path,
                    "value " + std::to_string(param->value) + " of parameter " + quote(param->name)
                        + " is out of range " + range(min, max));
            return param->value;
        }
        if (!value.isNumber())
            fail(value, path, std::string("expected an integer, got ") + JsonValue::typeName(value.type()));
        std::int64_t result = 0;
        const double number = value.number();
        if (value.fitsInt64()) {
            result = value.intValue();
        } else if (std::isfinite(number) && std::floor(number) == number) {
            // An integral value written with a fraction or exponent (2.0, 1e3) is still an integer.
            if (number < -9.2e18 || number > 9.2e18)
                fail(value, path, "value " + formatNumber(number) + " is out of range " + range(min, max));
            result = static_cast<std::int64_t>(number);
        } else if (value.isIntegerLiteral()) {
            fail(value, path, "value " + formatNumber(number) + " is out of range " + range(min, max));
        } else {
            fail(value, path, "expected an integer, got " + formatNumber(number));
        }
        if (result < min || result > max)
            fail(value, path, "value " + std::to_string(result) + " is out of range " + range(min, max));
        return result;
    }

    double readNumber(const JsonValue& value, const std::string& path) const
    {
        if (value.isString()) {
            const Param* param = paramReference(value, path);
            if (!param)
                fail(value, path, "expected a number or a \"$parameter\", got a string");
            return double(param->value);
        }
        if (!value.isNumber())
            fail(value, path, std::string("expected a number, got ") + JsonValue::typeName(value.type()));
        return value.number();
    }

    void readParams(const JsonValue& params, const std::string& path)
    {
        expectType(params, path, JsonValue::Type::Object);
        for (const JsonValue::Member& member : params.object()) {
            const std::string paramPath = memberPath(path, member.key);
            if (!isParamName(member.key))
                fail(member.line, member.column, paramPath,
                    "invalid parameter name " + quote(member.key)
                        + "; use letters, digits, '_' and '-', not starting with a digit or '-'");
            const JsonValue& spec = member.value;
            expectType(spec, paramPath, JsonValue::Type::Object);
            checkFields(
                spec, paramPath, { "default", "min", "max", "description" }, " in parameter " + quote(member.key));
            Param param;
            param.name = member.key;
            const std::int64_t any = std::numeric_limits<std::int64_t>::max();
            const JsonValue& min = require(spec, paramPath, "min");
            const JsonValue& max = require(spec, paramPath, "max");
            const JsonValue& defaultValue = require(spec, paramPath, "default");
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
            if (const JsonValue* description = optional(spec, "description"))
                param.description = readString(*description, memberPath(paramPath, "description"));
            m_params.push_back(std::move(param));
        }
    }

    // Parameter declarations take literal integers only: no "$name" there.
    std::int64_t readPlainInteger(const JsonValue& value, const std::string& path, std::int64_t min) const
    {
        if (value.isString())
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

    Block readBody(const JsonValue& value, const std::string& path, bool inAsync) const
    {
        expectType(value, path, JsonValue::Type::Array);
        Block block;
        block.reserve(value.array().size());
        for (std::size_t i = 0; i < value.array().size(); ++i)
            block.push_back(readOp(value.array()[i], indexPath(path, i), inAsync));
        return block;
    }

    Block readOptionalBody(const JsonValue& op, const std::string& path, const char* field, bool inAsync) const
    {
        const JsonValue* body = optional(op, field);
        return body ? readBody(*body, memberPath(path, field), inAsync) : Block();
    }

    Op readOp(const JsonValue& value, const std::string& path, bool inAsync) const
    {
        if (!value.isObject())
            fail(value, path, std::string("expected an op object, got ") + JsonValue::typeName(value.type()));
        const JsonValue& opField = require(value, path, "op");
        const std::string opPath = memberPath(path, "op");
        const std::string name = readString(opField, opPath);
        const OpInfo* info = nullptr;
        for (const OpInfo& candidate : opTable) {
            if (name == candidate.name)
                info = &candidate;
        }
        if (!info)
            fail(opField, opPath, "unknown op " + quote(name));
        for (const JsonValue::Member& member : value.object()) {
            bool known = member.key == "op" || member.key == "label";
            for (const char* field : info->fields)
                known = known || member.key == field;
            if (!known)
                fail(member.line, member.column, memberPath(path, member.key),
                    "unknown field " + quote(member.key) + " for op '" + info->name + "'");
        }

        Op op;
        op.kind = info->kind;
        op.pos = SourcePos { value.line(), value.column() };
        if (const JsonValue* label = optional(value, "label")) {
            op.label = readString(*label, memberPath(path, "label"));
            if (op.label.empty())
                fail(*label, memberPath(path, "label"), "label must not be empty");
        } else {
            op.label = std::string(info->name) + " (line " + std::to_string(value.line()) + ")";
        }
        auto field = [&](const char* key) { return memberPath(path, key); };

        switch (op.kind) {
        case OpKind::Log:
            op.text = readString(require(value, path, "text"), field("text"));
            if (const JsonValue* steps = optional(value, "steps")) {
                // A count, or counts to multiply (batches of a size): the steps the line's stretch took.
                std::int64_t product = 1;
                if (steps->isArray()) {
                    if (steps->array().empty())
                        fail(*steps, field("steps"), "steps must list at least one count");
                    for (std::size_t i = 0; i < steps->array().size(); ++i)
                        product *= readInteger(steps->array()[i], indexPath(field("steps"), i), 1, maxInt32);
                } else {
                    product = readInteger(*steps, field("steps"), 1, maxInt32);
                }
                if (product > std::int64_t(UINT32_MAX))
                    fail(*steps, field("steps"), "steps must be at most 4294967295, got " + std::to_string(product));
                op.steps = product;
            }
            break;
        case OpKind::NextTick:
        case OpKind::QueueMicrotask:
        case OpKind::SetImmediate:
        case OpKind::ReadFile:
            op.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Async:
            op.body = readOptionalBody(value, path, "do", true);
            break;
        case OpKind::Promise: {
            const JsonValue& chain = require(value, path, "chain");
            const std::string chainPath = field("chain");
            expectType(chain, chainPath, JsonValue::Type::Array);
            if (chain.array().empty())
                fail(chain, chainPath, "a promise chain needs at least one body");
            for (std::size_t i = 0; i < chain.array().size(); ++i)
                op.chain.push_back(readBody(chain.array()[i], indexPath(chainPath, i), false));
            break;
        }
        case OpKind::SetTimeout:
            op.ms = readNumber(require(value, path, "ms"), field("ms"));
            op.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::SetInterval:
            op.ms = readNumber(require(value, path, "ms"), field("ms"));
            op.times = readInteger(require(value, path, "times"), field("times"), 1, 1000000);
            op.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Await: {
            if (!inAsync)
                fail(value, path, "'await' is only allowed in an async body (a callback inside one is not async)");
            int chosen = 0;
            if (const JsonValue* sleep = optional(value, "sleep")) {
                op.ms = readNumber(*sleep, field("sleep"));
                if (!(op.ms >= 0))
                    fail(*sleep, field("sleep"), "sleep must be at least 0 ms, got " + formatNumber(op.ms));
                op.await = AwaitKind::Sleep;
                ++chosen;
            }
            if (const JsonValue* immediate = optional(value, "immediate")) {
                if (readBool(*immediate, field("immediate"))) {
                    op.await = AwaitKind::Immediate;
                    ++chosen;
                }
            }
            if (const JsonValue* promise = optional(value, "promise")) {
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
            if (const JsonValue* host = optional(value, "host")) {
                op.host = readString(*host, field("host"));
                if (op.host.empty() || op.host.size() > 253 || !isPrintableAscii(op.host))
                    fail(*host, field("host"), "host must be 1 to 253 printable ASCII characters without spaces");
            }
            op.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Pbkdf2:
            op.iterations = readInteger(require(value, path, "iterations"), field("iterations"), 1, maxInt32);
            if (const JsonValue* digest = optional(value, "digest")) {
                const std::string text = readString(*digest, field("digest"));
                if (text == "sha512")
                    op.digest = Digest::Sha512;
                else if (text != "sha256")
                    fail(*digest, field("digest"), "expected \"sha256\" or \"sha512\"");
            }
            op.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::HttpGet:
            if (const JsonValue* httpPath = optional(value, "path")) {
                op.path = readString(*httpPath, field("path"));
                if (op.path.empty() || op.path[0] != '/')
                    fail(*httpPath, field("path"), "path must start with '/'");
                if (op.path.size() > 1024)
                    fail(*httpPath, field("path"), "path must be at most 1024 characters");
                if (!isPrintableAscii(op.path))
                    fail(*httpPath, field("path"), "path must be printable ASCII characters without spaces");
            }
            op.body = readOptionalBody(value, path, "do", false);
            break;
        case OpKind::Block: {
            const JsonValue* ms = optional(value, "ms");
            const JsonValue* iterations = optional(value, "iterations");
            if ((ms == nullptr) == (iterations == nullptr))
                fail(value, path, "'block' needs exactly one of 'ms' and 'iterations'");
            if (ms)
                op.blockMs = readInteger(*ms, field("ms"), 0, 86400000);
            else
                op.iterations = readInteger(*iterations, field("iterations"), 1, maxInt32);
            break;
        }
        case OpKind::Repeat:
            op.times = readInteger(require(value, path, "times"), field("times"), 1, maxInt32);
            op.body = readOptionalBody(value, path, "do", inAsync);
            break;
        case OpKind::Worker:
            op.body = readOptionalBody(value, path, "do", false);
            op.done = readOptionalBody(value, path, "done", false);
            break;
        case OpKind::Chain: {
            const JsonValue& via = require(value, path, "via");
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
            op.times = readInteger(require(value, path, "times"), field("times"), 1, maxInt32);
            if (const JsonValue* ms = optional(value, "ms")) {
                if (op.via != ChainVia::SetTimeout)
                    fail(*ms, field("ms"), "'ms' is only allowed with via \"setTimeout\"");
                op.ms = readNumber(*ms, field("ms"));
            }
            op.body = readOptionalBody(value, path, "do", false);
            op.done = readOptionalBody(value, path, "done", false);
            break;
        }
        case OpKind::JsonParse:
            op.megabytes = readInteger(require(value, path, "mb"), field("mb"), 1, 64);
            break;
        case OpKind::Regex: {
            // Longer inputs would backtrack for minutes, beyond any stop button.
            op.length = readInteger(require(value, path, "length"), field("length"), 2, 30);
            const JsonValue& pattern = require(value, path, "pattern");
            const std::string text = readString(pattern, field("pattern"));
            if (text != "vulnerable" && text != "safe")
                fail(pattern, field("pattern"), "expected \"vulnerable\" or \"safe\"");
            op.vulnerable = text == "vulnerable";
            break;
        }
        }
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

    std::string m_fileName;
    const Overrides& m_overrides;
    std::vector<Param> m_params;
};

} // namespace

std::string ProgramError::toString() const
{
    if (line == 0)
        return fileName + ": " + message;
    std::string out = fileName + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
    if (!jsonPath.empty())
        out += jsonPath + ": ";
    return out + message;
}

bool looksLikeProgram(std::string_view head)
{
    JsonLexer lexer(head, { false, JsonLexer::Surrogates::Decode });
    if (lexer.peek() != '{')
        return false;
    std::string keyScratch;
    std::string scratch;
    bool program = false;
    // Stops at the first "format" or "traceEvents": either decides.
    lexer.readMembers(keyScratch, [&](std::string_view key, const char*) {
        if (key == "traceEvents")
            return false;
        if (key != "format")
            return skipValue(lexer, scratch, 1);
        std::string_view value;
        program = lexer.readScalar(value, scratch) == JsonLexer::Token::String && value == "loopscope-program";
        return false;
    });
    return program;
}

const char* opName(OpKind kind)
{
    for (const OpInfo& info : opTable) {
        if (info.kind == kind)
            return info.name;
    }
    return "?";
}

ParseResult parseProgram(std::string_view text, std::string_view fileName, const Overrides& overrides)
{
    JsonResult json = parseJson(text);
    if (auto* error = std::get_if<JsonError>(&json))
        return ProgramError { std::string(fileName), error->line, error->column, "", error->message };
    try {
        return ProgramReader(fileName, overrides).read(std::get<JsonValue>(json));
    } catch (Failure& failure) {
        return std::move(failure.error);
    }
}

} // namespace loopscope
