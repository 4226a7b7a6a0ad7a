"""Writes the figures, the reduced mismatches and the conformance corpus of a difftest run."""
import json
import pathlib

import program as tree
import reduce
import run

SEPARATOR = "--- or"
MAIN_RACE = "known: setTimeout(0) against setImmediate from the CommonJS main module"


def is_main_race(program):
    """Tells whether a program is the known race: a short timer and an immediate both set by the CJS main module."""
    if program.get("module", "cjs") != "cjs":
        return False
    kinds = {tree.describe(op) for op in program["main"]}
    timer = kinds & {"setTimeout:0", "setInterval:0", "chain:setTimeout"}
    immediate = kinds & {"setImmediate", "chain:setImmediate"}
    return bool(timer and immediate)


def group_of(result):
    """Returns the group a reduced mismatch is listed under: the known race, or which callbacks trade places.

    The group names the module and the operations whose callbacks print the
    first differing lines, Node's first, e.g. "cjs: Node runs pbkdf2 where
    LoopScope runs readFile"; "main" is the main module itself.
    """
    if is_main_race(result.program):
        return MAIN_RACE
    paths = tree.log_paths(result.program["main"])

    def callback(line):
        """Names the operation whose callback printed `line`."""
        if line not in paths:
            return "nothing" if line is None else line
        parts = paths[line].split(">")
        return parts[-2] if len(parts) > 1 else "main"

    expected, actual = reduce.divergence(result)
    return (f"{result.program.get('module', 'cjs')}: Node runs {callback(expected)} "
            f"where LoopScope runs {callback(actual)}")


def counts(results):
    """Returns {seed: [deterministic agree, deterministic total, sensitive in-set, sensitive total]}."""
    table = {}
    for seed, result in results:
        row = table.setdefault(seed, [0, 0, 0, 0])
        column = 0 if result.kind == run.DETERMINISTIC else 2
        row[column] += result.agree
        row[column + 1] += 1
    return table


def quoted(output):
    """Returns an output indented as a Markdown code block."""
    return "".join("    " + line + "\n" for line in output.splitlines()) or "    (nothing)\n"


def case_text(case):
    """Returns the Markdown of one reduced mismatch: its program and both outputs."""
    result = case["reduced"]
    lines = [f"#### {case['name']} ({result.kind}): {tree.signature(result.program)}\n\n",
             f"Thread pool: {tree.threadpool_size(result.program)} (`--threadpool-size`, `UV_THREADPOOL_SIZE`)\n\n",
             quoted(json.dumps(result.program["main"])), "\n"]
    for out in result.node:
        lines += [f"Node ({', '.join(result.variants[out])}):\n\n", quoted(out), "\n"]
    for out in dict.fromkeys(result.loopscope):
        if out not in result.node:
            lines += [f"LoopScope ({result.loopscope.count(out)} of {len(result.loopscope)} runs):\n\n",
                      quoted(out), "\n"]
    return "".join(lines)


def write(out_dir, results, cases, unreduced):
    """Writes report.md and cases.json into `out_dir`, and one folder per reduced mismatch; returns the report."""
    out_dir.mkdir(parents=True, exist_ok=True)
    lines = ["# difftest report\n\n", "| seed | deterministic agree | sensitive in set |\n", "|---|---|---|\n"]
    total = [0, 0, 0, 0]
    for seed, row in sorted(counts(results).items()):
        lines.append(f"| {seed} | {row[0]}/{row[1]} | {row[2]}/{row[3]} |\n")
        total = [a + b for a, b in zip(total, row)]
    lines.append(f"| all | {total[0]}/{total[1]} | {total[2]}/{total[3]} |\n\n")
    groups = {}
    for case in cases:
        groups.setdefault(group_of(case["reduced"]), []).append(case)
    lines.append(f"{len(cases)} mismatches reduced into {len(groups)} groups; {len(unreduced)} not reduced "
                 f"(their pre-group already had enough): {', '.join(unreduced) or 'none'}.\n\n")
    for name in sorted(groups, key=lambda group: (group != MAIN_RACE, group)):
        lines.append(f"### {name}\n\n")
        lines += [case_text(case) for case in groups[name]]
        for case in groups[name]:
            write_case(out_dir / case["name"], case)
    (out_dir / "report.md").write_text("".join(lines), encoding="utf-8")
    (out_dir / "cases.json").write_text(json.dumps(
        [{"name": case["name"], "original": case["original"].to_json(), "reduced": case["reduced"].to_json()}
         for case in cases], indent=1), encoding="utf-8")
    return "".join(lines)


def read_cases(out_dir):
    """Returns the reduced mismatches that write saved into OUT/cases.json."""
    data = json.loads((out_dir / "cases.json").read_text(encoding="utf-8"))
    return [{"name": case["name"], "original": run.Result.from_json(case["original"]),
             "reduced": run.Result.from_json(case["reduced"])} for case in data]


def write_results(out_dir, results):
    """Writes every program's outputs and verdict into OUT/results.json, which --load reads back."""
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "results.json").write_text(
        json.dumps([dict(seed=seed, **result.to_json()) for seed, result in results], indent=1), encoding="utf-8")


def read_results(out_dir):
    """Returns the [(seed, Result)] that write_results wrote into `out_dir`."""
    data = json.loads((out_dir / "results.json").read_text(encoding="utf-8"))
    return [(entry["seed"], run.Result.from_json(entry)) for entry in data]


def write_case(folder, case):
    """Writes a reduced mismatch: the original and reduced programs and both programs' outputs."""
    folder.mkdir(parents=True, exist_ok=True)
    for label in ("original", "reduced"):
        result = case[label]
        (folder / f"{label}.json").write_text(json.dumps(tree.program_file(result.program), indent=1) + "\n",
                                              encoding="utf-8")
        (folder / f"{label}.threadpool.txt").write_text(f"{tree.threadpool_size(result.program)}\n", encoding="utf-8")
        (folder / f"{label}.node.txt").write_text(f"\n{SEPARATOR}\n".join(result.node), encoding="utf-8")
        (folder / f"{label}.loopscope.txt").write_text(f"\n{SEPARATOR}\n".join(result.loopscope), encoding="utf-8")


def emit_corpus(corpus_dir, results):
    """Writes every agreed deterministic program that prints something as tests/conformance NAME.json and NAME.out.

    Only programs run with libuv's default pool of 4: the conformance test runs them with that pool.
    """
    corpus_dir = pathlib.Path(corpus_dir)
    corpus_dir.mkdir(parents=True, exist_ok=True)
    written = 0
    for _, result in results:
        default_pool = tree.threadpool_size(result.program) == tree.DEFAULT_THREADPOOL
        if result.kind == run.DETERMINISTIC and result.agree and result.node[0] and default_pool:
            name = result.program["name"]
            (corpus_dir / f"{name}.json").write_text(json.dumps(tree.program_file(result.program), indent=2) + "\n", encoding="utf-8")
            (corpus_dir / f"{name}.out").write_text(result.node[0].rstrip("\n") + "\n", encoding="utf-8")
            written += 1
    return written
