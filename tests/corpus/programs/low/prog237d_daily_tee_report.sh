#!/usr/bin/env bash
# Daily tee report for the club secretary: summarises yesterday's (or a
# given day's) bookings from the booking export in the working directory
# and writes a plain-text and a CSV report into ./reports.
set -euo pipefail

EXPORT="${EXPORT:-$PWD/bookings_export.csv}"
REPORT_DIR="$PWD/reports"
DAY="$(date -d yesterday +%F)"
SHOW=0

usage() {
    cat <<EOF
usage: $0 [-d YYYY-MM-DD] [-e export.csv] [-s]
  -d  day to report on (default yesterday)
  -e  booking export (default ./bookings_export.csv)
  -s  also print the report to the terminal
EOF
}

while getopts "d:e:sh" o; do
    case "$o" in
        d) DAY="$OPTARG" ;;
        e) EXPORT="$OPTARG" ;;
        s) SHOW=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$DAY" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || { echo "bad day $DAY" >&2; exit 2; }
[[ -r "$EXPORT" ]] || { echo "export $EXPORT not readable" >&2; exit 1; }

mkdir -p "$REPORT_DIR"
work="$REPORT_DIR/.work_$DAY.csv"
trap 'rm -f "$work"' EXIT

# keep the header plus the rows for the chosen day
{ head -n1 "$EXPORT"; grep -F ",$DAY " "$EXPORT" || true; } > "$work"
rows=$(( $(wc -l <"$work") - 1 ))
echo "found $rows bookings for $DAY" >&2

summary="$(DAY_FILE="$work" REPORT_DAY="$DAY" python3 - <<'PY'
import csv, os
from collections import Counter, defaultdict

per_course = Counter()
players = Counter()
no_shows = 0
by_hour = defaultdict(int)
with open(os.environ["DAY_FILE"], newline="") as fh:
    for row in csv.DictReader(fh):
        course = row.get("course", "?")
        n = int(row.get("players") or 0)
        per_course[course] += 1
        players[course] += n
        if row.get("status") == "no_show":
            no_shows += 1
        hour = row.get("tee_time", "")[11:13]
        if hour:
            by_hour[hour] += n

print(f"Tee report for {os.environ['REPORT_DAY']}")
print("=" * 32)
for course in sorted(per_course):
    print(f"{course:<10} {per_course[course]:>3} groups {players[course]:>4} players")
print(f"no-shows: {no_shows}")
if by_hour:
    busiest = max(by_hour, key=by_hour.get)
    print(f"busiest hour: {busiest}:00 ({by_hour[busiest]} players)")
print("#CSV")
for course in sorted(per_course):
    print(f"{course},{per_course[course]},{players[course]}")
PY
)"

txt="$REPORT_DIR/tee_report_$DAY.txt"
csvout="$REPORT_DIR/tee_report_$DAY.csv"
sed '/^#CSV$/,$d' <<<"$summary" > "$txt"
{ echo "course,groups,players"; sed '1,/^#CSV$/d' <<<"$summary"; } > "$csvout"
chmod 0600 "$txt" "$csvout"

echo "wrote $(basename "$txt") and $(basename "$csvout")" >&2
(( SHOW )) && cat "$txt"
exit 0
