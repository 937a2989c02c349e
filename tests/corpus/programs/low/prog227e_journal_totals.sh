#!/usr/bin/env bash
# journal_totals.sh - daily withdrawal totals from exported ATM journals.
#
# Expects CSV exports named ej_<terminal>_<YYYYMMDD>.csv in ./exports
# (columns: time,type,amount,currency,result).  Writes one report per day
# to ./reports and keeps it private to the current user.
#
# Usage: journal_totals.sh [-d YYYYMMDD] [-e exports_dir] [-r reports_dir]

set -euo pipefail

DAY="$(date +%Y%m%d)"
EXPORTS="./exports"
REPORTS="./reports"
WORK="./.journal_totals_work"

log() { printf '%s journal-totals: %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":d:e:r:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        e) EXPORTS="$OPTARG" ;;
        r) REPORTS="$OPTARG" ;;
        h|*) sed -n '2,8p' "$0"; exit 0 ;;
    esac
done

if [[ ! "$DAY" =~ ^[0-9]{8}$ ]]; then
    log "day must be YYYYMMDD"
    exit 2
fi

mkdir -p "$REPORTS" "$WORK"
trap 'rm -rf "$WORK"' EXIT

shopt -s nullglob
files=("$EXPORTS"/ej_*_"$DAY".csv)
shopt -u nullglob
if [[ ${#files[@]} -eq 0 ]]; then
    log "no journal exports for $DAY in $EXPORTS"
    exit 0
fi
log "${#files[@]} export(s) for $DAY"

# one line per terminal: terminal<TAB>file
for f in "${files[@]}"; do
    base="$(basename "$f" .csv)"
    term="${base#ej_}"
    term="${term%_"$DAY"}"
    printf '%s\t%s\n' "$term" "$f"
done > "$WORK/index.tsv"

totals="$(INDEX_FILE="$WORK/index.tsv" python3 - <<'PY'
import csv, os
from collections import defaultdict
rows = []
with open(os.environ["INDEX_FILE"]) as idx:
    for line in idx:
        term, path = line.rstrip("\n").split("\t")
        count = 0
        sums = defaultdict(int)
        failed = 0
        with open(path, newline="") as fh:
            for rec in csv.DictReader(fh):
                if rec.get("type") != "WDL":
                    continue
                if rec.get("result") != "OK":
                    failed += 1
                    continue
                sums[rec.get("currency", "EUR")] += int(rec.get("amount", 0) or 0)
                count += 1
        for cur, amount in sorted(sums.items()):
            rows.append("%s,%s,%d,%d,%d" % (term, cur, count, amount, failed))
        if not sums:
            rows.append("%s,-,0,0,%d" % (term, failed))
print("\n".join(rows))
PY
)"

report="$REPORTS/withdrawals_$DAY.csv"
{
    echo "terminal,currency,withdrawals,amount,failed"
    printf '%s\n' "$totals" | sort
} > "$report"
chmod 600 "$report"

grand="$(printf '%s\n' "$totals" | awk -F, '{w += $3; f += $5} END {print w "," f}')"
log "report $report: ${grand%,*} withdrawals, ${grand#*,} failed"
