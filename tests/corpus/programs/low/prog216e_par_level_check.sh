#!/usr/bin/env bash
# Compare the medication cabinet's current stock (from the inventory API)
# against the ward's par levels (./par_levels.csv) and print a reorder list
# for the pharmacy. Responses are cached in ./.parcache, keyed by an MD5 of
# the request URL, so repeated runs during a shift do not hit the API.
set -euo pipefail

INVENTORY_BASE="${INVENTORY_BASE:-https://inventory.example.org/api/v1}"
CABINET="${CABINET:-ward2-main}"
PAR_FILE="./par_levels.csv"
CACHE_DIR="./.parcache"
CACHE_TTL_MIN=15
CLEAR=0

usage() { echo "Usage: $0 [-c cabinet] [-p par_file] [-t ttl_minutes] [-x (clear cache)]"; }

while getopts ":c:p:t:xh" opt; do
    case "$opt" in
        c) CABINET="$OPTARG" ;;
        p) PAR_FILE="$OPTARG" ;;
        t) CACHE_TTL_MIN="$OPTARG" ;;
        x) CLEAR=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

[ -f "$PAR_FILE" ] || { log "par level file $PAR_FILE not found"; exit 1; }
mkdir -p "$CACHE_DIR"

if [ "$CLEAR" -eq 1 ]; then
    rm -f "$CACHE_DIR"/*.json
    log "cache cleared"
fi

station_os() {
    if [ -r /etc/os-release ]; then
        grep -m1 '^PRETTY_NAME=' /etc/os-release | cut -d= -f2- | tr -d '"'
    else
        printf 'unknown'
    fi
}

fetch_stock() {
    local url="$INVENTORY_BASE/cabinets/$CABINET/stock"
    local key
    key="$(printf '%s' "$url" | md5sum | cut -d' ' -f1)"
    local cached="$CACHE_DIR/$key.json"
    if [ -f "$cached" ] && [ -n "$(find "$cached" -mmin -"$CACHE_TTL_MIN")" ]; then
        log "using cached stock ($key)"
    else
        log "GET $url"
        curl -fsS --max-time 10 -H 'Accept: application/json' -o "$cached.part" "$url" \
            || { rm -f "$cached.part"; return 1; }
        mv "$cached.part" "$cached"
    fi
    printf '%s' "$cached"
}

log "station OS: $(station_os)"
STOCK_FILE="$(fetch_stock)" || { log "inventory API unreachable"; exit 1; }

REORDER="$(STOCK_FILE="$STOCK_FILE" PAR_FILE="$PAR_FILE" CABINET="$CABINET" python3 -c '
import csv, json, os, sys

with open(os.environ["STOCK_FILE"]) as fh:
    stock = {i["code"]: i for i in json.load(fh).get("items", [])}

rows = []
with open(os.environ["PAR_FILE"], newline="") as fh:
    for par in csv.DictReader(fh):
        code = par["code"]
        have = int(stock.get(code, {}).get("on_hand", 0))
        want = int(par["par"])
        if have < want:
            rows.append((code, par.get("name", code), have, want, want - have))

rows.sort(key=lambda r: (r[2] > 0, r[1]))
for code, name, have, want, need in rows:
    flag = "OUT " if have == 0 else "    "
    print(f"{flag}{code:<10} {name:<32} on hand {have:>3} / par {want:>3}  order {need}")
cab = os.environ["CABINET"]
print(f"{len(rows)} line(s) below par in {cab}", file=sys.stderr)
')"

if [ -z "$REORDER" ]; then
    log "all items at or above par"
    exit 0
fi

printf 'Reorder list for %s (%s)\n' "$CABINET" "$(date '+%F %H:%M')"
printf '%s\n' "$REORDER"
out_count="$(printf '%s\n' "$REORDER" | grep -c '^OUT' || true)"
[ "$out_count" -gt 0 ] && log "$out_count item(s) completely out of stock"
exit 0
