// How Node's parent takes in a worker's console lines (NodeCosts::workerLinesFirstTakenUs and its
// neighbours). The parent's process.stdout.write is wrapped to stamp each line it prints, in us from
// `new Worker` (hrtime is CLOCK_MONOTONIC on every thread). The parent prints a line of its own first, so
// that its process.stdout exists before the worker's lines come (the parent's first line makes it: 0.4 ms
// more on the worker's first line otherwise). One JSON line on stderr per run:
//   node worker-lines.js pass   the worker prints one line; "pass": from its print to a setImmediate
//                               queued there, i.e. to the end of the poll phase that took it in
//   node worker-lines.js held   the worker prints two lines, the second held until the parent asks for
//                               more: "held" is from the first's print to the second's, "inPass" whether
//                               the second came before that setImmediate (in the same take-in)
//   node worker-lines.js race   the worker prints a line, posts a message, and prints a line from a
//                               nextTick: "tickFirst" whether that line came before the message's handler
// Run each mode in fresh processes, stdout to a file (a closed pipe kills the run):
//   for i in $(seq 25); do node worker-lines.js held 2>>held.jsonl >/dev/null; done
const { Worker } = require("node:worker_threads");
const hr = process.hrtime.bigint;
const mode = process.argv[2] ?? "race";
const bodies = {
    pass: "console.log(\"first\");",
    held: "console.log(\"first\"); console.log(\"second\");",
    race: [
        "const { parentPort } = require(\"node:worker_threads\");",
        "console.log(\"first\");",
        "parentPort.postMessage(\"message\");",
        "process.nextTick(() => console.log(\"second\"));",
    ].join("\n"),
};
const t = {};
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
    const line = String(chunk).trim();
    t[line] ??= hr();
    if (line === "first")
        setImmediate(() => { t.immediate = hr(); });
    return write(chunk, ...rest);
};
// In an immediate, as the difftest's programs make most of their workers; made in the main module, the
// parent's take-in took 420 us rather than 250 (medians of 30).
setImmediate(() => {
    console.log("parent");
    const worker = new Worker(bodies[mode], { eval: true });
    const t0 = hr();
    if (mode === "race")
        worker.on("message", () => { t.message = hr(); });
    worker.on("exit", () => {
        const us = (x) => x === undefined ? null : Number(x - t0) / 1e3;
        const out = { mode, first: us(t.first) };
        if (mode === "pass")
            out.pass = us(t.immediate) - out.first;
        if (mode === "held") {
            out.held = us(t.second) - out.first;
            out.inPass = t.second < t.immediate;
        }
        if (mode === "race")
            out.tickFirst = t.second < t.message;
        process.stderr.write(JSON.stringify(out) + "\n");
    });
});
