#!/usr/bin/env python3
"""Checks the conformance corpus against the installed Node.js.

Every tests/conformance/NAME.json is a program; NAME.out holds what Node
printed for its emitted script. A program whose Node output changes from run
to run is timing-sensitive: its .out lists each output Node produced, the
blocks separated by a line "--- or". tst_conformance runs every program in
LoopScope (no Node needed) and requires its output to be one of those.

  scripts/conformance.py LOOPSCOPE [--runs N] [--update] [--node PATH]

Without --update it fails when Node prints something the .out does not list.
With --update it writes the .out files from Node's runs.

A program that makes Node exit with a status other than 0 (an unhandled
rejection) ends its output with a line "[exited with STATUS]", and NAME.err
holds what Node printed on stderr, which LoopScope must print too.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

SEPARATOR = "--- or"


def node_outputs(loopscope, node, program, runs):
    script = subprocess.run([loopscope, "--program", str(program), "--emit-js"],
                            check=True, capture_output=True, text=True).stdout
    # An ES module program runs as program.mjs, so Node loads it as the ES module it is.
    module = json.loads(program.read_text(encoding="utf-8")).get("module", "cjs")
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / ("program.mjs" if module == "esm" else "program.js")
        path.write_text(script, encoding="utf-8")
        seen = []
        errors = None
        for _ in range(runs):
            process = subprocess.run([node, str(path)], capture_output=True, text=True, timeout=120)
            out = process.stdout
            if process.returncode != 0:
                out += f"[exited with {process.returncode}]\n"
                errors = process.stderr
            if out not in seen:
                seen.append(out)
        return seen, errors


def read_expected(path):
    if not path.exists():
        return []
    blocks, current = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line == SEPARATOR:
            blocks.append(current)
            current = []
        else:
            current.append(line)
    blocks.append(current)
    return ["".join(line + "\n" for line in block) for block in blocks]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("loopscope")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--update", action="store_true")
    parser.add_argument("--node", default="node", help="the Node.js to check against (default: node in PATH)")
    args = parser.parse_args()
    if not shutil.which(args.node):
        sys.exit("conformance: node is not installed (scripts/install-deps.sh installs it)")
    corpus = pathlib.Path(__file__).resolve().parent.parent / "tests" / "conformance"
    failures = 0
    for program in sorted(corpus.glob("*.json")):
        expected_path = program.with_suffix(".out")
        outputs, errors = node_outputs(args.loopscope, args.node, program, args.runs)
        errors_path = program.with_suffix(".err")
        if args.update:
            if errors is not None:
                errors_path.write_text(errors, encoding="utf-8")
            merged = read_expected(expected_path) if expected_path.exists() else []
            merged += [out for out in outputs if out not in merged]
            expected_path.write_text(("\n" + SEPARATOR + "\n").join(out.rstrip("\n") for out in merged) + "\n",
                                     encoding="utf-8")
            continue
        expected = read_expected(expected_path)
        unknown = [out for out in outputs if out not in expected]
        if errors is not None and (not errors_path.exists() or errors_path.read_text(encoding="utf-8") != errors):
            failures += 1
            print(f"{program.name}: node printed on stderr what {errors_path.name} does not hold:\n{errors}")
            continue
        if unknown:
            failures += 1
            print(f"{program.name}: node printed an output {expected_path.name} does not list:\n{unknown[0]}")
    total = len(list(corpus.glob("*.json")))
    if args.update:
        print(f"conformance: wrote the Node outputs of {total} programs")
    else:
        print(f"conformance: {total - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
