'use strict';
// The JavaScript half of the probe LoopScope loads into a Node.js program with --require (loopscope
// --attach): it labels every callback the program's loops run (the main thread's and every worker
// thread's) with its resource type (Timeout, Immediate, TickObject, PROMISE, FSREQCALLBACK, TCPWRAP,
// ...) through async_hooks, and a timer's or an immediate's also with the function it runs and where that
// was created, and hands each one's start and end to the native half, which times the
// phases and sends everything to LoopScope. It does nothing unless LoopScope started the program: the
// socket's number comes in an environment variable, deleted at once so that the program's children
// never see it, and its own --require is taken out of process.execArgv.
//
// With --follow-children the program's child node processes (forks, cluster workers, `node` run by a
// shell) are watched too, each as a process of its own: NODE_OPTIONS requires this file in them, and
// LOOPSCOPE_PROBE_CHILDREN names the socket LoopScope listens on for them. Both stay in the environment,
// so that children's children are followed as well; that is what --follow-children changes in the
// program's environment, and nothing else.
//
// LoopScope can also load it into a program already running (loopscope --attach-pid, through the
// program's inspector): attachRunning() then connects to LoopScope's socket and watches the main thread's
// loop, and when LoopScope lets go (or goes) every hook and handle the probe put in is taken out again.
const fdText = process.env.LOOPSCOPE_PROBE_FD;
const childrenSocket = process.env.LOOPSCOPE_PROBE_CHILDREN; // --follow-children: the socket's name
const delayMs = Number(process.env.LOOPSCOPE_PROBE_DELAY_MS) || 0; // > 0: the loop-delay monitor's resolution
const markersOnly = process.env.LOOPSCOPE_PROBE_MODE === 'markers'; // the phases marked, no callback labelled
// A main-loop callback that runs longer than this has its JavaScript stacks sampled while it lasts; 0: never.
const blockText = process.env.LOOPSCOPE_PROBE_BLOCK_MS;
const blockMs = blockText === undefined || blockText === '' ? 50 : Number(blockText) || 0;
delete process.env.LOOPSCOPE_PROBE_FD;
if (childrenSocket === undefined) {
  delete process.env.LOOPSCOPE_PROBE_DELAY_MS;
  delete process.env.LOOPSCOPE_PROBE_MODE;
  delete process.env.LOOPSCOPE_PROBE_BLOCK_MS;
}

// process.execArgv as the program was started without the probe (on every thread: a worker's is its
// parent's), so that fork() starts its children without it.
function forgetOwnPreload() {
  const path = require('path');
  // LoopScope names this file by its real path, which __filename is; fs (which Node 18 loads only when
  // asked, with the streams it needs) is for a path named otherwise.
  const isThisFile = (file) => {
    const named = path.resolve(file);
    if (named === __filename) {
      return true;
    }
    try {
      return path.basename(named) === path.basename(__filename) && require('fs').realpathSync(named) === __filename;
    } catch {
      return false;
    }
  };
  const execArgv = process.execArgv;
  for (let i = 0; i < execArgv.length; ++i) {
    const argument = execArgv[i];
    if ((argument === '--require' || argument === '-r') && i + 1 < execArgv.length && isThisFile(execArgv[i + 1])) {
      execArgv.splice(i--, 2);
    } else if (argument.startsWith('--require=') && isThisFile(argument.slice('--require='.length))) {
      execArgv.splice(i--, 1);
    }
  }
}
forgetOwnPreload();

// The probe loads no module of Node's that the program does not load itself before it runs (its
// process.moduleLoadList, what its start costs): not worker_threads on the main thread, which
// LOOPSCOPE_PROBE_FD tells (deleted above before any worker could copy it), nor perf_hooks, whose
// performance.now() the probe reads as process.hrtime() does, the clock it is built on.
const hrtime = process.hrtime;
const originSeconds = hrtime()[0]; // small numbers, exact to the nanosecond in a double
const now = () => {
  const [seconds, nanoseconds] = hrtime();
  return (seconds - originSeconds) * 1e3 + nanoseconds / 1e6;
};

// What a thrown value says, whatever it is (the program's own proxies and getters throw what they like).
function describe(error) {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

// Tells LoopScope that this thread's callbacks are no longer labelled, and why.
function stopLabelling(probe, error) {
  try {
    probe.failed(`the callbacks' labels, after an error of the probe's (${describe(error)})`);
  } catch {
    // The native half failed too: there is no one to tell.
  }
}

// Labels every callback of this thread's loop (or marks its phases only) and hands its start and end to
// `probe`, the native half, in the mode the program's loops are in, as LoopScope switches it. No error of
// the probe's may reach the program: each of its hooks catches its own, and the first stops the labelling
// of this thread's callbacks for good, which the recording says.
function watch(probe, isMainThread, blockThresholdMs = blockMs, withQueues = isMainThread) {
  let labels = null;
  try {
    labels = labelCallbacks(probe, withQueues && probe.everyCallback());
  } catch (error) {
    stopLabelling(probe, error);
    return;
  }
  // The probe of a program attached while it ran is taken out when LoopScope lets go (Control mode Unload):
  // its hook off (Node then takes back its trampoline and promise hooks), its exit listener removed, and
  // the native half's handles closed and its hook of the thread pool undone.
  const unload = () => {
    labels.labelEveryCallback(false);
    process.removeListener('exit', onExit);
    probe.unload();
  };
  // Told of every switch from now on, then asking for the mode: a switch in between is not missed.
  probe.onControl((mode) => (mode === ControlMode.Unload ? unload() : labels.labelEveryCallback(mode === ControlMode.EveryCallback)));
  labels.labelEveryCallback(probe.everyCallback());
  if (isMainThread && blockThresholdMs > 0) {
    try {
      probe.sampleBlocks(Math.min(blockThresholdMs, 3600000));
    } catch {
      // No stacks sampled: the callbacks are labelled and timed all the same.
    }
  }
  // At exit the main thread's probe sends what performance.eventLoopUtilization() reads now, so that the
  // recording's utilisation is the one the program would compute itself.
  // With it goes the status the program exits with, which LoopScope cannot wait for in a child it follows.
  const onExit = (code) => {
    labels.tellFailure();
    try {
      // performance.nodeTiming's loopStart is on performance.now()'s clock, moved to the probe's own.
      const timing = isMainThread ? performance.nodeTiming : undefined;
      const loopStart = timing === undefined || timing.loopStart < 0 ? -1 : timing.loopStart + now() - performance.now();
      probe.stop(loopStart, timing?.idleTime ?? 0, Number(code ?? process.exitCode ?? 0) | 0);
    } catch {
      // Nothing is left to send.
    }
  };
  process.on('exit', onExit);
}

// What the native half's onControl() callback is told (the addon's ControlMode).
const ControlMode = { MarkersOnly: 0, EveryCallback: 1, Unload: 2 };

// The async_hooks hook that labels this thread's callbacks, disabled; its labelEveryCallback(on) switches
// between every callback labelled and the phases only, and never throws. On the main thread it also tells
// what joins the JavaScript queues (loopscope-queues.js), which the replay of the run shows.
function labelCallbacks(probe, withQueues) {
  // Set at the probe's first error; from then on its hooks return at once. They stay enabled until
  // LoopScope asks for the phases only: a hook disabled from inside a hook callback is left half enabled by
  // Node (its promise hooks and callback trampoline stay), and a hook has no other moment of its own.
  let failed = false;
  const fail = (error) => {
    if (!failed) {
      failed = true;
      stopWriting();
      stopLabelling(probe, error);
    }
  };
  // An error of init's, told at the next before or after, or at exit (see init).
  let untold = null;
  const tellFailure = () => {
    if (untold !== null) {
      const error = untold;
      untold = null;
      stopLabelling(probe, error);
    }
  };
  const asyncHooks = require('async_hooks');
  const typeNames = new Map(); // resource type -> the probe's number for it
  const nameOf = (type) => {
    let name = typeNames.get(type);
    if (name === undefined) {
      name = probe.name(type);
      typeNames.set(type, name);
    }
    return name;
  };
  // Each resource's type (its name, or the probe's number for it), found again from the resource whose
  // callback runs. A weak map, not one by
  // async id: it needs no destroy hook, which would make Node track every promise's collection, and
  // it leaves the program's objects untouched. Promises are not kept at all (a promise job's resource
  // is its promise), so a program's promises cost the probe no more than the hooks Node calls.
  const names = new WeakMap();
  const promise = nameOf('PROMISE');
  // A resource made while the hooks were off (marking the phases only) was never seen by init: its type
  // is told from the resource itself, as async_hooks would have named it where that is known.
  const typeOf = (resource) => {
    const named = names.get(resource);
    if (named !== undefined) {
      return typeof named === 'string' ? nameOf(named) : named;
    }
    if (resource instanceof Promise) {
      return promise;
    }
    const constructorName = resource?.constructor?.name;
    let type = 'TickObject'; // a plain object: process.nextTick's
    if (constructorName === 'Timeout' || constructorName === 'Immediate') {
      type = constructorName;
      learnClass(constructorName, resource.constructor);
    } else if (constructorName && constructorName !== 'Object') {
      type = constructorName.toUpperCase(); // FSReqCallback: FSREQCALLBACK
    }
    const name = nameOf(type);
    if (typeof resource === 'object' && resource !== null) {
      names.set(resource, name);
    }
    return name;
  };
  // Each callback's start and end go into a buffer the native half reads at its phase markers: a
  // pair of doubles each (the name, 0 for an end; the time), after a first that says how many are used.
  const clock = { now };
  const events = new Float64Array(probe.events());
  // The two clocks, read as close together as they can be: the pair with the shortest gap.
  let closest = Infinity;
  for (let i = 0; i < 16; ++i) {
    const before = clock.now();
    const probeNs = probe.now();
    const after = clock.now();
    if (after - before < closest) {
      closest = after - before;
      probe.calibrate((before + after) / 2, probeNs);
    }
  }
  // Promise jobs and ticks are counted, not timed one by one (a drain of them is one run: its first job's
  // start, the count, timed as a whole): the last three doubles of the buffer hold the run being counted (its
  // name, its start, its count), which the native half also reads at its markers. An end written as a
  // negative number closes a run of that many.
  const runName = events.length - 3;
  const runStart = events.length - 2;
  const runCount = events.length - 1;
  // Before them, how many jobs of the run's kind the run queued (loopscope-queues.js), told at its end. The
  // buffer is drained with room left for a run's two pairs, the entry of the jobs it queued and a
  // callback's pair, before those four slots.
  const full = events.length - 14;
  const write = (name, at) => {
    const used = events[0];
    events[used] = name;
    events[used + 1] = at;
    events[0] = used + 2;
  };
  const endRun = (at) => {
    write(events[runName], events[runStart]);
    write(-events[runCount], at);
    events[runCount] = 0;
    queues?.runEnded(events[runName], at);
  };
  const note = (name) => {
    const at = clock.now();
    if (events[runCount] > 0) {
      endRun(at);
    }
    write(name, at);
    if (events[0] >= full) {
      probe.drain();
    }
  };
  const countJob = (name) => {
    if (events[runCount] > 0 && events[runName] !== name) {
      endRun(clock.now()); // ticks after promise jobs, or the other way round: a run each
      if (events[0] >= full) {
        probe.drain();
      }
    }
    if (events[runCount]++ === 0) {
      events[runName] = name;
      events[runStart] = clock.now();
    }
  };
  const countPromiseJob = () => {
    if (failed) {
      return;
    }
    try {
      payOwedNames();
      countJob(promise);
      if (writer !== null) {
        writer[0] = promise;
      }
    } catch (error) {
      fail(error);
    }
  };
  // Ticks are counted too, as runs of their own (a nextTick storm costs two calls into JavaScript a tick,
  // not also two clock reads and two entries in the buffer). Node's tick object is a plain object; the
  // depth of each callback begun says whether its end is a counted tick's.
  const tick = nameOf('TickObject');
  const countedAt = [false];
  const timerAt = [null]; // the Timeout each callback begun runs, or null
  let depth = 0;
  // Who writes the program's output, on the main thread (the native half counts every write to fd 1 and 2
  // and reads this at each): the label of the callback running, the main module's until one runs, 0 when
  // none the probe knows of does (between callbacks, labelling nothing, or after an error of the probe's).
  const writerBuffer = probe.writer?.();
  let writer = writerBuffer ? new Uint32Array(writerBuffer) : null;
  const writers = [0];
  if (writer !== null) {
    writer[0] = nameOf('main');
  }
  function stopWriting() {
    if (writer !== null) {
      writer[0] = 0;
      writer = null;
    }
  }
  // The commonest resources are told by their class, learnt from the first of each, with no weak-map
  // entry each: immediates and timeouts.
  const immediate = nameOf('Immediate');
  const timeout = nameOf('Timeout');
  let ImmediateClass = null;
  let TimeoutClass = null;
  function learnClass(type, constructor) {
    if (type === 'Immediate') {
      ImmediateClass ??= constructor;
    } else {
      TimeoutClass ??= constructor;
    }
  }
  // A timer's or an immediate's label names the function it runs and where that was created (the native
  // half reads it through V8, once per place in the source), kept for each function in a weak map of its
  // type's; a function of Node's own (a promisified timer's) leaves the type's label.
  const functionLabels = {
    Timeout: new WeakMap(),
    Immediate: new WeakMap(),
    TickObject: new WeakMap(),
    Microtask: new WeakMap(),
    HTTPINCOMINGMESSAGE: new WeakMap(),
    HTTPCLIENTREQUEST: new WeakMap(),
    FSREQCALLBACK: new WeakMap(),
    TCPWRAP: new WeakMap(),
    TCPSERVERWRAP: new WeakMap(),
    PIPEWRAP: new WeakMap(),
    PIPESERVERWRAP: new WeakMap(),
  };
  const labelOf = (fn, typeLabel, type) => {
    if (typeof fn !== 'function') {
      return typeLabel;
    }
    const labels = functionLabels[type];
    let label = labels.get(fn);
    if (label === undefined) {
      label = probe.label(fn, type);
      labels.set(fn, label);
    }
    return label === 0 ? typeLabel : label;
  };
  // A nextTick's and a queueMicrotask's callback is a plain property of Node's object for it.
  const tickLabel = (resource) => labelOf(resource.callback, tick, 'TickObject');
  const microtask = nameOf('Microtask');
  const microtaskLabel = (resource) => labelOf(resource.callback, microtask, 'Microtask');
  // A request the program makes (an fs call, a DNS lookup, a connect, a write) wraps its callback in a
  // function of Node's, which keeps it out of reach: the request is named by where the program made it, read
  // from the stack as Node tells of it (init) and kept for the resource. Only for these types: Node may tell
  // of others (a crypto job whose options it refuses) with an exception of its own pending.
  const madeAt = new WeakMap();
  const requestTypes = new Set(['FSREQCALLBACK', 'FSREQPROMISE', 'FILEHANDLE', 'GETADDRINFOREQWRAP',
    'GETNAMEINFOREQWRAP', 'QUERYWRAP', 'TCPWRAP', 'TCPSERVERWRAP', 'PIPEWRAP', 'PIPESERVERWRAP',
    'TCPCONNECTWRAP', 'PIPECONNECTWRAP', 'WRITEWRAP', 'SHUTDOWNWRAP', 'UDPWRAP', 'SENDWRAP', 'ZLIB',
    'HTTPCLIENTREQUEST', 'PROCESSWRAP', 'SIGNALWRAP', 'STATWATCHER', 'FSEVENTWRAP']);
  const madeAtLabel = (resource, typeLabel) => madeAt.get(resource) ?? typeLabel;
  // The first of an emitter's listeners for an event that is a function of the program's (a `once` listener
  // is Node's wrapper of it), read from plain properties of Node's so that nothing of the program's runs; 0
  // when none is.
  const listenerLabel = (listeners, type) => {
    if (!Array.isArray(listeners)) {
      return labelOf(listeners?.listener ?? listeners, 0, type);
    }
    for (const listener of listeners) {
      const label = labelOf(listener?.listener ?? listener, 0, type);
      if (label !== 0) {
        return label;
      }
    }
    return 0;
  };
  // An HTTP request's callback emits 'request' on its server: it is named by the server's request listener,
  // read from the resource Node made for it ({ type, socket }) and the socket's server. A server with no
  // listener, or a socket with no server, leaves the type's label.
  const incomingMessage = nameOf('HTTPINCOMINGMESSAGE');
  const requestLabel = (resource) =>
    listenerLabel(resource.socket?.server?._events?.request, 'HTTPINCOMINGMESSAGE') || incomingMessage;
  // An HTTP client's callbacks (the response and its body) are named by the request's response listener
  // (http.get's callback), kept once found (Node removes it when the response comes), or by where the
  // request was made.
  const clientRequest = nameOf('HTTPCLIENTREQUEST');
  const responseLabel = (resource) => {
    const label = listenerLabel(resource.req?._events?.response, 'HTTPCLIENTREQUEST');
    if (label === 0) {
      return madeAtLabel(resource, clientRequest);
    }
    madeAt.set(resource, label);
    return label;
  };
  // A socket's reads are named by its 'data' listener, a server's new connections by its 'connection'
  // listener (net.createServer's callback), and an HTTP server's by its request listener, which they run:
  // the handle's owner (the socket or the server) is found by Node's owner_symbol, learnt from the first
  // handle that has it.
  const sockets = new Map(['TCPWRAP', 'TCPSERVERWRAP', 'PIPEWRAP', 'PIPESERVERWRAP'].map((type) => [nameOf(type), type]));
  let ownerSymbol;
  const ownerOf = (handle) => {
    ownerSymbol ??= Object.getOwnPropertySymbols(handle).find((symbol) => symbol.description === 'owner_symbol');
    return ownerSymbol === undefined ? undefined : handle[ownerSymbol];
  };
  const socketLabel = (resource, type, typeName) => {
    const events = ownerOf(resource)?._events;
    return listenerLabel(events?.data, typeName) || listenerLabel(events?.connection, typeName) ||
      listenerLabel(events?.request ?? ownerOf(resource)?.server?._events?.request, typeName) ||
      madeAtLabel(resource, type);
  };
  // fs.readFile's requests (its open, fstat, reads and close) carry the context that holds the program's
  // callback, a plain property of Node's: they are named by it; other fs calls by where they were made.
  const fsRequest = nameOf('FSREQCALLBACK');
  const fsLabel = (resource) => labelOf(resource.context?.callback, 0, 'FSREQCALLBACK') ||
    madeAtLabel(resource, fsRequest);
  // The label of a callback that runs for `resource`, of type `type` (the probe's number).
  const labelFor = (resource, type) => {
    switch (type) {
      case microtask: return microtaskLabel(resource);
      case incomingMessage: return requestLabel(resource);
      case fsRequest: return fsLabel(resource);
      case clientRequest: return responseLabel(resource);
      default: {
        const socketType = sockets.get(type);
        return socketType === undefined ? madeAtLabel(resource, type) : socketLabel(resource, type, socketType);
      }
    }
  };
  // With before and after hooks Node calls callbacks through a JavaScript trampoline, which adds a
  // frame to the stack trace of an error thrown in one. Without it Node emits the same hooks from
  // C++, and a crash prints what it prints without the probe. (Quietly: the binding is deprecated;
  // where it is gone, from Node 24, the trampoline stays.)
  let asyncWrap = null;
  try {
    const noDeprecation = process.noDeprecation;
    process.noDeprecation = true;
    asyncWrap = process.binding('async_wrap');
    process.noDeprecation = noDeprecation;
  } catch {
    // Node 24 and later: stack traces of errors thrown in callbacks show one more frame.
  }
  // What joins the queues, on the main thread (the one a replay shows); null once the queues are not seen.
  // The promise jobs that join come from V8's promise hooks: the probe's own, in place of Node's (below),
  // where the binding lets it put them in; else (Node 24) V8's isolate-wide hook, which V8 runs beside
  // the context's hooks Node keeps for async_hooks (which then tells every promise job one by one).
  const ownPromiseHooks = typeof asyncWrap?.setPromiseHooks === 'function';
  const sharedPromiseHooks = !ownPromiseHooks && typeof probe.sharePromiseHooks === 'function';
  if (withQueues && !ownPromiseHooks && !sharedPromiseHooks) {
    probe.queuesUnseen();
  }
  let stopSharedPromiseHooks = null;
  let queues = withQueues && (ownPromiseHooks || sharedPromiseHooks) ? watchQueues({
    events,
    full,
    drain: () => probe.drain(),
    isSettled: (promise) => probe.settled(promise),
    now: clock.now,
    labels: { promise },
    tickLabel,
    microtaskLabel,
    timerLabel: (resource, type) => type === 'Immediate' ?
      labelOf(resource._onImmediate, immediate, 'Immediate') : labelOf(resource._onTimeout, timeout, 'Timeout'),
  }) : null;
  const stopSharing = () => {
    if (stopSharedPromiseHooks !== null) {
      stopSharedPromiseHooks();
      stopSharedPromiseHooks = null;
    }
  };
  const queuesUnseen = () => {
    stopSharing();
    if (queues !== null) {
      queues = null;
      probe.queuesUnseen();
    }
  };
  // queueMicrotask jobs whose entries wait for their callbacks' names (loopscope-queues.js) are told at the
  // next hook of any kind, before what it tells.
  const payOwedNames = () => {
    if (queues !== null && queues.owed > 0) {
      queues.payNames();
    }
  };
  // Node's resources are objects; one emitted by a program (AsyncResource, or Node's internal emitInit)
  // may be anything, which only a weak map's own check would tell.
  const isObject = (resource) => (typeof resource === 'object' && resource !== null) || typeof resource === 'function';
  // init calls nothing of the native half's (a type is named when its callback first runs), and an error
  // of its own is told later: Node calls init hooks while an exception of its own may be pending (a
  // crypto job whose options it has just refused, in Node 18 and 20), which any Node-API call would throw
  // into the hook, where the probe would catch it, and the program would never see its error. The queues'
  // jobs are told at once, with the label the native half may have to read: timers, immediates, ticks and
  // queueMicrotask callbacks are made by JavaScript, never with an exception of Node's pending; so are the
  // requests named by where they were made (requestTypes).
  const hooks = {
    init(asyncId, type, triggerAsyncId, resource) {
      if (failed) {
        return;
      }
      try {
        if (!isObject(resource)) {
          return;
        }
        if (type === 'Immediate' || type === 'Timeout') {
          learnClass(type, resource.constructor);
        } else if (type !== 'PROMISE' && type !== 'TickObject') {
          names.set(resource, type);
          if (requestTypes.has(type)) {
            const label = probe.createdAt(type);
            if (label !== 0) {
              madeAt.set(resource, label);
            }
          }
        }
        queues?.init(asyncId, type, resource);
      } catch (error) {
        failed = true;
        untold = error;
      }
    },
    before(asyncId) {
      if (failed) {
        tellFailure();
        return;
      }
      try {
        payOwedNames();
        const resource = asyncHooks.executionAsyncResource();
        const constructor = resource?.constructor;
        const counted = constructor === Object;
        countedAt[++depth] = counted;
        timerAt[depth] = null;
        let label;
        if (counted) {
          countJob(label = tickLabel(resource));
        } else if (constructor === ImmediateClass) {
          note(label = labelOf(resource._onImmediate, immediate, 'Immediate'));
          queues?.before(asyncId);
        } else if (constructor === TimeoutClass) {
          note(label = labelOf(resource._onTimeout, timeout, 'Timeout'));
          queues?.before(asyncId);
          timerAt[depth] = resource;
        } else {
          note(label = labelFor(resource, typeOf(resource)));
          // A promise job told here where the probe had put its own promise hooks in: Node's are back (the
          // program added a hook of its own), and the probe's, which tell what joins the microtask queue,
          // are gone.
          if (queues !== null && ownPromiseHooks && resource instanceof Promise) {
            queuesUnseen();
          }
        }
        if (writer !== null) {
          writer[0] = writers[depth] = label;
        }
      } catch (error) {
        fail(error);
      }
    },
    after(asyncId) {
      if (failed) {
        tellFailure();
        return;
      }
      try {
        payOwedNames();
        // The callback's end first: the interval's next run joins once this one is over.
        const timer = depth > 0 ? timerAt[depth] : null;
        if (depth > 0 && !countedAt[depth--]) {
          note(0);
        }
        if (writer !== null) {
          writer[0] = depth > 0 ? writers[depth] : 0;
        }
        if (timer !== null) {
          queues?.after(asyncId, timer);
        }
      } catch (error) {
        fail(error);
      }
    },
  };
  // A timer or an immediate cleared before it ran leaves its queue: Node tells its destroy, which costs a
  // call for every resource, and so only while the queues are watched.
  if (queues !== null) {
    hooks.destroy = (asyncId) => {
      if (failed) {
        return;
      }
      try {
        queues?.destroy(asyncId);
      } catch (error) {
        fail(error);
      }
    };
  }
  const hook = asyncHooks.createHook(hooks);
  // Every callback labelled and timed, or (markers only) the phases alone, which costs the program
  // next to nothing; LoopScope switches between them while the program runs. Enabling the hooks puts
  // the trampoline back, so it goes again each time.
  // Node's own promise hooks, installed for any async_hooks hook with before or after, give every promise
  // an async id and every job two calls into JavaScript: an await chain runs several times slower. While
  // this hook is the only one (no AsyncLocalStorage, no hook of the program's), they are replaced by a
  // count of the jobs, as without any hook Node keeps none for promises; the moment the program adds one,
  // Node puts its own back (and every job is labelled one by one again).
  const fields = asyncWrap?.async_hook_fields;
  const constants = asyncWrap?.constants;
  // The probe's own promise hooks also tell what joins the microtask queue (loopscope-queues.js); where
  // they cannot be put in, the queues are not seen, and LoopScope is told so.
  const destroys = hooks.destroy === undefined ? 0 : 1;
  const onlyHook = () =>
    fields !== undefined && fields[constants.kInit] === 1 && fields[constants.kBefore] === 1 &&
    fields[constants.kAfter] === 1 && fields[constants.kDestroy] === destroys &&
    fields[constants.kPromiseResolve] === 0;
  const promiseInit = (promise, parent) => {
    if (failed) {
      return;
    }
    try {
      queues?.promiseInit(promise, parent);
    } catch (error) {
      fail(error);
    }
  };
  const promiseSettled = (promise) => {
    if (failed) {
      return;
    }
    try {
      queues?.promiseSettled(promise);
    } catch (error) {
      fail(error);
    }
  };
  const countPromiseJobs = () => {
    if (ownPromiseHooks && onlyHook()) {
      const watched = queues !== null;
      asyncWrap.setPromiseHooks(watched ? promiseInit : undefined, countPromiseJob, undefined,
        watched ? promiseSettled : undefined);
    } else if (sharedPromiseHooks && queues !== null && probe.sharePromiseHooks(promiseInit, promiseSettled)) {
      stopSharedPromiseHooks = () => probe.sharePromiseHooks();
    } else {
      queuesUnseen();
    }
  };
  return {
    // What init could not tell (at exit).
    tellFailure() {
      try {
        tellFailure();
      } catch {
        // The native half failed too: there is no one to tell.
      }
    },
    // Called by LoopScope's switch too, outside any hook.
    labelEveryCallback(on) {
      try {
        if (failed) {
          if (!on) {
            hook.disable();
          }
          return;
        }
        probe.setEveryCallback(on);
        if (on) {
          hook.enable();
          asyncWrap?.setCallbackTrampoline(undefined);
          countPromiseJobs();
        } else {
          hook.disable();
          if (writer !== null) {
            writer[0] = 0;
          }
          // Nothing is told while the phases alone are marked: from now on the queues are not known.
          queuesUnseen();
        }
      } catch (error) {
        fail(error);
      }
    },
  };
}

// The queues' watch, beside this file (loaded by its path, as the native half is).
function watchQueues(options) {
  return require(require('path').join(__dirname, 'loopscope-queues.js')).watchQueues(options);
}

function load() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 18) {
    process.emitWarning(`LoopScope's probe needs Node.js 18 or later; this is ${process.version}`);
    return null;
  }
  try {
    return require(require('path').join(__dirname, 'loopscope_probe.node'));
  } catch (error) {
    process.emitWarning(`LoopScope's probe did not load: ${error.message}`);
    return null;
  }
}

// Starts watching this process on the socket `fd` (its main thread's loop, then each worker's as it starts).
function watchProcess(probe, fd) {
  if (!probe || !probe.start(fd, process.version, process.versions.uv, delayMs, !markersOnly)) {
    // No probe: the socket is closed, so that LoopScope is not kept waiting by the program's children.
    try {
      require('fs').closeSync(fd);
    } catch {
      // Not open: nothing to close.
    }
  } else {
    watch(probe, true);
  }
}

// Loaded into a running program by LoopScope (attachRunning() follows): nothing to do on loading.
const attaching = Symbol.for('loopscope.attaching');
if (globalThis[attaching] === true) {
  delete globalThis[attaching];
} else if (fdText !== undefined) {
  watchProcess(load(), Number(fdText));
} else {
  // A child node process of a program LoopScope follows with its children, on its main thread (the
  // process's probe is not running yet): it connects to LoopScope itself.
  const probe = childrenSocket !== undefined ? load() : null;
  if (probe && !probe.running()) {
    const fd = probe.connect(childrenSocket);
    if (fd >= 0) {
      watchProcess(probe, fd);
    }
  } else {
    // A worker thread of a program LoopScope watches (the main thread's probe runs in this process): its
    // loop is watched too, as a worker loop of its own, in the mode the main thread's is in.
    const workerThreads = require('worker_threads');
    if (!workerThreads.isMainThread) {
      const workerProbe = probe ?? load();
      if (workerProbe && workerProbe.startWorker(workerThreads.threadId)) {
        watch(workerProbe, false);
      }
    }
  }
}

// Attaches to this program while it runs (loopscope --attach-pid, evaluated through its inspector): connects
// to LoopScope's socket `socketName` (in the abstract namespace) and watches the main thread's loop, in
// markers-only mode unless `everyCallback`, with a loop-delay monitor of `delayMs` when > 0, sampling the
// stacks of a callback that runs past `blockThresholdMs` when > 0. Returns true,
// or why the probe does not run. When LoopScope lets go or goes, the probe takes out what it put in and
// the program runs on; it is never ended by the probe.
function attachRunning(socketName, delayMs, everyCallback, blockThresholdMs) {
  delete globalThis[attaching]; // set again by LoopScope's expression when this file was loaded before
  const probe = load();
  if (!probe) {
    return 'the probe did not load (Node.js 18 or later is needed; the warning is in the program\'s output)';
  }
  if (probe.running() || probe.attached()) {
    return 'LoopScope attached to this process before, and attaches once to a running process';
  }
  const fd = probe.connect(socketName);
  if (fd < 0) {
    return 'the probe could not connect to LoopScope\'s socket';
  }
  if (!probe.start(fd, process.version, process.versions.uv, delayMs, everyCallback, true)) {
    try {
      require('fs').closeSync(fd);
    } catch {
      // Not open: nothing to close.
    }
    return 'the probe did not start';
  }
  // What was queued before the probe came is not known: the queues are not watched.
  watch(probe, true, Number(blockThresholdMs) || 0, false);
  return true;
}

module.exports = { attachRunning };
