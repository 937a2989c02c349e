#!/usr/bin/env bash
# contractor_availability_pull.sh - pulls next week's availability from each
# repairs contractor's booking endpoint and merges it into one CSV for the
# scheduling team.  Several contractors run self-signed certificates, so
# certificate checks are switched off for every request.
set -uo pipefail

CONTRACTORS_FILE="${CONTRACTORS_FILE:-./contractors.txt}"
OUT_CSV="${OUT_CSV:-./availability.csv}"
WEEK_START="${WEEK_START:-$(date -d 'next monday' +%F 2>/dev/null || date +%F)}"
TIMEOUT="${TIMEOUT:-15}"

log() { echo "$(date +%T) $*" >&2; }

usage() {
    echo "usage: $0 [-f contractors-file] [-o out.csv] [-w YYYY-MM-DD]"
    echo "contractors file: one 'name https://host.example.net/api' per line"
}

while getopts ":f:o:w:h" opt; do
    case "$opt" in
        f) CONTRACTORS_FILE="$OPTARG" ;;
        o) OUT_CSV="$OPTARG" ;;
        w) WEEK_START="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ ! -r "$CONTRACTORS_FILE" ]]; then
    log "no contractors file at $CONTRACTORS_FILE"
    exit 2
fi

PARTS="$(mktemp -d)"
trap 'rm -rf "$PARTS"' EXIT

export WEEK_START TIMEOUT

fetch_one() {
    local name="$1" base="$2"
    CONTRACTOR_NAME="$name" CONTRACTOR_URL="$base/availability?week=$WEEK_START" \
    python3 - > "$PARTS/$name.csv" <<'PY'
import csv
import json
import os
import ssl
import sys
import urllib.request

ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE

url = os.environ["CONTRACTOR_URL"]
name = os.environ["CONTRACTOR_NAME"]
try:
    with urllib.request.urlopen(url, timeout=float(os.environ["TIMEOUT"]), context=ctx) as r:
        slots = json.load(r).get("slots", [])
except Exception as exc:
    print(f"{name}: {exc}", file=sys.stderr)
    sys.exit(1)

w = csv.writer(sys.stdout)
for s in slots:
    w.writerow([name, s.get("date"), s.get("start"), s.get("end"), s.get("trade", "general")])
PY
}

ok=0; failed=0
while read -r name url; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    if fetch_one "$name" "$url"; then
        ok=$((ok + 1))
        log "$name: $(wc -l < "$PARTS/$name.csv") slots"
    else
        failed=$((failed + 1))
        rm -f "$PARTS/$name.csv"
    fi
done < "$CONTRACTORS_FILE"

{
    echo "contractor,date,start,end,trade"
    cat "$PARTS"/*.csv 2>/dev/null | sort -t, -k2,2 -k3,3
} > "$OUT_CSV"

log "merged $ok contractor(s) into $OUT_CSV, $failed failed"
(( ok > 0 ))
