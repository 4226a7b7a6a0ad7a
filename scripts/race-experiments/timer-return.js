// What Node spends after a timer's callback returns (NodeCosts::firstTimerReturnUs): three timers in a
// row, each queueing an immediate as its last line; "returnUs" is, per timer, from that line to the
// immediate (immediates are warmed before, so theirs is not the first run). With `open`, each timer also
// makes a fs.open after queueing its immediate; "order" says which of the two came first, per timer.
// One JSON line on stderr per run, in fresh processes:
//   for i in $(seq 20); do node timer-return.js 2>>return.jsonl; node timer-return.js open 2>>open.jsonl; done
const fs = require("node:fs");
const hr = process.hrtime.bigint;
const withOpen = process.argv[2] === "open";
const returnUs = [];
const order = [];
function timer(next) {
    setTimeout(() => {
        let end;
        const first = [];
        setImmediate(() => {
            returnUs.push(Number(hr() - end) / 1e3);
            first.push("immediate");
        });
        if (withOpen) {
            fs.open(__filename, "r", (err, fd) => {
                first.push("open");
                fs.closeSync(fd);
            });
        }
        end = hr();
        setTimeout(() => {
            order.push(first.join(" "));
            next();
        }, 5);
    }, 1);
}
const report = () => process.stderr.write(JSON.stringify(withOpen ? { order } : { returnUs }) + "\n");
setImmediate(() => setImmediate(() => timer(() => timer(() => timer(report)))));
