#!/usr/bin/env bash
# Installs the Debian 12 packages LoopScope needs to build, test and run.
# Safe to run repeatedly: it only asks apt for what is missing.
set -euo pipefail

packages=(
    build-essential cmake ninja-build pkg-config
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-svg-dev
    # --attach-pid speaks to a running node's inspector over WebSockets.
    qt6-websockets-dev
    libuv1-dev libssl-dev zlib1g-dev
    # Animated exports: WebP through libwebp's WebPAnimEncoder (libwebpmux), GIF through giflib.
    libwebp-dev libgif-dev
    xvfb xauth
    clang-format clang-tidy
    # The icon's sizes are drawn at build time; the package is made, checked and installed in a test.
    librsvg2-bin dpkg-dev gzip groff-base
    appstream desktop-file-utils shared-mime-info bash-completion
)
# The tests compare with Node.js, and the probe of loopscope --attach is built against Node's headers:
# Debian's own nodejs (18) and its headers serve where no newer node is installed, and the headers
# are added to a node that came without them.
if ! command -v node >/dev/null 2>&1; then
    packages+=(nodejs libnode-dev)
elif [[ ! -e "$(node -p "require('path').join(process.execPath, '..', '..', 'include', 'node', 'node_api.h')")" \
        && ! -e /usr/include/node/node_api.h ]]; then
    packages+=(libnode-dev)
fi
if [[ "${LOOPSCOPE_EXTRA_DEPS:-}" != "" ]]; then
    read -r -a extra <<<"$LOOPSCOPE_EXTRA_DEPS"
    packages+=("${extra[@]}")
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
if [[ $(id -u) -eq 0 ]]; then
    run=()
elif command -v sudo >/dev/null 2>&1; then
    run=(sudo)
else
    echo "install-deps: these Debian packages are missing: ${missing[*]}" >&2
    echo "install-deps: run this script as root (or install sudo) so it can call apt-get." >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# Refresh the package lists only when apt has never fetched them on this machine.
if [[ -z "$(ls -A /var/lib/apt/lists 2>/dev/null | grep -v -e lock -e partial)" ]]; then
    "${run[@]}" apt-get update -qq
fi
if ! "${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
    "${run[@]}" apt-get update -qq
    "${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
