#!/usr/bin/env bash
# scba_cylinder_due.sh - list breathing-apparatus cylinders that are due for
# hydrostatic testing or past their service life.
#
# Reads ./scba_cylinders.csv (serial, appliance, manufactured, last_hydro,
# material) and writes ./scba_due_report.txt.  The date arithmetic is done
# in an inline Python step; thresholds are passed in environment variables.
#
# Usage: scba_cylinder_due.sh [-f cylinders.csv] [-w warn_days] [-a appliance]

set -u

CSV="./scba_cylinders.csv"
WARN_DAYS=60
APPLIANCE=""
REPORT="./scba_due_report.txt"

usage() { echo "usage: $0 [-f cylinders.csv] [-w warn_days] [-a appliance]" >&2; exit 2; }

while getopts "f:w:a:" opt; do
    case "$opt" in
        f) CSV="$OPTARG" ;;
        w) WARN_DAYS="$OPTARG" ;;
        a) APPLIANCE="$OPTARG" ;;
        *) usage ;;
    esac
done

if [ ! -r "$CSV" ]; then
    echo "error: cannot read $CSV" >&2
    exit 1
fi
if ! [[ "$WARN_DAYS" =~ ^[0-9]+$ ]]; then
    echo "error: warn_days must be a number" >&2
    exit 1
fi

rows="$(tail -n +2 "$CSV" | grep -c .)"
echo "checking $rows cylinders from $CSV (warning window ${WARN_DAYS} days)"

# composite cylinders: hydro every 5 years, 15 year life
# steel cylinders:     hydro every 5 years, no fixed life
export SCBA_CSV="$CSV" SCBA_WARN="$WARN_DAYS" SCBA_APPLIANCE="$APPLIANCE"
python3 - > "$REPORT" <<'PYEOF'
import csv
import datetime
import os
import sys

today = datetime.date.today()
warn = datetime.timedelta(days=int(os.environ["SCBA_WARN"]))
only = os.environ.get("SCBA_APPLIANCE", "")

def add_years(d, years):
    try:
        return d.replace(year=d.year + years)
    except ValueError:          # 29 February
        return d.replace(year=d.year + years, day=28)

lines, bad = [], 0
with open(os.environ["SCBA_CSV"], newline="") as fh:
    for row in csv.DictReader(fh):
        if only and row.get("appliance") != only:
            continue
        try:
            made = datetime.date.fromisoformat(row["manufactured"])
            hydro = datetime.date.fromisoformat(row["last_hydro"])
        except (KeyError, ValueError):
            bad += 1
            continue
        next_hydro = add_years(hydro, 5)
        status = []
        if next_hydro <= today:
            status.append("HYDRO OVERDUE since %s" % next_hydro)
        elif next_hydro - today <= warn:
            status.append("hydro due %s" % next_hydro)
        if row.get("material", "").lower() == "composite":
            eol = add_years(made, 15)
            if eol <= today:
                status.append("END OF LIFE %s - remove from service" % eol)
            elif eol - today <= warn:
                status.append("end of life %s" % eol)
        if status:
            lines.append("%-12s %-8s %s" % (row["serial"], row.get("appliance", "?"),
                                             "; ".join(status)))

print("SCBA cylinder report %s" % today.isoformat())
print("=" * 40)
for line in sorted(lines):
    print(line)
print("-" * 40)
print("%d cylinders need attention, %d rows unreadable" % (len(lines), bad))
PYEOF
rc=$?
if [ "$rc" -ne 0 ]; then
    echo "error: report generation failed" >&2
    exit "$rc"
fi

flagged="$(grep -cE 'OVERDUE|END OF LIFE' "$REPORT")"
echo "report written to $REPORT ($flagged urgent)"
[ "$flagged" -eq 0 ] || exit 3
exit 0
