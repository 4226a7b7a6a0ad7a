<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="be">
<context>
    <name>CommandLine</name>
    <message>
        <source>LoopScope runs a real libuv event loop and shows, live, what Node.js does with timers, immediates, nextTicks, promises and the thread pool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this help and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the version and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run one program to the end without a window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the built-in scenario NAME.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the program FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>FILE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Override a declared program parameter (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KEY=VALUE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>List the built-in scenarios and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print the equivalent Node.js script and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the libuv thread pool, 1 to 1024 (default: UV_THREADPOOL_SIZE, else 4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the recorded timeline to FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write latency samples as CSV to FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the recording FILE.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Print a summary of the run on stderr.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Headless: abort the run after N ms of wall time (default 60000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User-interface language: en, es or be.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CODE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also run the emitted script in Node.js and compare the outputs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Node.js executable for --compare-node.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PATH</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--scenario and --program cannot be used together</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--timeout-ms must be a whole number from 1 to 86400000, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--threadpool-size must be a whole number from 1 to 1024, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--lang must be one of en, es, be, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--set expects KEY=VALUE, not &apos;%1&apos;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--emit-js needs --scenario or --program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--headless --open needs --summary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--headless needs --scenario or --program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--compare-node needs --scenario or --program</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConsoleModel</name>
    <message>
        <source>An error the runtime delivered to the program.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A note from LoopScope, not program output.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>console.log output, at milliseconds since the run started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LatencyChart</name>
    <message>
        <source>Latency chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Loop delay&lt;/b&gt;: how late the loop gets to a timer that should fire every 10 ms, that is, how long callbacks kept it busy. &lt;b&gt;p99&lt;/b&gt; is the worst 1% in each 100 ms window, &lt;b&gt;max&lt;/b&gt; the worst of all.&lt;/p&gt;&lt;p&gt;&lt;b&gt;/health&lt;/b&gt;: how long the built-in HTTP server took to answer a probe; it can only answer when the loop is free.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Utilisation&lt;/b&gt; (right axis): the share of time the loop ran code instead of waiting in poll.&lt;/p&gt;&lt;p&gt;Shaded bands mark callbacks that held the loop for more than 20 ms.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loop delay max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loop delay p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/health response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>utilisation %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds since start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · blocking the loop for %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ×%L2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Idle loop: inject workloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoopScope %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the scenario selected in the browser on a fresh loop; the previous run stops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Abandons runaway work (a long block, a nextTick storm) and continues on a fresh, idle loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Halts the loop at the next phase or callback boundary; press again to resume.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While paused: lets the loop run to the start of the next phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While paused: lets the loop run to the next callback, nextTicks and microtasks included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/health probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sends a request to the built-in server every 20 ms, like a load balancer: a blocked loop answers late.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delay monitor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Measures how late a 10 ms timer fires, like perf_hooks.monitorEventLoopDelay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow motion: holds every phase at least this long, so the cursor can be followed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1000 ms/phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>real time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms/phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More slow motion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Less slow motion.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switches between the light and the dark theme; the choice is remembered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Larger text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makes all text larger, for a projector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Smaller text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Makes all text smaller.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closes LoopScope.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop controls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slow motion </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The built-in experiments, with the Node.js script each one is equivalent to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work to inject into the running loop while you watch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What is waiting in each queue, in the order it will run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loop&apos;s phase, iteration, rates and what poll waits for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Console</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The program&apos;s console.log output in the order the runtime printed it, with errors in red.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not supported by this engine: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>▶ injected: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>■ stopped: the run of %1 was aborted; the loop continues idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous run (%1) aborted. Inject workloads or run a scenario.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LoopScope — %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 on libuv %2, thread pool of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n events could not be recorded (the recording is full).</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PhaseWheel</name>
    <message>
        <source>The circle of libuv phases. Hover a phase or the centre for what it does.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timers: runs the setTimeout and setInterval callbacks whose time has come. A 0 ms timer still waits for this phase of the next iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pending: I/O callbacks libuv deferred from the previous iteration, such as some TCP errors.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Idle: libuv&apos;s idle handles. Node keeps one active while immediates are queued, which is what stops poll from sleeping.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prepare: runs just before poll. libuv computes here how long poll may sleep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poll: waits for I/O (files via the thread pool, sockets via the OS) and runs their callbacks. It sleeps until a timer is due, unless immediates are pending.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check: runs setImmediate callbacks, right after poll. Immediates queued meanwhile wait for the next iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close: runs close callbacks, such as socket.on(&apos;close&apos;), at the end of the iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>main module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 iterations/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>iteration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>microtask</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing left to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 drained</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked by %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PoolLanesView</name>
    <message>
        <source>Thread pool lanes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool: UV_THREADPOOL_SIZE worker threads (4 unless set) that run file system calls, dns.lookup and crypto such as pbkdf2 off the loop thread. When they finish, the loop runs their callbacks in the poll phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pool lane: one worker thread. The bar is the item it runs now and grows with its running time; an idle lane is a free thread.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Work submitted while every thread is busy waits here, first in, first out, however urgent it is: a slow pbkdf2 can delay a readFile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many threads were busy (solid) and how many items waited (light), over the last 10 seconds. The dashed line is the pool size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 threads busy · %3 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1  %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for a free thread: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>+%1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Occupancy, last 10 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pool size %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−10 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PoolModel</name>
    <message>
        <source>worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has been running on pool worker %2 for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has waited %2 for a free pool thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueueModel</name>
    <message>
        <source>nextTick queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microtask queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Immediates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process.nextTick callbacks. Node drains this queue completely after every callback, before promises, so a self-rescheduling nextTick starves the loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promise reactions and queueMicrotask jobs. They run right after the nextTick queue, until none are left, before the loop moves to its next callback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout and setInterval callbacks, ordered by due time. They run in the timers phase once their time has come, never earlier.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setImmediate callbacks. They run in the check phase, right after poll; while any wait, poll does not sleep.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callbacks of closed handles (socket.on(&apos;close&apos;)), run in the close phase at the end of the iteration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>due now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Job kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Due</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Scenario</name>
    <message>
        <source>An async function is not a thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The async function hashes synchronously before its first await, on the loop thread. The 10 ms interval cannot tick until it returns: every tick prints after the function has handed back its promise.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds of synchronous hashing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>await p against p.then().then(), as Node 10 did it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Node 10 wrapped the awaited promise in a throwaway promise: a PromiseResolveThenableJob and two PromiseReactionJobs, three ticks, so both then handlers run first: tick:a, tick:b, after:await.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>await p against p.then().then()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since Node 12 awaiting a native promise costs one microtask tick, so the async function resumes before the second then handler: after:await, tick:a, tick:b. Compare with the Node 10 variant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-async: awaiting between steps still blocks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each step hashes, then awaits. An await is a microtask, and the microtask queue drains completely before the loop moves on, so the whole computation runs in one drain and the 1 ms timer waits for all of it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash-and-await steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-with-set-immediate: responsive at full speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each step hashes a little, then yields with setImmediate. Immediates keep poll from sleeping (timeout 0), so the CPU stays busy, yet every iteration passes through poll and /health is answered between steps.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setImmediate-chunked steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hash updates per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-sync: hashing in one go stalls every /health probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The handler hashes random strings synchronously. While it runs the loop never reaches poll, so every /health probe waits until it returns: the health line climbs to the full computation time and loop delay equals it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compute-with-set-timeout: responsive, but mostly asleep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each step hashes a little, then waits for setTimeout(0), which is really 1 ms: poll sleeps with timeout 1 between steps. /health answers quickly, but the CPU idles and the job crawls.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout-chunked steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counting: while against nextTick, setTimeout(0) and batched nextTick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same count four ways. A while loop never yields; a nextTick per step pays for a callback each time; setTimeout(0) pays a whole loop iteration and a 1 ms sleep per step; batching a million steps per nextTick is nearly as fast as the while loop. Compare the spans on the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps for while, nextTick and batched</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps for the setTimeout(0) chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick callbacks in the batched version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>steps per batched callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Guess the order inside an I/O callback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A readFile callback queues a 0 ms timer, an immediate, a promise reaction and a nextTick, then logs. Watch the poll phase: the callback runs there, its nextTick and promise drain right after it, check runs the immediate, and the timer waits for the next iteration&apos;s timers phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON.parse of a large payload blocks the loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parsing is synchronous: while the order export is parsed no other callback runs, and the loop-delay monitor&apos;s maximum equals the parse time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>megabytes of order lines to parse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout(0) against setImmediate from an ES module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ES module body runs inside a promise job that starts from an I/O callback in the poll phase, so check comes before the next timers phase: setImmediate always wins.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout(0) against setImmediate from the main module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From the main module the order is not fixed: the timer fires first only if a millisecond has passed before the loop&apos;s first timers phase. Run it several times; both orders appear, immediate far more often.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A self-rescheduling setImmediate lets a 1 ms timer in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each setImmediate step waits for the next check phase, so every step is a whole loop iteration: the 1 ms timer gets its turn early, at the price of one iteration per step.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>how many times the callback reschedules itself</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A self-rescheduling nextTick starves a 1 ms timer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loop cannot leave a nextTick drain while ticks keep arriving, so the 1 ms timer only runs after every one of the steps. The timeline shows one long drain inside the main callback and the timer afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Six pbkdf2 calls on a pool of four finish in two waves</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libuv&apos;s pool has four threads by default: four pbkdf2 calls run at once and finish together; the last two wait in the queue and finish about one duration later. The pool lanes show the second wave starting only as threads free up.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PBKDF2 iterations per call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A full thread pool holds fs and dns back, not the network</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Four slow pbkdf2 calls take every thread of a pool of four. fs.readFile and dns.lookup need the pool too, so they wait for the first pbkdf2 to finish; the HTTP request goes through the OS poller and finishes at once. Run it with --threadpool-size 8 and all three finish early.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price report in chunks: /health waits one chunk at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same work in slices, each followed by await setImmediate. Between slices the loop reaches poll and answers /health, so the slowest answer is about one chunk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slices of the report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds per slice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price report inline: /health waits for the whole report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report runs in one go on the loop thread. Every /health probe that arrives meanwhile waits until it is done: the slowest answer is about the report&apos;s duration, and so is the loop delay.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>milliseconds the price report computes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Price report in a worker: /health stays at about 1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report runs on a worker: a second loop on its own thread. The main loop stays free and answers /health at once; the result comes back as a message in the main loop&apos;s poll phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ReDoS: a coupon regex with nested quantifiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vulnerable pattern /^([A-Z0-9]+-?)+$/ backtracks through every way to split a failing input, so each two extra characters cost about four times as long; the safe pattern accepts the same codes and stays flat. Compare the callback durations on the timeline.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick against a promise reaction (ES module)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An ES module body is itself a promise job, so the microtask queue keeps draining after it and promise.then prints before process.nextTick.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick against a promise reaction (CommonJS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After a CommonJS main module Node drains the nextTick queue first and the microtask queue second, so process.nextTick prints before promise.then.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioBrowser</name>
    <message>
        <source>The built-in experiments. Select one to read what it shows; Run starts it on a fresh loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the selected scenario on a fresh loop; the previous run stops. (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The same program as a Node.js script (loopscope --emit-js). Run it with node to compare.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The equivalent Node.js script appears here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScenarioCatalog</name>
    <message>
        <source>unknown scenario &apos;%1&apos; (--list-scenarios shows them all)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no such file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the program is %2 MiB; programs larger than %3 MiB are refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: programs larger than %2 MiB are refused</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StatusModel</name>
    <message>
        <source>immediates pending: no sleep</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timer due now: no sleep</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>sleeps: timer due in %n ms</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>waiting for I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to wait for</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 M/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 k/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no program</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>idle: nothing left to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aborted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>main module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) for %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 running, %2 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poll</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thread pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Whether the loop runs, is paused, or has nothing left to do.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The libuv phase the loop is in now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many times the loop has gone round its phases.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loop iterations per second, measured over half a second.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JavaScript callbacks per second, nextTicks and microtasks included.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long poll may sleep and why: libuv computes the timeout from timers and immediates.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The callback running on the loop now; while it runs, nothing else can.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>libuv&apos;s thread pool: work running on its threads and work waiting for a free one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimeMapping</name>
    <message>
        <source>%1 ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TimelineView</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused · Home</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pool worker %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>phases</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>immediates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>microtasks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pool callbacks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>main module</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A pool lane: one of libuv&apos;s worker threads (UV_THREADPOOL_SIZE of them). File system calls, DNS lookups and crypto such as pbkdf2 run here, off the loop thread. When every lane is busy, new work waits in a queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A worker thread: a second event loop with its own phases and callbacks, sharing the process-wide thread pool with the main loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The phases of every loop iteration in libuv&apos;s order: timers, pending, idle, prepare, poll, check, close. Thin ticks are phases the loop passed with nothing to run; a pale poll bar is the loop asleep, waiting for I/O or for the next timer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout and setInterval callbacks. They run in the timers phase once their time has come.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setImmediate callbacks. They run in the check phase, right after poll.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>process.nextTick callbacks. Node drains this queue completely after every callback, before promises, so a long chain here keeps the loop from moving on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promise reactions and queueMicrotask jobs. They run as soon as the nextTick queue is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I/O callbacks (files, DNS, network). They run in the poll phase when their operation completes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close callbacks (&apos;close&apos; events). They run in the close phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completion callbacks of thread-pool work, delivered back on the loop thread in the poll phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The main module: the program&apos;s top-level code, run once before the loop starts.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Started at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration %L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Passed, not timed: the loop went through it with nothing to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lasted %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poll timeout: infinite (nothing but I/O to wait for)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Poll timeout: %L1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 callback “%2”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before the loop started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in the %1 phase</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Iteration %L1, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run of %L1 identical callbacks, drawn as one bar</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall time %1 · total %2 · longest %3 · mean %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on pool worker %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waited %1 in the queue for a free thread</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ran for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed during iteration %L1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%L1 items are merged at this zoom; zoom in to tell them apart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last seconds of the loop, newest on the right. Scroll to zoom, drag or use the arrow keys to pan, + and - to zoom, Home to follow live again; click an item for its details.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MAIN LOOP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>THREAD POOL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WORKER LOOP %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>poll · waiting for I/O</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>poll · timeout %L1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ×%L2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · running %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>live · %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkloadPalette</name>
    <message>
        <source> ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the callback hashes without yielding.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Promise reactions, each queued by the one before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ticks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTicks, each queued by the one before.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many chunks the job is cut into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ms each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long each chunk hashes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> ×</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How many pbkdf2 calls to start at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> iter.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PBKDF2 iterations of each call.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long the worker hashes on its own loop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size of the JSON text JSON.parse reads.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> chars</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Length of the coupon code tested.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vulnerable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>safe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vulnerable pattern backtracks exponentially; the safe one stays linear.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block the loop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Microtask chain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick storm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout-chunked job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setImmediate-chunked job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crypto.pbkdf2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fs.readFile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dns.lookup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP request</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Worker offload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON.parse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regex match</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs synchronous hashing in one callback. Nothing else runs until it returns: timers, I/O and /health all wait.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A promise chain: every step queues the next microtask. The queue drains completely before the loop moves on, so the whole chain blocks like one long callback.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every nextTick schedules another one. Node drains the nextTick queue completely, so timers and I/O wait for the whole storm.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job yields with setTimeout(0) between chunks. The loop stays responsive, but each step waits at least 1 ms in poll, so the job idles.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The job yields with setImmediate between chunks. The loop stays responsive and poll never sleeps: full CPU, no idle time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PBKDF2 on libuv&apos;s thread pool. With more calls than pool threads, the rest queue and every other pool user (fs, dns) waits too.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fs.readFile: a chain of thread-pool requests (open, fstat, read, close); the callback runs in the poll phase.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dns.lookup runs getaddrinfo on the thread pool, so a busy pool delays it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A request to the built-in loopback server. Sockets use the OS poller, never the thread pool.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs the hashing on a worker thread with its own event loop; the main loop stays free.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON.parse of a large payload: synchronous, so the loop is blocked for the whole parse.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tests a coupon code against a regular expression. The vulnerable pattern backtracks catastrophically: each extra character multiplies the time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>block %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>microtask chain of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nextTick storm of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setTimeout-chunked job, %1 × %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>setImmediate-chunked job, %1 × %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × pbkdf2, %2 iterations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dns.lookup localhost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP GET /health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>worker: block %1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON.parse %1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 regex, %2 chars</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
