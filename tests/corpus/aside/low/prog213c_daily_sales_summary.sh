#!/usr/bin/env bash
# daily_sales_summary.sh -- end-of-day summary of the parts counter sales.
# Reads the till export for a day (sales/YYYY-MM-DD.csv), totals it by
# category and payment type and writes a small Markdown report that the
# treasurer picks up from reports/.
set -euo pipefail

SALES_DIR="sales"
REPORT_DIR="reports"
DAY="$(date +%F)"
TOP_N=5
PRINT=0

log() { printf '[%s] %s\n' "$(date '+%T')" "$*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 [-d YYYY-MM-DD] [-t top_n] [-p]
  -d DAY    day to summarise (default: today)
  -t N      number of best-selling parts to list (default: $TOP_N)
  -p        also print the report to the terminal
EOF
}

while getopts ":d:t:ph" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        t) TOP_N="$OPTARG" ;;
        p) PRINT=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if ! [[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]]; then
    log "bad date: $DAY"
    exit 2
fi

INPUT="$SALES_DIR/$DAY.csv"
if [[ ! -f "$INPUT" ]]; then
    log "no sales export for $DAY ($INPUT)"
    exit 1
fi
mkdir -p "$REPORT_DIR"
REPORT="$REPORT_DIR/sales-$DAY.md"

ROWS="$(($(wc -l < "$INPUT") - 1))"
log "summarising $ROWS sales lines from $INPUT"

# The CSV is redirected in; day and top-N come through the environment.  The
# helper prints Markdown, captured by command substitution.
BODY="$(DAY="$DAY" TOP_N="$TOP_N" python3 -c '
import csv, os, sys
from collections import Counter, defaultdict

by_cat = defaultdict(float)
by_pay = defaultdict(float)
qty = Counter()
total = 0.0
bad = 0
for row in csv.DictReader(sys.stdin):
    try:
        amount = float(row["qty"]) * float(row["unit_price"])
    except (KeyError, ValueError):
        bad += 1
        continue
    total += amount
    by_cat[row.get("category") or "other"] += amount
    by_pay[row.get("payment") or "unknown"] += amount
    qty[row.get("part_no", "?")] += int(float(row["qty"]))

day = os.environ["DAY"]
print(f"# Parts counter sales, {day}\n")
print(f"**Total:** {total:.2f}\n")
print("| Category | Amount |\n|---|---:|")
for cat, amt in sorted(by_cat.items(), key=lambda kv: -kv[1]):
    print(f"| {cat} | {amt:.2f} |")
print("\n| Payment | Amount |\n|---|---:|")
for pay, amt in sorted(by_pay.items()):
    print(f"| {pay} | {amt:.2f} |")
print("\n## Best sellers\n")
for part, n in qty.most_common(int(os.environ["TOP_N"])):
    print(f"- {part}: {n}")
if bad:
    print(f"\n_{bad} lines could not be read._")
' < "$INPUT")"

printf '%s\n' "$BODY" > "$REPORT"
log "report written to $REPORT"

if [[ $PRINT -eq 1 ]]; then
    cat "$REPORT"
fi
