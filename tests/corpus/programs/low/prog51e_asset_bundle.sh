#!/usr/bin/env bash
# Asset bundler: stage "pack" inlines small icons into a generated manifest
# (base64 text), stage "unpack" restores them into ./dist for the web build.
set -euo pipefail

SRC_DIR="${SRC_DIR:-assets/icons}"
BUILD_DIR="./build"
MANIFEST="$BUILD_DIR/icons.manifest"
DIST_DIR="./dist/icons"
MAX_BYTES="${MAX_BYTES:-16384}"
VERSION_URL="${VERSION_URL:-https://example.com/icon-set/VERSION}"

log() { printf '[bundle] %s\n' "$*" >&2; }

usage() {
    echo "usage: $0 {pack|unpack|verify|clean}" >&2
    exit 2
}

pack() {
    mkdir -p "$BUILD_DIR"
    local tmp="$BUILD_DIR/icons.manifest.partial"
    : > "$tmp"
    local upstream="unknown"
    if upstream=$(curl -fsS --max-time 10 "$VERSION_URL" 2>/dev/null); then
        log "upstream icon set version $upstream"
    fi
    printf '# icon manifest, upstream=%s\n' "$upstream" >> "$tmp"
    local count=0
    for icon in "$SRC_DIR"/*.png "$SRC_DIR"/*.svg; do
        [ -f "$icon" ] || continue
        local size
        size=$(wc -c < "$icon")
        if [ "$size" -gt "$MAX_BYTES" ]; then
            log "skipping $(basename "$icon") ($size bytes, too large to inline)"
            continue
        fi
        local sum data
        sum=$(sha256sum "$icon" | cut -d' ' -f1)
        data=$(base64 -w0 < "$icon")
        printf '%s\t%s\t%s\n' "$(basename "$icon")" "$sum" "$data" >> "$tmp"
        count=$((count + 1))
    done
    mv "$tmp" "$MANIFEST"
    log "packed $count icons into $MANIFEST"
}

unpack() {
    [ -f "$MANIFEST" ] || { log "no manifest, run pack first"; exit 1; }
    mkdir -p "$DIST_DIR"
    while IFS=$'\t' read -r name sum data; do
        case "$name" in
            ''|'#'*) continue ;;
            */*|..*) log "refusing suspicious name: $name"; continue ;;
        esac
        printf '%s' "$data" | base64 -d > "$DIST_DIR/$name"
        log "restored $name"
    done < "$MANIFEST"
}

verify() {
    local bad=0
    while IFS=$'\t' read -r name sum _; do
        case "$name" in ''|'#'*) continue ;; esac
        actual=$(sha256sum "$DIST_DIR/$name" 2>/dev/null | cut -d' ' -f1 || true)
        if [ "$actual" != "$sum" ]; then
            log "checksum mismatch: $name"
            bad=$((bad + 1))
        fi
    done < "$MANIFEST"
    [ "$bad" -eq 0 ] && log "all icons verified"
    return "$bad"
}

clean() {
    rm -rf "$BUILD_DIR" "$DIST_DIR"
    log "removed $BUILD_DIR and $DIST_DIR"
}

case "${1:-}" in
    pack) pack ;;
    unpack) unpack ;;
    verify) verify ;;
    clean) clean ;;
    *) usage ;;
esac
