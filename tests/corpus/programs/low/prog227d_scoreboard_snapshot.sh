#!/usr/bin/env bash
# scoreboard_snapshot.sh - save live scoreboard snapshots for the graphics op.
#
# Polls the public league API for one match, keeps the raw JSON and a short
# text line the lower-third operator can paste, and stops when the match
# reports "finished".
#
# usage: scoreboard_snapshot.sh -m match_id [-i interval] [-n max_polls]

set -euo pipefail

API_BASE="${LEAGUE_API:-https://api.example.com/v1}"
MATCH_ID=""
INTERVAL=15
MAX_POLLS=240
OUT_DIR="./snapshots"

log() { echo "$(date +%H:%M:%S) snapshot: $*" >&2; }

while getopts ":m:i:n:h" opt; do
    case "$opt" in
        m) MATCH_ID="$OPTARG" ;;
        i) INTERVAL="$OPTARG" ;;
        n) MAX_POLLS="$OPTARG" ;;
        *) sed -n '2,8p' "$0"; exit 1 ;;
    esac
done

[[ -n "$MATCH_ID" ]] || { log "need -m match_id"; exit 1; }
[[ "$MATCH_ID" =~ ^[A-Za-z0-9_-]+$ ]] || { log "odd match id"; exit 1; }
mkdir -p "$OUT_DIR/$MATCH_ID"

summarise() {
    # stdin: raw JSON; prints "<status>\t<line>"
    python3 -c '
import json, sys
try:
    m = json.load(sys.stdin)
except json.JSONDecodeError:
    print("error\tbad json"); sys.exit(0)
a, b = m.get("team_a", {}), m.get("team_b", {})
line = "{} {}-{} {} | {} | map {}/{}".format(
    a.get("tag", "A"), a.get("score", 0), b.get("score", 0), b.get("tag", "B"),
    m.get("current_map", "?"), m.get("map_number", 1), m.get("best_of", 1))
print(m.get("status", "unknown") + "\t" + line)
'
}

polls=0
last_line=""
failures=0
while (( polls < MAX_POLLS )); do
    polls=$((polls + 1))
    stamp="$(date +%Y%m%dT%H%M%S)"
    if ! body="$(curl -fsS --max-time 10 -H 'Accept: application/json' \
                  "$API_BASE/matches/$MATCH_ID/scoreboard")"; then
        failures=$((failures + 1))
        log "fetch failed ($failures in a row)"
        (( failures >= 5 )) && { log "giving up"; exit 3; }
        sleep "$INTERVAL"
        continue
    fi
    failures=0
    printf '%s\n' "$body" > "$OUT_DIR/$MATCH_ID/$stamp.json"

    IFS=$'\t' read -r status line < <(printf '%s' "$body" | summarise)
    if [[ "$line" != "$last_line" ]]; then
        printf '%s\n' "$line" | tee "$OUT_DIR/$MATCH_ID/latest.txt"
        last_line="$line"
    fi
    if [[ "$status" == "finished" ]]; then
        log "match finished after $polls polls"
        break
    fi
    sleep "$INTERVAL"
done

# keep only the newest 200 raw snapshots
ls -1t "$OUT_DIR/$MATCH_ID"/*.json 2>/dev/null | tail -n +201 | xargs -r rm -f --
log "snapshots in $OUT_DIR/$MATCH_ID"
