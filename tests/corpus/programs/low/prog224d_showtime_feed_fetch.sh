#!/usr/bin/env bash
# showtime_feed_fetch.sh - download today's showtimes for a site from the
# public showtimes API, cache the raw JSON in ./cache and turn it into a
# CSV the lobby signage can read.
#
# Usage: showtime_feed_fetch.sh [-s site_id] [-d YYYY-MM-DD] [-f]

set -euo pipefail

API_BASE="${SHOWTIME_API_BASE:-https://api.example.com/v1}"
SITE_ID="${CINEMA_SITE:-site-001}"
DAY="$(date +%F)"
FORCE=0
CACHE_DIR="./cache"
OUT_DIR="./signage"
CACHE_MAX_AGE_MIN=15

log() { printf '%s showtimes: %s\n' "$(date '+%T')" "$*" >&2; }

usage() { echo "Usage: $(basename "$0") [-s site_id] [-d YYYY-MM-DD] [-f]"; }

while getopts ":s:d:fh" opt; do
    case "$opt" in
        s) SITE_ID="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        f) FORCE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $DAY"
    exit 2
fi

cache_path_for() {
    # MD5 of the URL is only a cache key.
    local key
    key="$(printf '%s' "$1" | md5sum | cut -c1-32)"
    echo "$CACHE_DIR/$key.json"
}

fetch_feed() {
    local url="$1" cache="$2"
    if (( FORCE == 0 )) && [[ -s "$cache" ]] && \
       [[ -n "$(find "$cache" -mmin -"$CACHE_MAX_AGE_MIN" 2>/dev/null)" ]]; then
        log "using cached feed $cache"
        return 0
    fi
    log "GET $url"
    if ! curl -fsS --max-time 20 -H "Accept: application/json" -o "$cache.part" "$url"; then
        rm -f "$cache.part"
        [[ -s "$cache" ]] && { log "download failed, keeping old cache"; return 0; }
        return 1
    fi
    mv "$cache.part" "$cache"
}

to_csv() {
    FEED_FILE="$1" OUT_CSV="$2" FEED_DAY="$DAY" python3 - <<'PYEOF'
import csv
import json
import os
import sys

with open(os.environ["FEED_FILE"], encoding="utf-8") as fh:
    try:
        feed = json.load(fh)
    except ValueError as exc:
        sys.stderr.write("feed is not valid JSON: %s\n" % exc)
        sys.exit(1)

rows = []
for film in feed.get("films", []):
    for show in film.get("showtimes", []):
        if not show.get("start", "").startswith(os.environ["FEED_DAY"]):
            continue
        rows.append((show["start"][11:16], show.get("screen", "?"),
                     film.get("title", "?"), film.get("rating", ""),
                     show.get("format", "2D")))
rows.sort()
with open(os.environ["OUT_CSV"], "w", newline="", encoding="utf-8") as out:
    w = csv.writer(out)
    w.writerow(["time", "screen", "title", "rating", "format"])
    w.writerows(rows)
print(len(rows))
PYEOF
}

main() {
    mkdir -p "$CACHE_DIR" "$OUT_DIR"
    local url cache out count
    url="${API_BASE}/sites/${SITE_ID}/showtimes?date=${DAY}"
    cache="$(cache_path_for "$url")"
    fetch_feed "$url" "$cache" || { log "no feed available"; exit 1; }
    out="$OUT_DIR/showtimes_${SITE_ID}_${DAY}.csv"
    count="$(to_csv "$cache" "$out")" || { log "conversion failed"; exit 1; }
    log "$count performances written to $out"
    # tidy old cache entries (our own files only)
    find "$CACHE_DIR" -name '*.json' -mtime +2 -delete
}

main
