"""Random, seeded LoopScope programs over the operations of docs/PROGRAMS.md.

Every program is small (3 to 25 operations, callbacks nested at most four
deep) and quick to run, and every log text is unique and short ("a1", "a2",
...) so that a difference between two outputs reads at a glance. The same
seed always gives the same programs. Programs are version 2: named timers and
their clearing, promise rejection with catch and finally steps (and unhandled
rejections, which end the program with status 1), the Promise combinators,
awaited thenables, timers/promises' setTimeout and setImmediate and the
AbortControllers that cancel them and readFile, fs.stat, fs.open, fs.read
and fs.close (a read or close inside an open of its name), try with catch and
finally in async functions with awaited rejections and throws, for await loops
over async generators (a throw leaving one), a worker's postMessage to an
onMessage body on the main loop, a file's read stream (its data, end and
close listeners), and the process's
unhandledRejection, beforeExit and exit listeners; also httpGet, pbkdf2Sync,
Node 10's await model and a parameter that timers' delays refer to.
"""
import random
from dataclasses import dataclass, replace

import program as tree

MAX_DEPTH = 4
MAX_WORKERS = 2
# The thread pool sizes drawn, one per program (libuv's default is 4).
THREADPOOL_SIZES = (1, 2, 4, 8)

# How often each operation is drawn; await is drawn only where it is allowed.
WEIGHTS = {
    "log": 6,
    "nextTick": 5,
    "queueMicrotask": 4,
    "promise": 4,
    "setTimeout": 6,
    "setInterval": 2,
    "setImmediate": 6,
    "async": 6,
    "await": 8,
    "readFile": 3,
    "dnsLookup": 2,
    "pbkdf2": 3,
    "repeat": 2,
    "chain": 3,
    "worker": 3,
    "block": 1,
    "jsonParse": 1,
    "regex": 1,
    "clearTimeout": 3,
    "clearImmediate": 2,
    "promiseAll": 3,
    "promiseRace": 2,
    "promiseAllSettled": 2,
    "promiseAny": 2,
    "onUnhandledRejection": 1,
    "onExit": 1,
    "onBeforeExit": 1,
    "abort": 2,
    "stat": 2,
    "httpGet": 1,
    "pbkdf2Sync": 1,
    "open": 2,
    "read": 3,
    "close": 2,
    "try": 4,
    "forAwait": 3,
    "postMessage": 4,
    "readStream": 3,
}

TIMER_NAMES = {"setTimeout": ["t1", "t2", "t3"], "setImmediate": ["i1", "i2"]}
CONTROLLERS = ["c1", "c2"]
FILE_NAMES = ["f1", "f2"]
CLEARS = {"clearTimeout": "setTimeout", "clearImmediate": "setImmediate"}
# Ops a worker's body may not hold: what may reject, the process's listeners, and a read stream (whose file the
# main script writes and removes).
MAIN_ONLY = {"onUnhandledRejection", "onExit", "onBeforeExit", "abort", "readStream"}
# A read stream's chunk sizes (None: Node's default of 64 KiB), and the most chunks a stream is drawn with.
STREAM_CHUNKS = [None, 1000, 16384]
MOST_CHUNKS = 5

CHAIN_VIAS = ["nextTick", "queueMicrotask", "promise", "setTimeout", "setImmediate"]


@dataclass(frozen=True)
class Context:
    """Where an operation is placed: its depth, and whether await and worker are allowed there."""

    depth: int = 0
    in_async: bool = False
    in_worker: bool = False
    # Whether a promise made here may reject: not in a worker, nor in an unhandledRejection listener, whose
    # own unhandled rejection would call it again, and again: a program Node never ends.
    rejects: bool = True
    files: tuple = ()  # the names of the opens around, innermost last: what a read or close may name

    def callback(self):
        """Returns the context of a callback's body, which is never an async body."""
        return replace(self, depth=self.depth + 1, in_async=False)


class Generator:
    """Draws programs from one seed."""

    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed)
        # A generator of its own, so a seed's programs are the ones it gave before pool sizes were drawn.
        self.pool_rng = random.Random(f"threadpool-{seed}")
        self.texts = 0
        self.budget = 0
        self.workers = 0

    def program(self, name):
        """Returns the next program, as a JSON-ready dictionary called `name`."""
        self.texts = 0
        self.workers = 0
        self.errors = 0
        self.budget = self.rng.randint(3, 25)
        module = "esm" if self.rng.random() < 0.3 else "cjs"
        main = [self.op(Context()) for _ in range(self.rng.randint(2, 5))]
        while self.budget > 0:
            main.append(self.op(Context()))
        fix_names(main, self.log)
        program = {"format": "loopscope-program", "version": 2, "name": name, "module": module, "main": main,
                   tree.THREADPOOL: self.pool_rng.choice(THREADPOOL_SIZES)}
        # Node 10's await (three ticks for a promise) now and then.
        if self.rng.random() < 0.15:
            program["awaitModel"] = "node10"
        # A parameter some timers' delays refer to, read at its default.
        timers = [op for op in tree.ops_of(main) if op["op"] == "setTimeout"]
        if timers and self.rng.random() < 0.2:
            program["params"] = {"delay": {"default": self.rng.randint(0, 5), "min": 0, "max": 5}}
            for op in timers:
                if self.rng.random() < 0.5:
                    op["ms"] = "$delay"
        return program

    def message(self):
        """Returns a fresh, short error message."""
        self.errors += 1
        return f"e{self.errors}"

    def log(self):
        """Returns a log operation with a fresh text."""
        self.texts += 1
        self.budget -= 1
        return {"op": "log", "text": f"a{self.texts}"}

    def body(self, context, most=2):
        """Returns a callback body: usually a log first, then up to `most` operations."""
        ops = [self.log()] if self.rng.random() < 0.85 else []
        if context.depth < MAX_DEPTH:
            for _ in range(self.rng.randint(0, most)):
                if self.budget <= 0:
                    break
                ops.append(self.op(context))
        return ops

    def choose(self, context):
        """Draws the kind of the next operation among those allowed in `context`."""
        kinds = [kind for kind in WEIGHTS if self.allowed(kind, context)]
        return self.rng.choices(kinds, weights=[WEIGHTS[kind] for kind in kinds])[0]

    def allowed(self, kind, context):
        """Tells whether an operation of `kind` may be drawn in `context`."""
        if context.depth >= MAX_DEPTH:
            return kind in ("log", "block") or (kind == "await" and context.in_async)
        if kind in ("await", "try", "forAwait"):
            return context.in_async
        if kind == "worker":
            return not context.in_worker and self.workers < MAX_WORKERS
        if kind in MAIN_ONLY:
            return not context.in_worker
        if kind in ("read", "close"):
            return bool(context.files)
        if kind == "postMessage":
            return context.in_worker
        return True

    def op(self, context):
        """Returns one random operation valid in `context`."""
        kind = self.choose(context)
        if kind == "log":
            return self.log()
        self.budget -= 1
        return getattr(self, "make_" + kind, self.make_callback)(kind, context)

    def make_callback(self, kind, context):
        """Builds an operation that only takes a callback body (nextTick, readFile, ...)."""
        return {"op": kind, "do": self.body(context.callback())}

    def name_timer(self, op):
        """Gives a setTimeout or setImmediate one of the names clears refer to, now and then."""
        if self.rng.random() < 0.5:
            op["name"] = self.rng.choice(TIMER_NAMES[op["op"]])
        return op

    def make_setTimeout(self, kind, context):
        """Builds a setTimeout of 0 to 5 ms, maybe named."""
        return self.name_timer({"op": kind, "ms": self.rng.randint(0, 5), "do": self.body(context.callback())})

    def make_setImmediate(self, kind, context):
        """Builds a setImmediate, maybe named."""
        return self.name_timer({"op": kind, "do": self.body(context.callback())})

    def make_clearTimeout(self, kind, context):
        """Builds a clear of one of the names (fix_names makes sure a timer of its scope has it)."""
        return {"op": kind, "name": self.rng.choice(TIMER_NAMES[CLEARS[kind]])}

    make_clearImmediate = make_clearTimeout

    def may_reject(self, context):
        """Tells whether a promise made here may reject: never where the context forbids it (a worker, an
        unhandledRejection listener), now and then elsewhere."""
        return context.rejects and self.rng.random() < 0.4

    def steps(self, context, most):
        """Returns 1 to `most` promise steps: then bodies, catch and finally steps, a then or catch may throw.

        A catch comes last more often than not, so that most rejections are handled.
        """
        steps = []
        for _ in range(self.rng.randint(1, most)):
            form = self.rng.choices(["then", "catch", "finally"], weights=[5, 2, 2])[0]
            body = self.body(context.callback(), most=1)
            if form != "finally" and context.rejects and self.rng.random() < 0.15:
                self.budget -= 1
                body.append({"op": "throw", "message": self.message()})
            steps.append(body if form == "then" and self.rng.random() < 0.5 else {form: body})
        if context.rejects and self.rng.random() < 0.6:
            steps.append({"catch": self.body(context.callback(), most=1)})
        return steps

    def make_jsonParse(self, kind, context):
        """Builds a JSON.parse of a 1 MB payload: a few milliseconds of synchronous work."""
        return {"op": kind, "mb": 1}

    def make_regex(self, kind, context):
        """Builds a regex test on a short input, quick with either pattern."""
        return {"op": kind, "length": self.rng.randint(2, 12), "pattern": self.rng.choice(["vulnerable", "safe"])}

    def make_combinator(self, kind, context):
        """Builds Promise.all (race, allSettled, any) over 0 to 4 promises, settled at once or by a timer or an immediate."""
        promises = []
        for _ in range(self.rng.randint(0, 4)):
            entry = {}
            form = self.rng.choice(["now", "now", "sleep", "immediate"])
            if form == "sleep":
                entry["sleep"] = self.rng.randint(0, 3)
            elif form == "immediate":
                entry["immediate"] = True
            if self.rng.random() < 0.6:
                entry["do"] = self.body(context.callback(), most=1)
            if self.may_reject(context):
                entry["reject"] = self.message()
            promises.append(entry)
        op = {"op": kind, "promises": promises}
        if self.rng.random() < 0.9 or context.in_worker:
            op["chain"] = self.steps(context, 2)
        return op

    make_promiseAll = make_combinator
    make_promiseRace = make_combinator
    make_promiseAllSettled = make_combinator
    make_promiseAny = make_combinator

    def make_onUnhandledRejection(self, kind, context):
        """Builds an unhandledRejection listener, whose body never rejects."""
        return {"op": kind, "do": self.body(replace(context.callback(), rejects=False), most=1)}

    def make_onExit(self, kind, context):
        """Builds an exit listener."""
        return {"op": kind, "do": self.body(context.callback(), most=1)}

    def make_onBeforeExit(self, kind, context):
        """Builds a beforeExit listener (process.once), which may queue more work."""
        return {"op": kind, "do": self.body(context.callback(), most=2)}

    def make_setInterval(self, kind, context):
        """Builds an interval of 0 to 3 ms that runs 1 to 3 times."""
        return {"op": kind, "ms": self.rng.randint(0, 3), "times": self.rng.randint(1, 3),
                "do": self.body(context.callback(), most=1)}

    def make_pbkdf2(self, kind, context):
        """Builds a pbkdf2 of 1 to 1000 iterations."""
        iterations = self.rng.choice([1, 10, 100, self.rng.randint(1, 1000)])
        return {"op": kind, "iterations": iterations, "do": self.body(context.callback())}

    def make_promise(self, kind, context):
        """Builds a promise chain of 1 to 3 steps, maybe starting rejected."""
        op = {"op": kind}
        if self.may_reject(context):
            op["reject"] = self.message()
        op["chain"] = self.steps(context, 3)
        return op

    def make_async(self, kind, context):
        """Builds an async function whose body awaits or tries now and then."""
        inner = replace(context, depth=context.depth + 1, in_async=True)
        ops = [self.log()]
        for _ in range(self.rng.randint(1, 4)):
            draw = self.rng.random()
            if draw < 0.35:
                self.budget -= 1
                ops.append(self.make_await("await", inner))
            elif draw < 0.55 and inner.depth < MAX_DEPTH:
                self.budget -= 1
                ops.append(self.make_try("try", inner))
            elif draw < 0.85 and inner.depth < MAX_DEPTH:
                self.budget -= 1
                ops.append(self.make_forAwait("forAwait", inner))
            else:
                ops.append(self.op(inner))
        return {"op": kind, "do": ops}

    def make_await(self, kind, context):
        """Builds an await of null, a timer promise, an immediate promise, a resolved promise, a thenable,
        timers/promises' setTimeout or setImmediate, or (never in a worker or an unhandledRejection listener) a
        rejected promise."""
        forms = ["null", "sleep", "immediate", "promise", "thenable", "setTimeout", "setImmediate"]
        form = self.rng.choice(forms + (["reject"] if context.rejects else []))
        if form == "null":
            return {"op": kind}
        if form == "reject":
            return {"op": kind, "reject": self.message()}
        op = {"op": kind, form: self.rng.randint(0, 3) if form in ("sleep", "setTimeout") else True}
        # timers/promises' forms, given an AbortController's signal now and then (never where no promise may
        # reject: an abort would reject the await).
        if form in ("setTimeout", "setImmediate") and context.rejects and self.rng.random() < 0.6:
            op["signal"] = self.rng.choice(CONTROLLERS)
        return op

    def make_try(self, kind, context):
        """Builds a try in an async body: its do, and a catch, a finally or both, each of which may await and
        end with a throw."""
        inner = replace(context, depth=context.depth + 1)
        op = {"op": kind, "do": self.async_block(inner)}
        which = self.rng.choice(["catch", "finally", "both"])
        if which != "finally":
            op["catch"] = self.async_block(inner)
        if which != "catch":
            op["finally"] = self.async_block(inner)
        return op

    def make_forAwait(self, kind, context):
        """Builds a for await loop over an async generator of 0 to 3 yields, whose yieldDo (a callback-like
        body) runs before each yield and whose loop body may await and end with a throw."""
        op = {"op": kind, "times": self.rng.choice([0, 1, 2, 2, 3])}
        if self.rng.random() < 0.6:
            op["yieldDo"] = self.body(context.callback(), most=1)
        op["do"] = self.async_block(replace(context, depth=context.depth + 1))
        return op

    def async_block(self, context):
        """Returns a body of an async function (awaits allowed), ending with a throw now and then."""
        ops = self.body(context, most=2)
        if context.rejects and self.rng.random() < 0.3:
            self.budget -= 1
            ops.append({"op": "throw", "message": self.message()})
        return ops

    def make_abort(self, kind, context):
        """Builds an abort of one of the controllers the awaits' signals name."""
        return {"op": kind, "controller": self.rng.choice(CONTROLLERS)}

    def make_repeat(self, kind, context):
        """Builds a loop of 1 to 3 runs; inside an async body it may await."""
        inner = replace(context, depth=context.depth + 1)
        return {"op": kind, "times": self.rng.randint(1, 3), "do": self.body(inner, most=1)}

    def make_chain(self, kind, context):
        """Builds a self-rescheduling callback of 1 to 3 steps, with an optional done body."""
        via = self.rng.choice(CHAIN_VIAS)
        op = {"op": kind, "via": via, "times": self.rng.randint(1, 3)}
        if via == "setTimeout":
            op["ms"] = self.rng.randint(0, 3)
        op["do"] = self.body(context.callback(), most=1)
        if self.rng.random() < 0.6:
            op["done"] = self.body(context.callback(), most=1)
        return op

    def make_worker(self, kind, context):
        """Builds a worker whose body runs on its own loop, with an optional done body."""
        self.workers += 1
        op = {"op": kind, "do": self.body(replace(context.callback(), in_worker=True, rejects=False, files=()))}
        if self.rng.random() < 0.7:
            # Messages besides the done: one posted by the script itself now and then, among its ops.
            op["do"].insert(self.rng.randint(0, len(op["do"])), {"op": "postMessage"})
        if self.rng.random() < 0.7:
            op["onMessage"] = self.body(context.callback(), most=1)
        if self.rng.random() < 0.7:
            op["done"] = self.body(context.callback(), most=1)
        return op

    def make_postMessage(self, kind, context):
        """Builds a worker's parentPort.postMessage, which the worker's onMessage handles on the main loop."""
        return {"op": kind}

    def make_readFile(self, kind, context):
        """Builds a readFile, given a controller's signal now and then (never in a worker)."""
        op = {"op": kind}
        if not context.in_worker and self.rng.random() < 0.3:
            op["signal"] = self.rng.choice(CONTROLLERS)
        op["do"] = self.body(context.callback())
        return op

    def make_open(self, kind, context):
        """Builds an fs.open of one of two names whose body reads or closes the file now and then."""
        name = self.rng.choice(FILE_NAMES)
        inner = replace(context.callback(), files=context.files + (name,))
        op = {"op": kind, "as": name, "do": self.body(inner)}
        if inner.depth < MAX_DEPTH and self.rng.random() < 0.6:
            self.budget -= 1
            op["do"].append(self.make_read(self.rng.choice(["read", "close"]), inner))
        return op

    def make_read(self, kind, context):
        """Builds an fs.read or fs.close of the file of an open around it."""
        return {"op": kind, "fd": self.rng.choice(context.files), "do": self.body(context.callback())}

    make_close = make_read

    def make_readStream(self, kind, context):
        """Builds a read stream of 0 to 5 chunks (a size that fills the last one or not), a short onData body
        and, now and then, onEnd and onClose bodies."""
        chunk = self.rng.choice(STREAM_CHUNKS)
        size = chunk or 65536
        chunks = self.rng.randint(0, MOST_CHUNKS)
        op = {"op": kind, "bytes": max(0, chunks * size - self.rng.choice([0, 0, 1, size // 2]))}
        if chunk:
            op["chunk"] = chunk
        op["onData"] = self.body(context.callback(), most=1)
        if self.rng.random() < 0.7:
            op["onEnd"] = self.body(context.callback(), most=1)
        if self.rng.random() < 0.6:
            op["onClose"] = self.body(context.callback(), most=1)
        return op

    def make_pbkdf2Sync(self, kind, context):
        """Builds a synchronous pbkdf2 of 1 to 1000 iterations: at most a millisecond or so."""
        return {"op": kind, "iterations": self.rng.choice([1, 100, self.rng.randint(1, 1000)])}

    def make_block(self, kind, context):
        """Builds a short synchronous busy period (1 to 3 ms), a timing perturbation."""
        return {"op": kind, "ms": self.rng.randint(1, 3)}


def fix_names(main, new_log):
    """Makes every clear name a timer of its scope (the main module, or a worker's body).

    A clear of a name no timer of its scope has clears the name of one that
    does; with none of its kind there, it becomes the log `new_log` returns.
    """
    def walk(ops, declared, clears):
        for op in ops:
            if op["op"] in TIMER_NAMES and "name" in op:
                declared.setdefault(op["op"], set()).add(op["name"])
            if op["op"] in CLEARS:
                clears.append(op)
            if op["op"] == "worker":
                scope(op.get("do", []))
                walk(op.get("onMessage", []), declared, clears)
                walk(op.get("done", []), declared, clears)
                continue
            for body in tree.bodies(op):
                walk(body, declared, clears)

    def scope(ops):
        declared, clears = {}, []
        walk(ops, declared, clears)
        for op in clears:
            names = sorted(declared.get(CLEARS[op["op"]], ()))
            if op["name"] in names:
                continue
            if names:
                op["name"] = names[0]
            else:
                op.clear()
                op.update(new_log())

    scope(main)


def programs(seed, count):
    """Yields `count` programs of `seed`, named after it."""
    generator = Generator(seed)
    for index in range(count):
        yield generator.program(f"dt-s{seed}-n{index}")
