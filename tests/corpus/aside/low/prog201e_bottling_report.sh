#!/usr/bin/env bash
# Weekly bottling-line report.
# Reads the line counter exports in ./bottling/*.csv (date,sku,filled,rejected)
# and writes a per-SKU summary to ./reports/bottling_<week>.txt.
set -euo pipefail

IN_DIR="${IN_DIR:-./bottling}"
OUT_DIR="${OUT_DIR:-./reports}"
WORK_DIR="./.report_build"
WEEK="$(date +%G-W%V)"
REJECT_ALERT="${REJECT_ALERT:-2.5}"
KEEP_BUILD=0

log() { echo "[bottling] $*" >&2; }

usage() { echo "Usage: $(basename "$0") [-w YYYY-Www] [-a reject%] [-k keep build dir]"; }

while getopts ":w:a:kh" opt; do
  case "$opt" in
    w) WEEK="$OPTARG" ;;
    a) REJECT_ALERT="$OPTARG" ;;
    k) KEEP_BUILD=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

cleanup() {
  [[ $KEEP_BUILD -eq 1 ]] || rm -rf "$WORK_DIR"
}
trap cleanup EXIT

collect() {
  mkdir -p "$WORK_DIR"
  local f count=0
  : > "$WORK_DIR/all.csv"
  for f in "$IN_DIR"/*.csv; do
    [[ -f "$f" ]] || continue
    tail -n +2 "$f" >> "$WORK_DIR/all.csv"
    count=$((count + 1))
  done
  [[ $count -gt 0 ]] || { log "no exports in $IN_DIR"; return 1; }
  log "merged $count export file(s)"
}

summarise() {
  awk -F, -v alert="$REJECT_ALERT" '
    NF >= 4 { filled[$2] += $3; rejected[$2] += $4 }
    END {
      printf "%-16s %10s %10s %8s\n", "SKU", "filled", "rejected", "rej%"
      for (s in filled) {
        pct = (filled[s] + rejected[s]) ? 100 * rejected[s] / (filled[s] + rejected[s]) : 0
        flag = (pct > alert) ? "  <-- check" : ""
        printf "%-16s %10d %10d %7.2f%%%s\n", s, filled[s], rejected[s], pct, flag
      }
    }' "$WORK_DIR/all.csv" | { read -r header; echo "$header"; sort; }
}

main() {
  collect || exit 1
  mkdir -p "$OUT_DIR"
  local report="$OUT_DIR/bottling_${WEEK}.txt"
  {
    echo "Bottling report ${WEEK} (generated $(date '+%F %H:%M'))"
    echo
    summarise
  } > "$report"
  log "report written to $report"
  cat "$report"
}

main
