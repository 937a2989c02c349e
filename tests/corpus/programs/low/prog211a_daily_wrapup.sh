#!/bin/bash
# End-of-day wrap-up for the grooming van: totals today's visits from the
# day sheet, writes a short report and clears this script's scratch files.
set -euo pipefail

DAY="$(date +%F)"
SHEET=""
REPORT_DIR="reports"
CACHE_DIR=".wrapup_cache"
KEEP_CACHE=0

usage() {
    echo "usage: $0 [-d YYYY-MM-DD] [-s sheet.csv] [-k]"
    echo "  -k  keep the scratch cache"
}

while getopts "d:s:kh" opt; do
    case "$opt" in
        d) DAY="$OPTARG" ;;
        s) SHEET="$OPTARG" ;;
        k) KEEP_CACHE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

SHEET="${SHEET:-daysheet_${DAY}.csv}"
if [[ ! -f "$SHEET" ]]; then
    echo "no day sheet found at $SHEET" >&2
    exit 1
fi

mkdir -p "$REPORT_DIR" "$CACHE_DIR"
cp "$SHEET" "$CACHE_DIR/sheet.csv"

# totals: visits, dogs, revenue, tips, miles
read -r visits dogs revenue tips miles < <(
    SHEET="$CACHE_DIR/sheet.csv" python3 - <<'PY'
import csv, os
visits = 0
dogs = set()
revenue = tips = miles = 0.0
with open(os.environ["SHEET"], newline="") as fh:
    for row in csv.DictReader(fh):
        if row.get("status", "done") != "done":
            continue
        visits += 1
        dogs.add(row.get("dog", ""))
        revenue += float(row.get("price") or 0)
        tips += float(row.get("tip") or 0)
        miles += float(row.get("miles") or 0)
print(visits, len(dogs), "%.2f" % revenue, "%.2f" % tips, "%.1f" % miles)
PY
)

busiest="$(cut -d, -f3 "$CACHE_DIR/sheet.csv" | tail -n +2 | sort | uniq -c \
    | sort -rn | head -1 | awk '{print $2}')"

REPORT="$REPORT_DIR/wrapup_${DAY}.txt"
{
    echo "Daily wrap-up for ${DAY}"
    echo "------------------------------"
    printf 'Visits completed : %s\n' "$visits"
    printf 'Dogs groomed     : %s\n' "$dogs"
    printf 'Revenue          : $%s\n' "$revenue"
    printf 'Tips             : $%s\n' "$tips"
    printf 'Miles driven     : %s\n' "$miles"
    printf 'Most common slot : %s\n' "${busiest:-n/a}"
} > "$REPORT"
chmod 600 "$REPORT"

echo "report written to $REPORT"
cat "$REPORT"

if [[ $KEEP_CACHE -eq 0 ]]; then
    rm -rf "$CACHE_DIR"
    echo "scratch cache removed"
fi
