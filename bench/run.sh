#!/usr/bin/env bash
# Runs every benchmark against one build directory: bash bench/run.sh build/dev
# RUNS (default 5) and STORM_SECONDS (default 10) override the defaults.
set -u
build=${1:-build/dev}
runs=${RUNS:-5}
seconds=${STORM_SECONDS:-10}
status=0

run() {
    echo
    echo "\$ $*"
    "$@" || status=1
}

run "$build/bench/bench_loop" --runs "$runs"
run "$build/bench/bench_storm" --seconds "$seconds"
run "$build/bench/bench_export" --runs "$runs"
run "$build/bench/bench_guiframe" "$seconds"
run "$build/bench/bench_window" --runs "$runs" --seconds "$seconds"
run "$build/bench/bench_stop" --runs "$runs"
exit $status
