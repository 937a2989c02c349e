#!/usr/bin/env bash
# Daily milk component summary for the lab manager.
# Reads the FTIR analyzer exports of one day (fat, protein, lactose, solids,
# urea), computes per-route averages and out-of-range counts, and writes a
# plain-text report into ./reports.
set -euo pipefail

EXPORT_DIR="./exports"
REPORT_DIR="./reports"
DAY="$(date +%Y%m%d)"
FAT_MIN="${FAT_MIN:-3.0}"
PROTEIN_MIN="${PROTEIN_MIN:-2.9}"
UREA_MAX="${UREA_MAX:-30}"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    echo "usage: $0 [-d YYYYMMDD] [-e export_dir] [-r report_dir]"
    echo "thresholds via FAT_MIN, PROTEIN_MIN, UREA_MAX environment variables"
}

while getopts ":d:e:r:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        e) EXPORT_DIR="$OPTARG" ;;
        r) REPORT_DIR="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

collect_rows() {
    # header from the first file, data rows from all files of the day
    local first=1
    for f in "$EXPORT_DIR"/ftir_"$DAY"_*.csv; do
        [[ -f "$f" ]] || continue
        if [[ $first -eq 1 ]]; then
            head -n 1 "$f"
            first=0
        fi
        tail -n +2 "$f"
    done
}

summarise() {
    FAT_MIN="$FAT_MIN" PROTEIN_MIN="$PROTEIN_MIN" UREA_MAX="$UREA_MAX" DAY="$DAY" \
        python3 - <<'PY'
import csv, os, sys
from collections import defaultdict
from statistics import mean

fat_min = float(os.environ["FAT_MIN"])
prot_min = float(os.environ["PROTEIN_MIN"])
urea_max = float(os.environ["UREA_MAX"])
routes = defaultdict(list)
bad = 0
for row in csv.DictReader(sys.stdin):
    try:
        rec = {k: float(row[k]) for k in ("fat", "protein", "lactose", "urea")}
    except (KeyError, ValueError):
        bad += 1
        continue
    routes[row.get("route", "?")].append(rec)

print(f"Milk component summary for {os.environ['DAY']}")
print(f"{'route':<10}{'n':>5}{'fat':>8}{'prot':>8}{'lact':>8}{'urea':>8}{'low fat':>9}{'low prot':>10}{'high urea':>11}")
for route in sorted(routes):
    recs = routes[route]
    avg = {k: mean(r[k] for r in recs) for k in recs[0]}
    lf = sum(r["fat"] < fat_min for r in recs)
    lp = sum(r["protein"] < prot_min for r in recs)
    hu = sum(r["urea"] > urea_max for r in recs)
    print(f"{route:<10}{len(recs):>5}{avg['fat']:>8.2f}{avg['protein']:>8.2f}"
          f"{avg['lactose']:>8.2f}{avg['urea']:>8.1f}{lf:>9}{lp:>10}{hu:>11}")
print(f"\nunparseable rows: {bad}")
PY
}

main() {
    [[ -d "$EXPORT_DIR" ]] || { log "no export directory $EXPORT_DIR"; exit 1; }
    mkdir -p "$REPORT_DIR"
    local count
    count="$(find "$EXPORT_DIR" -maxdepth 1 -name "ftir_${DAY}_*.csv" | wc -l)"
    if [[ "$count" -eq 0 ]]; then
        log "no FTIR exports for $DAY"
        exit 0
    fi
    log "$count export files for $DAY"
    local report="$REPORT_DIR/components_$DAY.txt"
    collect_rows | summarise > "$report"
    log "report written to $report ($(wc -l < "$report") lines)"
}

main
