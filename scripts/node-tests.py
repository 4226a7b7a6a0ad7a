#!/usr/bin/env python3
"""Runs Node.js's own tests plain and under LoopScope's probe, and reports every difference.

Each test runs as Node's tools/test.py runs it (`node FLAGS test.js`, FLAGS from the test's `// Flags:` line,
the working directory the source tree's root), twice plain, then once under `loopscope --headless --probe MODE
--node NODE --node-option FLAG... --attach test.js` for each mode asked for. A test that passes plain must end
with the same exit status under the probe, and, where its two plain runs printed the same thing, print the same
standard output and standard error. A difference is run again (plain, then probed) to tell one that repeats
from a flaky one; both are reported. Nothing is fetched: the tests come from a Node source tree given on the
command line (docs/NODE-TESTS.md says where ours came from).

    scripts/node-tests.py /path/to/node-src --spread 1012 -j 2 --report results.json

Standard library only.
"""

import argparse
import concurrent.futures
import difflib
import fnmatch
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

# As test/testpy/__init__.py reads it: the first `// Flags:` line anywhere in the file, split on spaces.
FLAGS_PATTERN = re.compile(r"//\s+Flags:(.*)")
# The files tools/test.py takes for a test in a directory.
TEST_NAME = re.compile(r"^test-.*\.m?js$")
DEFAULT_DIRECTORIES = ("parallel", "async-hooks")


def find_loopscope(repo):
    for candidate in (os.path.join(repo, "build", "dev", "app", "loopscope"),):
        if os.access(candidate, os.X_OK):
            return candidate
    for root, _dirs, files in os.walk(os.path.join(repo, "build", "dev")):
        if "loopscope" in files and os.access(os.path.join(root, "loopscope"), os.X_OK):
            return os.path.join(root, "loopscope")
    return None


def source_root(path):
    """The Node source tree a test file or directory lies in: the parent of its `test` directory."""
    path = os.path.abspath(path)
    probe = path
    while True:
        parent = os.path.dirname(probe)
        if os.path.basename(probe) == "test" and os.path.isdir(os.path.join(probe, "common")):
            return parent
        if parent == probe:
            return None
        probe = parent


def spread(items, count):
    """`count` of `items` evenly spread from the first on (all of them when there are no more)."""
    if count is None or len(items) <= count:
        return list(items)
    return [items[(i * len(items)) // count] for i in range(count)]


def collect(paths, directories, pattern, spread_count):
    """(root, test file) pairs, in order: each path a Node source tree, one of its test directories, or a test."""
    tests = []
    for given in paths:
        given = os.path.abspath(given)
        if os.path.isfile(given):
            root = source_root(given)
            if root is None:
                sys.exit(f"{given}: not inside a Node source tree's test directory")
            tests.append((root, given))
            continue
        if os.path.isdir(os.path.join(given, "test", "common")):
            root = given
            chosen = [os.path.join(given, "test", name) for name in directories]
        else:
            root = source_root(given)
            if root is None:
                sys.exit(f"{given}: neither a Node source tree nor one of its test directories")
            chosen = [given]
        for directory in chosen:
            if not os.path.isdir(directory):
                sys.exit(f"{directory}: no such directory")
            names = sorted(name for name in os.listdir(directory) if TEST_NAME.match(name))
            if pattern:
                names = [name for name in names if fnmatch.fnmatch(name, pattern)]
            tests.extend((root, os.path.join(directory, name)) for name in spread(names, spread_count))
    return tests


def flags_of(test):
    with open(test, encoding="utf8", errors="replace") as file:
        match = FLAGS_PATTERN.search(file.read())
    return match.group(1).strip().split() if match else []


class Run:
    """One run of a test: its exit status (or 'timeout', or -signal), output and time."""

    def __init__(self, status, out, err, seconds):
        self.status = status
        self.out = out
        self.err = err
        self.seconds = seconds

    def to_json(self):
        return {"status": self.status, "seconds": round(self.seconds, 2)}


def base_environment():
    environment = dict(os.environ)
    # As tools/test.py: no NODE_PATH. Nor options or probe variables of the caller's, which would reach one
    # side and not the other.
    for name in list(environment):
        if name in ("NODE_PATH", "NODE_OPTIONS", "NODE_TEST_DIR") or name.startswith("LOOPSCOPE_"):
            del environment[name]
    environment.update({"TEST_SERIAL_ID": "0", "TEST_THREAD_ID": "0", "TEST_PARALLEL": "0",
                        "GITHUB_STEP_SUMMARY": ""})
    return environment


# The time of day to the second, as two tests print it with each line (test-util-log's util.log, and
# new Date().toLocaleString() in test-fs-stream-construct-compat-error-write): two plain runs a moment apart
# print the same, a probed run a second later does not.
TIME_OF_DAY = re.compile(rb"\b\d{1,2}/\d{1,2}/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M\b"
                         rb"|\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}:\d{2}:\d{2}\b")


def normalise(text, test_dir):
    """What differs between runs by construction: each run's own NODE_TEST_DIR (the tests' tmpdir lies in it),
    which a test may print (a path in an error message, say), and the time of day to the second. Nothing else
    is rewritten: pids, ports and finer timings in a test's output make its two plain runs differ, and such a
    test's output is then not compared at all (only its exit status is)."""
    return TIME_OF_DAY.sub(b"<TIME>", text.replace(test_dir.encode(), b"<NODE_TEST_DIR>"))


def execute(command, root, timeout):
    """Runs `command` in `root` with a test directory of its own; its own process group, killed whole at the
    timeout."""
    test_dir = tempfile.mkdtemp(prefix="node-test-")
    environment = base_environment()
    environment["NODE_TEST_DIR"] = test_dir
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=root, env=environment, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
        status = process.returncode
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = process.communicate()
        status = "timeout"
    else:
        # What the test left running in its group (a detached child) goes with it, on both sides alike.
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    seconds = time.monotonic() - started
    shutil.rmtree(test_dir, ignore_errors=True)
    return Run(status, normalise(out, test_dir), normalise(err, test_dir), seconds)


def plain_command(options, test):
    return [options.node, *flags_of(test), test]


def probe_command(options, test, mode):
    command = [options.loopscope, "--headless", "--node", options.node, "--probe", mode]
    command += [f"--node-option={flag}" for flag in flags_of(test)]
    return command + ["--attach", test]


def diff_excerpt(name, expected, got, lines=30):
    diff = difflib.unified_diff(expected.decode(errors="replace").splitlines(),
                                got.decode(errors="replace").splitlines(),
                                f"{name} plain", f"{name} probed", lineterm="", n=2)
    excerpt = list(diff)
    if len(excerpt) > lines:
        excerpt = excerpt[:lines] + [f"... ({len(excerpt) - lines} more lines)"]
    return "\n".join(excerpt)


def compare(plain, probed, output_stable):
    """What differs between a plain run and a probed one: [] when nothing does."""
    differences = []
    if plain.status != probed.status:
        differences.append("status")
    if output_stable:
        if plain.out != probed.out:
            differences.append("stdout")
        if plain.err != probed.err:
            differences.append("stderr")
    return differences


def run_test(options, root, test):
    name = os.path.relpath(test, os.path.join(root, "test"))
    first = execute(plain_command(options, test), root, options.timeout)
    second = execute(plain_command(options, test), root, options.timeout)
    result = {"test": name, "flags": flags_of(test), "plain": [first.to_json(), second.to_json()], "modes": {}}
    if first.status != 0 or second.status != 0:
        result["plain_result"] = "fails" if first.status != 0 and second.status != 0 else "unstable"
    else:
        result["plain_result"] = "passes"
        skipped = re.search(rb"^1\.\.0 # Skipped: (.*)$", first.out, re.M)
        if skipped:
            result["skipped"] = skipped.group(1).decode(errors="replace")
    stable = first.out == second.out and first.err == second.err
    result["output_compared"] = stable
    for mode in options.modes:
        probed = execute(probe_command(options, test, mode), root, options.timeout)
        entry = {"run": probed.to_json()}
        if result["plain_result"] == "passes":
            differences = compare(first, probed, stable)
            if differences:
                entry["differences"] = differences
                entry["plain_status"] = first.status
                entry["probed_status"] = probed.status
                excerpts = []
                if "stdout" in differences:
                    excerpts.append(diff_excerpt(name + " stdout", first.out, probed.out))
                if "stderr" in differences:
                    excerpts.append(diff_excerpt(name + " stderr", first.err, probed.err))
                if "status" in differences and not excerpts:
                    excerpts.append("probed stderr:\n" + probed.err.decode(errors="replace")[-3000:])
                entry["excerpt"] = "\n".join(excerpts)
                # Again, plain then probed: a difference that does not come back is flaky.
                repeats = 0
                for _ in range(options.retries):
                    again_plain = execute(plain_command(options, test), root, options.timeout)
                    again_probed = execute(probe_command(options, test, mode), root, options.timeout)
                    if compare(again_plain, again_probed, stable):
                        repeats += 1
                entry["repeated"] = f"{repeats} of {options.retries}"
                entry["verdict"] = "differs" if repeats == options.retries else "flaky"
            else:
                entry["verdict"] = "same"
        result["modes"][mode] = entry
    return result


def summarise(results, modes):
    passing = [r for r in results if r["plain_result"] == "passes"]
    summary = {
        "run": len(results),
        "pass_plain": len(passing),
        "skipped_plain": sum(1 for r in passing if "skipped" in r),
        "fail_plain": sum(1 for r in results if r["plain_result"] == "fails"),
        "unstable_plain": sum(1 for r in results if r["plain_result"] == "unstable"),
        "output_compared": sum(1 for r in passing if r["output_compared"]),
        "modes": {},
    }
    for mode in modes:
        verdicts = [r["modes"][mode]["verdict"] for r in passing]
        summary["modes"][mode] = {verdict: verdicts.count(verdict) for verdict in ("same", "differs", "flaky")}
    return summary


def report(results, summary, modes, stream):
    print(f"\n{summary['run']} tests run; {summary['pass_plain']} pass on plain node "
          f"({summary['skipped_plain']} of them skip themselves), {summary['fail_plain']} fail plain, "
          f"{summary['unstable_plain']} pass or fail from run to run; the output of "
          f"{summary['output_compared']} passing tests was the same in both plain runs and is compared.", file=stream)
    for mode in modes:
        counts = summary["modes"][mode]
        print(f"  --probe {mode}: {counts['same']} the same, {counts['differs']} differ, "
              f"{counts['flaky']} differed once but not again", file=stream)
    for result in results:
        for mode in modes:
            entry = result["modes"][mode]
            if entry.get("verdict") in ("differs", "flaky"):
                print(f"\n{entry['verdict'].upper()} {result['test']} --probe {mode}: {', '.join(entry['differences'])}"
                      f"; exit status plain {entry['plain_status']}, probed {entry['probed_status']}; again "
                      f"{entry['repeated']}", file=stream)
                print(entry["excerpt"], file=stream)
    failing = [r for r in results if r["plain_result"] != "passes"]
    if failing:
        print(f"\nNot counted (fail or are unstable on plain node): "
              + ", ".join(f"{r['test']} ({r['plain_result']})" for r in failing), file=stream)


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="a Node source tree (its test/" + ", test/".join(
        DEFAULT_DIRECTORIES) + " then run), one of its test directories, or test files")
    parser.add_argument("--loopscope", default=None, help="the loopscope executable (default: found in build/dev)")
    parser.add_argument("--node", default="node", help="the node binary (default: node on PATH)")
    parser.add_argument("--probe", default="markers,callbacks", help="the probe's modes, comma-separated")
    parser.add_argument("--dirs", default=",".join(DEFAULT_DIRECTORIES),
                        help="the test directories of a source tree given (default %(default)s)")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="tests at once (default 2)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds one run may take (default 120)")
    parser.add_argument("--filter", default=None, help="only test files whose name matches this glob")
    parser.add_argument("--spread", type=int, default=None,
                        help="at most N tests of each directory, evenly spread over its sorted names")
    parser.add_argument("--limit", type=int, default=None, help="at most N tests in all (the first N)")
    parser.add_argument("--retries", type=int, default=2, help="runs again of a difference (default 2)")
    parser.add_argument("--report", default=None, help="write the results as JSON to FILE")
    options = parser.parse_args()

    options.modes = [mode.strip() for mode in options.probe.split(",") if mode.strip()]
    for mode in options.modes:
        if mode not in ("markers", "callbacks"):
            parser.error(f"--probe: {mode} is neither markers nor callbacks")
    options.loopscope = options.loopscope or find_loopscope(repo)
    if not options.loopscope or not os.access(options.loopscope, os.X_OK):
        parser.error("no loopscope executable: build it (cmake --build --preset dev) or name it with --loopscope")
    options.loopscope = os.path.abspath(options.loopscope)
    # One binary by one path on both sides, so that process.execPath is the same.
    node = shutil.which(options.node)
    if not node:
        parser.error(f"{options.node}: not found")
    options.node = os.path.abspath(node)

    tests = collect(options.paths, options.dirs.split(","), options.filter, options.spread)
    if options.limit is not None:
        tests = tests[:options.limit]
    version = subprocess.run([options.node, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"{len(tests)} tests, node {version} ({options.node}), {options.loopscope}, modes "
          f"{', '.join(options.modes)}, {options.jobs} at once", flush=True)

    results = [None] * len(tests)
    done = 0
    lock = threading.Lock()
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        futures = {pool.submit(run_test, options, root, test): index for index, (root, test) in enumerate(tests)}
        for future in concurrent.futures.as_completed(futures):
            result = future.result()
            results[futures[future]] = result
            with lock:
                done += 1
                marks = " ".join(f"{mode}:{result['modes'][mode].get('verdict', '-')}" for mode in options.modes)
                print(f"[{done}/{len(tests)} {time.monotonic() - started:.0f}s] {result['test']} plain "
                      f"{result['plain_result']} {marks}", flush=True)

    summary = summarise(results, options.modes)
    report(results, summary, options.modes, sys.stdout)
    if options.report:
        with open(options.report, "w") as file:
            json.dump({"node": version, "nodePath": options.node, "loopscope": options.loopscope,
                       "modes": options.modes, "summary": summary, "tests": results}, file, indent=1)
    differing = sum(summary["modes"][mode]["differs"] for mode in options.modes)
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
