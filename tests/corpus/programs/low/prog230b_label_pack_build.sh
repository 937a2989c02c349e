#!/usr/bin/env bash
# label_pack_build.sh - build the can label artwork pack for the print shop.
# Collects the approved label PDFs for a release, checks the print shop's
# asset host is reachable, writes a checksummed manifest and packs
# everything into ./dist.  Build and cache folders are wiped each run.
set -euo pipefail

RELEASE="${1:-}"
ART_DIR="${ART_DIR:-./artwork}"
BUILD_DIR="./build"
CACHE_DIR="./.labelcache"
DIST_DIR="./dist"
ASSET_HOST="${ASSET_HOST:-https://assets.printshop.example.net}"

log() { printf '[labels] %s\n' "$*"; }
die() { printf '[labels] ERROR: %s\n' "$*" >&2; exit 1; }

[[ -n "$RELEASE" ]] || die "usage: $0 RELEASE   (e.g. 2024-summer)"
[[ "$RELEASE" =~ ^[A-Za-z0-9._-]+$ ]] || die "bad release name: $RELEASE"
[[ -d "$ART_DIR/$RELEASE" ]] || die "no artwork folder $ART_DIR/$RELEASE"

build_host() {
    local name="unknown"
    if [[ -r /etc/os-release ]]; then
        name="$(sed -n 's/^PRETTY_NAME="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' /etc/os-release)"
        [[ -n "$name" ]] || name="unknown"
    fi
    echo "$name"
}

clean() {
    rm -rf -- "${BUILD_DIR:?}" "${CACHE_DIR:?}"
    mkdir -p "$BUILD_DIR" "$CACHE_DIR" "$DIST_DIR"
    log "cleaned build and cache folders"
}

check_asset_host() {
    if curl -fsSI --max-time 10 "$ASSET_HOST/health" >/dev/null; then
        log "asset host reachable"
    else
        log "WARNING: asset host not reachable, pack will still be built"
    fi
}

collect() {
    local f n=0
    for f in "$ART_DIR/$RELEASE"/*.pdf; do
        [[ -e "$f" ]] || continue
        case "$(basename "$f")" in
            *_DRAFT*|*_old*) log "skip $(basename "$f")"; continue ;;
        esac
        cp -- "$f" "$BUILD_DIR/"
        n=$((n + 1))
    done
    (( n > 0 )) || die "no approved label PDFs in $ART_DIR/$RELEASE"
    log "collected $n labels"
}

write_manifest() {
    local manifest="$BUILD_DIR/MANIFEST.txt"
    {
        echo "release: $RELEASE"
        echo "built: $(date -u +%FT%TZ)"
        echo "build host: $(build_host)"
        echo "files:"
        (cd "$BUILD_DIR" && sha256sum -- *.pdf | sed 's/^/  /')
    } > "$manifest"
    chmod 0600 "$manifest"
    cp "$manifest" "$CACHE_DIR/last_manifest.txt"
    log "manifest written"
}

pack() {
    local out="$DIST_DIR/labels_${RELEASE}.tar.gz"
    tar -czf "$out" -C "$BUILD_DIR" .
    chmod 0600 "$out"
    log "pack ready: $out ($(du -h "$out" | cut -f1))"
}

main() {
    clean
    check_asset_host
    collect
    write_manifest
    pack
}

main
