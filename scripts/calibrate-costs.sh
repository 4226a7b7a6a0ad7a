#!/usr/bin/env bash
# Measures what LoopScope's blocking ops (JSON.parse, the redos regex, pbkdf2, the block op's
# hashing) cost against the installed Node on this machine, side by side, and stores how many
# passes of LoopScope's own work make each cost what Node's does (docs/FIDELITY.md).
#
#   bash scripts/calibrate-costs.sh [BUILD_DIR] [RUNS]          (defaults: build/dev, 5)
#   STORE=engine/runtime/blockingcosts.json bash scripts/calibrate-costs.sh ...
#
# The calibration goes to $STORE if set, else to LoopScope's per-user file
# (${XDG_CONFIG_HOME:-~/.config}/loopscope/blocking-costs.json), which every later run reads
# (LOOPSCOPE_BLOCKING_COSTS=FILE names another). STORE=engine/runtime/blockingcosts.json replaces
# the calibration stored with the source (rebuild to compile it in). The script then measures
# again with the new calibration and prints LoopScope / Node per op. Run it on an otherwise idle
# machine: a build on the other core moves Node and LoopScope differently.
set -euo pipefail
build=${1:-build/dev}
runs=${2:-5}
bench="$build/bench/bench_costs"
if [[ ! -x $bench ]]; then
    echo "calibrate-costs: $bench not found; build it: cmake --build --preset dev --target bench_costs" >&2
    exit 1
fi
store=${STORE:-${XDG_CONFIG_HOME:-$HOME/.config}/loopscope/blocking-costs.json}
mkdir -p "$(dirname "$store")"
measured=$(mktemp)
trap 'rm -f "$measured"' EXIT

echo "== measuring ($runs runs; the 1-pass column is LoopScope's own work)"
"$bench" --runs "$runs" --write "$measured"
cp "$measured" "$store"
echo
echo "== stored in $store:"
cat "$store"
echo
echo "== measuring again with it"
LOOPSCOPE_BLOCKING_COSTS="$store" "$bench" --runs "$runs"
