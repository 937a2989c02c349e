#!/usr/bin/env bash
# Set up the board-flashing toolchain on a new workstation: checks for the
# basic tools, fetches the vendor's flasher bundle installer for this
# architecture and runs it, then verifies the flasher is on PATH.
set -euo pipefail

VENDOR_BASE="${VENDOR_BASE:-https://dl.boardflash-tools.com/installer}"
CHANNEL="${CHANNEL:-stable}"
WORK="${WORK:-./.toolchain-setup}"
PREFIX="${PREFIX:-$HOME/.local/boardflash}"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
fail() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; exit 1; }

need() {
    for tool in "$@"; do
        command -v "$tool" >/dev/null 2>&1 || fail "missing required tool: $tool"
    done
}

detect_arch() {
    case "$(uname -m)" in
        x86_64|amd64) echo "linux-x64" ;;
        aarch64|arm64) echo "linux-arm64" ;;
        armv7l) echo "linux-armhf" ;;
        *) fail "unsupported architecture $(uname -m)" ;;
    esac
}

fetch() {
    local url="$1" dest="$2"
    if command -v wget >/dev/null 2>&1; then
        wget -q --tries=3 -O "$dest" "$url"
    else
        curl -fsSL --retry 3 -o "$dest" "$url"
    fi
}

main() {
    need uname python3
    mkdir -p "$WORK" "$PREFIX"
    local arch installer
    arch="$(detect_arch)"
    installer="$WORK/boardflash-setup-$arch.run"

    info "channel $CHANNEL, arch $arch"
    local latest
    latest="$(curl -fsSL "$VENDOR_BASE/$CHANNEL/LATEST" | tr -d '[:space:]')"
    [[ -n "$latest" ]] || fail "could not determine latest version"
    info "latest installer: $latest"

    fetch "$VENDOR_BASE/$CHANNEL/$latest/boardflash-setup-$arch.run" "$installer"
    chmod +x "$installer"

    info "running installer into $PREFIX"
    "$installer" --quiet --prefix "$PREFIX" --accept-license

    if [[ ":$PATH:" != *":$PREFIX/bin:"* ]]; then
        info "add $PREFIX/bin to your PATH"
    fi
    if "$PREFIX/bin/boardflash" --version >/dev/null 2>&1; then
        info "boardflash $("$PREFIX/bin/boardflash" --version) ready"
    else
        fail "installer finished but boardflash does not run"
    fi
    rm -rf "$WORK"
}

main "$@"
