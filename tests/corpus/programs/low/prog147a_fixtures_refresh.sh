#!/usr/bin/env bash
# Refresh the local copy of the county fixtures feed and rebuild the
# printable fixture cards. Run from the project folder.
set -euo pipefail

FEED_URL="${FEED_URL:-https://fixtures.example.com/county/u9-u16.json}"
DATA_DIR="./data"
BUILD_DIR="./build"
CACHE_DIR="./.cache"
FEED_FILE="$DATA_DIR/fixtures.json"
VERBOSE="${VERBOSE:-0}"

msg() { echo "[refresh] $*"; }
dbg() { [ "$VERBOSE" = "1" ] && echo "[debug] $*" || true; }

platform_info() {
    # printed in bug reports so we know which laptop ran it
    if [ -r /etc/os-release ]; then
        . /etc/os-release
        dbg "running on ${PRETTY_NAME:-unknown}"
    fi
    dbg "cpus: $(grep -c '^processor' /proc/cpuinfo 2>/dev/null || echo '?')"
}

clean() {
    # only our own generated folders inside the project
    rm -rf -- "$BUILD_DIR" "$CACHE_DIR"
    msg "cleaned build and cache"
}

feed_changed() {
    local headers etag old=""
    headers=$(curl -fsSI --max-time 15 "$FEED_URL" || true)
    etag=$(printf '%s\n' "$headers" | awk -F': ' 'tolower($1)=="etag"{print $2}' | tr -d '\r')
    [ -f "$DATA_DIR/.etag" ] && old=$(cat "$DATA_DIR/.etag")
    dbg "etag now=${etag:-none} before=${old:-none}"
    [ -z "$etag" ] || [ "$etag" != "$old" ] && { printf '%s' "$etag" > "$DATA_DIR/.etag.new"; return 0; }
    return 1
}

download() {
    mkdir -p "$DATA_DIR"
    if [ -f "$FEED_FILE" ] && ! feed_changed; then
        msg "feed unchanged"
        return
    fi
    curl -fsS --max-time 30 -o "$FEED_FILE.part" "$FEED_URL"
    if jq -e . "$FEED_FILE.part" >/dev/null 2>&1; then
        mv "$FEED_FILE.part" "$FEED_FILE"
        [ -f "$DATA_DIR/.etag.new" ] && mv "$DATA_DIR/.etag.new" "$DATA_DIR/.etag"
        chmod 0600 "$FEED_FILE"
        msg "feed updated"
    else
        rm -f "$FEED_FILE.part"
        echo "downloaded feed is not valid JSON" >&2
        exit 1
    fi
}

build_cards() {
    mkdir -p "$BUILD_DIR" "$CACHE_DIR"
    python3 tools/fixture_cards.py "$FEED_FILE" --out "$BUILD_DIR" --cache "$CACHE_DIR"
    msg "cards in $BUILD_DIR: $(ls -1 "$BUILD_DIR" | wc -l)"
}

main() {
    platform_info
    case "${1:-all}" in
        clean) clean ;;
        fetch) download ;;
        all) clean; download; build_cards ;;
        *) echo "usage: $0 [clean|fetch|all]" >&2; exit 2 ;;
    esac
}

main "$@"
