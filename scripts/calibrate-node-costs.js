// Measures what the installed Node.js spends on each operation LoopScope models: its first use
// (its "cold path": the first console.log sets up stdout, the first setTimeout its timer lists,
// a Worker boots an isolate) beyond what a second use costs; the first run of each further line
// that calls it (a new call site: V8 sets up its feedback, the callback's closure is made); and
// each call of a line already run (a loop). LoopScope spends these times on its loop thread
// (engine/runtime/nodecosts.h); docs/FIDELITY.md explains why.
//
//   node scripts/calibrate-node-costs.js [RUNS] [OPERATION...]
//
// Every operation is measured in RUNS fresh processes (default 15), each shaped as
// `loopscope --emit-js` writes a script: the modules required at the top, stdout a pipe.
// The medians are printed in microseconds, as nodecosts.h holds them. Naming operations (the keys
// of `operations` below) measures only those, and nothing else.
"use strict";
const { spawnSync } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");

const preamble = `
const fs = require("node:fs");
const dns = require("node:dns");
const crypto = require("node:crypto");
const { Worker } = require("node:worker_threads");
const calibrationFd = fs.openSync(__filename, "r");
`;

// Each body runs twice; its first run minus its second is the cold cost.
const operations = {
    log: `console.log("x")`,
    nextTick: `process.nextTick(() => {})`,
    queueMicrotask: `queueMicrotask(() => {})`,
    promise: `Promise.resolve().then(() => {})`,
    async: `(async () => { await null; })()`,
    setTimeout: `setTimeout(() => {}, 0)`,
    setInterval: `{ const handle = setInterval(() => clearInterval(handle), 1); }`,
    setImmediate: `setImmediate(() => {})`,
    readFile: `fs.readFile(__filename, () => {})`,
    stat: `fs.stat(__filename, () => {})`,
    open: `fs.open(__filename, "r", () => {})`,
    // A descriptor opened before the clock starts (a close of it closed already still makes its request).
    read: `fs.read(calibrationFd, () => {})`,
    close: `fs.close(calibrationFd, () => {})`,
    readStream: `fs.createReadStream(__filename).on("data", () => {})`,
    dnsLookup: `dns.lookup("localhost", () => {})`,
    pbkdf2: `crypto.pbkdf2("p", "s", 1, 32, "sha256", () => {})`,
    worker: `new Worker("", { eval: true }).unref()`,
};

// How long a worker's first line waits after `new Worker` (its thread boots an isolate).
const workerStart = `
const begun = performance.timeOrigin + performance.now();
const worker = new Worker(
    'require("node:worker_threads").parentPort.postMessage(performance.timeOrigin + performance.now())',
    { eval: true });
worker.on("message", (ran) => process.stderr.write(String(Math.round((ran - begun) * 1000))));
`;

// What the main loop spends answering one HTTP request to a loopback server (the /health probe's):
// a worker asks, one request at a time every 5 ms, a new connection each, as the prober does; the main
// thread's event-loop utilisation over 100 requests after the first 20, per request, and what the first
// request cost from the moment the server listened ("each/first" in microseconds).
const serverRequest = `
const http = require("node:http");
const port = new Int32Array(new SharedArrayBuffer(8));
const prober = new Worker(\`
const { workerData } = require("node:worker_threads");
const http = require("node:http");
const port = workerData;
Atomics.wait(port, 0, 0);
let sent = 0;
const ask = () => http.get({ host: "127.0.0.1", port: port[0], path: "/health", agent: false }, (response) => {
    response.resume();
    response.on("end", () => { if (++sent < 120) setTimeout(ask, 5); });
});
ask();\`, { eval: true, workerData: port });
let answered = 0;
let from = null;
let listened = null;
let first = 0;
const server = http.createServer((request, response) => {
    response.end("ok");
    if (answered === 0)
        setImmediate(() => { first = performance.eventLoopUtilization(listened).active; });
    if (++answered === 20)
        setImmediate(() => { from = performance.eventLoopUtilization(); });
    if (answered === 120)
        setImmediate(() => {
            const used = performance.eventLoopUtilization(from);
            process.stderr.write(String(Math.round((used.active * 1000) / 100)) + "/" + Math.round(first * 1000));
            server.close();
            prober.terminate();
        });
});
server.listen(0, "127.0.0.1", () => {
    listened = performance.eventLoopUtilization();
    Atomics.store(port, 0, server.address().port);
    Atomics.notify(port, 0);
});
`;

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "calibrate-"));
process.on("exit", () => fs.rmSync(folder, { recursive: true, force: true }));

// A file, not -e: fs.readFile reads the script itself, as the emitted scripts do.
function runScript(source) {
    const script = path.join(folder, "program.js");
    fs.writeFileSync(script, source);
    const result = spawnSync(process.execPath, [script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    if (result.status !== 0)
        throw new Error(`node failed: ${result.stderr}`);
    return Number(result.stderr.trim());
}

function coldCost(body) {
    return runScript(`${preamble}
const t0 = process.hrtime.bigint();
${body};
const t1 = process.hrtime.bigint();
${body};
const t2 = process.hrtime.bigint();
process.stderr.write(String(Math.max(0, Number(t1 - t0) - Number(t2 - t1)) / 1000 | 0));
`);
}

// Twenty lines that call the operation, after two that warm its path: microseconds per line.
function siteCost(body) {
    const line = `${body};\n`;
    return runScript(`${preamble}
${line.repeat(2)}const t0 = process.hrtime.bigint();
${line.repeat(20)}const perLine = Number(process.hrtime.bigint() - t0) / 20;
process.stderr.write(String(perLine / 1000));
`);
}

// One line run a thousand times after a hundred: microseconds per call.
function callCost(body) {
    return runScript(`${preamble}
const call = () => { ${body}; };
for (let i = 0; i < 100; i++) call();
const t0 = process.hrtime.bigint();
for (let i = 0; i < 1000; i++) call();
const perCall = Number(process.hrtime.bigint() - t0) / 1000;
process.stderr.write(String(perCall / 1000));
`);
}

function median(values) {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
}

function repeat(runs, measure) {
    return median(Array.from({ length: runs }, measure));
}

const runs = Number(process.argv[2] || 15);
const only = process.argv.slice(3);
console.log(`Node ${process.version} (libuv ${process.versions.uv}), ${runs} runs each, medians in microseconds`);
const round = (us) => (us < 10 ? us.toFixed(1) : String(Math.round(us))).padStart(8);
console.log(`${"".padEnd(16)} ${"first".padStart(8)} ${"site".padStart(8)} ${"call".padStart(8)}`);
for (const [name, body] of Object.entries(operations)) {
    if (only.length > 0 && !only.includes(name))
        continue;
    if (name === "worker") {
        console.log(`${name.padEnd(16)} ${round(repeat(runs, () => coldCost(body)))}`);
        continue;
    }
    const first = repeat(runs, () => coldCost(body));
    const site = repeat(runs, () => siteCost(body));
    const call = repeat(runs, () => callCost(body));
    console.log(`${name.padEnd(16)} ${round(first)} ${round(site)} ${round(call)}`);
}
if (only.length > 0)
    process.exit(0);
console.log(`${"workerStart".padEnd(16)} ${repeat(runs, () => runScript(preamble + workerStart))}`);
// runScript reads a number; this one prints two.
function serverCosts() {
    const script = path.join(folder, "program.js");
    fs.writeFileSync(script, preamble + serverRequest);
    const result = spawnSync(process.execPath, [script], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    if (result.status !== 0)
        throw new Error(`node failed: ${result.stderr}`);
    return result.stderr.trim().split("/").map(Number);
}
const served = Array.from({ length: runs }, serverCosts);
console.log(`${"serverRequest".padEnd(16)} ${median(served.map((s) => s[0]))} each, first ${median(served.map((s) => s[1]))}`);
