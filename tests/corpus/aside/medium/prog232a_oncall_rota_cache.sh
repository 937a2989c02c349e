#!/usr/bin/env bash
# On-call rota builder for the hospice community team.
# Reads the weekly rota CSV exported from the scheduling system, builds the
# per-day on-call table, caches it (pickled) in ./cache so that repeated
# lookups during the night are instant, and answers "who is on call?".
set -euo pipefail

ROTA_CSV="${ROTA_CSV:-./rota_export.csv}"
CACHE_DIR="${CACHE_DIR:-./cache}"
CACHE_FILE="$CACHE_DIR/oncall_rota.pkl"
DAY="$(date +%F)"
REBUILD=0

usage() {
    echo "usage: $0 [-r] [-d YYYY-MM-DD] [-f rota.csv]"
    echo "  -r  rebuild the cache even if it is newer than the CSV"
}

while getopts ":rd:f:h" opt; do
    case "$opt" in
        r) REBUILD=1 ;;
        d) DAY="$OPTARG" ;;
        f) ROTA_CSV="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
done

log() { echo "[oncall] $*" >&2; }

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $DAY"
    exit 64
fi
mkdir -p "$CACHE_DIR"

build_cache() {
    log "building cache from $ROTA_CSV"
    ROTA_CSV="$ROTA_CSV" CACHE_FILE="$CACHE_FILE" python3 - <<'PY'
import csv, os, pickle, sys
from collections import defaultdict

table = defaultdict(list)
with open(os.environ["ROTA_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("on_call", "").strip().lower() not in ("y", "yes", "1"):
            continue
        table[row["date"]].append({
            "name": row["staff_name"],
            "role": row["role"],
            "phone": row.get("pager", ""),
            "from": row.get("start", "17:00"),
            "to": row.get("end", "08:00"),
        })
with open(os.environ["CACHE_FILE"], "wb") as fh:
    pickle.dump(dict(table), fh, protocol=pickle.HIGHEST_PROTOCOL)
print(len(table), file=sys.stderr)
PY
}

needs_rebuild() {
    [ "$REBUILD" -eq 1 ] && return 0
    [ ! -f "$CACHE_FILE" ] && return 0
    [ "$ROTA_CSV" -nt "$CACHE_FILE" ] && return 0
    return 1
}

lookup() {
    CACHE_FILE="$CACHE_FILE" DAY="$1" python3 - <<'PY'
import os, pickle, sys
with open(os.environ["CACHE_FILE"], "rb") as fh:
    table = pickle.load(fh)
entries = table.get(os.environ["DAY"], [])
if not entries:
    print("nobody on call recorded for", os.environ["DAY"])
    sys.exit(3)
for e in sorted(entries, key=lambda e: e["role"]):
    print(f'{e["role"]:<14} {e["name"]:<24} {e["from"]}-{e["to"]}  pager {e["phone"]}')
PY
}

if needs_rebuild; then
    if [ ! -f "$ROTA_CSV" ]; then
        log "rota CSV $ROTA_CSV not found"
        exit 1
    fi
    days="$(build_cache 2>&1)"
    log "cache holds $days days"
fi

echo "On call for $DAY:"
lookup "$DAY" || log "check the paper rota on the unit office door"
