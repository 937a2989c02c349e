#!/usr/bin/env bash
# Builds the end-of-day tonnage summary from the weighbridge ticket export:
# tonnes per product, per customer and per truck, plus the busiest hour.
set -euo pipefail

EXPORT=""
DAY="$(date +%F)"
OUTDIR="./reports"
MIN_LOADS=1

usage() {
    echo "usage: $0 -f tickets.csv [-d YYYY-MM-DD] [-o outdir] [-m min_loads]" >&2
    exit 2
}

while getopts "f:d:o:m:h" opt; do
    case "$opt" in
        f) EXPORT="$OPTARG" ;;
        d) DAY="$OPTARG" ;;
        o) OUTDIR="$OPTARG" ;;
        m) MIN_LOADS="$OPTARG" ;;
        *) usage ;;
    esac
done

[[ -n "$EXPORT" ]] || usage
[[ -r "$EXPORT" ]] || { echo "cannot read $EXPORT" >&2; exit 1; }
[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date $DAY" >&2; exit 1; }
[[ "$MIN_LOADS" =~ ^[0-9]+$ ]] || { echo "min loads must be a number" >&2; exit 1; }

mkdir -p "$OUTDIR"
REPORT="$OUTDIR/tonnage_${DAY}.txt"

# Keep only the chosen day's rows (column 2 is the ticket timestamp).
DAY_ROWS="$(awk -F, -v d="$DAY" 'NR==1 || index($2, d)==1' "$EXPORT")"
LOADS=$(( $(printf '%s\n' "$DAY_ROWS" | wc -l) - 1 ))

if (( LOADS < MIN_LOADS )); then
    echo "only $LOADS loads on $DAY, nothing to report" >&2
    exit 0
fi

printf '%s\n' "$DAY_ROWS" | DAY="$DAY" python3 - > "$REPORT" <<'PY'
import csv, os, sys
from collections import Counter, defaultdict

by_product = defaultdict(float)
by_customer = defaultdict(float)
by_truck = Counter()
by_hour = Counter()
bad = 0
for row in csv.DictReader(sys.stdin):
    try:
        tonnes = (int(row["gross_kg"]) - int(row["tare_kg"])) / 1000
    except (KeyError, ValueError):
        bad += 1
        continue
    by_product[row["product"]] += tonnes
    by_customer[row["customer"]] += tonnes
    by_truck[row["reg"]] += 1
    by_hour[row["timestamp"][11:13]] += 1

print(f"Tonnage summary for {os.environ['DAY']}")
print("=" * 40)
print("\nBy product:")
for name, t in sorted(by_product.items(), key=lambda kv: -kv[1]):
    print(f"  {name:<20} {t:9.2f} t")
print("\nBy customer:")
for name, t in sorted(by_customer.items(), key=lambda kv: -kv[1]):
    print(f"  {name:<20} {t:9.2f} t")
print("\nLoads per truck:")
for reg, n in by_truck.most_common():
    print(f"  {reg:<10} {n:4d}")
if by_hour:
    hour, n = by_hour.most_common(1)[0]
    print(f"\nBusiest hour: {hour}:00 ({n} loads)")
print(f"\nTotal: {sum(by_product.values()):.2f} t, skipped rows: {bad}")
PY

echo "report written to $REPORT ($LOADS loads)"
