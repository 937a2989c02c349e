#!/usr/bin/env bash
# prog234b_weather_feed_fetch.sh
#
# Fetches the forecast and current-conditions feeds for the station's
# weather graphics (the 5-day strip and the "now" bug). Saves each feed
# into ./weather/ with a timestamp, validates that it is JSON with the
# fields the graphics template expects, and points a "latest" copy at the
# newest good file. Keeps only the last N snapshots per feed.
#
# Usage: prog234b_weather_feed_fetch.sh [--region CODE] [--keep N] [--out DIR]

set -euo pipefail

PROG="$(basename "$0")"
API_BASE="https://weather.example.com/v1"
REGION="north-valley"
KEEP=48
OUT="./weather"
FEEDS=(forecast current)

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$PROG" "$*" >&2
}

required_fields() {
    case "$1" in
        forecast) echo '.days[0].high .days[0].low .days[0].icon .issued' ;;
        current)  echo '.temp .condition .wind_kph .observed' ;;
    esac
}

validate() {
    local feed="$1" file="$2"
    jq -e . "$file" >/dev/null 2>&1 || { log "$feed: not valid JSON"; return 1; }
    for field in $(required_fields "$feed"); do
        if [[ "$(jq -r "$field // empty" "$file")" == "" ]]; then
            log "$feed: missing $field"
            return 1
        fi
    done
}

fetch_feed() {
    local feed="$1" stamp partial final
    stamp="$(date '+%Y%m%dT%H%M')"
    partial="${OUT}/${feed}_${stamp}.json.partial"
    final="${OUT}/${feed}_${stamp}.json"

    if ! curl -fsS --max-time 20 --retry 2 \
            -o "$partial" "${API_BASE}/${feed}?region=${REGION}&units=metric"; then
        log "$feed: download failed"
        rm -f "$partial"
        return 1
    fi
    if ! validate "$feed" "$partial"; then
        mv "$partial" "${OUT}/rejected_${feed}_${stamp}.json"
        return 1
    fi
    mv "$partial" "$final"
    cp "$final" "${OUT}/${feed}_latest.json"
    log "$feed: saved $(basename "$final")"
}

prune() {
    local feed="$1"
    local old
    old="$(ls -1t "${OUT}/${feed}_"2*.json 2>/dev/null | tail -n +$((KEEP + 1)) || true)"
    if [[ -n "$old" ]]; then
        echo "$old" | xargs rm -f
        log "$feed: pruned $(echo "$old" | wc -l) old snapshot(s)"
    fi
    find "$OUT" -maxdepth 1 -name "rejected_${feed}_*.json" -mtime +2 -delete
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --region) REGION="$2"; shift 2 ;;
        --keep) KEEP="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

command -v jq >/dev/null || { log "jq is required"; exit 1; }
mkdir -p "$OUT"

failures=0
for feed in "${FEEDS[@]}"; do
    fetch_feed "$feed" || failures=$((failures + 1))
    prune "$feed"
done

if (( failures )); then
    log "$failures feed(s) failed; graphics keep showing the previous latest file"
    exit 1
fi
log "weather feeds updated for ${REGION}"
