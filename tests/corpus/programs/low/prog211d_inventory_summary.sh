#!/bin/bash
# Summarise wax and additive stock from the weekly inventory export.
set -euo pipefail

INVENTORY="${1:-inventory.csv}"
REORDER_DAYS="${REORDER_DAYS:-21}"
OUT_DIR="./reports"
CACHE_DIR="./.inv_cache"

die() { echo "inventory-summary: $*" >&2; exit 1; }

[ -f "$INVENTORY" ] || die "no inventory file $INVENTORY"
mkdir -p "$OUT_DIR" "$CACHE_DIR"

week=$(date +%G-W%V)
report="$OUT_DIR/stock_$week.txt"
tmp_json="$CACHE_DIR/summary_$week.json"

# compute per-material days of cover with python, hand back JSON via a file
REORDER_DAYS="$REORDER_DAYS" python3 - "$INVENTORY" >"$tmp_json" <<'PY'
import csv, json, os, sys
reorder = int(os.environ["REORDER_DAYS"])
out = []
with open(sys.argv[1], newline="") as fh:
    for r in csv.DictReader(fh):
        try:
            on_hand = float(r["kg_on_hand"])
            usage = float(r["kg_per_day"]) or 0.001
        except (KeyError, ValueError):
            continue
        days = on_hand / usage
        out.append({"material": r.get("material", "?"), "kg": on_hand,
                    "days": round(days, 1), "reorder": days < reorder})
json.dump(sorted(out, key=lambda x: x["days"]), sys.stdout)
PY

count=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$tmp_json")
[ "$count" -gt 0 ] || die "no usable rows in $INVENTORY"

{
    echo "Stock summary for $week ($count materials, reorder under $REORDER_DAYS days)"
    echo
    python3 - "$tmp_json" <<'PY2'
import json, sys
for m in json.load(open(sys.argv[1])):
    flag = "REORDER" if m["reorder"] else ""
    print(f"{m['material']:<28}{m['kg']:>9.1f} kg{m['days']:>8.1f} d  {flag}")
PY2
} >"$report"

low=$(grep -c "REORDER" "$report" || true)
echo "wrote $report ($low materials to reorder)"

# drop cache files older than a month
find "$CACHE_DIR" -name 'summary_*.json' -mtime +30 -delete
