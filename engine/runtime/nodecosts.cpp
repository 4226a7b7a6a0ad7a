#include "runtime/nodecosts.h"

#include <time.h>

namespace loopscope {

NodeCosts NodeCosts::node20()
{
    // Medians of `node scripts/calibrate-node-costs.js 15` with Node v20.20.2, stdout a pipe.
    NodeCosts costs;
    auto set = [&costs](OpKind kind, std::uint32_t us) { costs.firstUseUs[std::size_t(kind)] = us; };
    set(OpKind::Log, 2200);
    set(OpKind::NextTick, 110);
    set(OpKind::QueueMicrotask, 90);
    // setTimeout's first use: about 100 us before it reads the loop clock (its Timeout), 140 us after (its
    // list, the queue, the libuv timer, the timers' debug log). The part after is the mean span a timer set
    // inside an immediate beats the immediate queued beside it by (14 % of runs; a median of the time
    // itself, with getLibuvNow wrapped, said 110 us: the slow runs count).
    set(OpKind::SetTimeout, 100);
    set(OpKind::SetInterval, 110);
    costs.afterFirstUseUs[std::size_t(OpKind::SetTimeout)] = 140;
    costs.afterFirstUseUs[std::size_t(OpKind::SetInterval)] = 140;
    set(OpKind::SetImmediate, 110);
    set(OpKind::ReadFile, 370);
    // fs.stat: 240 us first, 17 and 8 us a line (21 runs with Node v20.20.2, load 3.7; readFile 350 beside it).
    set(OpKind::Stat, 240);
    set(OpKind::DnsLookup, 3000);
    // dns.lookup's second call, from any line, took Node v20.20.2 1.7 to 1.9 ms on the main thread beside a
    // first of 8.5 to 9.3 ms, on 2026-12-07 (a third, 30 us); scaled as the first (this table's 3 ms).
    costs.secondUseUs[std::size_t(OpKind::DnsLookup)] = 800;
    // The first process.nextTick and queueMicrotask after a first console.log, less those without one: 115
    // and 30 us (medians of 7 fresh processes, Node v20.20.2 on 2026-12-08, stdout a file or a pipe; the
    // calibration measures both on the machine). setImmediate's 23 us is left to its calibrated race.
    costs.warmedByLogUs[std::size_t(OpKind::NextTick)] = 115;
    costs.warmedByLogUs[std::size_t(OpKind::QueueMicrotask)] = 30;
    // AbortController.abort(): its first builds the AbortError (a DOMException), 450 to 570 us here beside a
    // first console.log of 4.2 ms; scaled to this table's 2.2 ms.
    set(OpKind::Abort, 260);
    set(OpKind::Pbkdf2, 370);
    // A promise and its reaction, an async function, and makeError's first Error (a throw's, and every
    // rejection's: RuntimeContext::spendRejection); then a promise rejected with no handler, at the
    // rejection and after the drain. Node 20.20.2 on 2026-12-07 took 28, 16, 81, 152 and 106 us, beside a
    // nextTick of 161 us and a queueMicrotask of 127 (this table's 110 and 90): scaled by 3/4. A rejection
    // handled in the main module made main-race's timer win 63 to 88 runs in 100, against 23 to 38 without.
    set(OpKind::Promise, 21);
    set(OpKind::Async, 12);
    set(OpKind::Throw, 60);
    costs.firstUnhandledRejectionUs = 115;
    costs.rejectionsProcessedUs = 80;
    // `new Worker` itself, on the creating thread; the worker's own start-up is workerStartUs. Each later
    // `new Worker` line builds its thread, ports and environment again: 1.0 to 1.5 ms here beside a first
    // console.log of 4.2 ms (setLine below, scaled to this table's 2.2 ms).
    set(OpKind::Worker, 2200);
    // Tenths of a microsecond: the first run of a line calling the op, and each later run of it.
    // Later runs below a microsecond are left out: they would slow a storm of a million steps to
    // Node's own speed, and they are too short to change the order of anything.
    auto setLine = [&costs](OpKind kind, std::uint32_t site, std::uint32_t call) {
        costs.siteTenthsUs[std::size_t(kind)] = site;
        costs.callTenthsUs[std::size_t(kind)] = call >= 10 ? call : 0;
    };
    setLine(OpKind::Log, 210, 54);
    setLine(OpKind::NextTick, 77, 8);
    setLine(OpKind::QueueMicrotask, 49, 7);
    setLine(OpKind::Promise, 3, 1);
    setLine(OpKind::Async, 4, 12);
    setLine(OpKind::SetTimeout, 75, 7);
    setLine(OpKind::SetInterval, 74, 7);
    setLine(OpKind::SetImmediate, 51, 4);
    setLine(OpKind::ReadFile, 250, 33);
    setLine(OpKind::Stat, 170, 80);
    // fs.open, fs.read and fs.close: one request each, as fs.stat is, and stat's costs. Not measured apart:
    // scripts/calibrate-node-costs.js under load 7 gave fs.stat's first use 70 times the 240 us above.
    for (const OpKind kind : { OpKind::Open, OpKind::Read, OpKind::Close }) {
        set(kind, 240);
        setLine(kind, 170, 80);
    }
    // fs.createReadStream: its first use loads Node's file streams, 2.3 to 2.9 ms with the pool started, on
    // the machine and day whose first console.log took 4.2 ms (scaled to this table's 2.2 ms); stat's costs
    // for a later line and for each of its reads (ThreadPoolWork::streamDone spends fs.read's call on each).
    set(OpKind::ReadStream, 1300);
    setLine(OpKind::ReadStream, 170, 80);
    setLine(OpKind::DnsLookup, 150, 12);
    setLine(OpKind::Pbkdf2, 140, 88);
    setLine(OpKind::Abort, 160, 0);
    // A line run again is left at nothing: past MaxWorkerLoops workers are refused, and a loop of a million
    // refusals must not spend a million workers' costs.
    setLine(OpKind::Worker, 6000, 0);
    // libuv's pool starting at the first request: a 1, 4 and 8 thread pool took Node 470, 810 and 1,740 us
    // (medians of 11, fs.stat's first use without and with the pool started) beside a first console.log of
    // 4.2 ms; scaled to this table's 2.2 ms.
    costs.poolBaseUs = 150;
    costs.poolThreadUs = 95;
    // A first fs.stat right after `new Worker`, pool of 4: 4.9 ms against 2.1 ms alone, 190 us with the pool
    // started before (medians of 15 with Node v20.20.2 on 2026-12-07, load 2): the start took 2.5 times as
    // long. Scaled to this table's start of a 4-thread pool, 530 us.
    costs.poolBesideWorkerBootUs = 800;
    costs.workerStartUs = 25000;
    // A worker's first console.log after its postMessage, and from its last line to its first nextTick.
    costs.workerFirstLogUs = 880;
    costs.workerScriptEndUs = 90;
    // A worker's first line taken in by the parent (scripts/race-experiments/worker-lines.js, Node v20.20.2
    // on 2026-12-07, first console.log 3.9 ms; medians of 20 to 30): 416 us from the worker's postMessage
    // to the parent's print, a later line's 95; from that print to the end of the poll phase, 200 and 257
    // us (420 for a worker made in the main module). The worker's first write of held lines: 254 us from
    // the parent's asking to its postMessage with _writev wrapped to see it; without, the held line made the
    // parent's take-in in 26 to 29 runs of 30, which puts it below 200. 175 lies between: against a message
    // waiting since before it, the model's held line came first in 58 of 60 runs of three programs at 150,
    // 8 of 90 at 200, 30 to 63 % at 175; Node's in 43 to 83 % (docs/FIDELITY.md).
    costs.workerLinesFirstTakenUs = 320;
    costs.workerLinesFirstAskedUs = 200;
    costs.workerHeldLinesFirstSentUs = 175;
    // From a timer callback's last line to an immediate it queued, beyond what a later timer's took: 95 us
    // against 16 the first time a timer fires, 82 against 20 in another script (medians of 20 fresh
    // processes, immediates warmed before; Node v20.20.2 on 2026-12-07, whose lines took 29 us against this
    // table's 21: scaled, 50; scripts/race-experiments/timer-return.js). A fs.open made in the first
    // timer's callback finished before the next poll in 20 runs of 20, in the second's in 1 of 20.
    costs.firstTimerReturnUs = 50;
    // The main module's end to the first callback: 0.28 to 0.39 ms to a due timer's or an immediate's, 0.61
    // to 0.77 when the main module logged a line (stdout a pipe or a file), where LoopScope took 0.02 to 0.04;
    // a later kind's first entry took Node 0.05 (medians of 11 fresh processes, Node v20.20.2 on
    // 2026-12-08, whose lines took 32 us: scaled, 200 and 220). main-race's share (20 to 25 in 100) would
    // be far higher were it spent before the timers phase.
    costs.firstCallbackUs = 200;
    costs.firstCallbackAfterLogUs = 220;
    // main-race's timer won 20 to 25 times in 100 in Node: the rest of setTimeout's first use and
    // setImmediate's (140 and 110 us) make that span between the timer's start and the first timers
    // phase already; what Node spends between the main module's drain and the loop adds nothing measurable.
    costs.startupGapUs = 0;
    // Main end to the first immediate: 165 us from an ES module in Node 20, against 100 us for CommonJS.
    costs.esmModuleEndUs = 130;
    // A request to the loopback server, a new connection each (the /health prober's): 750 us on the
    // main thread, its first 12 ms (its cold paths). Medians of 9 on the 2-core machine, load below 2.
    costs.serverRequestUs = 750;
    costs.serverFirstUs = 12000;
    // An emitted script's first request, sent by its own http.get: 3.6 ms from the first immediate to the
    // response's end, where a third request's whole round trip took 1.1 ms (medians of 15 fresh processes,
    // Node v20.20.2 on 2026-12-07, whose lines took 29 us; the calibration measures it on the machine).
    costs.serverFirstAfterClientUs = 2500;
    // The main module's end to its first immediate: 2.2 ms with no server, 4.2 ms when it listens, 9.0 ms
    // when it also sends the first http.get as the emitted httpGet does (medians of 11 fresh processes,
    // Node v20.20.2, load 1.7 to 2 on the 2-core machine).
    costs.serverListenUs = 2000;
    costs.httpGetFirstUs = 4800;
    costs.percent = 100;
    costs.blocking = BlockingCalibration::stored();
    return costs;
}

NodeCosts NodeCosts::scaled(int by) const
{
    auto scale = [by](std::uint32_t us) { return std::uint32_t(std::uint64_t(us) * std::uint64_t(by) / 100); };
    NodeCosts out;
    for (std::size_t i = 0; i < OpKinds; ++i) {
        out.firstUseUs[i] = scale(firstUseUs[i]);
        out.afterFirstUseUs[i] = scale(afterFirstUseUs[i]);
        out.secondUseUs[i] = scale(secondUseUs[i]);
        out.warmedByLogUs[i] = scale(warmedByLogUs[i]);
        out.siteTenthsUs[i] = scale(siteTenthsUs[i]);
        out.callTenthsUs[i] = scale(callTenthsUs[i]);
    }
    out.firstUnhandledRejectionUs = scale(firstUnhandledRejectionUs);
    out.rejectionsProcessedUs = scale(rejectionsProcessedUs);
    out.poolBaseUs = scale(poolBaseUs);
    out.poolThreadUs = scale(poolThreadUs);
    out.poolBesideWorkerBootUs = scale(poolBesideWorkerBootUs);
    out.workerStartUs = scale(workerStartUs);
    out.workerFirstLogUs = scale(workerFirstLogUs);
    out.workerScriptEndUs = scale(workerScriptEndUs);
    out.workerLinesFirstTakenUs = scale(workerLinesFirstTakenUs);
    out.workerLinesFirstAskedUs = scale(workerLinesFirstAskedUs);
    out.workerHeldLinesFirstSentUs = scale(workerHeldLinesFirstSentUs);
    out.firstTimerReturnUs = scale(firstTimerReturnUs);
    out.firstCallbackUs = scale(firstCallbackUs);
    out.firstCallbackAfterLogUs = scale(firstCallbackAfterLogUs);
    out.startupGapUs = scale(startupGapUs);
    out.esmModuleEndUs = scale(esmModuleEndUs);
    out.serverRequestUs = scale(serverRequestUs);
    out.serverFirstUs = scale(serverFirstUs);
    out.serverFirstAfterClientUs = scale(serverFirstAfterClientUs);
    out.serverListenUs = scale(serverListenUs);
    out.httpGetFirstUs = scale(httpGetFirstUs);
    out.percent = int(std::int64_t(percent) * by / 100);
    out.blocking = blocking;
    return out;
}

namespace {

// The CPU time the calling thread has had.
std::int64_t threadCpuNs()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

} // namespace

// A spin to a wall-clock deadline ended on time however long the thread was kept off its core: under
// load Node's first setTimeout stretched, the model's did not, and its timer won a third as often.
void spendRealTimeTenths(std::uint32_t tenthsUs)
{
    if (tenthsUs == 0)
        return;
    const std::int64_t until = threadCpuNs() + std::int64_t(tenthsUs) * 100;
    while (threadCpuNs() < until) { }
}

void spendRealTime(std::uint32_t us)
{
    spendRealTimeTenths(us * 10);
}

} // namespace loopscope
