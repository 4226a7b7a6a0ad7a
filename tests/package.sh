#!/usr/bin/env bash
# The Debian package as a user gets it: built by CPack (`make package`), installed by dpkg into a fresh
# root of its own (no network, nothing of the build tree in it), then the installed /usr/bin/loopscope
# run from there: --version, a headless scenario, and a headless attach of a small Node.js program,
# whose probe it must find in the root's /usr/lib/loopscope. Libraries come from this machine, whose
# packages must satisfy the package's dependencies.
#   tests/package.sh BUILD_DIR [PACKAGE.deb]
set -euo pipefail

build=$(cd "$1" && pwd)
source_dir=$(cd "$(dirname "$0")/.." && pwd)
fail() {
    echo "package: $*" >&2
    exit 1
}

if [[ $# -ge 2 ]]; then
    deb=$2
else
    cmake --build "$build" --target package >"$build/package.log" 2>&1 || {
        cat "$build/package.log" >&2
        fail "cpack failed"
    }
    deb=$(ls -t "$build"/package/loopscope_*.deb | head -n 1)
fi
[[ -f $deb ]] || fail "no package in $build/package"
deb=$(realpath "$deb")
echo "package: $deb"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The control file: dependencies computed, node recommended at the version the probe asks for.
fields=$(dpkg-deb --field "$deb" Package Version Architecture Depends Recommends)
echo "$fields"
depends=$(dpkg-deb --field "$deb" Depends)
# libwebp7, libwebpmux3 and libgif7 encode the animated exports (--animation).
for library in libqt6core6 libqt6gui6 libqt6widgets6 libuv1 libssl3 libc6 libwebp7 libwebpmux3 libgif7; do
    [[ $depends == *"$library "* || $depends == *"$library,"* || $depends == *"$library" ]] \
        || fail "Depends lacks $library: $depends"
done
probe_minimum=$(sed -n 's/.*if (major < \([0-9]*\)).*/\1/p' "$source_dir/probe/loopscope-probe.js")
[[ -n $probe_minimum ]] || fail "the probe's minimum Node.js version is not found in loopscope-probe.js"
[[ $(dpkg-deb --field "$deb" Recommends) == "nodejs (>= $probe_minimum)" ]] \
    || fail "Recommends is not nodejs (>= $probe_minimum)"
# Every dependency is met by this Debian's installed packages, so the root below runs as installed.
while read -r -d ',' dependency || [[ -n $dependency ]]; do
    dependency=${dependency# }
    met=false
    IFS='|' read -r -a alternatives <<<"$dependency"
    for alternative in "${alternatives[@]}"; do
        name=$(awk '{print $1}' <<<"$alternative")
        version=$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null || true)
        # A virtual package (qt6-websockets-abi, which libqt6websockets6 provides): the version it is
        # provided at by an installed package.
        if [[ -z $version ]]; then
            version=$(dpkg-query -W -f='${Status} ${Provides}\n' 2>/dev/null | grep '^install ok installed' \
                | tr ',' '\n' | sed -n "s/^.* \?$name (= \(.*\))\$/\1/p" | head -n 1)
        fi
        relation=$(sed -n 's/.*(\([<>=]*\) \(.*\)).*/\1 \2/p' <<<"$alternative")
        if [[ -n $version ]]; then
            if [[ -z $relation ]] || dpkg --compare-versions "$version" "${relation%% *}" "${relation#* }"; then
                met=true
            fi
        fi
    done
    $met || fail "dependency not met on this machine: $dependency"
done <<<"$depends"

# The files it installs, where the desktop and the binary's probe lookup expect them.
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./|/|' >"$work/contents"
for path in /usr/bin/loopscope /usr/lib/loopscope/loopscope_probe.node /usr/lib/loopscope/loopscope-probe.js \
    /usr/lib/loopscope/loopscope-queues.js \
    /usr/share/applications/loopscope.desktop /usr/share/metainfo/io.github.loopscope.loopscope.metainfo.xml \
    /usr/share/mime/packages/loopscope.xml /usr/share/man/man1/loopscope.1.gz \
    /usr/share/bash-completion/completions/loopscope /usr/share/icons/hicolor/scalable/apps/loopscope.svg; do
    grep -qx "$path" "$work/contents" || fail "$path is not in the package"
done
for size in 16 22 24 32 48 64 128 256; do
    grep -qx "/usr/share/icons/hicolor/${size}x${size}/apps/loopscope.png" "$work/contents" \
        || fail "no ${size}x${size} icon"
done
if grep -E '^/usr/bin/.*\.(node|js)$' "$work/contents"; then
    fail "the probe is installed in /usr/bin"
fi

# Installed by dpkg into a root with an empty package database: the package's own files only. Its
# dependencies are this machine's, checked above, so dpkg is told not to look for them in the root; its
# maintainer scripts (CPack's ldconfig call) run outside the root. Without root, dpkg-deb unpacks the same
# files instead.
root=$work/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates"
touch "$root/var/lib/dpkg/status"
dpkg=(dpkg --root="$root" --log=/dev/null --force-depends --force-script-chrootless)
if [[ $(id -u) -eq 0 ]]; then
    "${dpkg[@]}" --install "$deb" >"$work/dpkg.log" 2>&1 || {
        cat "$work/dpkg.log" >&2
        fail "dpkg --install failed"
    }
    dpkg --root="$root" --status loopscope | grep -qx 'Status: install ok installed' \
        || fail "dpkg does not list it installed"
else
    echo "package: not root: unpacked with dpkg-deb -x, not installed with dpkg"
    dpkg-deb -x "$deb" "$root"
fi
# The installed tree as a software centre reads it: metainfo, desktop entry and icons together.
validated=$(appstreamcli validate-tree --no-net --pedantic "$root" 2>&1) \
    || fail "appstreamcli validate-tree: $validated"
[[ $validated == "✔ Validation was successful." ]] || fail "appstreamcli validate-tree: $validated"
validated=$(desktop-file-validate "$root/usr/share/applications/loopscope.desktop" 2>&1) \
    || fail "desktop-file-validate: $validated"
[[ -z $validated ]] || fail "desktop-file-validate: $validated"

loopscope=$root/usr/bin/loopscope
[[ -x $loopscope ]] || fail "no executable $loopscope"
# Nothing of the build tree is reachable from the installed binary.
if strings "$loopscope" | grep -qF "$build"; then
    fail "the installed binary names the build tree $build"
fi

cd "$work"
version=$("$loopscope" --version)
[[ $version == "LoopScope $(dpkg-deb --field "$deb" Version | sed 's/-[^-]*$//')" ]] || fail "--version said '$version'"
echo "package: $version"

# A headless scenario: its console output exactly, and a trace that says it ended well.
"$loopscope" --headless --scenario guess-order --trace "$work/guess.json" >"$work/guess.out" 2>"$work/guess.err" \
    || { cat "$work/guess.err" >&2; fail "the scenario failed"; }
printf '%s\n' "readFile callback" "process.nextTick" "promise.then" "setImmediate" "setTimeout 0" >"$work/guess.expected"
diff -u "$work/guess.expected" "$work/guess.out" || fail "guess-order printed another order"
grep -q '"aborted":false' "$work/guess.json" || fail "the scenario's trace is not a complete run"

# An animation of the run, GIF and WebP, made by the libraries the package depends on.
for ending in gif webp; do
    "$loopscope" --headless --scenario guess-order --view circle --animation "$work/guess.$ending" --speed 1 \
        --fps 50 >/dev/null 2>"$work/animation.err" || { cat "$work/animation.err" >&2; fail "--animation .$ending failed"; }
done
[[ $(head -c 6 "$work/guess.gif") == GIF89a ]] || fail "the --animation GIF is no GIF89a"
[[ $(head -c 4 "$work/guess.webp") == RIFF && $(tail -c +9 "$work/guess.webp" | head -c 4) == WEBP ]] \
    || fail "the --animation WebP is no WebP"

# The installed translations: --help in Spanish.
"$loopscope" --lang es --help >"$work/help.es"
grep -q "Muestra esta ayuda" "$work/help.es" || fail "--lang es --help is not in Spanish"

# A headless attach: the installed binary finds the probe in /usr/lib/loopscope, the program's output
# and exit status stay its own, and the recording holds its loop's phases and callbacks.
if command -v node >/dev/null 2>&1; then
    cat >"$work/app.js" <<'EOF'
console.log('main');
setTimeout(() => {
    setImmediate(() => console.log('immediate'));
    Promise.resolve().then(() => console.log('promise'));
    process.nextTick(() => console.log('tick'));
    console.log('timer');
}, 1);
process.on('exit', () => { process.exitCode = 7; });
EOF
    status=0
    "$loopscope" --headless --summary --trace "$work/app.json" --attach "$work/app.js" >"$work/app.out" \
        2>"$work/app.err" || status=$?
    [[ $status -eq 7 ]] || { cat "$work/app.err" >&2; fail "the attached program's status was $status, not 7"; }
    printf '%s\n' main timer tick promise immediate | diff -u - "$work/app.out" || fail "the attached program printed otherwise"
    grep -q '"name":"poll"' \
        "$work/app.json" || fail "the attach recorded no poll phase"
    grep -q '"cat":"callback"' "$work/app.json" || fail "the attach recorded no callback"
    # Without the probe where it belongs, the installed binary says where it looked.
    mv "$root/usr/lib/loopscope" "$root/usr/lib/loopscope.away"
    status=0
    "$loopscope" --headless --attach "$work/app.js" >/dev/null 2>"$work/noprobe.err" || status=$?
    mv "$root/usr/lib/loopscope.away" "$root/usr/lib/loopscope"
    [[ $status -eq 2 ]] || fail "a missing probe exited $status, not 2"
    grep -qF "$root/usr/lib/loopscope" "$work/noprobe.err" || { cat "$work/noprobe.err" >&2; fail "a missing probe is not said"; }
else
    [[ -z ${CI:-} ]] || fail "node is not installed: the attach cannot be checked"
    echo "package: node is not installed: the attach is not checked"
fi

# Removed cleanly: nothing of it is left in the root.
if [[ $(id -u) -eq 0 ]]; then
    "${dpkg[@]}" --purge loopscope >"$work/dpkg.log" 2>&1 || {
        cat "$work/dpkg.log" >&2
        fail "dpkg --purge failed"
    }
    left=$(cd "$root" && find . ! -type d ! -path './var/lib/dpkg/*')
    [[ -z $left ]] || fail "left behind after purge: $left"
    echo "package: installed, run, attached and purged"
else
    echo "package: unpacked, run and attached"
fi
