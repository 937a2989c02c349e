#!/usr/bin/env bash
# Fetch the public snow and weather report for the resort and format it for
# the lobby display board.
#
# Responses are cached in ./cache/ keyed by an MD5 of the request URL so the
# display refresh (every minute) does not hammer the weather API.
#
# Usage: snow_report_fetch.sh [-r resort_id] [-m max_age_seconds] [-c]

set -euo pipefail

API_BASE="${SNOW_API_BASE:-https://api.example.com/v1/snow}"
RESORT="alpine-ridge"
MAX_AGE=600
CACHE_DIR="./cache"
OUT_FILE="./lobby_snow_report.txt"
CLEAN_ONLY=0

log() { echo "snow-report: $*" >&2; }

while getopts ":r:m:ch" opt; do
    case "$opt" in
        r) RESORT="$OPTARG" ;;
        m) MAX_AGE="$OPTARG" ;;
        c) CLEAN_ONLY=1 ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) log "bad option"; exit 2 ;;
    esac
done

mkdir -p "$CACHE_DIR"

clean_cache() {
    # Remove our own cached responses older than a day.
    local n
    n=$(find "$CACHE_DIR" -maxdepth 1 -name '*.json' -mmin +1440 -print -delete | wc -l)
    log "removed $n stale cache files"
}

if (( CLEAN_ONLY )); then
    clean_cache
    exit 0
fi

url="$API_BASE?resort=$RESORT&units=metric"
key="$(printf '%s' "$url" | md5sum | cut -d' ' -f1)"
cache_file="$CACHE_DIR/$key.json"

fresh_cache() {
    [[ -f "$cache_file" ]] || return 1
    local age=$(( $(date +%s) - $(stat -c %Y "$cache_file") ))
    (( age < MAX_AGE ))
}

if fresh_cache; then
    log "using cached response ($cache_file)"
else
    log "fetching $url"
    if ! body="$(curl -fsS --max-time 10 -H 'Accept: application/json' "$url")"; then
        if [[ -f "$cache_file" ]]; then
            log "fetch failed, falling back to stale cache"
        else
            log "fetch failed and no cache available"
            exit 1
        fi
    else
        printf '%s' "$body" > "$cache_file"
    fi
fi

# Format with Python; the cached JSON and display settings come in through
# the environment.
REPORT_JSON="$(cat "$cache_file")" \
REPORT_RESORT="$RESORT" \
DISPLAY_WIDTH="${DISPLAY_WIDTH:-40}" \
python3 -c '
import json, os, sys, textwrap
width = int(os.environ["DISPLAY_WIDTH"])
try:
    d = json.loads(os.environ["REPORT_JSON"])
except ValueError as exc:
    sys.exit(f"bad JSON from API: {exc}")
title = os.environ["REPORT_RESORT"].replace("-", " ").title()
lines = [title.center(width, "="), ""]
fields = [("Base depth", "base_depth_cm", "cm"), ("Summit depth", "summit_depth_cm", "cm"),
          ("New (24h)", "new_24h_cm", "cm"), ("Temperature", "temp_c", "C"),
          ("Wind", "wind_kmh", "km/h")]
for label, key, unit in fields:
    value = d.get(key, "?")
    lines.append(f"{label + chr(58):15s}{value} {unit}")
if d.get("comment"):
    lines.append("")
    lines.extend(textwrap.wrap(d["comment"], width))
print("\n".join(lines))
' > "$OUT_FILE"

log "display text written to $OUT_FILE"
clean_cache
