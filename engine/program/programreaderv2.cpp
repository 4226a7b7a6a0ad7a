// The reader of the ops and fields that version 2 of the program format added: named timers and their
// clearing, promise rejection and its steps, the Promise combinators, the process's events, and fs.open, fs.read
// and fs.close of named files, try statements, for await loops, and a file's read stream.
#include "program/programreader.h"

#include <algorithm>

namespace loopscope::reading {

namespace {

// readStream: the largest file, and the highWaterMark of fs.createReadStream when it is given none (64 KiB).
constexpr std::int64_t MaxStreamBytes = std::int64_t(16) * 1024 * 1024;
constexpr std::int32_t DefaultStreamChunk = 64 * 1024;

// A timer's name becomes part of a JavaScript identifier in the emitted script.
bool isTimerName(std::string_view name)
{
    if (name.empty() || name.size() > 64 || (name[0] >= '0' && name[0] <= '9'))
        return false;
    for (char c : name) {
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
            return false;
    }
    return true;
}

const char* setterOf(OpKind clear)
{
    return clear == OpKind::ClearTimeout ? "setTimeout" : "setImmediate";
}

} // namespace

void ProgramReader::requireVersion2(Value value, const std::string& path, const std::string& what) const
{
    if (m_version < 2)
        fail(value, path, what + " needs \"version\": 2");
}

void ProgramReader::refuseInWorker(Value value, const std::string& path, const std::string& what) const
{
    if (m_workerDepth > 0)
        fail(value, path, what + " is not available in a worker");
}

void ProgramReader::readTimerName(Value value, const std::string& path, Op& op) const
{
    const auto name = optional(value, "name");
    if (!name)
        return;
    const std::string namePath = memberPath(path, "name");
    requireVersion2(*name, namePath, "field 'name'");
    const std::string text = readString(*name, namePath);
    if (!isTimerName(text))
        fail(*name, namePath, "a timer's name is 1 to 64 letters, digits and '_', not starting with a digit");
    NameScope& scope = m_names.back();
    const auto [it, added] = scope.timers.emplace(text, op.kind);
    if (!added && it->second != op.kind)
        fail(*name, namePath, quote(text) + " already names a " + opName(it->second));
    op.text = OpText(text);
}

int ProgramReader::readTimersPromise(Value value, const std::string& path, Op& op) const
{
    int chosen = 0;
    if (const auto ms = optional(value, "setTimeout")) {
        const std::string msPath = memberPath(path, "setTimeout");
        requireVersion2(*ms, msPath, "field 'setTimeout'");
        // Any number, as Node's validateNumber takes it; the Timeout makes one outside 1..2147483647 a 1.
        op.ms = readNumber(*ms, msPath);
        op.await = AwaitKind::TimersSetTimeout;
        ++chosen;
    }
    if (const auto immediate = optional(value, "setImmediate")) {
        const std::string immediatePath = memberPath(path, "setImmediate");
        requireVersion2(*immediate, immediatePath, "field 'setImmediate'");
        if (readBool(*immediate, immediatePath)) {
            op.await = AwaitKind::TimersSetImmediate;
            ++chosen;
        }
    }
    if (const auto signal = optional(value, "signal"); signal && chosen == 0)
        fail(*signal, memberPath(path, "signal"),
            "a signal is given only to timers/promises' 'setTimeout' or 'setImmediate'");
    readSignal(value, path, op);
    return chosen;
}

void ProgramReader::readSignal(Value value, const std::string& path, Op& op) const
{
    const auto signal = optional(value, "signal");
    if (!signal)
        return;
    const std::string signalPath = memberPath(path, "signal");
    requireVersion2(*signal, signalPath, "field 'signal'");
    refuseInWorker(*signal, signalPath, "an AbortController");
    op.text = OpText(readControllerName(*signal, signalPath));
}

std::string ProgramReader::readControllerName(Value value, const std::string& path) const
{
    const std::string name = readString(value, path);
    if (!isTimerName(name))
        fail(value, path, "a controller's name is 1 to 64 letters, digits and '_', not starting with a digit");
    return name;
}

void ProgramReader::readPromise(Value value, const std::string& path, Op& op, OpBodies& bodies) const
{
    const auto reject = optional(value, "reject");
    if (reject) {
        const std::string rejectPath = memberPath(path, "reject");
        requireVersion2(*reject, rejectPath, "field 'reject'");
        refuseInWorker(*reject, rejectPath, "a promise that rejects");
        op.text = OpText(readString(*reject, rejectPath));
        op.times = 1;
    }
    const auto chain = optional(value, "chain");
    if (!chain) {
        if (!reject)
            fail(value, path, "missing field 'chain'");
        return;
    }
    const std::string chainPath = memberPath(path, "chain");
    expectType(*chain, chainPath, JsonValue::Type::Array);
    if (m_document.size(*chain) == 0 && !reject)
        fail(*chain, chainPath, "a promise chain needs at least one body");
    readSteps(*chain, chainPath, bodies);
}

void ProgramReader::readSteps(Value chain, const std::string& path, OpBodies& bodies) const
{
    expectType(chain, path, JsonValue::Type::Array);
    bool plain = true;
    m_document.forEachElement(chain, [&](Value step, std::size_t i) {
        const std::string stepPath = indexPath(path, i);
        // Version 1 knows bodies only, and says so as it always did.
        if (type(step) == JsonValue::Type::Array || m_version < 2) {
            bodies.chain.push_back(readBody(step, stepPath, false, m_version >= 2));
            bodies.steps.push_back(StepKind::Then);
            return true;
        }
        if (type(step) != JsonValue::Type::Object)
            fail(step, stepPath,
                std::string("expected a body (an array of ops) or a step object, got ")
                    + JsonValue::typeName(type(step)));
        checkFields(step, stepPath, { "then", "catch", "finally" }, " in a promise step");
        static const std::pair<const char*, StepKind> kinds[] = {
            { "then", StepKind::Then },
            { "catch", StepKind::Catch },
            { "finally", StepKind::Finally },
        };
        int found = 0;
        for (const auto& [key, kind] : kinds) {
            if (const auto body = optional(step, key)) {
                bodies.chain.push_back(readBody(*body, memberPath(stepPath, key), false, true));
                bodies.steps.push_back(kind);
                plain = plain && kind == StepKind::Then;
                ++found;
            }
        }
        if (found != 1)
            fail(step, stepPath, "a promise step takes exactly one of 'then', 'catch' and 'finally'");
        return true;
    });
    // A chain of plain bodies needs no kinds: every step is a then.
    if (plain)
        bodies.steps.clear();
}

void ProgramReader::readVersion2Op(
    Value value, const std::string& path, Op& op, OpBodies& bodies, std::string_view name) const
{
    auto field = [&](const char* key) { return memberPath(path, key); };
    switch (op.kind) {
    case OpKind::ClearTimeout:
    case OpKind::ClearImmediate: {
        const Value timer = require(value, path, "name");
        const std::string text = readString(timer, field("name"));
        op.text = OpText(text);
        // Checked when the scope ends: a timer may be named after the op that clears it.
        m_names.back().uses.push_back({ text, op.kind, timer, field("name") });
        break;
    }
    case OpKind::Throw:
        refuseInWorker(value, path, "'throw'");
        op.text = OpText(readString(require(value, path, "message"), field("message")));
        break;
    case OpKind::PromiseAll: {
        static const std::pair<const char*, Combinator> combinators[] = {
            { "promiseAll", Combinator::All },
            { "promiseRace", Combinator::Race },
            { "promiseAllSettled", Combinator::AllSettled },
            { "promiseAny", Combinator::Any },
        };
        for (const auto& [opText, combinator] : combinators) {
            if (name == opText)
                op.combinator = combinator;
        }
        const Value promises = require(value, path, "promises");
        const std::string promisesPath = field("promises");
        expectType(promises, promisesPath, JsonValue::Type::Array);
        m_document.forEachElement(promises, [&](Value entry, std::size_t i) {
            const std::string entryPath = indexPath(promisesPath, i);
            expectType(entry, entryPath, JsonValue::Type::Object);
            checkFields(entry, entryPath, { "label", "do", "sleep", "immediate", "reject" }, " of a promise");
            Op promise;
            promise.kind = OpKind::Promise;
            const JsonLexer::Position at = m_document.position(entry);
            promise.pos = SourcePos { at.line, at.column };
            if (const auto label = optional(entry, "label")) {
                const std::string given = readString(*label, memberPath(entryPath, "label"));
                if (given.empty())
                    fail(*label, memberPath(entryPath, "label"), "label must not be empty");
                promise.givenLabel = OpText(given);
            }
            const auto sleep = optional(entry, "sleep");
            const auto immediate = optional(entry, "immediate");
            if (sleep) {
                promise.ms = readNumber(*sleep, memberPath(entryPath, "sleep"));
                if (!(promise.ms >= 0))
                    fail(*sleep, memberPath(entryPath, "sleep"),
                        "sleep must be at least 0 ms, got " + formatNumber(promise.ms));
                promise.await = AwaitKind::Sleep;
            }
            if (immediate && readBool(*immediate, memberPath(entryPath, "immediate"))) {
                if (sleep)
                    fail(entry, entryPath, "a promise takes at most one of 'sleep' and 'immediate'");
                promise.await = AwaitKind::Immediate;
            }
            if (const auto reject = optional(entry, "reject")) {
                refuseInWorker(*reject, memberPath(entryPath, "reject"), "a promise that rejects");
                promise.text = OpText(readString(*reject, memberPath(entryPath, "reject")));
                promise.times = 1;
            }
            OpBodies entryBodies;
            entryBodies.body = readOptionalBody(entry, entryPath, "do", false);
            promise.setBodies(std::move(entryBodies));
            bodies.body.push_back(std::move(promise));
            return true;
        });
        if (const auto chain = optional(value, "chain"))
            readSteps(*chain, field("chain"), bodies);
        break;
    }
    case OpKind::Abort:
        refuseInWorker(value, path, "an AbortController");
        op.text = OpText(readControllerName(require(value, path, "controller"), field("controller")));
        break;
    case OpKind::OnUnhandledRejection:
    case OpKind::OnBeforeExit:
    case OpKind::OnExit:
        refuseInWorker(value, path, std::string("'") + std::string(name) + "'");
        bodies.body = readOptionalBody(value, path, "do", false);
        break;
    default:
        break;
    }
}

void ProgramReader::beginNames() const
{
    m_names.emplace_back();
}

void ProgramReader::endNames() const
{
    const NameScope& scope = m_names.back();
    for (const NameUse& use : scope.uses) {
        const auto it = scope.timers.find(use.name);
        const OpKind set = use.kind == OpKind::ClearTimeout ? OpKind::SetTimeout : OpKind::SetImmediate;
        if (it == scope.timers.end())
            fail(use.at, use.path,
                std::string("no ") + setterOf(use.kind) + " is named " + quote(use.name)
                    + (m_names.size() > 1 ? " in this worker" : ""));
        if (it->second != set)
            fail(use.at, use.path,
                quote(use.name) + " names a " + opName(it->second) + "; " + opName(use.kind) + " clears a "
                    + setterOf(use.kind));
    }
    m_names.pop_back();
}

void ProgramReader::readWorker(Value value, const std::string& path, OpBodies& bodies) const
{
    ++m_workerDepth;
    beginNames();
    std::vector<std::string> files;
    files.swap(m_files);
    bodies.body = readOptionalBody(value, path, "do", false);
    files.swap(m_files);
    endNames();
    --m_workerDepth;
    bodies.done = readOptionalBody(value, path, "done", false);
    if (const auto onMessage = optional(value, "onMessage")) {
        requireVersion2(*onMessage, memberPath(path, "onMessage"), "field 'onMessage'");
        bodies.chain.push_back(readOptionalBody(value, path, "onMessage", false));
    }
}

void ProgramReader::readFileOp(Value value, const std::string& path, Op& op, OpBodies& bodies) const
{
    if (op.kind == OpKind::Open) {
        const Value as = require(value, path, "as");
        const std::string asPath = memberPath(path, "as");
        const std::string name = readString(as, asPath);
        if (!isTimerName(name))
            fail(as, asPath, "a file's name is 1 to 64 letters, digits and '_', not starting with a digit");
        op.text = OpText(name);
        m_files.push_back(name);
        bodies.body = readOptionalBody(value, path, "do", false);
        m_files.pop_back();
        return;
    }
    // The name's variable holds a number only once the callback of an open of that name has run: a read or
    // close anywhere else could pass Node undefined, which fs.read and fs.close throw on.
    const Value fd = require(value, path, "fd");
    const std::string fdPath = memberPath(path, "fd");
    const std::string name = readString(fd, fdPath);
    if (std::find(m_files.begin(), m_files.end(), name) == m_files.end())
        fail(fd, fdPath,
            std::string("no open named ") + quote(name) + " around this " + opName(op.kind)
                + ": a file is read and closed inside the \"do\" of the open that names it"
                + (m_workerDepth > 0 ? " in the same worker" : ""));
    op.text = OpText(name);
    bodies.body = readOptionalBody(value, path, "do", false);
}

int ProgramReader::readAwaitReject(Value value, const std::string& path, Op& op) const
{
    const auto reject = optional(value, "reject");
    if (!reject)
        return 0;
    const std::string rejectPath = memberPath(path, "reject");
    requireVersion2(*reject, rejectPath, "field 'reject'");
    refuseInWorker(*reject, rejectPath, "a promise that rejects");
    op.text = OpText(readString(*reject, rejectPath));
    op.await = AwaitKind::Reject;
    return 1;
}

void ProgramReader::readTry(Value value, const std::string& path, bool inAsync, OpBodies& bodies) const
{
    if (!inAsync)
        fail(value, path, "'try' is only allowed in an async body (a callback inside one is not async)");
    bodies.body = readOptionalBody(value, path, "do", true);
    for (const auto& [key, kind] :
        { std::pair { "catch", StepKind::Catch }, std::pair { "finally", StepKind::Finally } }) {
        if (const auto body = optional(value, key)) {
            bodies.chain.push_back(readBody(*body, memberPath(path, key), true));
            bodies.steps.push_back(kind);
        }
    }
    if (bodies.chain.empty())
        fail(value, path, "'try' needs a 'catch' or a 'finally', or both");
}

void ProgramReader::readForAwait(Value value, const std::string& path, bool inAsync, Op& op, OpBodies& bodies) const
{
    if (!inAsync)
        fail(value, path, "'forAwait' is only allowed in an async body (a callback inside one is not async)");
    op.times = std::int32_t(readInteger(require(value, path, "times"), memberPath(path, "times"), 0, maxInt32));
    // The generator's own body is no async function of the program's: no await there, and no throw.
    bodies.done = readOptionalBody(value, path, "yieldDo", false);
    bodies.body = readOptionalBody(value, path, "do", true);
}

void ProgramReader::readReadStream(Value value, const std::string& path, Op& op, OpBodies& bodies) const
{
    // The emitted script writes the stream's file at its top and removes it at exit: a worker's script doing the
    // same, in the same process, would remove the main one's file while it is read.
    refuseInWorker(value, path, "'readStream'");
    op.iterations
        = std::int32_t(readInteger(require(value, path, "bytes"), memberPath(path, "bytes"), 0, MaxStreamBytes));
    op.times = DefaultStreamChunk;
    if (const auto chunk = optional(value, "chunk"))
        op.times = std::int32_t(readInteger(*chunk, memberPath(path, "chunk"), 1, MaxStreamBytes));
    bodies.body = readOptionalBody(value, path, "onData", false);
    Block onEnd = readOptionalBody(value, path, "onEnd", false);
    Block onClose = readOptionalBody(value, path, "onClose", false);
    if (!onEnd.empty() || !onClose.empty()) {
        bodies.chain.push_back(std::move(onEnd));
        bodies.chain.push_back(std::move(onClose));
    }
}

} // namespace loopscope::reading
