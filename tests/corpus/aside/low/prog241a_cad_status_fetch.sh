#!/usr/bin/env bash
# Fetches the public CAD system status and hospital diversion board.
#
# Shown on the station kiosk screen. Reads two read-only JSON feeds, keeps
# the last good copy in ./status so the kiosk still shows something when the
# feed is down, and clears its own cache files older than a day.

set -uo pipefail

PROG="${0##*/}"
BASE_HOST="${BASE_HOST:-status.example.org}"
OUT_DIR="${OUT_DIR:-./status}"
CACHE_DIR="${CACHE_DIR:-./.cache}"
TIMEOUT="${TIMEOUT:-10}"
MAX_AGE_MIN="${MAX_AGE_MIN:-1440}"

declare -A FEEDS=(
    [cad]="/feeds/cad-status.json"
    [diversion]="/feeds/hospital-diversion.json"
)

log() { printf '%s %s: %s\n' "$(date +%T)" "$PROG" "$*" >&2; }

usage() {
    echo "usage: $PROG [-H host] [-o out_dir] [-t timeout]"
}

while getopts ":H:o:t:h" opt; do
    case "$opt" in
        H) BASE_HOST="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        t) TIMEOUT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

mkdir -p "$OUT_DIR" "$CACHE_DIR"

feed_url() {
    printf 'https://%s%s' "$BASE_HOST" "${FEEDS[$1]}"
}

fetch_feed() {
    local name="$1" url part
    url="$(feed_url "$name")"
    part="$CACHE_DIR/$name-$(date +%s).json"
    if ! curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' -o "$part" "$url"; then
        log "$name: fetch failed, keeping last good copy"
        rm -f "$part"
        return 1
    fi
    if command -v jq >/dev/null 2>&1 && ! jq -e . "$part" >/dev/null 2>&1; then
        log "$name: response is not valid JSON"
        return 1
    fi
    cp "$part" "$OUT_DIR/$name.json"
    log "$name: updated ($(wc -c < "$part") bytes)"
}

summarise() {
    local f="$OUT_DIR/cad.json"
    [ -f "$f" ] || return 0
    if command -v jq >/dev/null 2>&1; then
        jq -r '"CAD: \(.state // "unknown") - \(.message // "")"' "$f"
    fi
    f="$OUT_DIR/diversion.json"
    if [ -f "$f" ] && command -v jq >/dev/null 2>&1; then
        jq -r '.hospitals[]? | select(.diversion == true) | "DIVERT: \(.name)"' "$f"
    fi
}

prune_cache() {
    local removed
    removed="$(find "$CACHE_DIR" -maxdepth 1 -type f -name '*.json' -mmin +"$MAX_AGE_MIN" -print -delete | wc -l)"
    [ "$removed" -gt 0 ] && log "pruned $removed cached responses"
    return 0
}

main() {
    local name failed=0
    for name in "${!FEEDS[@]}"; do
        fetch_feed "$name" || failed=$((failed + 1))
    done
    summarise > "$OUT_DIR/summary.txt"
    cat "$OUT_DIR/summary.txt"
    prune_cache
    [ "$failed" -eq 0 ]
}

main
