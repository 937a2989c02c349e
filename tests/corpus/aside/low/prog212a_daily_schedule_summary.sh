#!/usr/bin/env bash
# Daily schedule summary.
# Reads the day's appointment export (CSV written by the practice
# management software into ./exports) and produces a one-page summary for
# the morning huddle: appointments per provider, chair time, new patients
# and patients with an outstanding balance.
set -euo pipefail

DAY="${DAY:-$(date +%F)}"
EXPORT_DIR="${EXPORT_DIR:-./exports}"
REPORT_DIR="${REPORT_DIR:-./reports}"
CACHE_DIR="${CACHE_DIR:-./.cache/summary}"
BALANCE_LIMIT="${BALANCE_LIMIT:-50}"

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-b balance_limit]"
}

while getopts ":d:b:h" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        b) BALANCE_LIMIT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad date: $DAY" >&2; exit 1; }

CSV="$EXPORT_DIR/schedule_$DAY.csv"
REPORT="$REPORT_DIR/summary_$DAY.txt"
mkdir -p "$REPORT_DIR" "$CACHE_DIR"

if [[ ! -r "$CSV" ]]; then
    echo "no export for $DAY at $CSV" >&2
    exit 2
fi

rows="$(tail -n +2 "$CSV" | grep -vc '^[[:space:]]*$' || true)"
echo "summarising $rows appointments from $CSV" >&2

# python does the arithmetic; the CSV path and limits come in via env
SCHEDULE_CSV="$CSV" BALANCE_LIMIT="$BALANCE_LIMIT" DAY="$DAY" python3 - <<'PY' >"$CACHE_DIR/body.txt"
import csv, os
from collections import defaultdict
path = os.environ["SCHEDULE_CSV"]
limit = float(os.environ["BALANCE_LIMIT"])
per_provider = defaultdict(lambda: [0, 0])
new_patients, balances = [], []
with open(path, newline="", encoding="utf-8") as fh:
    for row in csv.DictReader(fh):
        prov = row.get("provider", "?")
        per_provider[prov][0] += 1
        per_provider[prov][1] += int(row.get("minutes") or 0)
        if row.get("new_patient", "").lower() in ("y", "yes", "1", "true"):
            new_patients.append(f'{row.get("time", "")} {row.get("last_name", "")}')
        try:
            bal = float(row.get("balance") or 0)
        except ValueError:
            bal = 0.0
        if bal >= limit:
            balances.append((bal, row.get("last_name", ""), row.get("time", "")))
print(f"Morning huddle - {os.environ['DAY']}")
print("=" * 40)
for prov, (count, minutes) in sorted(per_provider.items()):
    print(f"{prov:<20} {count:>3} appts  {minutes / 60:>5.1f} h")
print()
print(f"New patients ({len(new_patients)}):")
for entry in new_patients:
    print(f"  {entry}")
print()
print(f"Balance >= {limit:.0f} ({len(balances)}):")
for bal, name, time in sorted(balances, reverse=True):
    print(f"  {time:<6} {name:<20} {bal:>8.2f}")
PY

{
    cat "$CACHE_DIR/body.txt"
    echo
    echo "generated $(date '+%F %T') on $(hostname -s)"
} >"$REPORT"
chmod 600 "$REPORT"

# drop our own cache files and old reports
rm -f "$CACHE_DIR/body.txt"
find "$REPORT_DIR" -name 'summary_*.txt' -mtime +30 -delete

echo "summary written to $REPORT" >&2
cat "$REPORT"
