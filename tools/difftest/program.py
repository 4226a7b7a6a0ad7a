"""Walks and describes a program's operation tree."""

# The fields that say what an await waits for (none: `await null`); setTimeout and setImmediate are
# timers/promises' functions.
AWAIT_FORMS = ("sleep", "immediate", "promise", "thenable", "setTimeout", "setImmediate", "reject")

# The harness's own key in a generated program: the thread pool's size both runs get. LoopScope's
# reader refuses unknown fields, so the program file it reads leaves the key out.
THREADPOOL = "difftestThreadpoolSize"
DEFAULT_THREADPOOL = 4


def threadpool_size(program):
    """Returns the thread pool's size a program runs with: its drawn one, else libuv's default of 4."""
    return program.get(THREADPOOL, DEFAULT_THREADPOOL)


def program_file(program):
    """Returns the program as LoopScope reads it: without the harness's key."""
    return {key: value for key, value in program.items() if key != THREADPOOL}


def step_body(step):
    """Returns the body of a promise step: a list of operations, or the value of {"then"|"catch"|"finally": ...}."""
    return step if isinstance(step, list) else next(iter(step.values()))


def bodies(op):
    """Returns the bodies of an operation: its do (and a try's catch and finally, a forAwait's yieldDo, a
    worker's onMessage, a readStream's onData, onEnd and onClose) and done, its promises' bodies, or its promise
    chain's links."""
    if op["op"] == "promise":
        return [step_body(step) for step in op.get("chain", [])]
    if op["op"] in ("promiseAll", "promiseRace", "promiseAllSettled", "promiseAny"):
        entries = [entry["do"] for entry in op["promises"] if "do" in entry]
        return entries + [step_body(step) for step in op.get("chain", [])]
    keys = ("do", "catch", "finally", "yieldDo", "onMessage", "onData", "onEnd", "onClose", "done")
    return [op[key] for key in keys if key in op]


def body_lists(ops):
    """Yields every list of operations in `ops`, itself first, depth first."""
    yield ops
    for op in ops:
        for body in bodies(op):
            yield from body_lists(body)


def ops_of(ops):
    """Yields every operation in `ops`, depth first."""
    for body in body_lists(ops):
        yield from body


def describe(op):
    """Returns an operation's name with what distinguishes it: its chain's via or its await's form."""
    if op["op"] == "chain":
        return f"chain:{op['via']}"
    if op["op"] == "await":
        form = next((key for key in AWAIT_FORMS if key in op), "null")
        return f"await:{form}"
    if op["op"] == "promise" and "reject" in op:
        return "promise:reject"
    if op["op"] in ("setTimeout", "setInterval") and isinstance(op["ms"], str):
        return f"{op['op']}:param"
    if op["op"] in ("setTimeout", "setInterval") and op["ms"] <= 1:
        return f"{op['op']}:0"
    return op["op"]


def shape(ops):
    """Returns the operation tree without texts and times, e.g. "setTimeout(log) setImmediate(log)"."""
    parts = []
    for op in ops:
        inner = " | ".join(shape(body) for body in bodies(op))
        parts.append(f"{describe(op)}({inner})" if bodies(op) else describe(op))
    return " ".join(parts)


def signature(program):
    """Returns a reduced program's group key: its module and its shape."""
    return f"{program.get('module', 'cjs')}: {shape(program['main'])}"


def log_paths(ops, prefix=""):
    """Returns {text: the operations leading to the log of that text}, e.g. "setTimeout:0>log"."""
    paths = {}
    for op in ops:
        here = f"{prefix}>{describe(op)}" if prefix else describe(op)
        if op["op"] == "log":
            paths[op["text"]] = here
        for body in bodies(op):
            paths.update(log_paths(body, here))
    return paths


def first_difference(expected, actual):
    """Returns the first pair of differing lines of two outputs, None standing for a missing line."""
    left, right = expected.splitlines(), actual.splitlines()
    for index in range(max(len(left), len(right))):
        a = left[index] if index < len(left) else None
        b = right[index] if index < len(right) else None
        if a != b:
            return a, b
    return None, None
