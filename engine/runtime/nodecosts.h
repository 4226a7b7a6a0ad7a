#pragma once

#include "program/program.h"
#include "runtime/blockingcalibration.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace loopscope {

// The time Node.js spends where LoopScope's own work takes microseconds: the first use of an
// operation on a JavaScript thread (its cold path: the first console.log sets up stdout, the first
// setTimeout Node's timer lists), a worker's start-up (its thread boots an isolate), and the
// start-up work between the main module and the first iteration. The loop thread spends these in
// real time, so libuv's millisecond clock decides the races they take part in as it does in Node.
// Measured against Node 20 by scripts/calibrate-node-costs.js; docs/FIDELITY.md tells how.
struct NodeCosts
{
    static constexpr std::size_t OpKinds = std::size_t(OpKind::ReadStream) + 1;
    static_assert(OpKinds <= 64, "Runtime keeps a bit per op kind");

    // Microseconds beyond a second use, spent before the first use of each op kind takes effect.
    std::array<std::uint32_t, OpKinds> firstUseUs {};
    // The rest of a first use, spent after the op took effect. Node's setTimeout reads the loop clock
    // (the timer's start) before it makes the duration's list, queues it and arms the libuv timer: that
    // time lies between the timer's start and the next timers phase, so it decides races.
    std::array<std::uint32_t, OpKinds> afterFirstUseUs {};
    // Microseconds beyond a later use, spent before the second use of each op kind takes effect: a kind's
    // second use may have a cold path of its own (dns.lookup's second call costs Node 1.9 ms here, every
    // other kind's second a few microseconds, left out).
    std::array<std::uint32_t, OpKinds> secondUseUs {};
    // The part of a first use that console.log's first use on the thread has run already: its stream's
    // write queues its afterWrite in a nextTick, so a first process.nextTick after a console.log took Node
    // 10 us against 125 (queueMicrotask 62 against 94, setImmediate 96 against 119).
    std::array<std::uint32_t, OpKinds> warmedByLogUs {};
    // Spent before each use: the first run of a line that calls the op (a new call site), and every
    // later run of that line. Tenths of a microsecond: a line costs Node a few microseconds. A later run
    // costs a new line's figure until the thread has used the op WarmUses times: Node's op warms over its
    // first tens of uses whichever lines make them (console.log took 55 us a use for uses 3 to 12, 23 for
    // 23 to 32, 15 from 61 on, from one line or many), and the figures were measured so, a new line's over
    // uses 3 to 22, a later run's after a hundred.
    std::array<std::uint32_t, OpKinds> siteTenthsUs {};
    std::array<std::uint32_t, OpKinds> callTenthsUs {};
    static constexpr std::uint8_t WarmUses = 22;
    // Starting libuv's thread pool at a process's first request: a fixed part and each thread's.
    std::uint32_t poolBaseUs = 0;
    std::uint32_t poolThreadUs = 0;
    // What starting the pool costs beyond that while a worker's thread boots its isolate: the threads the
    // pool makes, and waits for, find the cores taken (a first fs.stat beside a booting worker took Node
    // 2.5 times the span it took alone; with the pool started before, the same).
    std::uint32_t poolBesideWorkerBootUs = 0;
    // A thread's first promise rejected with no handler: Node's promiseRejectHandler and its bookkeeping of
    // unhandled rejections, compiled on first use (makeError's Error is the Throw op's first use).
    std::uint32_t firstUnhandledRejectionUs = 0;
    // What Node's processPromiseRejections spends after a drain, the first time it has a rejection to
    // look at (handled since or not).
    std::uint32_t rejectionsProcessedUs = 0;
    // From `new Worker` to the worker's first line, spent on the worker's thread.
    std::uint32_t workerStartUs = 0;
    // A worker's first console.log: its stdout is a port to the parent thread, set up on first use. Its
    // line leaves four fifths in (workerFirstLogAfterLineUs()).
    std::uint32_t workerFirstLogUs = 0;
    // A worker's lines reach the parent's stdout through its ReadableWorkerStdio, piped to process.stdout.
    // The parent's first take-in of them runs cold code before the line is printed, and after it asked the
    // worker for more, while its MessagePort still takes in what arrives: lines the worker sends meanwhile
    // join them, ahead of messages already waiting on the public port. Per parent thread.
    std::uint32_t workerLinesFirstTakenUs = 0;
    std::uint32_t workerLinesFirstAskedUs = 0;
    // A worker's first write of the lines it held while one was in flight (Writable's clearBuffer and
    // _writev of many, cold), once the parent asked for more: spent before they leave.
    std::uint32_t workerHeldLinesFirstSentUs = 0;
    // From a worker's last line (its postMessage("done")) to its first nextTick: Node finishes running
    // the worker's script first, while the message is on its way to the parent.
    std::uint32_t workerScriptEndUs = 0;
    // The first timer callback's return on a thread, beyond a later one's: Node's listOnTimeout and
    // processTimers run their code after a callback for the first time, while the pool runs the requests
    // the callback made.
    std::uint32_t firstTimerReturnUs = 0;
    // From the main module's end to the first callback the main thread's loop runs, whichever it is: Node
    // spends it after the phase chose the callback (main-race's timer does not win the more for it), and
    // more when the main module used console.log.
    std::uint32_t firstCallbackUs = 0;
    std::uint32_t firstCallbackAfterLogUs = 0;
    // From the end of the main module's drain to the first timers phase.
    std::uint32_t startupGapUs = 0;
    // What Node's ES module loader spends finishing the main module's job once it has evaluated, before
    // the poll phase it runs in goes on.
    std::uint32_t esmModuleEndUs = 0;
    // What the loop spends answering one request to its HTTP server (Node's http parser, the request
    // and response objects, the handler): the /health probe's cost to the loop it probes.
    std::uint32_t serverRequestUs = 0;
    // What the first request costs beyond that (its cold paths: the parser, the request and response
    // classes compiled), spent once per server.
    std::uint32_t serverFirstUs = 0;
    // The same when the script's own first http.get was sent before: that request compiled the parser and
    // the message code a server shares with a client, and its response is parsed cold.
    std::uint32_t serverFirstAfterClientUs = 0;
    // The emitted script's server.listen(0, "127.0.0.1"): its lookup's callback, the bind and the
    // 'listening' emit run in the ticks after the main module, before the loop's first phase.
    std::uint32_t serverListenUs = 0;
    // The main thread's first http.get: the client's cold paths (ClientRequest, the socket's connect in a
    // tick, the request's head), before the next phase.
    std::uint32_t httpGetFirstUs = 0;
    // The percentage of Node 20's figures these are (scaled() sets it; the gap may be set apart).
    int percent = 0;
    // Passes of LoopScope's own blocking work (JSON.parse, regex, hashing, pbkdf2) that cost what
    // Node's op costs on this machine: the stored calibration, which scaled() leaves as it is.
    BlockingCalibration blocking;

    // The figures measured against Node v20.20.2 on the development machine, and the stored
    // calibration of the blocking work (BlockingCalibration::stored()).
    static NodeCosts node20();
    // No modelled time at all: LoopScope's own speed.
    static NodeCosts none() { return {}; }
    // Every figure times by / 100 (a slower or faster machine than the calibration's).
    NodeCosts scaled(int by) const;

    std::uint32_t firstUse(OpKind kind) const { return firstUseUs[std::size_t(kind)]; }
    std::uint32_t afterFirstUse(OpKind kind) const { return afterFirstUseUs[std::size_t(kind)]; }
    std::uint32_t secondUse(OpKind kind) const { return secondUseUs[std::size_t(kind)]; }
    // A first use's cost before it takes effect, after console.log's first use or not.
    std::uint32_t firstUse(OpKind kind, bool afterLog) const
    {
        const std::uint32_t warmed = afterLog ? warmedByLogUs[std::size_t(kind)] : 0;
        return firstUse(kind) - std::min(warmed, firstUse(kind));
    }
    std::uint32_t siteTenths(OpKind kind) const { return siteTenthsUs[std::size_t(kind)]; }
    std::uint32_t callTenths(OpKind kind) const { return callTenthsUs[std::size_t(kind)]; }
    std::uint32_t poolStartUs(int threads) const { return poolBaseUs + poolThreadUs * std::uint32_t(threads); }
    // A worker's first console.log posts its line to the parent four fifths in: Node 20 spent 330 us before
    // the port's postMessage and 90 after (medians of 20, Node v20.20.2 on 2026-12-07).
    std::uint32_t workerFirstLogAfterLineUs() const { return workerFirstLogUs / 5; }
    std::uint32_t workerFirstLogBeforeLineUs() const { return workerFirstLogUs - workerFirstLogAfterLineUs(); }
};

// Spends `us` microseconds of the calling thread's CPU time, spinning: Node's costs are work on its
// thread, which waits while the kernel gives the core to another thread, so on a loaded machine the
// span a cost fills grows as Node's does. It never yields the core of its own accord, as Node's work
// does not (a worker's spin that yielded let its parent in at once, and "done" came first in every run).
void spendRealTime(std::uint32_t us);
// The same in tenths of a microsecond.
void spendRealTimeTenths(std::uint32_t tenthsUs);

} // namespace loopscope
