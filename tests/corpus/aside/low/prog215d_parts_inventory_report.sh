#!/bin/bash
# parts_inventory_report.sh - turn the shared parts spreadsheet export
# (inventory.csv) into a markdown shopping list for the build captain.
set -euo pipefail

INVENTORY="${INVENTORY:-./inventory.csv}"
OUT_DIR="${OUT_DIR:-./reports}"
LOW_STOCK="${LOW_STOCK:-2}"
CATEGORY=""

log() { echo "[inventory] $*" >&2; }

usage() {
    cat <<USAGE
usage: $0 [-f inventory.csv] [-t threshold] [-c category]
  -f  CSV export with columns part,category,qty,min_qty,vendor,unit_cost
  -t  extra margin added to min_qty before flagging (default $LOW_STOCK)
  -c  only report one category (e.g. electrical, fasteners)
USAGE
}

while getopts "f:t:c:h" opt; do
    case "$opt" in
        f) INVENTORY="$OPTARG" ;;
        t) LOW_STOCK="$OPTARG" ;;
        c) CATEGORY="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[ -f "$INVENTORY" ] || { log "missing $INVENTORY"; exit 1; }
mkdir -p "$OUT_DIR"
REPORT="$OUT_DIR/shopping_$(date +%Y%m%d).md"

header="$(head -n 1 "$INVENTORY")"
for col in part category qty min_qty vendor unit_cost; do
    if ! grep -q "$col" <<<"$header"; then
        log "column '$col' missing from $INVENTORY"
        exit 1
    fi
done

# python does the arithmetic; options arrive through the environment and the
# CSV arrives on stdin
export INV_MARGIN="$LOW_STOCK" INV_CATEGORY="$CATEGORY"
python3 - <<'PY' < "$INVENTORY" > "$REPORT"
import csv, os, sys
from collections import defaultdict

margin = int(os.environ.get("INV_MARGIN", "2"))
only = os.environ.get("INV_CATEGORY", "").strip().lower()
by_vendor = defaultdict(list)
total = 0.0
for row in csv.DictReader(sys.stdin):
    if only and row["category"].strip().lower() != only:
        continue
    try:
        qty, need = int(row["qty"]), int(row["min_qty"])
        cost = float(row["unit_cost"] or 0)
    except ValueError:
        print(f"<!-- skipped bad row: {row.get('part')} -->")
        continue
    short = need + margin - qty
    if short > 0:
        by_vendor[row["vendor"] or "unknown"].append((row["part"], short, cost))
        total += short * cost

print("# Shopping list\n")
if not by_vendor:
    print("Everything is stocked.")
for vendor in sorted(by_vendor):
    print(f"## {vendor}\n")
    print("| part | order | est. cost |")
    print("|---|---:|---:|")
    for part, n, cost in sorted(by_vendor[vendor]):
        print(f"| {part} | {n} | ${n * cost:.2f} |")
    print()
print(f"**Estimated total: ${total:.2f}**")
PY

chmod 600 "$REPORT"
lines=$(grep -c '^| ' "$REPORT" || true)
log "wrote $REPORT ($lines table rows)"
