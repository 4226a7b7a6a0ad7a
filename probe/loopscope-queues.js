'use strict';
// What joins the JavaScript queues of a loop the probe watches, and when, as a run of LoopScope's own
// records it (Queued records), so that a replay can show the queues at any moment of the run: nextTicks,
// queueMicrotask callbacks and promise jobs, immediates, and timers with their delay. Each job is told
// under the label its callback will run under (the one the probe's before hook gives it), which is how
// the replay matches a queued item to the callback that takes it.
//
// A job that joins a queue goes into the events buffer the native half reads at its phase markers, as
// four doubles: QueuedBase + its label (LeftBase + its label for a timer or an immediate cleared before it
// ran), the time, how many jobs, and a timer's delay in ms. Jobs of one label told one after another are
// one entry (a Promise.all of ten thousand is one).
//
// Promise jobs come from V8's promise hooks: a reaction (then, await) joins the microtask queue when it is
// registered on a promise settled already, or else when its promise settles. A promise resolved with
// another promise queues a job V8 tells of only when it runs: that job is not shown waiting.

const QueuedBase = 2 ** 33; // above every label
const LeftBase = 2 ** 34;

// `events`: the buffer (its first double the count used), `full`: the count from which it is drained,
// `drain()`: has the native half read it, `now()`: the buffer's clock, `labels`: the probe's numbers for
// TickObject, PROMISE and Microtask, `timerLabel(resource, type)`: a Timeout's or an Immediate's label.
function watchQueues({ events, full, drain, now, labels, timerLabel }) {
  // The count of the run of ticks or promise jobs being counted (loopscope-probe.js): a job that began
  // since the last entry makes the next one an entry of its own, or the replay would show the jobs a chain
  // queues one by one as all queued at once.
  const runCount = events.length - 1;
  let countAtLast = -1;
  const tell = (code, count, delayMs) => {
    const used = events[0];
    // The same jobs again, nothing else told or run since: one entry more.
    if (used >= 5 && events[used - 4] === code && events[used - 1] === delayMs && events[runCount] === countAtLast) {
      events[used - 2] += count;
      return;
    }
    countAtLast = events[runCount];
    events[used] = code;
    events[used + 1] = now();
    events[used + 2] = count;
    events[used + 3] = delayMs;
    events[0] = used + 4;
    if (used + 4 >= full) {
      drain();
    }
  };
  const joined = (label, count = 1, delayMs = 0) => tell(QueuedBase + label, count, delayMs);

  // Timers and immediates waiting, by async id, so that one cleared before it ran (its destroy hook, which
  // Node calls by the next check phase) leaves its queue. A timer is due its delay from now (Node brings
  // the loop's time up to date as it starts one); an interval counts from its callback's start, so its
  // next run shows due as much later as the callback took.
  const waiting = new Map();
  const timerJoined = (asyncId, resource, type, delayMs) => {
    const label = timerLabel(resource, type);
    waiting.set(asyncId, label);
    joined(label, 1, delayMs);
  };

  // Each promise's state: true once settled; else the promises of the reactions waiting for it (none: 0, one:
  // that promise, more: an array). A promise made before the probe's hooks has none (undefined): its
  // reactions are not told, rather than told at the wrong time.
  const states = new WeakMap();
  // The reactions of a promise that settles, as they join the microtask queue: those whose promises have not
  // settled. V8 also names a parent for the promise `await` wraps its value in (the async function's own
  // promise), which no job of that parent's settles; it has settled by the time its parent does.
  const stillWaiting = (reactions) => {
    if (!Array.isArray(reactions)) {
      return states.get(reactions) === true ? 0 : 1;
    }
    let count = 0;
    for (const reaction of reactions) {
      count += states.get(reaction) === true ? 0 : 1;
    }
    return count;
  };
  return {
    // async_hooks init: a job of a queue the probe shows.
    init(asyncId, type, resource) {
      if (type === 'TickObject') {
        joined(labels.tick);
      } else if (type === 'Microtask') {
        joined(labels.microtask);
      } else if (type === 'Immediate') {
        timerJoined(asyncId, resource, type, 0);
      } else if (type === 'Timeout') {
        timerJoined(asyncId, resource, type, resource._idleTimeout);
      }
    },
    // async_hooks before: a timer or an immediate runs, and is no longer waiting.
    before(asyncId) {
      waiting.delete(asyncId);
    },
    // async_hooks after: an interval that runs on joins the timers again.
    after(asyncId, resource) {
      if (typeof resource._repeat === 'number' && !resource._destroyed) {
        timerJoined(asyncId, resource, 'Timeout', resource._repeat);
      }
    },
    // async_hooks destroy: a timer or immediate still waiting was cleared.
    destroy(asyncId) {
      const label = waiting.get(asyncId);
      if (label !== undefined) {
        waiting.delete(asyncId);
        tell(LeftBase + label, 1, 0);
      }
    },
    // V8's promise init: `parent` is the promise a reaction (then, await) waits for.
    promiseInit(promise, parent) {
      states.set(promise, 0);
      if (parent === undefined) {
        return;
      }
      const state = states.get(parent);
      if (state === true) {
        joined(labels.promise); // settled already: the reaction's job is queued now
      } else if (state === 0) {
        states.set(parent, promise);
      } else if (Array.isArray(state)) {
        state.push(promise);
      } else if (state !== undefined) {
        states.set(parent, [state, promise]);
      }
    },
    // V8's promise resolve: the promise's reactions join the microtask queue.
    promiseSettled(promise) {
      const state = states.get(promise);
      states.set(promise, true);
      if (state !== undefined && state !== 0 && state !== true) {
        const reactions = stillWaiting(state);
        if (reactions > 0) {
          joined(labels.promise, reactions);
        }
      }
    },
  };
}

module.exports = { watchQueues, QueuedBase, LeftBase };
