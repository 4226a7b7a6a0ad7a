// The race inside an immediate (tests/conformance/immediate-race-timer-vs-immediate-in-check.json),
// instrumented: hrtime around setTimeout, the millisecond of its loop clock read (_idleStart plus the
// timer base, found with a warm setTimeout read between two hrtimes of one millisecond), and the first
// callback's start. One JSON line on stderr per run; run it in fresh processes:
//   for i in $(seq 200); do node inside-immediate.js 2>>runs.jsonl >/dev/null; done
// remainAfterB < 0: a millisecond tick fell inside setTimeout after its clock read; otherwise the timer
// wins if the next uv_update_time comes remainAfterB us or more after setTimeout returned.
const hr = process.hrtime.bigint;
let a, b, c, t, first = null, firstAt;
setImmediate(() => {
  a = hr();
  t = setTimeout(() => { if (!first) { firstAt = hr(); first = 'timeout'; } console.log('timeout'); done(); }, 0);
  b = hr();
  setImmediate(() => { if (!first) { firstAt = hr(); first = 'immediate'; } console.log('immediate'); done(); });
  c = hr();
});
let n = 0;
function done() {
  if (++n < 2) return;
  // The timer base: a warm setTimeout's clock read bracketed by hrtime in the same millisecond.
  let base;
  for (;;) {
    const x = hr(); const u = setTimeout(() => {}, 0); const y = hr(); clearTimeout(u);
    if (x / 1000000n === y / 1000000n) { base = Number(x / 1000000n) - u._idleStart; break; }
  }
  const readMs = t._idleStart + base;
  const B = BigInt(readMs + 1) * 1000000n;
  process.stderr.write(JSON.stringify({ first, setTimeoutUs: Number(b - a) / 1e3, setImmediateUs: Number(c - b) / 1e3,
    readAfterA: Number(BigInt(readMs) * 1000000n - a) / 1e3, remainAfterB: Number(B - b) / 1e3,
    endToFirstUs: Number(firstAt - c) / 1e3 }) + '\n');
}
