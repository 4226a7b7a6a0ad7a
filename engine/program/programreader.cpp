// The reader of program documents: parseProgram() and the op table it reads by.
#include "program/programreader.h"

namespace loopscope {

namespace reading {

namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;
using Value = JsonDocument::Value;

const OpInfo opTable[] = {
    { OpKind::Log, "log", { "text", "steps" } },
    { OpKind::NextTick, "nextTick", { "do" } },
    { OpKind::QueueMicrotask, "queueMicrotask", { "do" } },
    { OpKind::Promise, "promise", { "chain", "reject" } },
    { OpKind::SetTimeout, "setTimeout", { "ms", "do", "name" } },
    { OpKind::SetInterval, "setInterval", { "ms", "times", "do" } },
    { OpKind::SetImmediate, "setImmediate", { "do", "name" } },
    { OpKind::Async, "async", { "do" } },
    { OpKind::Await, "await",
        { "sleep", "immediate", "promise", "thenable", "setTimeout", "setImmediate", "signal", "reject" } },
    { OpKind::ReadFile, "readFile", { "do", "signal" } },
    { OpKind::DnsLookup, "dnsLookup", { "host", "do" } },
    { OpKind::Pbkdf2, "pbkdf2", { "iterations", "digest", "do" } },
    { OpKind::HttpGet, "httpGet", { "path", "do" } },
    { OpKind::Block, "block", { "ms", "iterations" } },
    { OpKind::Repeat, "repeat", { "times", "do" } },
    { OpKind::Worker, "worker", { "do", "done", "onMessage" } },
    { OpKind::Chain, "chain", { "via", "times", "ms", "do", "done" } },
    { OpKind::JsonParse, "jsonParse", { "mb" } },
    { OpKind::Regex, "regex", { "length", "pattern" } },
    { OpKind::Pbkdf2Sync, "pbkdf2Sync", { "iterations", "digest" } },
    { OpKind::ClearTimeout, "clearTimeout", { "name" }, 2 },
    { OpKind::ClearImmediate, "clearImmediate", { "name" }, 2 },
    { OpKind::Throw, "throw", { "message" }, 2 },
    { OpKind::PromiseAll, "promiseAll", { "promises", "chain" }, 2 },
    { OpKind::PromiseAll, "promiseRace", { "promises", "chain" }, 2 },
    { OpKind::PromiseAll, "promiseAllSettled", { "promises", "chain" }, 2 },
    { OpKind::PromiseAll, "promiseAny", { "promises", "chain" }, 2 },
    { OpKind::OnUnhandledRejection, "onUnhandledRejection", { "do" }, 2 },
    { OpKind::OnBeforeExit, "onBeforeExit", { "do" }, 2 },
    { OpKind::OnExit, "onExit", { "do" }, 2 },
    { OpKind::Abort, "abort", { "controller" }, 2 },
    { OpKind::Stat, "stat", { "do" }, 2 },
    { OpKind::Open, "open", { "as", "do" }, 2 },
    { OpKind::Read, "read", { "fd", "do" }, 2 },
    { OpKind::Close, "close", { "fd", "do" }, 2 },
    { OpKind::Try, "try", { "do", "catch", "finally" }, 2 },
    { OpKind::ForAwait, "forAwait", { "times", "yieldDo", "do" }, 2 },
    { OpKind::PostMessage, "postMessage", {}, 2 },
    { OpKind::ReadStream, "readStream", { "bytes", "chunk", "onData", "onEnd", "onClose" }, 2 },
};

} // namespace

const OpInfo* findOp(std::string_view name)
{
    for (const OpInfo& candidate : opTable) {
        if (name == candidate.name)
            return &candidate;
    }
    return nullptr;
}

Op ProgramReader::readOp(Value value, const std::string& path, bool inAsync) const
{
    if (type(value) != JsonValue::Type::Object)
        fail(value, path, std::string("expected an op object, got ") + JsonValue::typeName(type(value)));
    const Value opField = require(value, path, "op");
    const std::string opPath = memberPath(path, "op");
    const std::string name = readString(opField, opPath);
    const OpInfo* info = findOp(name);
    if (!info)
        fail(opField, opPath, "unknown op " + quote(name));
    if (info->version > 1)
        requireVersion2(opField, opPath, "op " + quote(name));
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
    case OpKind::ReadFile:
    case OpKind::Stat:
        if (op.kind == OpKind::ReadFile)
            readSignal(value, path, op);
        bodies.body = readOptionalBody(value, path, "do", false);
        break;
    case OpKind::SetImmediate:
        readTimerName(value, path, op);
        bodies.body = readOptionalBody(value, path, "do", false);
        break;
    case OpKind::Async:
        bodies.body = readOptionalBody(value, path, "do", true);
        break;
    case OpKind::Promise:
        readPromise(value, path, op, bodies);
        break;
    case OpKind::SetTimeout:
        readTimerName(value, path, op);
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
        if (const auto thenable = optional(value, "thenable")) {
            requireVersion2(*thenable, field("thenable"), "field 'thenable'");
            if (readBool(*thenable, field("thenable"))) {
                op.await = AwaitKind::Thenable;
                ++chosen;
            }
        }
        chosen += readTimersPromise(value, path, op);
        chosen += readAwaitReject(value, path, op);
        if (chosen > 1)
            fail(value, path,
                m_version < 2 ? "'await' takes at most one of 'sleep', 'immediate' and 'promise'"
                              : "'await' takes at most one of 'sleep', 'immediate', 'promise', 'thenable', "
                                "'setTimeout', 'setImmediate' and 'reject'");
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
        op.iterations = std::int32_t(readInteger(require(value, path, "iterations"), field("iterations"), 1, maxInt32));
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
        readWorker(value, path, bodies);
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
    case OpKind::ClearTimeout:
    case OpKind::ClearImmediate:
    case OpKind::Throw:
    case OpKind::PromiseAll:
    case OpKind::OnUnhandledRejection:
    case OpKind::OnBeforeExit:
    case OpKind::OnExit:
    case OpKind::Abort:
        readVersion2Op(value, path, op, bodies, name);
        break;
    case OpKind::Open:
    case OpKind::Read:
    case OpKind::Close:
        readFileOp(value, path, op, bodies);
        break;
    case OpKind::Try:
        readTry(value, path, inAsync, bodies);
        break;
    case OpKind::ForAwait:
        readForAwait(value, path, inAsync, op, bodies);
        break;
    case OpKind::PostMessage:
        if (m_workerDepth == 0)
            fail(value, path, "'postMessage' posts to a worker's parent: only in a worker's 'do'");
        break;
    case OpKind::ReadStream:
        readReadStream(value, path, op, bodies);
        break;
    }
    op.setBodies(std::move(bodies));
    return op;
}

} // namespace reading

using namespace reading;

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