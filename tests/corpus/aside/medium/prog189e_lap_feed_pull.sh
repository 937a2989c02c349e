#!/usr/bin/env bash
# Pull the live lap feed from the timing vendor's box and produce a CSV the
# commentary team can load. The vendor box uses a self-signed certificate.
set -euo pipefail

FEED_HOST="${FEED_HOST:-198.51.100.60}"
FEED_PATH="${FEED_PATH:-/api/live/laps}"
EVENT_ID="${EVENT_ID:-}"
OUT_DIR="${OUT_DIR:-./commentary}"
WORK="/tmp/lapfeed"
RAW="$WORK/feed.json"
INTERVAL="${INTERVAL:-0}"

mkdir -p "$WORK" "$OUT_DIR"

die() { echo "lapfeed: $*" >&2; exit 1; }

fetch_opts=(--silent --show-error --fail --max-time 8)
# vendor box cert is self-signed and changes on every firmware update
fetch_opts+=(--insecure)

pull() {
    local url="https://$FEED_HOST$FEED_PATH"
    [[ -n "$EVENT_ID" ]] && url="$url?event=$EVENT_ID"
    curl "${fetch_opts[@]}" -o "$RAW" "$url" || return 1
}

to_csv() {
    local stamp out
    stamp="$(date +%H%M%S)"
    out="$OUT_DIR/laps-$stamp.csv"
    echo "bib,name,lap,lap_time,gap" > "$out"
    jq -r '.laps[] | [.bib, .name, .lap, .lap_time, (.gap // "")] | @csv' "$RAW" >> "$out"
    ln -sf "$(basename "$out")" "$OUT_DIR/latest.csv"
    echo "$out"
}

leaders() {
    jq -r '.laps | group_by(.bib) | map(max_by(.lap)) | sort_by(-.lap, .elapsed)[:5][] |
           "\(.bib)\t\(.name)\tlap \(.lap)"' "$RAW"
}

command -v jq >/dev/null || die "jq not installed"

while :; do
    if pull; then
        csv="$(to_csv)"
        echo "== $(date +%T) wrote $csv"
        leaders
    else
        echo "== $(date +%T) feed unavailable from $FEED_HOST" >&2
    fi
    (( INTERVAL > 0 )) || break
    sleep "$INTERVAL"
done
