#!/bin/sh
# Roll up the daily CSV exports in ./exports into a monthly summary.
#
# The number crunching is done by a small Python helper that this script
# writes out and runs; keeping it here means the cron host only needs this one
# file.  Output goes to ./reports/<YYYY-MM>.csv.

set -eu

EXPORT_DIR="${EXPORT_DIR:-exports}"
REPORT_DIR="${REPORT_DIR:-reports}"
MONTH="${1:-$(date +%Y-%m)}"
PYTHON="${PYTHON:-python3}"
HELPER=/tmp/rollup_helper.py
LOCK=/tmp/rollup.lock

say() { echo "rollup: $*"; }
fail() { echo "rollup: $*" >&2; exit 1; }

case "$MONTH" in
    [0-9][0-9][0-9][0-9]-[0-1][0-9]) ;;
    *) fail "month must look like YYYY-MM, got '$MONTH'" ;;
esac

[ -d "$EXPORT_DIR" ] || fail "no export directory '$EXPORT_DIR'"
command -v "$PYTHON" >/dev/null 2>&1 || fail "python interpreter '$PYTHON' not found"

if [ -e "$LOCK" ]; then
    fail "another rollup appears to be running (remove $LOCK if stale)"
fi
echo $$ > "$LOCK"
trap 'rm -f "$LOCK"' EXIT INT TERM

count=$(find "$EXPORT_DIR" -maxdepth 1 -name "sales-$MONTH-*.csv" | wc -l)
if [ "$count" -eq 0 ]; then
    say "no exports for $MONTH, nothing to do"
    exit 0
fi
say "$count daily export(s) for $MONTH"

cat > "$HELPER" <<'PYEOF'
import csv
import sys
from collections import defaultdict
from decimal import Decimal, InvalidOperation
from pathlib import Path

month, export_dir, out_path = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
totals = defaultdict(lambda: {"units": 0, "revenue": Decimal("0"), "days": set()})
bad = 0

for path in sorted(export_dir.glob(f"sales-{month}-*.csv")):
    day = path.stem.rsplit("-", 1)[-1]
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                entry = totals[(row["region"], row["sku"])]
                entry["units"] += int(row["units"])
                entry["revenue"] += Decimal(row["revenue"])
                entry["days"].add(day)
            except (KeyError, ValueError, InvalidOperation):
                bad += 1

out_path.parent.mkdir(parents=True, exist_ok=True)
with out_path.open("w", newline="") as fh:
    writer = csv.writer(fh)
    writer.writerow(["region", "sku", "units", "revenue", "active_days"])
    for (region, sku), entry in sorted(totals.items()):
        writer.writerow([region, sku, entry["units"], f"{entry['revenue']:.2f}", len(entry["days"])])

print(f"{len(totals)} rows written to {out_path}; {bad} malformed line(s) skipped")
PYEOF

mkdir -p "$REPORT_DIR"
"$PYTHON" "$HELPER" "$MONTH" "$EXPORT_DIR" "$REPORT_DIR/$MONTH.csv"

if [ "${KEEP_HELPER:-0}" != "1" ]; then
    rm -f "$HELPER"
fi
say "done"
