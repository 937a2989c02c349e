#!/usr/bin/env bash
# daily_weight_summary.sh - end-of-day intake summary from the weighbridge
# ticket export.  Totals net weight per grain type and per grower, writes
# summary CSVs in the working directory for the office manager.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./exports}"
DAY="$(date +%Y-%m-%d)"
OUT_DIR="./reports"
CACHE_DIR="./.summary_cache"
MIN_NET_KG=0
KEEP_CACHE=0

log() { echo "$(date '+%T') $*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [-d YYYY-MM-DD] [-e export_dir] [-m min_net_kg] [-k]
  -k  keep the intermediate cache directory
USAGE
}

while getopts "d:e:m:kh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        e) EXPORT_DIR="$OPTARG" ;;
        m) MIN_NET_KG="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

TICKET_CSV="$EXPORT_DIR/tickets_${DAY//-/}.csv"
if [[ ! -f "$TICKET_CSV" ]]; then
    log "no export for $DAY at $TICKET_CSV"
    exit 1
fi

mkdir -p "$OUT_DIR" "$CACHE_DIR"
# drop voided tickets before summarising
grep -v ',VOID,' "$TICKET_CSV" > "$CACHE_DIR/clean.csv"
log "$(($(wc -l < "$CACHE_DIR/clean.csv") - 1)) valid tickets for $DAY"

export CLEAN_CSV="$CACHE_DIR/clean.csv" OUT_DIR DAY MIN_NET_KG
python3 - <<'PY'
import csv
import os
from collections import defaultdict

src = os.environ["CLEAN_CSV"]
out_dir = os.environ["OUT_DIR"]
day = os.environ["DAY"]
min_net = float(os.environ.get("MIN_NET_KG", "0"))

by_grain = defaultdict(lambda: [0, 0.0])
by_grower = defaultdict(lambda: [0, 0.0])
skipped = 0
with open(src, newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            net = float(row["gross_kg"]) - float(row["tare_kg"])
        except (KeyError, ValueError):
            skipped += 1
            continue
        if net < min_net:
            skipped += 1
            continue
        by_grain[row.get("grain", "unknown")][0] += 1
        by_grain[row.get("grain", "unknown")][1] += net
        by_grower[row.get("grower_id", "unknown")][0] += 1
        by_grower[row.get("grower_id", "unknown")][1] += net

def write(name, table, key):
    path = os.path.join(out_dir, f"{name}_{day}.csv")
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow([key, "loads", "net_tonnes"])
        for k, (loads, kg) in sorted(table.items(), key=lambda kv: -kv[1][1]):
            w.writerow([k, loads, f"{kg / 1000:.3f}"])
    print(path)

write("by_grain", by_grain, "grain")
write("by_grower", by_grower, "grower_id")
total = sum(v[1] for v in by_grain.values()) / 1000
print(f"TOTAL {total:.3f} t, skipped {skipped}")
PY

for f in "$OUT_DIR"/by_*_"$DAY".csv; do
    chmod 600 "$f"
done

if [[ $KEEP_CACHE -eq 0 ]]; then
    rm -rf "$CACHE_DIR"
fi
log "summary for $DAY written to $OUT_DIR"
