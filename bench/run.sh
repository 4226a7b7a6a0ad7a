#!/usr/bin/env bash
# Runs every benchmark against one build directory: bash bench/run.sh build/dev
# RUNS (default 5), STORM_SECONDS (default 60, each storm) and SECONDS_EACH (default 10, the
# other timed benchmarks) override the defaults.
set -u
build=${1:-build/dev}
runs=${RUNS:-5}
storm_seconds=${STORM_SECONDS:-60}
seconds=${SECONDS_EACH:-10}
status=0

run() {
    echo
    echo "\$ $*"
    "$@" || status=1
}

run "$build/bench/bench_loop" --runs "$runs"
run "$build/bench/bench_storm" --seconds "$storm_seconds"
run "$build/bench/bench_recording" --seconds "$seconds"
run "$build/bench/bench_export" --runs "$runs"
run "$build/bench/bench_guiframe" "$seconds"
run "$build/bench/bench_window" --runs "$runs" --seconds "$seconds"
run "$build/bench/bench_stop" --runs "$runs"
run "$build/bench/bench_attach" --runs "$runs"
run "$build/bench/bench_costs" --runs "$runs"
run "$build/bench/bench_program" --runs "$runs"
run "$build/bench/bench_process" --runs "$runs"
exit $status
