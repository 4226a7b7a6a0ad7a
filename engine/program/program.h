#pragma once

#include "formats/progress.h"
#include "program/optext.h"
#include "program/owned.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace loopscope {

// The operations of a program (SPEC section 5). Names match the JSON "op" values.
enum class OpKind : std::uint8_t {
    Log,
    NextTick,
    QueueMicrotask,
    Promise,
    SetTimeout,
    SetInterval,
    SetImmediate,
    Async,
    Await,
    ReadFile,
    DnsLookup,
    Pbkdf2,
    HttpGet,
    Block,
    Repeat,
    Worker,
    Chain,
    JsonParse,
    Regex,
    Pbkdf2Sync,
    // Version 2.
    ClearTimeout,
    ClearImmediate,
    Throw,
    PromiseAll,
    OnUnhandledRejection,
    OnBeforeExit,
    OnExit,
    Abort,
    Stat,
    Open,
    Read,
    Close,
    Try,
    ForAwait,
    PostMessage,
    ReadStream,
};

// What an `await` waits for.
enum class AwaitKind : std::uint8_t {
    Value, // await null
    Promise, // await Promise.resolve(): one tick from Node 12, three in Node 10
    Sleep, // await new Promise((resolve) => setTimeout(resolve, ms))
    Immediate, // await new Promise((resolve) => setImmediate(resolve))
    Thenable, // await { then(resolve) { resolve(); } }: a PromiseResolveThenableJob, then the reaction
    // Version 2, timers/promises: the same timer and immediate as Sleep and Immediate, made by Node's module.
    TimersSetTimeout, // await timersPromises.setTimeout(ms)
    TimersSetImmediate, // await timersPromises.setImmediate()
    Reject, // await Promise.reject(makeError(text)): throws at the await, one tick later
};

// How a step of a promise chain handles the promise before it (version 2; version 1 chains are all Then).
enum class StepKind : std::uint8_t { Then, Catch, Finally };

// What a promiseAll op combines its promises with.
enum class Combinator : std::uint8_t { All, Race, AllSettled, Any };

// How a `chain` schedules its next step.
enum class ChainVia : std::uint8_t { NextTick, QueueMicrotask, Promise, SetTimeout, SetImmediate };

enum class ModuleKind : std::uint8_t { Cjs, Esm };

// Node 12+ resolves `await promise` in one microtask tick; Node 10 needed three.
enum class AwaitModel : std::uint8_t { Node12, Node10 };

enum class Digest : std::uint8_t { Sha256, Sha512 };

struct SourcePos
{
    std::uint32_t line = 0; // 1-based
    std::uint32_t column = 0; // 1-based
};

struct Op;
using Block = std::vector<Op>;

// The bodies an op holds, as they are given to it.
struct OpBodies
{
    Block body; // "do"; promiseAll: its promises, each an op of kind Promise; readStream: "onData"
    // promise, promiseAll: one body per step; try: its catch and finally, as it has them; worker: its onMessage,
    // when it has one; readStream: its onEnd and onClose, when it has either
    std::vector<Block> chain;
    std::vector<StepKind> steps; // how each body of `chain` handles the promise before it; empty: all Then
    // chain: runs after the last step; worker: runs on the main loop when the worker reports back; forAwait:
    // "yieldDo", run by the generator before each yield
    Block done;
};

// One op of a program. A program may hold millions, so its fields are small: text in OpText, numbers as
// wide as their ranges, bodies behind a pointer that is null for an op without any.
struct Op
{
    OpKind kind = OpKind::Log;
    AwaitKind await = AwaitKind::Value;
    ChainVia via = ChainVia::NextTick;
    Digest digest = Digest::Sha256;
    bool vulnerable = true; // regex: the nested-quantifier pattern, else the safe one
    Combinator combinator = Combinator::All; // promiseAll
    std::uint8_t megabytes = 0; // jsonParse: size of the order payload, 1..64
    std::uint8_t length = 0; // regex: characters of the coupon code tested, 2..30
    SourcePos pos;
    OpText givenLabel; // the "label" field; empty when there is none
    // log: the line; dnsLookup: the host; httpGet: the path (empty for those two: the default); setTimeout,
    // setImmediate, clearTimeout, clearImmediate: the timer's name (empty: none); promise, throw: the message
    // of the Error it rejects with; await (setTimeout, setImmediate), readFile: the AbortController whose signal
    // it is given (empty: none); abort: the controller; open, read, close: the file's name (open's "as", the
    // others' "fd")
    OpText text;
    // setTimeout, setInterval, await.sleep, await.setTimeout, chain via setTimeout: as written; block: whole
    // milliseconds, when it blocks for a time (blocksForMs())
    double ms = 0;
    std::uint32_t steps = 0; // log: the steps of the stretch the line closes (since the previous such line), 0: none
    // repeat, setInterval, chain; promise: 1 when it rejects (with `text`), else 0; readStream: the chunk's bytes
    // (its highWaterMark)
    std::int32_t times = 0;
    std::int32_t iterations = 0; // pbkdf2; block: 0 when it blocks for `ms` instead; readStream: the file's bytes

    // Filled in by the runtime on the loop thread before the program runs: string ids of `label` and `text`.
    mutable std::uint32_t labelId = 0;
    mutable std::uint32_t textId = 0;
    // This op's line in the program's Node.js script, numbered from 0 across the program and the
    // workloads added to it: Node spends more on a line's first run than on its later ones.
    mutable std::uint32_t site = 0;

    // block: true when it blocks for `ms` milliseconds, false when for `iterations`.
    bool blocksForMs() const { return iterations == 0; }
    // The callback's name in traces: the "label" field, else "<op> (line N)".
    std::string label() const;
    // dnsLookup: the host looked up.
    std::string host() const { return text.empty() ? std::string("localhost") : text.str(); }
    // httpGet: the path asked for.
    std::string path() const { return text.empty() ? std::string("/health") : text.str(); }
    const Block& body() const { return m_bodies ? m_bodies->body : noBody(); }
    const std::vector<Block>& chain() const;
    const Block& done() const { return m_bodies && m_bodies->rest ? m_bodies->rest->done : noBody(); }
    // worker: the body that runs on the main loop for each message the worker posts.
    const Block& onMessage() const { return chain().empty() ? noBody() : chain().front(); }
    // readStream: the bodies of its 'end' and 'close' listeners (onData is body()).
    const Block& onEnd() const { return chain().empty() ? noBody() : chain()[0]; }
    const Block& onClose() const { return chain().size() < 2 ? noBody() : chain()[1]; }
    // promise, promiseAll: how the i-th body of chain() handles the promise before it.
    StepKind step(std::size_t i) const
    {
        return m_bodies && m_bodies->rest && i < m_bodies->rest->steps.size() ? m_bodies->rest->steps[i]
                                                                              : StepKind::Then;
    }
    // promise: it starts rejected (Promise.reject), or, as a promiseAll's promise, it rejects.
    bool rejects() const { return times != 0; }
    // Sets the bodies, allocating them only when one is not empty.
    void setBodies(OpBodies bodies);
    // The most the bodies of an op take besides their ops, for each body it holds.
    static std::size_t bodyBytesBound();

private:
    // Most ops with a body have only "do": a promise's chain and "done" are apart.
    struct Rest
    {
        std::vector<Block> chain;
        std::vector<StepKind> steps;
        Block done;
    };
    struct Bodies
    {
        Block body;
        Owned<Rest> rest;
    };

    static const Block& noBody();

    Owned<Bodies> m_bodies;
};

struct Param
{
    std::string name;
    std::int64_t value = 0; // the default, or the --set override
    std::int64_t defaultValue = 0;
    std::int64_t min = 0;
    std::int64_t max = 0;
    std::string description;
};

struct Program
{
    std::string fileName; // where it came from, for messages and fs.readFile
    std::string name;
    std::string title;
    std::string description; // what to look at, one paragraph
    ModuleKind module = ModuleKind::Cjs;
    AwaitModel awaitModel = AwaitModel::Node12;
    int version = 1; // the format's version the program was written in
    int healthProbeMs = 0; // "probes": {"health": ms}: probe /health every ms while it runs (0: off)
    int delayMonitorMs = 0; // "probes": {"delay": ms}: loop-delay monitor resolution (0: off)
    std::vector<Param> params;
    Block main;
};

// A bad program: where, and what is wrong with it.
struct ProgramError
{
    std::string fileName;
    std::uint32_t line = 0; // 0 when the error is not in the text (a bad --set)
    std::uint32_t column = 0;
    std::string jsonPath; // e.g. $.main[0].do[2].ms
    std::string message;

    // One line: "file:line:column: $.path: message".
    std::string toString() const;
};

using ParseResult = std::variant<Program, ProgramError>;

// What reading a program may take, and who is told how far it got.
struct ProgramReading
{
    std::size_t memoryBudgetBytes = 0; // 0: no limit
    // Counts twice the text's bytes: checked, then read into ops. Cancelling fails with CancelledMessage.
    Progress progress;
};

// Parses and validates a program document. `overrides` are --set KEY=VALUE pairs,
// applied to declared parameters before "$name" references are resolved. The text is checked first;
// when what its ops would take with it is more than the budget, the program is refused before they are
// read (budgetMessage).
ParseResult parseProgram(std::string_view text, std::string_view fileName,
    const std::vector<std::pair<std::string, std::string>>& overrides = {}, const ProgramReading& reading = {});

// "reading this program takes about N MB, more than the memory budget of M MB (--memory-budget)";
// "at least N MB" when only a part of what it takes is known (its text, before it is read).
std::string budgetMessage(std::uint64_t neededBytes, std::size_t budgetBytes, bool atLeast);

// True when `head`, the beginning of a document, is a LoopScope program: a JSON object whose top-level
// "format" is "loopscope-program". Anything else (a recording, a cut or broken document) is false.
bool looksLikeProgram(std::string_view head);

// The JSON "op" name of a kind.
const char* opName(OpKind kind);

// The equivalent Node.js script of a program; its console output is the program's.
std::string emitJs(const Program& program);
// The same script with the program's probes run as Node's own perf_hooks measure them: the delay
// monitor (monitorEventLoopDelay at the program's resolution), the /health prober (a worker thread
// asking a loopback server, one request at a time), and at exit one line on stderr,
// "loopscope-figures {json}", with the histogram, performance.eventLoopUtilization() and the /health
// requests (when each was sent, in ms since the program started, and how long it took). Its console
// output is the program's still.
std::string emitJsWithFigures(const Program& program);
// The same script, and the line (from 1) each op of the program starts on in it: where the
// window shows, in the script, the callback that runs next.
struct EmittedJs
{
    std::string text;
    std::unordered_map<const Op*, int> lines;
};
EmittedJs emitJsWithLines(const Program& program);

// The emitted scripts' makeError: every Error a program makes (a reject, a throw, an abort's reason) is one
// of its, without a stack trace, so that Node prints an unhandled one as "[Error: message]".
inline constexpr std::string_view MakeErrorJs = R"(function makeError(message) {
    const error = new Error(message);
    error.stack = "Error: " + message;
    return error;
})";

} // namespace loopscope
