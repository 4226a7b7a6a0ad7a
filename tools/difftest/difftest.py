#!/usr/bin/env python3
"""Differential test of LoopScope against Node.js on random programs.

  tools/difftest/difftest.py LOOPSCOPE [--seed S ...] [--count N] [--out DIR] [--load | --report-only]
                             [--jobs 1|2] [--max-reduce K] [--no-reduce] [--emit-corpus DIR]
                           [--calibration-runs N | --no-calibrate]

Every seed gives COUNT programs (generate.py). Each runs in Node, plainly and
perturbed, and in LoopScope (run.py); each mismatch is reduced (reduce.py), at
most K per pre-group (the kind of mismatch and where the first two differing
lines are logged), deterministic ones first, and report.py writes OUT/report.md,
OUT/results.json and one folder per reduced mismatch. --load takes the results
of an earlier run from OUT/results.json instead of running programs;
--report-only also takes its reductions from OUT/cases.json.

LoopScope first calibrates its model of Node's costs against this machine's
node (`loopscope --calibrate-node`, in settings of the harness's own), as a
user does before comparing: which of a timer and a file read comes first in a
program Node always runs one way can hang on what Node's first uses cost here.
--no-calibrate runs with Node 20's figures from the development machine.
"""
import argparse
import concurrent.futures
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

import generate
import program as tree
import reduce
import report
import run


def parse_args():
    """Returns the command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("loopscope")
    parser.add_argument("--seed", type=int, action="append", help="repeatable; default 1")
    parser.add_argument("--count", type=int, default=100, help="programs per seed")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/difftest"))
    parser.add_argument("--jobs", type=int, choices=(1, 2), default=2, help="programs run at once")
    parser.add_argument("--max-reduce", type=int, default=2, help="mismatches reduced per pre-group")
    parser.add_argument("--max-steps", type=int, default=120, help="evaluations per reduction")
    parser.add_argument("--no-reduce", action="store_true")
    parser.add_argument("--emit-corpus", type=pathlib.Path, metavar="DIR")
    parser.add_argument("--load", action="store_true", help="reduce and report OUT/results.json of an earlier run")
    parser.add_argument("--calibration-runs", type=int, default=15, help="node processes per calibrated figure")
    parser.add_argument("--no-calibrate", action="store_true", help="model Node 20's costs, not this machine's")
    parser.add_argument("--report-only", action="store_true",
                        help="write the report again from OUT/results.json and OUT/cases.json")
    return parser.parse_args()


def snapshot(loopscope, folder):
    """Copies the LoopScope binary into `folder` and returns the copy's path.

    The binary may be rebuilt while the harness runs; a copy keeps one run's
    verdicts about one engine. A copy that does not start (caught mid-build)
    is taken again a few seconds later.
    """
    copy = pathlib.Path(folder) / "loopscope"
    for _ in range(30):
        try:
            shutil.copy2(loopscope, copy)
            if subprocess.run([str(copy), "--version"], capture_output=True, timeout=30).returncode == 0:
                return str(copy)
        except OSError:
            pass
        time.sleep(5)
    sys.exit(f"difftest: {loopscope} does not run")


def calibrate(loopscope, folder, runs):
    """Calibrates `loopscope` against node into settings under `folder`, which every later run reads."""
    os.environ["XDG_CONFIG_HOME"] = str(pathlib.Path(folder) / "config")
    print(f"difftest: calibrating LoopScope against node ({runs} runs a figure)", file=sys.stderr)
    done = subprocess.run([loopscope, "--calibrate-node", "--calibration-runs", str(runs)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"difftest: the calibration failed: {done.stderr.strip()[-400:]}")
    # The figures go to standard error, after the progress lines.
    figures = [line for line in done.stderr.splitlines() if not line.startswith("loopscope: calibrating")]
    print("\n".join(figures), file=sys.stderr)


def pre_group(result):
    """Returns a cheap key for a mismatch before reducing it: its kind and the logs' places at the first difference."""
    expected, actual = reduce.divergence(result)
    paths = tree.log_paths(result.program["main"])
    return result.kind, paths.get(expected, expected), paths.get(actual, actual)


def evaluate_all(loopscope, seeds, count, jobs):
    """Runs every generated program and returns [(seed, Result)] in generation order."""
    work = [(seed, program) for seed in seeds for program in generate.programs(seed, count)]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        futures = [pool.submit(run.evaluate, loopscope, program) for _, program in work]
        results = []
        for (seed, program), future in zip(work, futures):
            try:
                result = future.result()
            except run.Refused as refusal:
                sys.exit(f"difftest: generator bug, LoopScope refused {program['name']}: {refusal}")
            verdict = "agree" if result.agree else "MISMATCH"
            print(f"{program['name']}: {result.kind}, {len(result.node)} Node outputs, {verdict}", file=sys.stderr)
            results.append((seed, result))
    return results


def reduce_one(reducer, loopscope, result):
    """Reduces one mismatch and returns its case; a reduction that does not fail in a full run is not kept."""
    smaller = run.evaluate(loopscope, reducer.reduce(result))
    reduced = result if smaller.agree else smaller
    print(f"{result.program['name']}: reduced to {tree.signature(reduced.program)}", file=sys.stderr)
    return {"name": result.program["name"], "original": result, "reduced": reduced}


def reduce_all(args, results):
    """Reduces at most --max-reduce mismatches per pre-group; returns the cases and the names left unreduced."""
    chosen, unreduced, seen = [], [], {}
    mismatches = [result for _, result in results if not result.agree]
    for result in sorted(mismatches, key=lambda result: result.kind != run.DETERMINISTIC):
        key = pre_group(result)
        seen[key] = seen.get(key, 0) + 1
        (chosen if seen[key] <= args.max_reduce else unreduced).append(result)
    reducer = reduce.Reducer(args.loopscope, args.max_steps)
    if args.no_reduce:
        return [{"name": r.program["name"], "original": r, "reduced": r} for r in chosen], [
            r.program["name"] for r in unreduced]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        cases = list(pool.map(lambda result: reduce_one(reducer, args.loopscope, result), chosen))
    return cases, [result.program["name"] for result in unreduced]


def main():
    """Generates, runs, reduces and reports."""
    args = parse_args()
    if not shutil.which("node"):
        sys.exit("difftest: node is not installed (scripts/install-deps.sh installs it)")
    seeds = args.seed or [1]
    with tempfile.TemporaryDirectory(prefix="difftest-bin-") as folder:
        args.loopscope = snapshot(args.loopscope, folder)
        if not args.no_calibrate and not args.report_only:
            calibrate(args.loopscope, folder, args.calibration_runs)
        if args.load or args.report_only:
            results = report.read_results(args.out)
        else:
            results = evaluate_all(args.loopscope, seeds, args.count, args.jobs)
            report.write_results(args.out, results)
        if args.report_only:
            cases = report.read_cases(args.out)
            reduced = {case["name"] for case in cases}
            unreduced = [r.program["name"] for _, r in results if not r.agree and r.program["name"] not in reduced]
        else:
            cases, unreduced = reduce_all(args, results)
    text = report.write(args.out, results, cases, unreduced)
    print(text.split("\n\n")[1])
    print(f"difftest: report in {args.out / 'report.md'}")
    if args.emit_corpus:
        written = report.emit_corpus(args.emit_corpus, results)
        print(f"difftest: wrote {written} agreed deterministic programs to {args.emit_corpus}")


if __name__ == "__main__":
    main()
