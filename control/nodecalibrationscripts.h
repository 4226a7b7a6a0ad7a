#pragma once

// The scripts NodeCalibration runs in fresh node processes, each shaped as `loopscope --emit-js` writes
// a program's script.
#include "program/program.h"

#include <QByteArray>

namespace calibration {

// Each script writes its figures on stderr as a JSON array of microseconds; stdout stays a pipe, as it
// is when LoopScope compares a program with Node.

// The main module's first console.log beyond its second (the first sets up stdout), then the mean of the
// next twenty lines, each a line of its own as calibrate-node-costs.js's siteCost writes them: Node's
// console.log takes tens of uses to warm, and a program's lines are among them (Result::logLineUs).
inline QByteArray firstLogScript()
{
    return QByteArray(R"(const t0 = process.hrtime.bigint();
console.log("x");
const t1 = process.hrtime.bigint();
console.log("y");
const t2 = process.hrtime.bigint();
)")
        + QByteArray(R"(console.log("z");
)")
              .repeated(20)
        + R"(const t3 = process.hrtime.bigint();
process.stderr.write(JSON.stringify([Number(t1 - t0 - (t2 - t1)) / 1000, Number(t3 - t2) / 20 / 1000]));
)";
}

// setTimeout's first use beyond its second, then setImmediate's after it (as main-race uses them: some of
// their cold paths are shared, and setTimeout pays for those).
inline constexpr auto FirstTimersScript = R"(const t0 = process.hrtime.bigint();
setTimeout(() => {}, 0);
const t1 = process.hrtime.bigint();
setTimeout(() => {}, 0);
const t2 = process.hrtime.bigint();
setImmediate(() => {});
const t3 = process.hrtime.bigint();
setImmediate(() => {});
const t4 = process.hrtime.bigint();
process.stderr.write(JSON.stringify([Number(t1 - t0 - (t2 - t1)) / 1000, Number(t3 - t2 - (t4 - t3)) / 1000]));
)";

// main-race as `loopscope --emit-js --scenario main-race` writes it.
inline constexpr auto MainRaceScript = R"(setTimeout(() => {
    console.log("timeout");
}, 0);
setImmediate(() => {
    console.log("immediate");
});
)";

// setTimeout(0) and setImmediate queued from inside an immediate, as `--emit-js` writes
// tests/conformance/immediate-race-timer-vs-immediate-in-check.json.
inline constexpr auto CheckRaceScript = R"(setImmediate(() => {
    setTimeout(() => {
        console.log("timeout");
    }, 0);
    setImmediate(() => {
        console.log("immediate");
    });
});
)";

// A worker's first console.log beyond its second, after its postMessage (as in a program whose worker
// logs from a nextTick: some cold paths are the port's, and postMessage pays for those), and the time
// from its last line (postMessage) to its first nextTick.
inline constexpr auto WorkerScript = R"(const { Worker } = require("node:worker_threads");
const worker = new Worker(`
const { parentPort } = require("node:worker_threads");
parentPort.postMessage("done");
const posted = performance.now();
process.nextTick(() => {
    const t0 = performance.now();
    console.log("x");
    const t1 = performance.now();
    console.log("y");
    const t2 = performance.now();
    parentPort.postMessage([(t1 - t0 - (t2 - t1)) * 1000, (t0 - posted) * 1000]);
});
`, { eval: true });
worker.on("message", (message) => {
    if (Array.isArray(message))
        process.stderr.write(JSON.stringify(message));
});
)";

// The emitted scripts' makeError, and a line's end after it.
inline QByteArray makeErrorScript()
{
    return QByteArray(loopscope::MakeErrorJs.data(), qsizetype(loopscope::MakeErrorJs.size())) + '\n';
}

// The modules `loopscope --emit-js` requires at a script's top, a descriptor for the read and close bodies,
// and controllers for abort's (makeErrorScript() follows).
inline constexpr auto FirstUsePreamble = R"(const fs = require("node:fs");
const dns = require("node:dns");
const crypto = require("node:crypto");
const { Worker } = require("node:worker_threads");
const calibrationFd = fs.openSync(__filename, "r");
const calibrationControllers = [new AbortController(), new AbortController()];
)";

// The pool's threads started before the clock: LoopScope's loop thread starts libuv's pool at a program's
// first request as Node's does, and pays for the threads itself. pbkdf2 is started with a request of
// another module's, so that none of its own cold path is warmed.
inline constexpr auto PoolStart = R"(crypto.pbkdf2("p", "s", 1, 32, "sha256", () => {});
)";
inline constexpr auto PoolStartForPbkdf2 = R"(fs.stat(__filename, () => {});
)";

// Each body runs twice, in a process of its own; its first run beyond its second is its first use.
struct FirstUse
{
    loopscope::OpKind kind;
    const char* key; // in the settings and the description
    const char* body;
    bool usesPool;
};

inline constexpr FirstUse FirstUses[] = {
    { loopscope::OpKind::NextTick, "nextTick", "process.nextTick(() => {})", false },
    // A promise and a reaction; a combinator's first use beyond it is a few microseconds (Node v20.20.2).
    { loopscope::OpKind::Promise, "promise", "Promise.resolve().then(() => {})", false },
    { loopscope::OpKind::Async, "async", "(async () => {})()", false },
    // makeError's first Error: a throw's first use, and a rejection's (RuntimeContext::spendRejection).
    { loopscope::OpKind::Throw, "error", R"(makeError("calibration"))", false },
    { loopscope::OpKind::QueueMicrotask, "queueMicrotask", "queueMicrotask(() => {})", false },
    { loopscope::OpKind::ReadFile, "readFile", "fs.readFile(__filename, () => {})", true },
    { loopscope::OpKind::Stat, "stat", "fs.stat(__filename, () => {})", true },
    { loopscope::OpKind::Open, "open", R"(fs.open(__filename, "r", () => {}))", true },
    { loopscope::OpKind::Read, "read", "fs.read(calibrationFd, () => {})", true },
    // The second close of the descriptor fails with EBADF, and still makes its request.
    { loopscope::OpKind::Close, "close", "fs.close(calibrationFd, () => {})", true },
    { loopscope::OpKind::ReadStream, "readStream", R"(fs.createReadStream(__filename).on("data", () => {}))", true },
    // Its second call has a cold path of its own (Result::dnsLookupSecondUs).
    { loopscope::OpKind::DnsLookup, "dnsLookup", R"(dns.lookup("localhost", () => {}))", true },
    { loopscope::OpKind::Pbkdf2, "pbkdf2", R"(crypto.pbkdf2("p", "s", 1, 32, "sha256", () => {}))", true },
    // An abort() of a controller the script made at its top, as the emitted scripts make theirs: its first
    // builds the AbortError (a DOMException).
    { loopscope::OpKind::Abort, "abort", "calibrationControllers.shift().abort()", false },
    // `new Worker` itself, on the creating thread; the worker's own start-up is WorkerStartScript's. Its
    // second costs as much as its first, so its lines are calibrated too (Result::workerLineUs).
    { loopscope::OpKind::Worker, "worker", R"(new Worker("", { eval: true }).unref())", false },
};

// With `afterLog`, the first use after a first console.log (NodeCosts::warmedByLogUs).
inline QByteArray firstUseScript(const FirstUse& use, bool afterLog = false)
{
    QByteArray script = FirstUsePreamble + makeErrorScript();
    if (afterLog)
        script += "console.log(\"calibration\");\n";
    if (use.usesPool)
        script += use.kind == loopscope::OpKind::Pbkdf2 ? PoolStartForPbkdf2 : PoolStart;
    script += QByteArray("const t0 = process.hrtime.bigint();\n") + use.body + ";\n"
        + "const t1 = process.hrtime.bigint();\n" + use.body + ";\n"
        + "const t2 = process.hrtime.bigint();\n"
          "process.stderr.write(JSON.stringify([Number(t1 - t0 - (t2 - t1)) / 1000, Number(t2 - t1) / 1000]));\n";
    return script;
}

// A first fs.stat with the pool not started: run with a pool of 1 thread and of 8, less the same stat with
// the pool started, it gives what starting the pool costs and what each thread adds. With the argument
// "worker", a worker starts just before it: what the start costs beyond that while the worker boots.
inline constexpr auto PoolStartScript = R"(const fs = require("node:fs");
if (process.argv[2] === "worker") {
    const { Worker } = require("node:worker_threads");
    new Worker("setTimeout(() => {}, 30);", { eval: true });
}
const t0 = process.hrtime.bigint();
fs.stat(__filename, () => {});
const t1 = process.hrtime.bigint();
process.stderr.write(JSON.stringify([Number(t1 - t0) / 1000]));
)";
inline constexpr int SmallPool = 1;
inline constexpr int LargePool = 8;
inline constexpr int PoolBesideWorker = 4;

// The main module's end to its first immediate, as `loopscope --emit-js` writes a program without an httpGet,
// with one (its server listens at the script's top: Node binds and emits 'listening' in the ticks after the
// main module), and with an httpGet in the main module (sent from 'listening'): what listening and the
// first request add to that span; with the request, also its way from that immediate to the response's end,
// less a third request's whole round trip. With a rejection handled in the main module instead, what Node's
// processPromiseRejections adds to it, and beside it the span of the first rejection itself (its Errors
// made before, so that makeError's first use is not in it; less a second rejection's). makeErrorScript()
// goes before it.
inline constexpr auto MainEndScript = R"(const http = require("node:http");
const mode = process.argv[2];
const figures = [];
if (mode === "reject") {
    const errors = [makeError("first"), makeError("second")];
    const t0 = process.hrtime.bigint();
    Promise.reject(errors[0]).catch(() => {});
    const t1 = process.hrtime.bigint();
    Promise.reject(errors[1]).catch(() => {});
    const t2 = process.hrtime.bigint();
    figures.push(Number(t1 - t0 - (t2 - t1)) / 1000);
} else if (mode !== "none") {
    const server = http.createServer((request, response) => {
        response.end("ok");
    });
    server.listen(0, "127.0.0.1");
    server.unref();
    if (mode === "get") {
        server.once("listening", () => {
            const options = { host: "127.0.0.1", port: server.address().port, path: "/health", agent: false };
            const get = (then) => http.get(options, (response) => {
                response.resume();
                response.on("end", then);
            });
            get(() => {
                const first = performance.now() - immediate;
                get(() => {
                    const third = performance.now();
                    get(() => {
                        figures.push((first - (performance.now() - third)) * 1000);
                        report();
                    });
                });
            });
        });
    }
}
const ended = performance.now();
let immediate = 0;
const report = () => process.stderr.write(JSON.stringify([(immediate - ended) * 1000, ...figures]));
setImmediate(() => {
    immediate = performance.now();
    if (mode !== "get")
        report();
});
)";

// From `new Worker` returning to the worker's first line: its thread boots an isolate and Node's bootstrap.
inline constexpr auto WorkerStartScript = R"(const { Worker } = require("node:worker_threads");
const worker = new Worker(
    'require("node:worker_threads").parentPort.postMessage(performance.timeOrigin + performance.now())',
    { eval: true });
const constructed = performance.timeOrigin + performance.now();
worker.on("message", (ran) => process.stderr.write(JSON.stringify([(ran - constructed) * 1000])));
)";

} // namespace calibration
