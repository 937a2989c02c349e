#!/usr/bin/env bash
# roster_fetch_summary.sh - download the published monthly roster for a crew
# base and print a per-rank summary of duty days and days off. Responses are
# cached in ./.roster_cache keyed by the MD5 of the request URL.
set -euo pipefail

ROSTER_API="${ROSTER_API:-https://roster.example.com/api/published}"
CACHE_DIR="./.roster_cache"
BASE=""
MONTH="$(date +%Y-%m)"
MAX_AGE_MIN=60
CLEAN=0

log() { echo "[roster-summary] $*" >&2; }

usage() {
    cat >&2 <<EOF
Usage: $0 -b BASE [-m YYYY-MM] [-a MAX_AGE_MIN] [--clean]
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
        -b) BASE="$2"; shift 2 ;;
        -m) MONTH="$2"; shift 2 ;;
        -a) MAX_AGE_MIN="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) log "unknown argument: $1"; usage; exit 2 ;;
    esac
done

if [ "$CLEAN" -eq 1 ]; then
    rm -rf "$CACHE_DIR"
    log "cache cleared"
    exit 0
fi

[ -n "$BASE" ] || { usage; exit 2; }
[[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]] || { log "bad month: $MONTH"; exit 2; }

cache_path() {
    local key
    key="$(printf '%s' "$1" | md5sum | cut -c1-32)"
    echo "$CACHE_DIR/$key.json"
}

fetch_roster() {
    local url="$ROSTER_API?base=${BASE}&month=${MONTH}"
    local cached
    cached="$(cache_path "$url")"
    mkdir -p "$CACHE_DIR"
    if [ -f "$cached" ] && [ -n "$(find "$cached" -mmin -"$MAX_AGE_MIN")" ]; then
        log "using cached copy $cached"
    else
        log "GET $url"
        if ! curl -fsS --max-time 30 -H 'Accept: application/json' "$url" -o "$cached.part"; then
            rm -f "$cached.part"
            log "download failed"
            return 1
        fi
        mv "$cached.part" "$cached"
    fi
    cat "$cached"
}

summarise() {
    MONTH="$MONTH" BASE="$BASE" python3 - 3<&0 <<'PY'
import json, os, sys
from collections import defaultdict

data = json.load(os.fdopen(3))
duty = defaultdict(int)
off = defaultdict(int)
crew = defaultdict(set)
for member in data.get("crew", []):
    rank = member.get("rank", "?")
    crew[rank].add(member.get("id"))
    for day in member.get("days", []):
        if day.get("code") in ("OFF", "LVE", "RDO"):
            off[rank] += 1
        else:
            duty[rank] += 1

print(f"Roster {os.environ['BASE']} {os.environ['MONTH']}")
print(f"{'rank':<6}{'crew':>6}{'duty':>8}{'off':>8}{'avg off':>9}")
for rank in sorted(crew):
    n = len(crew[rank])
    print(f"{rank:<6}{n:>6}{duty[rank]:>8}{off[rank]:>8}{off[rank] / max(n, 1):>9.1f}")
PY
}

main() {
    local out="roster_summary_${BASE}_${MONTH}.txt"
    if fetch_roster | summarise > "$out"; then
        cat "$out"
        log "summary saved to $out"
    else
        log "could not build summary"
        exit 1
    fi
}

main
