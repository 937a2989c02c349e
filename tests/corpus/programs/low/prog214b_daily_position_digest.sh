#!/usr/bin/env bash
# daily_position_digest.sh - pulls yesterday's position reports for the
# fleet from the public tracking API, computes distance steamed and time
# spent in each fishing zone per vessel, and writes a CSV digest.
set -euo pipefail

API_BASE="${TRACK_API:-https://api.example.com/v1}"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date -v-1d +%F)}"
REPORT_DIR="./reports"
CACHE_DIR="./.cache/positions"
LOG="./position_digest.log"
KEEP_CACHE_DAYS=7

log() { echo "$(date '+%F %T') $*" >> "$LOG"; }

fetch_day() {
    local day="$1" cache="$CACHE_DIR/$day.json"
    if [[ -s "$cache" ]]; then
        log "cache hit for $day"
        cat "$cache"
        return 0
    fi
    local body
    if ! body=$(curl -sS --fail --max-time 30 "$API_BASE/positions?date=$day&format=json"); then
        log "fetch failed for $day"
        return 1
    fi
    printf '%s' "$body" > "$cache"
    printf '%s' "$body"
}

prune_cache() {
    find "$CACHE_DIR" -name '*.json' -type f -mtime +"$KEEP_CACHE_DAYS" -print -delete | while read -r f; do
        log "pruned $f"
    done
}

digest() {
    # positions arrive on stdin; zones file and day via the environment
    ZONES_FILE="./zones.json" DIGEST_DAY="$DAY" python3 -c '
import json, math, os, sys
from collections import defaultdict

def haversine_nm(a, b):
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 3440.065 * math.asin(math.sqrt(h))

zones = {}
if os.path.exists(os.environ["ZONES_FILE"]):
    zones = json.load(open(os.environ["ZONES_FILE"]))

def zone_of(lat, lon):
    for name, box in zones.items():
        if box[0] <= lat <= box[2] and box[1] <= lon <= box[3]:
            return name
    return "transit"

tracks = defaultdict(list)
for p in json.load(sys.stdin).get("positions", []):
    tracks[p["vessel"]].append((p["lat"], p["lon"], p["ts"]))

day = os.environ["DIGEST_DAY"]
print("day,vessel,fixes,distance_nm,top_zone")
for vessel, pts in sorted(tracks.items()):
    pts.sort(key=lambda x: x[2])
    dist = sum(haversine_nm(pts[i], pts[i + 1]) for i in range(len(pts) - 1))
    zc = defaultdict(int)
    for lat, lon, _ in pts:
        zc[zone_of(lat, lon)] += 1
    top = max(zc, key=zc.get) if zc else "-"
    print(f"{day},{vessel},{len(pts)},{dist:.1f},{top}")
'
}

main() {
    mkdir -p "$REPORT_DIR" "$CACHE_DIR"
    local out="$REPORT_DIR/digest-$DAY.csv"
    if ! fetch_day "$DAY" | digest > "$out.partial"; then
        log "digest failed for $DAY"
        rm -f "$out.partial"
        exit 1
    fi
    mv "$out.partial" "$out"
    log "wrote $out ($(($(wc -l < "$out") - 1)) vessels)"
    prune_cache
    echo "$out"
}

main
