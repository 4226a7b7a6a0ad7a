#!/usr/bin/env bash
# The Debian package on a clean Debian 12: mmdebstrap makes a minimal bookworm root from the Debian
# archive (the network), apt installs the package there as a user would (its Depends and, as
# recommended, nodejs: Debian's apt installs recommendations, which mmdebstrap's own apt setting
# leaves out, so they are asked for), and the installed loopscope runs --version, a headless scenario and a headless
# attach inside that root. Needs root (for the chroot) and the network; tests/package.sh is the offline
# check CI runs.
#   scripts/package-clean-root.sh PACKAGE.deb [MIRROR]
set -euo pipefail

deb=$(realpath "$1")
mirror=${2:-http://deb.debian.org/debian}
[[ -f $deb ]] || { echo "package-clean-root: no package $1" >&2; exit 2; }
[[ $(id -u) -eq 0 ]] || { echo "package-clean-root: needs root for the chroot" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/check.sh" <<'EOF'
set -eu
cd /tmp
echo "clean root: $(. /etc/os-release; echo "$PRETTY_NAME"), node $(node --version)"
loopscope --version
loopscope --headless --scenario guess-order --trace /tmp/guess.json
printf 'console.log("main");\nsetTimeout(() => { setImmediate(() => console.log("immediate")); process.nextTick(() => console.log("tick")); console.log("timer"); }, 1);\n' >/tmp/app.js
loopscope --headless --summary --trace /tmp/app.json --attach /tmp/app.js
grep -q '"cat":"callback"' /tmp/app.json
echo "clean root: the scenario and the attach ran"
EOF

mmdebstrap --variant=apt --mode=root \
    --customize-hook="copy-in $deb $work/check.sh /tmp" \
    --customize-hook='chroot "$1" apt-get install --yes --quiet --install-recommends /tmp/'"$(basename "$deb")" \
    --customize-hook='chroot "$1" dpkg-query --show --showformat="installed: \${Package} \${Version}\n" loopscope nodejs' \
    --customize-hook='chroot "$1" sh /tmp/check.sh' \
    bookworm "$work/root" "$mirror"
