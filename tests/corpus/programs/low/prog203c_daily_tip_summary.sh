#!/usr/bin/env bash
# Summarise the day's tips per technician from the POS tip export and
# write a private report for the manager.
set -euo pipefail

EXPORT_DIR="${EXPORT_DIR:-./pos_exports}"
REPORT_DIR="${REPORT_DIR:-./reports}"
WORK_DIR="./.tip_work"
DAY="$(date +%F)"
FORMAT="text"

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() { echo "usage: $0 [-d YYYY-MM-DD] [-f text|csv]"; }

while getopts ":d:f:h" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    f) FORMAT="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 64 ;;
  esac
done

cleanup() { rm -rf "$WORK_DIR"; }
trap cleanup EXIT

collect() {
  local files=("$EXPORT_DIR"/tips_"$DAY"*.csv)
  [[ -e ${files[0]} ]] || { log "no exports for $DAY in $EXPORT_DIR"; return 1; }
  mkdir -p "$WORK_DIR"
  local f
  for f in "${files[@]}"; do
    tail -n +2 "$f"
  done >"$WORK_DIR/rows.csv"
  log "collected $(wc -l <"$WORK_DIR/rows.csv") rows from ${#files[@]} file(s)"
}

totals() {
  awk -F, '
    { tips[$2] += $4; cash[$2] += ($5 == "cash" ? $4 : 0); n[$2]++ }
    END { for (t in tips) printf "%s,%d,%.2f,%.2f\n", t, n[t], tips[t], cash[t] }
  ' "$WORK_DIR/rows.csv" | sort -t, -k3,3nr
}

as_text() {
  printf 'Tip summary for %s\n\n' "$DAY"
  printf '%-18s %8s %10s %10s\n' Technician Services Tips Cash
  local tech count tips cash
  while IFS=, read -r tech count tips cash; do
    printf '%-18s %8s %10s %10s\n' "$tech" "$count" "$tips" "$cash"
  done
}

as_csv() {
  echo "technician,services,tips,cash"
  cat
}

declare -A RENDER=([text]=as_text [csv]=as_csv)

main() {
  [[ -n ${RENDER[$FORMAT]:-} ]] || { log "unknown format $FORMAT"; exit 64; }
  collect || exit 1
  mkdir -p "$REPORT_DIR"
  local ext out
  ext=$([[ $FORMAT == csv ]] && echo csv || echo txt)
  out="$REPORT_DIR/tips_$DAY.$ext"
  totals | "${RENDER[$FORMAT]}" >"$out"
  chmod 600 "$out"
  log "report written to $out"
}

main "$@"
