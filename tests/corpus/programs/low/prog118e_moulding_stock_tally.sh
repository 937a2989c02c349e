#!/usr/bin/env bash
# moulding_stock_tally.sh - running tally of moulding lengths per profile.
#
# Reads the chop-saw cut log (cutlog.csv: date,profile,length_mm,ticket) and
# the delivery sheets in ./deliveries/*.csv (profile,length_mm,supplier) and
# writes stock_report.txt with metres on hand and reorder warnings.
#
# Options:
#   -c FILE   config file (default ./mstock.conf)
#   -q        quiet, only print reorder warnings

set -euo pipefail

CONF="./mstock.conf"
QUIET=0
CUTLOG="cutlog.csv"
DELIVERIES="deliveries"
REPORT="stock_report.txt"
REORDER_M=12
WASTE_PCT=8

log() { [ "$QUIET" -eq 1 ] || printf '%s mstock: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'mstock: %s\n' "$*" >&2; exit 1; }

while getopts ":c:q" opt; do
  case "$opt" in
    c) CONF="$OPTARG" ;;
    q) QUIET=1 ;;
    *) die "usage: $0 [-c conf] [-q]" ;;
  esac
done

read_conf() {
  [ -f "$CONF" ] || return 0
  while IFS='=' read -r key val; do
    case "$key" in
      ''|\#*) continue ;;
      reorder_m) REORDER_M="$val" ;;
      waste_pct) WASTE_PCT="$val" ;;
      cutlog) CUTLOG="$val" ;;
      deliveries) DELIVERIES="$val" ;;
    esac
  done < "$CONF"
}

tally() {
  python3 -c '
import csv, glob, sys
from collections import defaultdict
cutlog, deliv, waste, reorder = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
stock = defaultdict(float)
for path in sorted(glob.glob(deliv + "/*.csv")):
    with open(path, newline="") as fh:
        for row in csv.reader(fh):
            if len(row) >= 2 and row[1].strip().isdigit():
                stock[row[0].strip()] += int(row[1]) / 1000.0
try:
    with open(cutlog, newline="") as fh:
        for row in csv.reader(fh):
            if len(row) >= 3 and row[2].strip().isdigit():
                stock[row[1].strip()] -= int(row[2]) / 1000.0 * (1 + waste / 100)
except FileNotFoundError:
    pass
for profile in sorted(stock):
    m = stock[profile]
    flag = "REORDER" if m < reorder else "ok"
    print(f"{profile:<18}{m:>9.2f} m  {flag}")
' "$CUTLOG" "$DELIVERIES" "$WASTE_PCT" "$REORDER_M"
}

main() {
  read_conf
  [ -d "$DELIVERIES" ] || die "no deliveries directory: $DELIVERIES"
  command -v python3 >/dev/null || die "python3 required"

  log "tallying from $CUTLOG and $DELIVERIES/*.csv"
  {
    echo "Moulding stock as of $(date '+%Y-%m-%d %H:%M')"
    echo "waste allowance ${WASTE_PCT}%  reorder below ${REORDER_M} m"
    echo
    tally
  } > "$REPORT.new"
  mv -f "$REPORT.new" "$REPORT"

  if grep -q REORDER "$REPORT"; then
    grep REORDER "$REPORT" | sed 's/^/  /' >&2
  fi
  log "wrote $REPORT ($(grep -c ' m ' "$REPORT" || true) profiles)"
}

main "$@"
