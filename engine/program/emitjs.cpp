// The Node.js script of a program: emitJs() and the ops' JavaScript.
#include "program/jsemitter.h"

namespace loopscope {

namespace emitting {

std::string JsEmitter::emit(bool withFigures)
{
    m_withFigures = withFigures && !m_worker;
    scan(m_program.main);
    if (m_worker) {
        line(0, "// Worker of LoopScope program " + jsString(commentText(m_program.name)));
    } else {
        std::string header = "// LoopScope program " + jsString(commentText(m_program.name));
        if (!m_program.title.empty())
            header += ": " + commentText(m_program.title);
        line(0, header);
        line(0, "// The Node.js equivalent: its console output is the program's, line for line.");
        for (const Param& param : m_program.params)
            line(0, "// Parameter " + commentText(param.name) + " = " + std::to_string(param.value));
    }
    emitImports();
    emitHelpers();
    if (m_withFigures)
        emitFigures();
    emitBody(m_program.main, 0);
    if (m_worker)
        line(0, "parentPort.postMessage(\"done\");");
    return std::move(m_out);
}

void JsEmitter::scan(const Block& block)
{
    for (const Op& op : block) {
        switch (op.kind) {
        case OpKind::ReadFile:
        case OpKind::Stat:
            m_usesFs = true;
            if (!op.text.empty() && m_controllerNames.insert(op.text.str()).second)
                m_controllerOrder.push_back(op.text.str());
            break;
        case OpKind::Open:
            if (m_fileNames.insert(op.text.str()).second)
                m_fileOrder.push_back(op.text.str());
            m_usesFs = true;
            break;
        case OpKind::Read:
        case OpKind::Close:
            m_usesFs = true;
            break;
        case OpKind::ReadStream:
            m_streamSizes.insert(op.iterations);
            m_usesFs = true;
            break;
        case OpKind::DnsLookup:
            m_usesDns = true;
            break;
        case OpKind::Pbkdf2:
        case OpKind::Pbkdf2Sync:
            m_usesCrypto = true;
            break;
        case OpKind::HttpGet:
            m_usesHttp = true;
            break;
        case OpKind::Block:
            m_usesCrypto = true;
            (op.blocksForMs() ? m_usesBlockMs : m_usesBlockIterations) = true;
            break;
        case OpKind::Worker:
            m_usesWorker = true;
            break;
        case OpKind::JsonParse:
            m_payloadSizes.insert(op.megabytes);
            break;
        case OpKind::Regex:
            m_usesRegex = true;
            break;
        case OpKind::SetTimeout:
        case OpKind::SetImmediate:
            if (!op.text.empty() && m_timerNames.insert(op.text.str()).second)
                m_timerOrder.push_back(op.text.str());
            break;
        case OpKind::Await:
            if (op.await == AwaitKind::Reject) {
                m_usesErrors = true;
                break;
            }
            [[fallthrough]];
        case OpKind::Abort:
            m_usesTimersPromises = m_usesTimersPromises || op.await == AwaitKind::TimersSetTimeout
                || op.await == AwaitKind::TimersSetImmediate;
            if (!op.text.empty() && m_controllerNames.insert(op.text.str()).second)
                m_controllerOrder.push_back(op.text.str());
            break;
        case OpKind::Promise:
        case OpKind::Throw:
            m_usesErrors = m_usesErrors || op.kind == OpKind::Throw || op.rejects();
            break;
        default:
            break;
        }
        // A worker's body goes into the worker's own script, with its own imports.
        if (op.kind != OpKind::Worker)
            scan(op.body());
        for (const Block& then : op.chain())
            scan(then);
        scan(op.done());
    }
}

void JsEmitter::emitImports()
{
    const bool esm = !m_worker && m_program.module == ModuleKind::Esm;
    auto module = [&](const char* binding, const char* name) {
        if (esm)
            line(0, std::string("import ") + binding + " from \"node:" + name + "\";");
        else
            line(0, std::string("const ") + binding + " = require(\"node:" + name + "\");");
    };
    bool any = false;
    if (m_usesFs) {
        module("fs", "fs");
        any = true;
    }
    if (m_usesDns) {
        module("dns", "dns");
        any = true;
    }
    if (m_usesCrypto) {
        module("crypto", "crypto");
        any = true;
    }
    if (m_usesHttp) {
        module("http", "http");
        any = true;
    }
    if (m_usesTimersPromises) {
        module("timersPromises", "timers/promises");
        any = true;
    }
    if (!m_streamSizes.empty()) {
        module("os", "os");
        module("path", "path");
        any = true;
    }
    if (m_usesWorker || m_worker) {
        std::string names = m_usesWorker && m_worker ? "{ Worker, parentPort }"
            : m_worker                               ? "{ parentPort }"
                                                     : "{ Worker }";
        module(names.c_str(), "worker_threads");
        any = true;
    }
    // Node runs a .js file as an ES module only when it sees module syntax.
    if (esm && !any)
        line(0, "export {};");
}

void JsEmitter::line(int depth, std::string_view text)
{
    if (!text.empty())
        m_out.append(std::size_t(depth) * 4, ' ');
    m_out += text;
    m_out += '\n';
    m_lineCount += 1 + int(std::count(text.begin(), text.end(), '\n'));
}

// `open` ends with "{"; an empty body closes on the same line.
void JsEmitter::callback(int depth, const std::string& open, const Block& body, const std::string& close)
{
    if (body.empty()) {
        line(depth, open + "}" + close);
        return;
    }
    line(depth, open);
    emitBody(body, depth + 1);
    line(depth, "}" + close);
}

void JsEmitter::emitBody(const Block& block, int depth)
{
    for (const Op& op : block)
        emitOp(op, depth);
}

std::string JsEmitter::awaitExpression(const Op& op) const
{
    switch (op.await) {
    case AwaitKind::Value:
        return "await null;";
    case AwaitKind::Promise:
        // Resolving a promise with a promise costs the two extra ticks that Node 10's await paid.
        return m_program.awaitModel == AwaitModel::Node10
            ? "await new Promise((resolve) => resolve(Promise.resolve()));"
            : "await Promise.resolve();";
    case AwaitKind::Sleep:
        return "await new Promise((resolve) => setTimeout(resolve, " + jsNumber(op.ms) + "));";
    case AwaitKind::Immediate:
        return "await new Promise((resolve) => setImmediate(resolve));";
    case AwaitKind::Thenable:
        return "await { then(resolve) { resolve(); } };";
    case AwaitKind::TimersSetTimeout:
        return "await timersPromises.setTimeout(" + jsNumber(op.ms)
            + (op.text.empty() ? "" : ", undefined, " + signalOptions(op)) + ");";
    case AwaitKind::TimersSetImmediate:
        return "await timersPromises.setImmediate(" + (op.text.empty() ? "" : "undefined, " + signalOptions(op)) + ");";
    case AwaitKind::Reject:
        return m_program.awaitModel == AwaitModel::Node10
            ? "await new Promise((resolve) => resolve(Promise.reject(" + errorExpression(op) + ")));"
            : "await Promise.reject(" + errorExpression(op) + ");";
    }
    return "await null;";
}

std::string JsEmitter::schedule(const Op& op, const std::string& step) const
{
    switch (op.via) {
    case ChainVia::NextTick:
        return "process.nextTick(" + step + ");";
    case ChainVia::QueueMicrotask:
        return "queueMicrotask(" + step + ");";
    case ChainVia::Promise:
        return "Promise.resolve().then(" + step + ");";
    case ChainVia::SetTimeout:
        return "setTimeout(" + step + ", " + jsNumber(op.ms) + ");";
    case ChainVia::SetImmediate:
        return "setImmediate(" + step + ");";
    }
    return "process.nextTick(" + step + ");";
}

void JsEmitter::emitOp(const Op& op, int depth)
{
    if (m_keepLines)
        m_lines.emplace(&op, m_lineCount + 1);
    switch (op.kind) {
    case OpKind::Log:
        line(depth, "console.log(" + jsString(op.text.view()) + ");");
        break;
    case OpKind::NextTick:
        callback(depth, "process.nextTick(() => {", op.body(), ");");
        break;
    case OpKind::QueueMicrotask:
        callback(depth, "queueMicrotask(() => {", op.body(), ");");
        break;
    case OpKind::Promise: {
        const std::string start = op.rejects() ? "Promise.reject(" + errorExpression(op) + ")" : "Promise.resolve()";
        if (op.chain().empty()) {
            line(depth, start + ";");
            break;
        }
        line(depth, start);
        emitSteps(op, depth);
        break;
    }
    case OpKind::SetTimeout:
        callback(depth, named(op, "setTimeout(() => {"), op.body(), ", " + jsNumber(op.ms) + ");");
        break;
    case OpKind::ClearTimeout:
        line(depth, "clearTimeout(" + timerVariable(op.text.view()) + ");");
        break;
    case OpKind::ClearImmediate:
        line(depth, "clearImmediate(" + timerVariable(op.text.view()) + ");");
        break;
    case OpKind::Throw:
        line(depth, "throw " + errorExpression(op) + ";");
        break;
    case OpKind::Abort:
        line(depth, controllerVariable(op.text.view()) + ".abort();");
        break;
    case OpKind::PromiseAll: {
        static const char* const methods[] = { "all", "race", "allSettled", "any" };
        const std::string call = std::string("Promise.") + methods[std::size_t(op.combinator)] + "([";
        if (op.body().empty()) {
            line(depth, call + "])" + (op.chain().empty() ? ";" : ""));
        } else {
            line(depth, call);
            for (const Op& promise : op.body())
                emitCombined(promise, depth + 1);
            line(depth, op.chain().empty() ? "]);" : "])");
        }
        emitSteps(op, depth);
        break;
    }
    case OpKind::OnUnhandledRejection:
        callback(depth, "process.on(\"unhandledRejection\", () => {", op.body(), ");");
        break;
    case OpKind::OnBeforeExit:
        callback(depth, "process.once(\"beforeExit\", () => {", op.body(), ");");
        break;
    case OpKind::OnExit:
        callback(depth, "process.on(\"exit\", () => {", op.body(), ");");
        break;
    case OpKind::SetInterval: {
        const std::string id = uniqueName("interval");
        const std::string runs = id + "Runs";
        line(depth, "let " + runs + " = 0;");
        line(depth, "const " + id + " = setInterval(() => {");
        line(depth + 1, "if (++" + runs + " === " + std::to_string(op.times) + ") {");
        line(depth + 2, "clearInterval(" + id + ");");
        line(depth + 1, "}");
        emitBody(op.body(), depth + 1);
        line(depth, "}, " + jsNumber(op.ms) + ");");
        break;
    }
    case OpKind::SetImmediate:
        callback(depth, named(op, "setImmediate(() => {"), op.body(), ");");
        break;
    case OpKind::Async:
        callback(depth, "(async () => {", op.body(), ")();");
        break;
    case OpKind::Await:
        line(depth, awaitExpression(op));
        break;
    case OpKind::Try:
        line(depth, "try {");
        emitBody(op.body(), depth + 1);
        for (std::size_t i = 0; i < op.chain().size(); ++i) {
            line(depth, op.step(i) == StepKind::Catch ? "} catch {" : "} finally {");
            emitBody(op.chain()[i], depth + 1);
        }
        line(depth, "}");
        break;
    case OpKind::ForAwait: {
        // An async generator that yields `times` times, its yieldDo before each yield, and the loop over it.
        const std::string i = uniqueName("i");
        line(depth, "for await (const _ of (async function* () {");
        line(depth + 1, "for (let " + i + " = 0; " + i + " < " + std::to_string(op.times) + "; " + i + "++) {");
        emitBody(op.done(), depth + 2);
        line(depth + 2, "yield;");
        line(depth + 1, "}");
        line(depth, "})()) {");
        emitBody(op.body(), depth + 1);
        line(depth, "}");
        break;
    }
    case OpKind::ReadFile:
        callback(depth, "fs.readFile(" + scriptPath() + (op.text.empty() ? "" : ", " + signalOptions(op)) + ", () => {",
            op.body(), ");");
        break;
    case OpKind::Stat:
        callback(depth, "fs.stat(" + scriptPath() + ", () => {", op.body(), ");");
        break;
    case OpKind::Open:
        // The callback keeps the descriptor in the name's variable before its body, which may read it.
        line(depth, "fs.open(" + scriptPath() + ", \"r\", (err, fd) => {");
        line(depth + 1, fileVariable(op.text.view()) + " = fd;");
        emitBody(op.body(), depth + 1);
        line(depth, "});");
        break;
    case OpKind::Read:
        callback(depth, "fs.read(" + fileVariable(op.text.view()) + ", () => {", op.body(), ");");
        break;
    case OpKind::Close:
        callback(depth, "fs.close(" + fileVariable(op.text.view()) + ", () => {", op.body(), ");");
        break;
    case OpKind::DnsLookup:
        callback(depth, "dns.lookup(" + jsString(op.host()) + ", () => {", op.body(), ");");
        break;
    case OpKind::Pbkdf2:
        callback(depth,
            "crypto.pbkdf2(\"correct horse\", \"bookstore-salt\", " + std::to_string(op.iterations) + ", 32, "
                + digestName(op.digest) + ", () => {",
            op.body(), ");");
        break;
    case OpKind::HttpGet:
        callback(depth, "httpGet(" + jsString(op.path()) + ", () => {", op.body(), ");");
        break;
    case OpKind::Block:
        if (op.blocksForMs())
            line(depth, "blockForMs(" + std::to_string(std::int64_t(op.ms)) + ");");
        else
            line(depth, "blockForIterations(" + std::to_string(op.iterations) + ");");
        break;
    case OpKind::Repeat: {
        const std::string i = uniqueName("i");
        callback(depth, "for (let " + i + " = 0; " + i + " < " + std::to_string(op.times) + "; " + i + "++) {",
            op.body(), "");
        break;
    }
    case OpKind::Worker:
        emitWorker(op, depth);
        break;
    case OpKind::PostMessage:
        line(depth, "parentPort.postMessage(\"message\");");
        break;
    case OpKind::ReadStream:
        emitReadStream(op, depth);
        break;
    case OpKind::JsonParse:
        line(depth, "JSON.parse(orderPayload" + std::to_string(op.megabytes) + ");");
        break;
    case OpKind::Pbkdf2Sync:
        line(depth,
            "crypto.pbkdf2Sync(\"correct horse\", \"bookstore-salt\", " + std::to_string(op.iterations) + ", 32, "
                + digestName(op.digest) + ");");
        break;
    case OpKind::Regex:
        line(depth,
            std::string(op.vulnerable ? "vulnerableCoupon" : "safeCoupon") + ".test(couponInput("
                + std::to_string(op.length) + "));");
        break;
    case OpKind::Chain: {
        const std::string step = uniqueName("chain");
        const std::string count = step + "Steps";
        line(depth, "let " + count + " = 0;");
        line(depth, "const " + step + " = () => {");
        emitBody(op.body(), depth + 1);
        line(depth + 1, "if (++" + count + " < " + std::to_string(op.times) + ") {");
        line(depth + 2, schedule(op, step));
        if (op.done().empty()) {
            line(depth + 1, "}");
        } else {
            line(depth + 1, "} else {");
            emitBody(op.done(), depth + 2);
            line(depth + 1, "}");
        }
        line(depth, "};");
        line(depth, schedule(op, step));
        break;
    }
    }
}

void JsEmitter::emitWorker(const Op& op, int depth)
{
    Program script;
    script.name = m_program.name;
    script.awaitModel = m_program.awaitModel;
    script.main = op.body();
    const std::string source = JsEmitter(script, true).emit();

    const std::string id = uniqueName("worker");
    line(depth, "const " + id + " = new Worker(");
    line(depth + 1, "[");
    std::size_t start = 0;
    while (start < source.size()) {
        const std::size_t end = source.find('\n', start);
        line(depth + 2, jsString(source.substr(start, end - start)) + ",");
        start = end + 1;
    }
    line(depth + 1, "].join(\"\\n\"),");
    // The worker reads the same file as the main script from its own argv.
    line(depth + 1, "{ eval: true, argv: [" + scriptPath() + "] }");
    line(depth, ");");
    if (op.chain().empty() && !postsMessages(op.body())) {
        callback(depth, id + ".on(\"message\", () => {", op.done(), ");");
        return;
    }
    // The worker's own messages come on the same port as its "done", before it and in the order it posted them.
    line(depth, id + ".on(\"message\", (message) => {");
    line(depth + 1, "if (message === \"message\") {");
    emitBody(op.onMessage(), depth + 2);
    line(depth + 1, "} else {");
    emitBody(op.done(), depth + 2);
    line(depth + 1, "}");
    line(depth, "});");
}

void JsEmitter::emitReadStream(const Op& op, int depth)
{
    line(depth,
        "fs.createReadStream(" + streamVariable(op.iterations) + ", { highWaterMark: " + std::to_string(op.times)
            + " })");
    // A "data" listener even with no body: it is what makes the stream flow.
    const bool ends = !op.onEnd().empty();
    const bool closes = !op.onClose().empty();
    callback(depth + 1, ".on(\"data\", () => {", op.body(), ends || closes ? ")" : ");");
    if (ends)
        callback(depth + 1, ".on(\"end\", () => {", op.onEnd(), closes ? ")" : ");");
    if (closes)
        callback(depth + 1, ".on(\"close\", () => {", op.onClose(), ");");
}

bool JsEmitter::postsMessages(const Block& block)
{
    for (const Op& op : block) {
        if (op.kind == OpKind::PostMessage || postsMessages(op.body()) || postsMessages(op.done()))
            return true;
        for (const Block& then : op.chain()) {
            if (postsMessages(then))
                return true;
        }
    }
    return false;
}

} // namespace emitting

using emitting::JsEmitter;

std::string emitJs(const Program& program)
{
    return JsEmitter(program, false).emit();
}

std::string emitJsWithFigures(const Program& program)
{
    return JsEmitter(program, false).emit(true);
}

EmittedJs emitJsWithLines(const Program& program)
{
    JsEmitter emitter(program, false);
    emitter.keepLines();
    EmittedJs emitted;
    emitted.text = emitter.emit();
    emitted.lines = emitter.takeLines();
    return emitted;
}

} // namespace loopscope
