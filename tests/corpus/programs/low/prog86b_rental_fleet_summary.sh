#!/usr/bin/env bash
# rental_fleet_summary.sh - nightly summary of the rental fleet for the shop manager.
#
# Input is the POS inventory export (fleet.csv):
#   sku,category,size,condition,last_tuned,status
# Output: reports/fleet-YYYY-MM-DD.txt with counts per category/status,
# skis overdue for a tune, and boots sizes running low for the weekend.
# The summary is cached by the export's checksum so re-running on the same
# export is instant.
#
#   rental_fleet_summary.sh [-f fleet.csv] [-t TUNE_DAYS] [-m MIN_PER_SIZE]

set -euo pipefail

FLEET="fleet.csv"
TUNE_DAYS=10
MIN_PER_SIZE=4
REPORT_DIR="reports"
CACHE_DIR=".cache/fleet"

usage() { sed -n '2,12p' "$0"; exit "${1:-0}"; }

while getopts "f:t:m:h" o; do
  case $o in
    f) FLEET=$OPTARG ;;
    t) TUNE_DAYS=$OPTARG ;;
    m) MIN_PER_SIZE=$OPTARG ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

[[ -r $FLEET ]] || { echo "cannot read $FLEET" >&2; exit 1; }
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

key=$(md5sum "$FLEET" | cut -d' ' -f1)
cached="$CACHE_DIR/$key.txt"
today=$(date +%F)
report="$REPORT_DIR/fleet-$today.txt"

if [[ -s $cached ]]; then
  cp "$cached" "$report"
  echo "unchanged export, reused cached summary -> $report"
  exit 0
fi

cutoff=$(date -d "-${TUNE_DAYS} days" +%F)

counts_by_category() {
  awk -F, 'NR > 1 { n[$2 "," $6]++ }
           END { for (k in n) { split(k, p, ","); printf "  %-10s %-12s %5d\n", p[1], p[2], n[k] } }' \
    "$FLEET" | sort
}

overdue_tunes() {
  awk -F, -v cut="$cutoff" 'NR > 1 && ($2 == "ski" || $2 == "snowboard") && $5 < cut && $6 != "retired" {
           printf "  %-10s %-10s %-6s last tuned %s\n", $1, $2, $3, $5 }' "$FLEET" | sort -k5
}

low_boot_sizes() {
  awk -F, -v min="$MIN_PER_SIZE" 'NR > 1 && $2 == "boot" && $6 == "available" { n[$3]++ }
           NR > 1 && $2 == "boot" { seen[$3] = 1 }
           END { for (s in seen) if (n[s] + 0 < min) printf "  mondo %-6s %d available\n", s, n[s] + 0 }' \
    "$FLEET" | sort -k2 -n
}

{
  echo "Rental fleet summary - $today"
  echo "source: $FLEET ($(($(wc -l < "$FLEET") - 1)) items)"
  echo
  echo "By category / status:"
  counts_by_category
  echo
  echo "Overdue for tune (> $TUNE_DAYS days):"
  overdue_tunes || true
  echo
  echo "Boot sizes below $MIN_PER_SIZE available:"
  low_boot_sizes || true
} > "$report.part"

mv "$report.part" "$report"
cp "$report" "$cached"

# keep only the last 30 cached summaries
ls -1t "$CACHE_DIR"/*.txt 2>/dev/null | tail -n +31 | xargs -r rm -f --

echo "summary written to $report"
