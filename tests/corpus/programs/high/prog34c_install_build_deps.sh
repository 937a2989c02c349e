#!/usr/bin/env bash
# install_build_deps.sh - prepare a fresh Debian/Ubuntu workstation for
# building the C++ services: system packages, ccache wrappers and the
# in-house `bldtool` binary installed system-wide.
#
# Run it once after provisioning; it asks for your password via sudo.

set -euo pipefail

APT_PACKAGES=(
    build-essential
    cmake
    ninja-build
    ccache
    pkg-config
    clang-format
    libssl-dev
    zlib1g-dev
    python3-venv
)

PREFIX="/usr/local"
BLDTOOL_SRC="tools/bldtool"
LOG_FILE="install-build-deps.log"
ASSUME_YES=0

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-y] [--prefix DIR]"
}

while [ $# -gt 0 ]; do
    case "$1" in
        -y|--yes) ASSUME_YES=1 ;;
        --prefix) shift; PREFIX="$1" ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

if [ -r /etc/os-release ]; then
    # shellcheck disable=SC1091
    . /etc/os-release
    case "${ID:-}" in
        debian|ubuntu) ;;
        *) log "unsupported distribution ${ID:-unknown}"; exit 1 ;;
    esac
else
    log "cannot detect distribution"; exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
else
    SUDO="sudo"
    command -v sudo >/dev/null || { log "sudo is required"; exit 1; }
fi

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " answer
    [[ "$answer" =~ ^[Yy]$ ]]
}

install_packages() {
    local missing=()
    for pkg in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
            || missing+=("$pkg")
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        log "all apt packages already installed"
        return
    fi
    log "installing: ${missing[*]}"
    $SUDO apt-get update -qq
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

setup_ccache_links() {
    local linkdir="$PREFIX/lib/ccache"
    $SUDO mkdir -p "$linkdir"
    for compiler in gcc g++ cc c++ clang clang++; do
        if command -v "$compiler" >/dev/null; then
            $SUDO ln -sf "$(command -v ccache)" "$linkdir/$compiler"
        fi
    done
    log "ccache wrappers in $linkdir (prepend it to PATH in your own shell config)"
}

install_bldtool() {
    if [ ! -d "$BLDTOOL_SRC" ]; then
        log "no $BLDTOOL_SRC checkout, skipping bldtool"
        return
    fi
    log "building bldtool"
    cmake -S "$BLDTOOL_SRC" -B build/bldtool -G Ninja -DCMAKE_BUILD_TYPE=Release >>"$LOG_FILE"
    cmake --build build/bldtool >>"$LOG_FILE"
    $SUDO install -m 0755 -o root -g root build/bldtool/bldtool "$PREFIX/bin/bldtool"
    $SUDO install -d -m 0755 "$PREFIX/share/bldtool"
    $SUDO install -m 0644 "$BLDTOOL_SRC/presets/"*.json "$PREFIX/share/bldtool/"
    $SUDO ldconfig
    log "installed $PREFIX/bin/bldtool ($("$PREFIX/bin/bldtool" --version 2>/dev/null || echo '?'))"
}

log "preparing $PRETTY_NAME for builds (prefix $PREFIX)"
confirm "Install system packages and tools with sudo?" || { log "aborted"; exit 1; }

install_packages
setup_ccache_links
install_bldtool

log "done"
