#!/usr/bin/env bash
# Daily visitor summary for the visitor-centre noticeboard.
# Reads the till export for a day from ./data, totals tickets by type with an
# embedded python helper, and writes a markdown summary into ./reports.
set -euo pipefail

PROG="${0##*/}"
DATA_DIR="./data"
REPORT_DIR="./reports"
CACHE_DIR="./.cache/summary"
DAY="$(date +%F)"
CLEAN=0

log() { printf '%s %s\n' "[$PROG]" "$*" >&2; }

usage() {
    cat <<EOF
usage: $PROG [--day YYYY-MM-DD] [--data DIR] [--reports DIR] [--clean]
  --clean   remove this tool's cache directory after writing the report
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --day) DAY="$2"; shift 2 ;;
        --data) DATA_DIR="$2"; shift 2 ;;
        --reports) REPORT_DIR="$2"; shift 2 ;;
        --clean) CLEAN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "day must be YYYY-MM-DD"
    exit 2
fi

SRC="$DATA_DIR/visitors_${DAY}.csv"
[[ -f "$SRC" ]] || { log "no till export for $DAY ($SRC)"; exit 1; }
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

# Strip the till's header junk into a clean intermediate file.
CLEANED="$CACHE_DIR/${DAY}.csv"
grep -v '^#' "$SRC" | sed 's/\r$//' >"$CLEANED"
lines=$(( $(wc -l <"$CLEANED") - 1 ))
log "$lines ticket lines for $DAY"

SUMMARY_MD="$(SUMMARY_SRC="$CLEANED" SUMMARY_DAY="$DAY" python3 - <<'PY'
import csv
import os
from collections import Counter

src = os.environ["SUMMARY_SRC"]
day = os.environ["SUMMARY_DAY"]
by_type = Counter()
by_hour = Counter()
revenue = 0.0
with open(src, newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            qty = int(row.get("qty", 1))
            price = float(row.get("price", 0))
        except ValueError:
            continue
        by_type[row.get("ticket_type", "other")] += qty
        by_hour[row.get("time", "00:00")[:2]] += qty
        revenue += qty * price

print(f"# Visitors on {day}\n")
print(f"Total visitors: **{sum(by_type.values())}**  ")
print(f"Takings: **£{revenue:.2f}**\n")
print("| Ticket | Count |")
print("|---|---|")
for t, n in by_type.most_common():
    print(f"| {t} | {n} |")
if by_hour:
    busiest, n = by_hour.most_common(1)[0]
    print(f"\nBusiest hour: {busiest}:00 ({n} visitors)")
PY
)"

OUT="$REPORT_DIR/summary_${DAY}.md"
printf '%s\n' "$SUMMARY_MD" >"$OUT"
chmod 0600 "$OUT"
log "wrote $OUT"

if [[ $CLEAN -eq 1 ]]; then
    rm -rf "$CACHE_DIR"
    log "removed cache $CACHE_DIR"
fi
