#!/usr/bin/env bash
# Measures how often the installed Node lets setTimeout(0) beat setImmediate from the main module
# (the main-race scenario) and the start-up gap that frequency implies, the value --startup-gap-us
# models (docs/FIDELITY.md): the time between the timer's start and the first timers phase, less the rest
# of setTimeout's first use after its clock read and the first setImmediate's cost (NodeCosts, 110 µs
# each). Then runs LoopScope with that gap as often, to compare. `loopscope --calibrate-node` measures
# these figures on this machine and keeps them for every run.
#   bash scripts/calibrate-startup-gap.sh [build/dev] [RUNS]
set -euo pipefail
build=${1:-build/dev}
runs=${2:-200}
loopscope="$build/app/loopscope"
script=$(mktemp --suffix=.js)
trap 'rm -f "$script"' EXIT
"$loopscope" --emit-js --scenario main-race > "$script"

count_timeout_first() {
    local n=0
    for _ in $(seq 1 "$runs"); do
        if [ "$("$@" | head -n 1)" = "timeout" ]; then n=$((n + 1)); fi
    done
    echo "$n"
}

node_wins=$(count_timeout_first node "$script")
# A millisecond tick falls inside a gap of g µs with probability g / 1000.
span=$(( node_wins * 1000 / runs ))
gap=$(( span > 220 ? span - 220 : 0 ))
echo "node $(node --version): timeout first in $node_wins of $runs runs: $span µs pass, a gap of about $gap µs"
ours=$(count_timeout_first "$loopscope" --headless --scenario main-race --startup-gap-us "$gap")
echo "loopscope --startup-gap-us $gap: timeout first in $ours of $runs runs"
