"""Runs one program in Node.js and in LoopScope and compares their console output.

Node runs the emitted script several times as it is, then perturbed: a busy
wait of 2 ms and of 5 ms at the end of the main module, the main module's
statements spread apart (a block of 3 ms between each two, as a loaded machine
takes the CPU from a program between any two of its statements), and a
warm-up of the cold paths (stdout, timers, promises, fs, crypto, dns,
worker_threads) at its top. A program whose Node outputs are all identical is deterministic and
LoopScope must print exactly that; otherwise it is timing-sensitive and every
LoopScope output must be one of Node's.
"""
import json
import os
import pathlib
import subprocess
import tempfile
from dataclasses import dataclass, field

import program as tree

DETERMINISTIC = "deterministic"
SENSITIVE = "timing-sensitive"
RUN_TIMEOUT_S = 30


def busy_wait(ms):
    """Returns a statement that spins for `ms` milliseconds without printing."""
    return f"{{ const end = performance.now() + {ms}; while (performance.now() < end); }}\n"


WARM_BODY = """{
    process.stdout.write("");
    clearTimeout(setTimeout(() => {}, 0));
    clearImmediate(setImmediate(() => {}));
    Promise.resolve().then(() => {});
    process.nextTick(() => {});
    queueMicrotask(() => {});
    difftestFs.readFileSync(process.argv[1]);
    difftestCrypto.createHash("sha256").update("warm").digest("hex");
    difftestCrypto.pbkdf2Sync("warm", "salt", 1, 32, "sha256");
    void difftestDns.lookup;
    void difftestWorkers.Worker;
}
"""
WARM_CJS = """const difftestFs = require("node:fs");
const difftestCrypto = require("node:crypto");
const difftestDns = require("node:dns");
const difftestWorkers = require("node:worker_threads");
"""
WARM_ESM = """import * as difftestFs from "node:fs";
import * as difftestCrypto from "node:crypto";
import * as difftestDns from "node:dns";
import * as difftestWorkers from "node:worker_threads";
"""


def warmed(script, esm):
    """Returns `script` with the warm-up at its top, after its import lines for an ES module."""
    lines = script.splitlines(keepends=True)
    if not esm:
        return WARM_CJS + WARM_BODY + script
    after = max((i + 1 for i, line in enumerate(lines) if line.startswith("import ")), default=0)
    return "".join(lines[:after]) + WARM_ESM + WARM_BODY + "".join(lines[after:])


@dataclass(frozen=True)
class Plan:
    """How often Node runs each variant of the script, and LoopScope the program.

    `confirm` more Node runs, through the variants in turn, check a mismatch
    before it counts. With `until_wrong`, LoopScope
    stops at its first output Node did not print, which is all a reducer needs.
    """

    plain: int = 4
    busy: tuple = (2, 5)
    spread: tuple = (3,)
    warm: int = 1
    loopscope: int = 3
    confirm: int = 14
    until_wrong: bool = False

    def variants(self, script, esm, spread_scripts=None):
        """Yields (name, script text) for every Node run of the plan; `spread_scripts` maps a spread's ms
        to the script of the program spread apart by it (spread())."""
        for _ in range(self.plain):
            yield "plain", script
        for ms in self.busy:
            yield f"busy{ms}", script + busy_wait(ms)
        for ms in self.spread:
            if spread_scripts and ms in spread_scripts:
                yield f"spread{ms}", spread_scripts[ms]
        for _ in range(self.warm):
            yield "warm", warmed(script, esm)


def spread(program, ms):
    """Returns `program` with a block of `ms` ms between each two operations of its main module.

    A timer set after another in the main module may then come due first (setTimeout 4 ms, then 1 ms
    set 3 ms later), as it does when the machine takes the CPU from Node between the two: such a
    program is timing-sensitive, though Node on an idle machine prints it the same every time.
    """
    main = []
    for i, op in enumerate(program["main"]):
        if i > 0:
            main.append({"op": "block", "ms": ms})
        main.append(op)
    return dict(program, main=main)


FULL = Plan()
CHEAP = Plan(plain=2, loopscope=5, confirm=7, until_wrong=True)


class Refused(Exception):
    """LoopScope refused a program: the generator or the reducer wrote an invalid one."""


@dataclass
class Result:
    """What Node and LoopScope printed for one program, and the verdict."""

    program: dict
    node: list = field(default_factory=list)  # distinct Node outputs, most frequent first
    variants: dict = field(default_factory=dict)  # output -> names of the variants that printed it
    loopscope: list = field(default_factory=list)  # every LoopScope output, one per run

    @property
    def kind(self):
        """Tells whether Node's output was the same in every run."""
        return DETERMINISTIC if len(self.node) == 1 else SENSITIVE

    @property
    def agree(self):
        """Tells whether every LoopScope output is one Node printed."""
        return all(out in self.node for out in self.loopscope)

    @classmethod
    def from_json(cls, data):
        """Returns the Result that to_json wrote as `data`."""
        node = [entry["output"] for entry in data["node"]]
        variants = {entry["output"]: entry["variants"] for entry in data["node"]}
        return cls(data["program"], node, variants, data["loopscope"])

    def to_json(self):
        """Returns the result as a JSON-ready dictionary."""
        return {"program": self.program, "kind": self.kind, "agree": self.agree,
                "node": [{"output": out, "variants": self.variants[out]} for out in self.node],
                "loopscope": self.loopscope}


def completed(process, who):
    """Returns a run's stdout, with a last line naming a non-zero exit status."""
    if process.returncode == 0:
        return process.stdout
    # The same words for both: a program that ends on an unhandled rejection exits with 1 in both.
    return process.stdout + f"[exited with {process.returncode}]\n"


def emit_js(loopscope, program_path):
    """Returns the Node.js script LoopScope emits for a program file."""
    process = subprocess.run([loopscope, "--program", str(program_path), "--emit-js"],
                             capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
    if process.returncode == 2:
        raise Refused(process.stderr.strip())
    process.check_returncode()
    return process.stdout


def run_node(folder, name, text, esm, threadpool):
    """Runs one script variant in Node with a thread pool of `threadpool` threads and returns its output."""
    path = folder / name / ("program.mjs" if esm else "program.js")
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    env = dict(os.environ, UV_THREADPOOL_SIZE=str(threadpool))
    try:
        process = subprocess.run(["node", str(path)], capture_output=True, text=True, timeout=RUN_TIMEOUT_S,
                                 env=env)
    except subprocess.TimeoutExpired:
        return "[node timed out]\n"
    return completed(process, "node")


def run_loopscope(loopscope, program_path, threadpool):
    """Runs a program headless in LoopScope with a thread pool of `threadpool` threads and returns its output."""
    process = subprocess.run([loopscope, "--headless", "--program", str(program_path),
                              "--threadpool-size", str(threadpool), "--timeout-ms", str(RUN_TIMEOUT_S * 1000)],
                             capture_output=True, text=True, timeout=RUN_TIMEOUT_S + 10)
    if process.returncode == 2:
        raise Refused(process.stderr.strip())
    return completed(process, "loopscope")


def evaluate(loopscope, program, plan=FULL):
    """Runs `program` in Node and in LoopScope as `plan` says and returns the Result.

    A program that LoopScope leaves gets the plan's confirmation runs in Node,
    which stop once Node has printed every LoopScope output: with few runs, a
    thread-pool race that Node's side wins one time in ten, or a program of
    many possible orders, looks like a mismatch by chance.
    """
    esm = program.get("module") == "esm"
    with tempfile.TemporaryDirectory(prefix="difftest-") as name:
        folder = pathlib.Path(name)
        program_path = folder / "program.json"
        program_path.write_text(json.dumps(tree.program_file(program), indent=1), encoding="utf-8")
        threadpool = tree.threadpool_size(program)
        script = emit_js(loopscope, program_path)
        spread_scripts = {}
        for ms in plan.spread:
            spread_path = folder / f"spread{ms}.json"
            spread_path.write_text(json.dumps(tree.program_file(spread(program, ms)), indent=1), encoding="utf-8")
            spread_scripts[ms] = emit_js(loopscope, spread_path)
        result = Result(program)
        counts = {}
        run_variants(folder, list(plan.variants(script, esm, spread_scripts)), esm, threadpool, result, counts)
        for _ in range(plan.loopscope):
            result.loopscope.append(run_loopscope(loopscope, program_path, threadpool))
            if plan.until_wrong and not result.agree:
                break
        if not result.agree:
            confirmation = list(plan.variants(script, esm, spread_scripts))
            more = [confirmation[i % len(confirmation)] for i in range(plan.confirm)]
            run_variants(folder, more, esm, threadpool, result, counts, stop_on_agreement=True)
        result.node = sorted(counts, key=lambda out: -counts[out])
        return result


def run_variants(folder, variants, esm, threadpool, result, counts, stop_on_agreement=False):
    """Runs (name, script) variants in Node, counting outputs into `counts` and noting who printed them.

    With stop_on_agreement, the runs stop once Node has printed every LoopScope output.
    """
    for variant, text in variants:
        out = run_node(folder, variant, text, esm, threadpool)
        counts[out] = counts.get(out, 0) + 1
        result.variants.setdefault(out, [])
        if variant not in result.variants[out]:
            result.variants[out].append(variant)
        result.node = list(counts)
        if stop_on_agreement and result.agree:
            return
