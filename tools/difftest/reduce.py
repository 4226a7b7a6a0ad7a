"""Shrinks a mismatching program while it stays a mismatch of the same kind.

The reducer edits the operation tree greedily: it removes runs of operations
(halves first, then single ones), replaces an operation by its bodies' contents,
lowers counts and times, drops done bodies and promise links, turns every await
into `await null`, and an ES module into CommonJS. It keeps an edit when Node
and LoopScope still disagree the same way, re-running Node's classification at
every step with a cheaper plan.
"""
import copy

import program as tree
import run


def divergence(result):
    """Returns the first differing pair of lines between LoopScope's first wrong output and Node's closest one.

    The closest Node output is the one that shares the longest prefix of lines
    with LoopScope's; the pair is (Node's line, LoopScope's line).
    """
    wrong = next(out for out in result.loopscope if out not in result.node)

    def shared(out):
        """Counts the leading lines `out` shares with LoopScope's wrong output."""
        count = 0
        for left, right in zip(out.splitlines(), wrong.splitlines()):
            if left != right:
                break
            count += 1
        return count

    return tree.first_difference(max(result.node, key=shared), wrong)


def mismatch_key(result):
    """Returns what must stay the same while reducing: the kind and the first differing pair of lines.

    Keeping the pair stops the reducer from wandering off to another
    difference than the one it started from.
    """
    return None if result.agree else (result.kind, divergence(result))


def edited(program, edit):
    """Returns a copy of `program` whose main is changed by `edit`, or None when the edit does not apply."""
    candidate = copy.deepcopy(program)
    return candidate if edit(candidate) is not False else None


def removals(program):
    """Yields edits that remove a run of operations from one body, the longest runs first."""
    count = sum(1 for _ in tree.body_lists(program["main"]))
    for index in range(count):
        length = len(list(tree.body_lists(program["main"]))[index])
        size = length // 2 or 1
        while size >= 1:
            for start in range(0, length - size + 1, size):
                yield lambda p, i=index, s=start, n=size: remove(p, i, s, n)
            size //= 2


def remove(program, index, start, size):
    """Removes `size` operations from `start` of the body numbered `index`."""
    body = list(tree.body_lists(program["main"]))[index]
    del body[start:start + size]


def hoists(program):
    """Yields edits that replace an operation with the contents of its bodies."""
    count = sum(1 for _ in tree.body_lists(program["main"]))
    for index in range(count):
        length = len(list(tree.body_lists(program["main"]))[index])
        for position in range(length):
            yield lambda p, i=index, k=position: hoist(p, i, k)


def hoist(program, index, position):
    """Replaces operation `position` of body `index` with its bodies' operations, if it has any."""
    body = list(tree.body_lists(program["main"]))[index]
    inner = [op for part in tree.bodies(body[position]) for op in part]
    if not inner:
        return False
    body[position:position + 1] = inner
    return True


def simplifications(program):
    """Yields edits that lower one operation's numbers or drop its optional parts."""
    count = sum(1 for _ in tree.ops_of(program["main"]))
    for index in range(count):
        yield lambda p, i=index: simplify(p, i, lower_times)
        yield lambda p, i=index: simplify(p, i, lower_ms)
        yield lambda p, i=index: simplify(p, i, plain_await)
        yield lambda p, i=index: simplify(p, i, drop_done)
        yield lambda p, i=index: simplify(p, i, drop_link)
    yield to_cjs


def simplify(program, index, change):
    """Applies `change` to the operation numbered `index`."""
    return change(list(tree.ops_of(program["main"]))[index])


def lower_times(op):
    """Halves a count of runs or iterations."""
    for key in ("times", "iterations"):
        if op.get(key, 1) > 1 and op["op"] != "block":
            op[key] //= 2
            return True
    return False


def lower_ms(op):
    """Halves a time, down to 0."""
    key = ("setTimeout" if "setTimeout" in op else "sleep") if op["op"] == "await" else "ms"
    if isinstance(op.get(key, 0), int) and op.get(key, 0) > 0:
        op[key] //= 2
        return True
    return False


def plain_await(op):
    """Turns an await of a timer, an immediate or a promise into `await null`."""
    if op["op"] != "await" or len(op) == 1:
        return False
    for key in tree.AWAIT_FORMS:
        op.pop(key, None)
    return True


def drop_done(op):
    """Removes a chain's or worker's done body."""
    return op.pop("done", None) is not None


def drop_link(op):
    """Removes the last link of a promise chain of two links or more (a promise's or a combinator's)."""
    if not op["op"].startswith("promise") or len(op.get("chain", [])) < 2:
        return False
    op["chain"].pop()
    return True


def to_cjs(program):
    """Turns an ES module into a CommonJS one."""
    if program.get("module") != "esm":
        return False
    program["module"] = "cjs"
    return True


class Reducer:
    """Reduces mismatches of one LoopScope binary within a budget of evaluations."""

    def __init__(self, loopscope, max_steps=120):
        self.loopscope = loopscope
        self.max_steps = max_steps

    def still_fails(self, candidate, key):
        """Tells whether `candidate` is still a mismatch with the same key."""
        try:
            result = run.evaluate(self.loopscope, candidate, run.CHEAP)
        except run.Refused:
            return False
        return mismatch_key(result) == key

    def reduce(self, result):
        """Returns the smallest program found that still fails like `result`.

        Each family of edits is tried in order; after an edit is kept, the
        family goes on from the same position, since the edits before it
        already failed on a larger program. The passes repeat until one keeps
        nothing or the budget of evaluations is spent.
        """
        key = mismatch_key(result)
        current, steps, progress = result.program, 0, True
        while progress and steps < self.max_steps:
            progress = False
            for make in (removals, hoists, simplifications):
                position = 0
                while steps < self.max_steps:
                    edits = list(make(current))
                    if position >= len(edits):
                        break
                    candidate = edited(current, edits[position])
                    if candidate is None or candidate == current:
                        position += 1
                        continue
                    steps += 1
                    if self.still_fails(candidate, key):
                        current, progress = candidate, True
                    else:
                        position += 1
        return current
