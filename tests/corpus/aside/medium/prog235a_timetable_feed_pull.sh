#!/usr/bin/env bash
# timetable_feed_pull.sh - pull the published timetable feed for the depot's
# routes and turn it into the duty-board CSV the depot office prints.
# The feed server still uses a self-signed certificate, so certificate
# checks are switched off for these requests.

set -euo pipefail

FEED_BASE="${FEED_BASE:-https://timetables.example.org/api/v1}"
DEPOT="${DEPOT:-north}"
OUT="${OUT:-./duty_board.csv}"
DAY="$(date +%F)"
MAX_TIME=20

log() { echo "[$(date '+%T')] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --depot) DEPOT="$2"; shift 2 ;;
        --day) DAY="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--depot D] [--day YYYY-MM-DD] [--out FILE]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

fetch() {
    local path="$1"
    # -k: feed server certificate is self-signed
    curl -sS -k --max-time "$MAX_TIME" --retry 2 \
         -H 'Accept: application/json' "${FEED_BASE}${path}"
}

routes_for_depot() {
    fetch "/depots/${DEPOT}/routes" | python3 -c '
import json, sys
for r in json.load(sys.stdin).get("routes", []):
    print(r["id"])
'
}

main() {
    local routes
    if ! routes="$(routes_for_depot)"; then
        log "could not list routes for depot $DEPOT"
        exit 1
    fi
    [[ -n "$routes" ]] || { log "no routes for $DEPOT"; exit 1; }
    log "routes: $(echo "$routes" | tr '\n' ' ')"

    local feed_dir="./feed_${DAY}"
    mkdir -p "$feed_dir"
    local r
    for r in $routes; do
        if fetch "/routes/${r}/trips?date=${DAY}" > "$feed_dir/${r}.json"; then
            log "route $r fetched"
        else
            log "route $r failed"
            rm -f "$feed_dir/${r}.json"
        fi
    done

    FEED_DIR="$feed_dir" OUT_CSV="$OUT" python3 - <<'PYEOF'
import csv, glob, json, os
rows = []
for path in sorted(glob.glob(os.path.join(os.environ["FEED_DIR"], "*.json"))):
    with open(path) as fh:
        data = json.load(fh)
    for trip in data.get("trips", []):
        rows.append((trip.get("depart", ""), data.get("route", "?"),
                     trip.get("block", ""), trip.get("headsign", ""),
                     trip.get("vehicle_type", "")))
rows.sort()
with open(os.environ["OUT_CSV"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["depart", "route", "block", "headsign", "vehicle"])
    w.writerows(rows)
print(f"{len(rows)} trips written to {os.environ['OUT_CSV']}")
PYEOF
}

main
