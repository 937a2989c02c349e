#!/bin/bash
# match_schedule_fetch.sh - download the public event schedule and print the
# team's upcoming matches with alliance colour and partners.
set -euo pipefail

API_BASE="${API_BASE:-https://frc-events.example.org/api/v1}"
EVENT="${EVENT:-2025demo}"
TEAM="${TEAM_NUMBER:-0000}"
OUT="./schedule_${EVENT}.txt"
TIMEOUT=15
SHOW_ALL=0

log() { echo "[schedule] $*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -e|--event) EVENT="$2"; OUT="./schedule_${EVENT}.txt"; shift 2 ;;
        -t|--team) TEAM="$2"; shift 2 ;;
        -a|--all) SHOW_ALL=1; shift ;;
        --timeout) TIMEOUT="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-e event] [-t team] [-a] [--timeout s]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if ! [[ "$TEAM" =~ ^[0-9]+$ ]]; then
    log "team number must be numeric"
    exit 2
fi

url="$API_BASE/events/$EVENT/schedule"
log "fetching $url"

attempt=0
body=""
while [ $attempt -lt 3 ]; do
    attempt=$((attempt + 1))
    if body="$(curl -fsS --max-time "$TIMEOUT" -H 'Accept: application/json' "$url")"; then
        break
    fi
    log "attempt $attempt failed, retrying"
    sleep 2
done
[ -n "$body" ] || { log "could not download schedule"; exit 1; }

# cache the raw response next to the report
printf '%s\n' "$body" > "./schedule_${EVENT}.json"

export SCHED_TEAM="$TEAM" SCHED_ALL="$SHOW_ALL" SCHED_BODY="$body"
python3 - <<'PY' | tee "$OUT"
import json, os, sys
team = int(os.environ["SCHED_TEAM"])
show_all = os.environ["SCHED_ALL"] == "1"
try:
    data = json.loads(os.environ["SCHED_BODY"])
except json.JSONDecodeError as exc:
    sys.exit(f"bad JSON from server: {exc}")
matches = data.get("matches", [])
print(f"{'match':<8}{'time':<8}{'colour':<8}partners")
for m in matches:
    red, blue = m.get("red", []), m.get("blue", [])
    if team in red:
        colour, partners = "RED", [t for t in red if t != team]
    elif team in blue:
        colour, partners = "BLUE", [t for t in blue if t != team]
    elif show_all:
        colour, partners = "-", red + blue
    else:
        continue
    mid, when = m.get("id", "?"), m.get("time", "?")
    print(f"{mid:<8}{when:<8}{colour:<8}{', '.join(map(str, partners))}")
PY

count=$(($(wc -l < "$OUT") - 1))
log "$count matches written to $OUT"
