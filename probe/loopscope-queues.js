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
// `drain()`: has the native half read it, `now()`: the buffer's clock, `isSettled(promise)`: V8's word,
// `labels`: the probe's number for PROMISE, `timerLabel(resource, type)`: a Timeout's or an Immediate's
// label, `tickLabel(resource)` and `microtaskLabel(resource)`: a nextTick's and a queueMicrotask callback's.
function watchQueues({ events, full, drain, now, isSettled, labels, timerLabel, tickLabel, microtaskLabel }) {
  // The run of ticks or promise jobs being counted (loopscope-probe.js): its name, its count, and before
  // them how many jobs of its own kind it queued.
  const runName = events.length - 3;
  const runCount = events.length - 1;
  const runQueued = events.length - 4;
  // The run's count at the last entry: a job that began since makes the next entry one of its own, or the
  // replay would show jobs queued one by one as all queued at once.
  let countAtLast = -1;
  // queueMicrotask sets its callback on its resource only after telling of it (init): the job is told, named
  // and at the time it joined, at the probe's next word (any hook, or another job told), which always comes
  // before the job runs. Resource and time in turn.
  const owing = [];
  const tell = (code, count, delayMs, at = now()) => {
    if (owing.length > 0) {
      self.payNames();
    }
    const used = events[0];
    // The same jobs again, nothing else told or run since: one entry more.
    if (used >= 5 && events[used - 4] === code && events[used - 1] === delayMs && events[runCount] === countAtLast) {
      events[used - 2] += count;
      return;
    }
    countAtLast = events[runCount];
    events[used] = code;
    events[used + 1] = at;
    events[used + 2] = count;
    events[used + 3] = delayMs;
    events[0] = used + 4;
    if (used + 4 >= full) {
      drain();
    }
  };
  // A job of the kind a counted run runs, queued while it runs (the next step of an await loop, a nextTick
  // that queues another), is told with the run's end, as many as there were: an entry each would cost an
  // await loop more than its awaits. Until then the replay owes the run's calls their jobs.
  const joined = (label, count = 1, delayMs = 0) => {
    if (events[runCount] > 0 && events[runName] === label) {
      events[runQueued] += count;
    } else {
      tell(QueuedBase + label, count, delayMs);
    }
  };

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

  // The reactions waiting for each pending promise that has any (their own promises), taken when it settles.
  // Only those: a WeakMap entry for every promise would cost an await loop ten times its awaits (the
  // collector's work on a weak map that large). Whether a promise has settled, V8 says (isSettled()).
  const reactions = new WeakMap();
  // V8 also names a parent for the promise `await` wraps a plain value in (the async function's own
  // promise), and settles that wrapper at once: it is no reaction, and the reaction registered on it next
  // (the await's) finds it settled.
  let madeLast = null;
  let madeOn = null; // the reactions madeLast was added to
  let settledLast = null;
  const self = {
    // How many queueMicrotask jobs are still to be told.
    owed: 0,
    payNames() {
      const owed = owing.splice(0);
      self.owed = 0;
      for (let i = 0; i < owed.length; i += 2) {
        tell(QueuedBase + microtaskLabel(owed[i]), 1, 0, owed[i + 1]);
      }
    },
    // The counted run of `label` ended at `at`: the jobs it queued join.
    runEnded(label, at) {
      const count = events[runQueued];
      if (count > 0) {
        events[runQueued] = 0;
        tell(QueuedBase + label, count, 0, at);
      }
    },
    // async_hooks init: a job of a queue the probe shows.
    init(asyncId, type, resource) {
      if (type === 'TickObject') {
        joined(tickLabel(resource));
      } else if (type === 'Microtask') {
        owing.push(resource, now());
        self.owed = owing.length;
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
      madeLast = promise;
      madeOn = null;
      if (parent === undefined) {
        return;
      }
      let registered = reactions.get(parent);
      if (registered === undefined) {
        if (parent === settledLast || isSettled(parent)) {
          joined(labels.promise); // settled already: the reaction's job is queued now
          return;
        }
        registered = [];
        reactions.set(parent, registered);
      }
      registered.push(promise);
      madeOn = registered;
    },
    // V8's promise resolve: the promise's reactions join the microtask queue. (An await on a thenable that
    // is no native promise also wraps it, settled only later: it is counted, and shown queued until the
    // next timer or immediate, before which Node has drained the microtasks.)
    promiseSettled(promise) {
      if (promise === madeLast && madeOn !== null) {
        madeOn.pop();
      }
      madeLast = null;
      madeOn = null;
      settledLast = promise;
      const registered = reactions.get(promise);
      if (registered !== undefined) {
        reactions.delete(promise);
        if (registered.length > 0) {
          joined(labels.promise, registered.length);
        }
      }
    },
  };
  return self;
}

module.exports = { watchQueues, QueuedBase, LeftBase };
