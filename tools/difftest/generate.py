"""Random, seeded LoopScope programs over the operations of docs/PROGRAMS.md.

Every program is small (3 to 25 operations, callbacks nested at most four
deep) and quick to run, and every log text is unique and short ("a1", "a2",
...) so that a difference between two outputs reads at a glance. The same
seed always gives the same programs.
"""
import random
from dataclasses import dataclass, replace

MAX_DEPTH = 4
MAX_WORKERS = 2

# How often each operation is drawn; await is drawn only where it is allowed.
WEIGHTS = {
    "log": 6,
    "nextTick": 5,
    "queueMicrotask": 4,
    "promise": 4,
    "setTimeout": 6,
    "setInterval": 2,
    "setImmediate": 6,
    "async": 4,
    "await": 8,
    "readFile": 3,
    "dnsLookup": 2,
    "pbkdf2": 3,
    "repeat": 2,
    "chain": 3,
    "worker": 1,
    "block": 1,
}

CHAIN_VIAS = ["nextTick", "queueMicrotask", "promise", "setTimeout", "setImmediate"]


@dataclass(frozen=True)
class Context:
    """Where an operation is placed: its depth, and whether await and worker are allowed there."""

    depth: int = 0
    in_async: bool = False
    in_worker: bool = False

    def callback(self):
        """Returns the context of a callback's body, which is never an async body."""
        return replace(self, depth=self.depth + 1, in_async=False)


class Generator:
    """Draws programs from one seed."""

    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed)
        self.texts = 0
        self.budget = 0
        self.workers = 0

    def program(self, name):
        """Returns the next program, as a JSON-ready dictionary called `name`."""
        self.texts = 0
        self.workers = 0
        self.budget = self.rng.randint(3, 25)
        module = "esm" if self.rng.random() < 0.3 else "cjs"
        main = [self.op(Context()) for _ in range(self.rng.randint(2, 5))]
        while self.budget > 0:
            main.append(self.op(Context()))
        return {"format": "loopscope-program", "version": 1, "name": name, "module": module, "main": main}

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
        if kind == "await":
            return context.in_async
        if kind == "worker":
            return not context.in_worker and self.workers < MAX_WORKERS
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

    def make_setTimeout(self, kind, context):
        """Builds a setTimeout of 0 to 5 ms."""
        return {"op": kind, "ms": self.rng.randint(0, 5), "do": self.body(context.callback())}

    def make_setInterval(self, kind, context):
        """Builds an interval of 0 to 3 ms that runs 1 to 3 times."""
        return {"op": kind, "ms": self.rng.randint(0, 3), "times": self.rng.randint(1, 3),
                "do": self.body(context.callback(), most=1)}

    def make_pbkdf2(self, kind, context):
        """Builds a pbkdf2 of 1 to 1000 iterations."""
        iterations = self.rng.choice([1, 10, 100, self.rng.randint(1, 1000)])
        return {"op": kind, "iterations": iterations, "do": self.body(context.callback())}

    def make_promise(self, kind, context):
        """Builds a promise chain of 1 to 3 bodies."""
        links = self.rng.randint(1, 3)
        return {"op": kind, "chain": [self.body(context.callback(), most=1) for _ in range(links)]}

    def make_async(self, kind, context):
        """Builds an async function whose body awaits at least once."""
        inner = replace(context, depth=context.depth + 1, in_async=True)
        ops = [self.log()]
        for _ in range(self.rng.randint(1, 4)):
            if self.rng.random() < 0.5:
                self.budget -= 1
                ops.append(self.make_await("await", inner))
            else:
                ops.append(self.op(inner))
        return {"op": kind, "do": ops}

    def make_await(self, kind, context):
        """Builds an await of null, a timer promise, an immediate promise or a resolved promise."""
        form = self.rng.choice(["null", "sleep", "immediate", "promise"])
        if form == "sleep":
            return {"op": kind, "sleep": self.rng.randint(0, 3)}
        if form == "null":
            return {"op": kind}
        return {"op": kind, form: True}

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
        op = {"op": kind, "do": self.body(replace(context.callback(), in_worker=True))}
        if self.rng.random() < 0.7:
            op["done"] = self.body(context.callback(), most=1)
        return op

    def make_block(self, kind, context):
        """Builds a short synchronous busy period (1 to 3 ms), a timing perturbation."""
        return {"op": kind, "ms": self.rng.randint(1, 3)}


def programs(seed, count):
    """Yields `count` programs of `seed`, named after it."""
    generator = Generator(seed)
    for index in range(count):
        yield generator.program(f"dt-s{seed}-n{index}")
