#!/usr/bin/env bash
# Counts how often each race program prints which line first: in Node (fresh processes, the script
# `loopscope --emit-js` writes), in LoopScope (fresh processes) and in LoopScope's --repeat (one process,
# a fresh loop each run). docs/FIDELITY.md holds the figures it gave.
#   bash scripts/race-distributions.sh [build/dev] [RUNS] [PROGRAM.json...]
# Without programs: main-race and the two races of issue 35 (tests/conformance).
set -euo pipefail
build=${1:-build/dev}
runs=${2:-200}
shift $(( $# > 2 ? 2 : $# ))
loopscope="$build/app/loopscope"
node=${NODE:-node}
here=$(cd "$(dirname "$0")/.." && pwd)
programs=("$@")
if [ ${#programs[@]} -eq 0 ]; then
    programs=(main-race
        "$here/tests/conformance/immediate-race-timer-vs-immediate-in-check.json"
        "$here/tests/conformance/worker-done-races-worker-tick.json")
fi
script=$(mktemp --suffix=.js)
output=$(mktemp)
trap 'rm -f "$script" "$output"' EXIT

source_of() {
    case "$1" in
    *.json) echo --program "$1" ;;
    *) echo --scenario "$1" ;;
    esac
}

# Prints the first lines seen and how many runs printed each first, as "line=count ...".
tally() {
    sort | uniq -c | awk '{ printf "%s=%d ", $2, $1 } END { print "" }'
}

for program in "${programs[@]}"; do
    # shellcheck disable=SC2046
    "$loopscope" --emit-js $(source_of "$program") > "$script"
    echo "$(basename "$program" .json), $runs runs each"
    for _ in $(seq 1 "$runs"); do
        "$node" "$script" > "$output"
        head -n 1 "$output"
    done | tally | sed "s/^/  node $("$node" --version), fresh processes: /"
    for _ in $(seq 1 "$runs"); do
        # shellcheck disable=SC2046
        "$loopscope" --headless $(source_of "$program") > "$output"
        head -n 1 "$output"
    done | tally | sed 's/^/  loopscope, fresh processes: /'
    # shellcheck disable=SC2046
    "$loopscope" --headless $(source_of "$program") --repeat "$runs" 2>&1 >/dev/null \
        | sed -n 's/^ *\([0-9]*\) runs ([0-9]*%): \([^ |]*\).*/\2=\1/p' | tr '\n' ' ' \
        | sed 's/^/  loopscope --repeat: /; s/$/\n/'
done
