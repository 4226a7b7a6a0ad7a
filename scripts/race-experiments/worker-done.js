// The worker race (tests/conformance/worker-done-races-worker-tick.json), instrumented: when the worker
// posts "done" (t1) and its tick's console line (t2 before the console.log, t3 after), when the main
// thread handled the worker's UP_AND_RUNNING ("online") and dispatched "done", in us from `new Worker`
// (hrtime is CLOCK_MONOTONIC on every thread). The times go to the parent after the race, in the
// tick's own message. One JSON line on stderr per run; stdout to a file (a closed pipe kills the run):
//   for i in $(seq 80); do node worker-done.js 2>>runs.jsonl >out.txt; head -1 out.txt >>first.txt; done
const { Worker } = require("node:worker_threads");
const hr = process.hrtime.bigint;
const t = {};
const worker1 = new Worker(
    [
        "const { parentPort } = require(\"node:worker_threads\");",
        "const hr = process.hrtime.bigint;",
        "process.nextTick(() => {",
        "    const t2 = hr(); console.log(\"tick\"); const t3 = hr();",
        "    parentPort.postMessage({ t1: String(t1), t2: String(t2), t3: String(t3) });",
        "});",
        "const t1 = hr();",
        "parentPort.postMessage(\"done\");",
    ].join("\n"),
    { eval: true, argv: [process.argv[1]] }
);
const t0 = hr();
worker1.on("online", () => { t.online = hr(); });
worker1.on("message", (m) => {
    if (m === "done") { t.done = hr(); console.log("done"); t.doneLogged = hr(); return; }
    Object.assign(t, m);
});
worker1.on("exit", () => {
    const rel = (x) => x === undefined ? null : Number(BigInt(x) - t0) / 1e3;
    process.stderr.write(JSON.stringify(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, rel(v)]))) + "\n");
});
