#!/usr/bin/env bash
# The architecture's rules that a build cannot check (docs/ARCHITECTURE.md): nothing under ui/ reaches the
# loop, the runtime or a session (the views read recordings; control/ runs programs), the models do not
# reach control/, and no source file of the engine, the control library or the user interface grows past
# MAX_LINES. Prints each breach and exits 1, or exits 0 silently.
set -euo pipefail
cd "$(dirname "$0")/.."
MAX_LINES=${MAX_LINES:-600}
status=0

breach() {
    echo "architecture: $*"
    status=1
}

while IFS=: read -r file line text; do
    breach "$file:$line reaches below the recordings the views read: $text"
done < <(git grep -nE '#include "(session|loop|runtime|net)/' -- 'ui/*' || true)

while IFS=: read -r file line text; do
    breach "$file:$line: a model reaches control/, the library above it: $text"
done < <(git grep -nE '#include "control/' -- 'ui/models/*' || true)

while read -r lines file; do
    [ "$file" = total ] && continue
    [ "$lines" -gt "$MAX_LINES" ] && breach "$file has $lines lines, more than $MAX_LINES: split it by job"
done < <(git ls-files 'engine/*.cpp' 'engine/*.h' 'ui/*.cpp' 'ui/*.h' 'control/*.cpp' 'control/*.h' | xargs wc -l)

exit $status
