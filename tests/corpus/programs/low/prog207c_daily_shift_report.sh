#!/usr/bin/env bash
# Builds the end-of-shift summary for each van from the till logs copied
# into ./logs, and writes it to ./reports/<date>.txt.
set -euo pipefail

LOG_DIR="./logs"
OUT_DIR="./reports"
WORK_DIR="./.report-build"
DAY="$(date +%F)"
KEEP_WORK=0

declare -a SECTIONS=( header totals top_items hourly )

usage() { echo "usage: $0 [-d YYYY-MM-DD] [-l LOG_DIR] [-o OUT_DIR] [-k]"; }

while getopts ":d:l:o:kh" opt; do
  case "$opt" in
    d) DAY="$OPTARG" ;;
    l) LOG_DIR="$OPTARG" ;;
    o) OUT_DIR="$OPTARG" ;;
    k) KEEP_WORK=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

cleanup() { (( KEEP_WORK )) || rm -rf "$WORK_DIR"; }
trap cleanup EXIT

collect() {
  mkdir -p "$WORK_DIR"
  local f
  : > "$WORK_DIR/sales.tsv"
  shopt -s nullglob
  for f in "$LOG_DIR"/till_*_"$DAY".log; do
    # log lines: HH:MM:SS<TAB>van<TAB>item<TAB>qty<TAB>pence
    grep -v '^#' "$f" >> "$WORK_DIR/sales.tsv" || true
  done
  shopt -u nullglob
  [[ -s "$WORK_DIR/sales.tsv" ]]
}

section_header() {
  local os_name
  os_name="$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}")"
  printf 'Shift report for %s\nGenerated on %s (%s)\n\n' "$DAY" "$(hostname)" "$os_name"
}

section_totals() {
  echo "== Takings per van =="
  awk -F'\t' '{q[$2]+=$4; p[$2]+=$5} END {for (v in q) printf "%-10s %5d items  £%8.2f\n", v, q[v], p[v]/100}' \
    "$WORK_DIR/sales.tsv" | sort
  echo
}

section_top_items() {
  echo "== Top 5 items =="
  awk -F'\t' '{q[$3]+=$4} END {for (i in q) print q[i] "\t" i}' "$WORK_DIR/sales.tsv" \
    | sort -rn | head -n 5 | awk -F'\t' '{printf "%-20s %5d\n", $2, $1}'
  echo
}

section_hourly() {
  echo "== Sales by hour =="
  cut -f1 "$WORK_DIR/sales.tsv" | cut -c1-2 | sort | uniq -c \
    | awk '{printf "%s:00 %s\n", $2, $1}'
}

main() {
  if ! collect; then
    echo "no till logs for $DAY in $LOG_DIR" >&2
    exit 1
  fi
  mkdir -p "$OUT_DIR"
  local out="$OUT_DIR/$DAY.txt" s
  {
    for s in "${SECTIONS[@]}"; do
      "section_$s"
    done
  } > "$out"
  echo "report written to $out ($(wc -l < "$out") lines)"
}

main
