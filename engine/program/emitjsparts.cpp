// The parts of a program's Node.js script besides its ops: the helpers it calls, the probes that
// measure it as LoopScope does (emitJsWithFigures), and the forms of version 2's promise steps and combinators.
#include "program/jsemitter.h"

namespace loopscope::emitting {

void JsEmitter::emitHelpers()
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
        line(0, MakeErrorJs);
    }
    if (!m_timerOrder.empty()) {
        line(0, "");
        line(0, "// Named timers, for clearTimeout and clearImmediate.");
        for (const std::string& name : m_timerOrder)
            line(0, "let " + timerVariable(name) + ";");
    }
    if (!m_fileOrder.empty()) {
        line(0, "");
        line(0, "// Opened files' descriptors, for fs.read and fs.close.");
        for (const std::string& name : m_fileOrder)
            line(0, "let " + fileVariable(name) + ";");
    }
    if (!m_streamSizes.empty()) {
        line(0, "");
        line(0, "// The files the readStreams read, each of the bytes it names: written before anything runs, removed");
        line(0, "// at exit.");
        for (const std::int64_t bytes : m_streamSizes) {
            const std::string file = streamVariable(bytes);
            line(0,
                "const " + file + " = path.join(os.tmpdir(), \"loopscope-stream-\" + process.pid + \"-"
                    + std::to_string(bytes) + "\");");
            line(0, "fs.writeFileSync(" + file + ", Buffer.alloc(" + std::to_string(bytes) + "));");
        }
        line(0, "process.on(\"exit\", () => {");
        for (const std::int64_t bytes : m_streamSizes)
            line(1, "fs.rmSync(" + streamVariable(bytes) + ", { force: true });");
        line(0, "});");
    }
    if (!m_controllerOrder.empty()) {
        line(0, "");
        line(0, "// AbortControllers, for the signals of timers/promises and abort(). Errors have no stack trace, so");
        line(0, "// that Node prints an AbortError nobody handled without the paths of the machine it ran on.");
        line(0, "Error.stackTraceLimit = 0;");
        for (const std::string& name : m_controllerOrder)
            line(0, "const " + controllerVariable(name) + " = new AbortController();");
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

// The program's probes as Node measures them (emitJsWithFigures).
void JsEmitter::emitFigures()
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
            "const loopscopeDelay = loopscopeHooks.monitorEventLoopDelay({ resolution: " + std::to_string(resolution)
                + " });");
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

// The steps of a promise or promiseAll op after its first line, the last one closing the statement.
void JsEmitter::emitSteps(const Op& op, int depth)
{
    static const char* const opens[] = { ".then(() => {", ".catch(() => {", ".finally(() => {" };
    for (std::size_t i = 0; i < op.chain().size(); ++i)
        callback(depth + 1, opens[std::size_t(op.step(i))], op.chain()[i], i + 1 == op.chain().size() ? ");" : ")");
}

// One promise of a promiseAll op: settled at once, or from a timer or an immediate, after its body.
void JsEmitter::emitCombined(const Op& promise, int depth)
{
    const std::string settle = promise.rejects() ? "reject(" + errorExpression(promise) + ");" : "resolve();";
    const std::string executor = promise.rejects() ? "new Promise((resolve, reject) => " : "new Promise((resolve) => ";
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
            line(depth, promise.rejects() ? "Promise.reject(" + errorExpression(promise) + ")," : "Promise.resolve(),");
            break;
        }
        line(depth, executor + "{");
        emitBody(promise.body(), depth + 1);
        line(depth + 1, settle);
        line(depth, "}),");
        break;
    }
}

} // namespace loopscope::emitting
