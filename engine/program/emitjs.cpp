#include "program/program.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <set>

namespace loopscope {

namespace {

// A double-quoted JavaScript string literal holding exactly `text` (UTF-8).
std::string jsString(std::string_view text)
{
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                out += "\\x";
                out += digits[c >> 4];
                out += digits[c & 0xF];
            } else if (c == 0xE2 && i + 2 < text.size() && text[i + 1] == '\x80'
                && (text[i + 2] == '\xA8' || text[i + 2] == '\xA9')) {
                // Line and paragraph separators end a line in older engines and in editors.
                out += text[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
                i += 2;
            } else {
                out += char(c);
            }
        }
    }
    out += '"';
    return out;
}

// Text for a // comment: one line, whatever the program's strings hold.
std::string commentText(std::string_view text)
{
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F) {
            out += ' ';
        } else if (c == 0xE2 && i + 2 < text.size() && text[i + 1] == '\x80'
            && (text[i + 2] == '\xA8' || text[i + 2] == '\xA9')) {
            out += ' ';
            i += 2;
        } else {
            out += char(c);
        }
    }
    return out;
}

std::string jsNumber(double value)
{
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value < 0 ? "-Infinity" : "Infinity";
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
    return std::string(buffer, result.ptr);
}

const char* digestName(Digest digest)
{
    return digest == Digest::Sha512 ? "\"sha512\"" : "\"sha256\"";
}

// Writes one script: the main module, or (for a worker op) the worker's own script.
class JsEmitter
{
public:
    JsEmitter(const Program& program, bool worker)
        : m_program(program)
        , m_worker(worker)
    { }

    std::string emit(bool withFigures = false)
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
    // Makes emit() note the line each op starts on: a map entry per op, for the window's script view.
    void keepLines() { m_keepLines = true; }
    // After emit(): the line (from 1) each op of the script starts on.
    std::unordered_map<const Op*, int> takeLines() { return std::move(m_lines); }

private:
    void scan(const Block& block)
    {
        for (const Op& op : block) {
            switch (op.kind) {
            case OpKind::ReadFile:
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

    void emitImports()
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

    // The program's probes as Node measures them (emitJsWithFigures).
    void emitFigures()
    {
        const bool esm = m_program.module == ModuleKind::Esm;
        auto module = [&](const char* binding, const char* name) {
            if (esm)
                line(0, std::string("import * as ") + binding + " from \"node:" + name + "\";");
            else
                line(0, std::string("const ") + binding + " = require(\"node:" + name + "\");");
        };
        line(0, "");
        line(0, "// LoopScope's probes, measured by Node itself; the figures go to stderr at exit.");
        line(0, "const loopscopeStart = performance.timeOrigin + performance.now();");
        module("loopscopeHooks", "perf_hooks");
        module("loopscopeFs", "fs");
        const int resolution = m_program.delayMonitorMs;
        const int health = m_program.healthProbeMs;
        if (resolution > 0) {
            line(0,
                "const loopscopeDelay = loopscopeHooks.monitorEventLoopDelay({ resolution: "
                    + std::to_string(resolution) + " });");
            line(0, "loopscopeDelay.enable();");
        }
        if (health > 0) {
            module("loopscopeHttp", "http");
            module("loopscopeThreads", "worker_threads");
            // The prober's requests, written by its thread into shared memory: slot 0 counts them, then
            // each is when it was sent (ms since the program started) and how long it took. The prober
            // starts with the program, as LoopScope's does, and waits for the server's port.
            line(0, "const loopscopeHealth = new Float64Array(new SharedArrayBuffer(8 * 65536));");
            line(0, "const loopscopePort = new Int32Array(new SharedArrayBuffer(4));");
            line(0, "const loopscopeProber = new loopscopeThreads.Worker(");
            line(1, "[");
            const char* const prober[] = {
                "const { workerData } = require(\"node:worker_threads\");",
                "const http = require(\"node:http\");",
                "const { port, every, times, start } = workerData;",
                "Atomics.wait(port, 0, 0);",
                "let inFlight = false;",
                "setInterval(() => {",
                "    if (inFlight) return;",
                "    inFlight = true;",
                "    const sent = performance.timeOrigin + performance.now();",
                "    const options = { host: \"127.0.0.1\", port: port[0], path: \"/health\", agent: false };",
                "    const request = http.get(options, (response) => {",
                "        response.resume();",
                "        response.on(\"end\", () => {",
                "            inFlight = false;",
                "            const n = times[0];",
                "            if (2 * n + 2 < times.length) {",
                "                times[2 * n + 1] = sent - start;",
                "                times[2 * n + 2] = performance.timeOrigin + performance.now() - sent;",
                "                times[0] = n + 1;",
                "            }",
                "        });",
                "    });",
                "    request.on(\"error\", () => { inFlight = false; });",
                "}, every);",
            };
            for (const char* text : prober)
                line(2, jsString(text) + ",");
            line(1, "].join(\"\\n\"),");
            line(1,
                "{ eval: true, workerData: { port: loopscopePort, every: " + std::to_string(health)
                    + ", times: loopscopeHealth, start: loopscopeStart } }");
            line(0, ");");
            line(0, "loopscopeProber.unref();");
            line(0, "const loopscopeServer = loopscopeHttp.createServer((request, response) => response.end(\"ok\"));");
            line(0, "loopscopeServer.listen(0, \"127.0.0.1\", () => {");
            line(1, "Atomics.store(loopscopePort, 0, loopscopeServer.address().port);");
            line(1, "Atomics.notify(loopscopePort, 0);");
            line(0, "});");
            line(0, "loopscopeServer.unref();");
        }
        line(0, "process.on(\"exit\", () => {");
        line(1, "const figures = { elu: loopscopeHooks.performance.eventLoopUtilization() };");
        if (resolution > 0) {
            line(1, "const h = loopscopeDelay;");
            line(1,
                "figures.delay = h.count === 0 ? { count: 0 } : { count: h.count, min: h.min / 1e6, mean: h.mean / "
                "1e6,");
            line(2, "p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 };");
            line(1, "figures.resolutionMs = " + std::to_string(resolution) + ";");
        }
        if (health > 0) {
            line(1, "figures.health = [];");
            line(1, "for (let i = 0; i < loopscopeHealth[0]; i++)");
            line(2, "figures.health.push({ sentMs: loopscopeHealth[2 * i + 1], ms: loopscopeHealth[2 * i + 2] });");
        }
        line(1, "loopscopeFs.writeSync(2, \"loopscope-figures \" + JSON.stringify(figures) + \"\\n\");");
        line(0, "});");
    }

    void emitHelpers()
    {
        for (std::int64_t mb : m_payloadSizes) {
            // Built before anything runs, so that only the parse is timed.
            const std::string name = "orderPayload" + std::to_string(mb);
            line(0, "");
            line(0, "const " + name + " = (() => {");
            line(1, "const lines = [];");
            line(1, "let size = 2;");
            line(1, "for (let i = 0; size < " + std::to_string(mb) + " * 1024 * 1024; i++) {");
            line(2,
                "const order = JSON.stringify({ orderId: i, isbn: \"9780441172719\", quantity: 2, unitPrice: 349.9, "
                "status: \"Paid\" });");
            line(2, "lines.push(order);");
            line(2, "size += order.length + 1;");
            line(1, "}");
            line(1, "return \"[\" + lines.join(\",\") + \"]\";");
            line(0, "})();");
        }
        if (m_usesRegex) {
            line(0, "");
            line(0, "// Nested quantifiers: every extra character doubles the backtracking on a failing input.");
            line(0, "const vulnerableCoupon = /^([A-Z0-9]+-?)+$/;");
            line(0, "const safeCoupon = /^[A-Z0-9]+(-[A-Z0-9]+)*$/;");
            line(0, "const couponInput = (length) => \"BOOKSTORE2026BOOKSTORE2026BOOK\".slice(0, length - 1) + \"!\";");
        }
        if (m_usesHttp) {
            line(0, "");
            line(0, "// The loopback server that httpGet asks; unref'd so that it never keeps the process alive.");
            line(0, "const server = http.createServer((request, response) => {");
            line(1, "response.end(\"ok\");");
            line(0, "});");
            line(0, "server.listen(0, \"127.0.0.1\");");
            line(0, "server.unref();");
            line(0, "function httpGet(path, callback) {");
            line(1, "const send = () => {");
            line(2, "const options = { host: \"127.0.0.1\", port: server.address().port, path, agent: false };");
            line(2, "http.get(options, (response) => {");
            line(3, "response.resume();");
            line(3, "response.on(\"end\", callback);");
            line(2, "});");
            line(1, "};");
            line(1, "if (server.listening) {");
            line(2, "send();");
            line(1, "} else {");
            line(2, "server.once(\"listening\", send);");
            line(1, "}");
            line(0, "}");
        }
        if (m_usesBlockMs) {
            line(0, "");
            line(0, "// Synchronous SHA-256 work on this thread for `ms` milliseconds.");
            line(0, "function blockForMs(ms) {");
            line(1, "const hash = crypto.createHash(\"sha256\");");
            line(1, "const start = performance.now();");
            line(1, "while (performance.now() - start < ms) {");
            line(2, "hash.update(crypto.randomBytes(100).toString(\"hex\"));");
            line(1, "}");
            line(1, "return hash.digest(\"hex\");");
            line(0, "}");
        }
        if (m_usesErrors) {
            line(0, "");
            line(0, "// An Error without a stack trace: Node prints an unhandled one as \"[Error: message]\".");
            line(0, "function makeError(message) {");
            line(1, "const error = new Error(message);");
            line(1, "error.stack = \"Error: \" + message;");
            line(1, "return error;");
            line(0, "}");
        }
        if (!m_timerOrder.empty()) {
            line(0, "");
            line(0, "// Named timers, for clearTimeout and clearImmediate.");
            for (const std::string& name : m_timerOrder)
                line(0, "let " + timerVariable(name) + ";");
        }
        if (m_usesBlockIterations) {
            line(0, "");
            line(0, "// Synchronous SHA-256 work on this thread: `iterations` updates.");
            line(0, "function blockForIterations(iterations) {");
            line(1, "const hash = crypto.createHash(\"sha256\");");
            line(1, "for (let i = 0; i < iterations; i++) {");
            line(2, "hash.update(crypto.randomBytes(100).toString(\"hex\"));");
            line(1, "}");
            line(1, "return hash.digest(\"hex\");");
            line(0, "}");
        }
        line(0, "");
    }

    void line(int depth, std::string_view text)
    {
        if (!text.empty())
            m_out.append(std::size_t(depth) * 4, ' ');
        m_out += text;
        m_out += '\n';
        m_lineCount += 1 + int(std::count(text.begin(), text.end(), '\n'));
    }

    std::string uniqueName(const char* stem) { return stem + std::to_string(++m_counter); }

    static std::string timerVariable(std::string_view name) { return "timer_" + std::string(name); }

    // setTimeout or setImmediate, assigned to its name's variable when it has one.
    std::string named(const Op& op, const std::string& call) const
    {
        return op.text.empty() ? call : timerVariable(op.text.view()) + " = " + call;
    }

    static std::string errorExpression(const Op& op) { return "makeError(" + jsString(op.text.view()) + ")"; }

    // The steps of a promise or promiseAll op after its first line, the last one closing the statement.
    void emitSteps(const Op& op, int depth)
    {
        static const char* const opens[] = { ".then(() => {", ".catch(() => {", ".finally(() => {" };
        for (std::size_t i = 0; i < op.chain().size(); ++i)
            callback(depth + 1, opens[std::size_t(op.step(i))], op.chain()[i], i + 1 == op.chain().size() ? ");" : ")");
    }

    // One promise of a promiseAll op: settled at once, or from a timer or an immediate, after its body.
    void emitCombined(const Op& promise, int depth)
    {
        const std::string settle = promise.rejects() ? "reject(" + errorExpression(promise) + ");" : "resolve();";
        const std::string executor
            = promise.rejects() ? "new Promise((resolve, reject) => " : "new Promise((resolve) => ";
        switch (promise.await) {
        case AwaitKind::Sleep:
        case AwaitKind::Immediate: {
            const bool sleep = promise.await == AwaitKind::Sleep;
            line(depth, executor + (sleep ? "setTimeout(() => {" : "setImmediate(() => {"));
            emitBody(promise.body(), depth + 1);
            line(depth + 1, settle);
            line(depth, std::string("}") + (sleep ? ", " + jsNumber(promise.ms) : std::string()) + ")),");
            break;
        }
        default:
            if (promise.body().empty()) {
                line(depth,
                    promise.rejects() ? "Promise.reject(" + errorExpression(promise) + ")," : "Promise.resolve(),");
                break;
            }
            line(depth, executor + "{");
            emitBody(promise.body(), depth + 1);
            line(depth + 1, settle);
            line(depth, "}),");
            break;
        }
    }

    // `open` ends with "{"; an empty body closes on the same line.
    void callback(int depth, const std::string& open, const Block& body, const std::string& close)
    {
        if (body.empty()) {
            line(depth, open + "}" + close);
            return;
        }
        line(depth, open);
        emitBody(body, depth + 1);
        line(depth, "}" + close);
    }

    void emitBody(const Block& block, int depth)
    {
        for (const Op& op : block)
            emitOp(op, depth);
    }

    std::string scriptPath() const { return m_worker ? "process.argv[2]" : "process.argv[1]"; }

    std::string awaitExpression(const Op& op) const
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
        }
        return "await null;";
    }

    std::string schedule(const Op& op, const std::string& step) const
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

    void emitOp(const Op& op, int depth)
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
            const std::string start
                = op.rejects() ? "Promise.reject(" + errorExpression(op) + ")" : "Promise.resolve()";
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
        case OpKind::ReadFile:
            callback(depth, "fs.readFile(" + scriptPath() + ", () => {", op.body(), ");");
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

    void emitWorker(const Op& op, int depth)
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
        callback(depth, id + ".on(\"message\", () => {", op.done(), ");");
    }

    const Program& m_program;
    bool m_worker = false;
    bool m_withFigures = false;
    bool m_usesFs = false;
    bool m_usesDns = false;
    bool m_usesCrypto = false;
    bool m_usesHttp = false;
    bool m_usesWorker = false;
    bool m_usesBlockMs = false;
    bool m_usesBlockIterations = false;
    bool m_usesRegex = false;
    bool m_usesErrors = false;
    std::set<std::string> m_timerNames;
    std::vector<std::string> m_timerOrder; // the names in the order they first appear
    std::set<std::int64_t> m_payloadSizes;
    int m_counter = 0;
    std::string m_out;
    int m_lineCount = 0;
    bool m_keepLines = false;
    std::unordered_map<const Op*, int> m_lines;
};

} // namespace

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
