#!/usr/bin/env bash
# Instructor hours lookup for the payroll office.
# Shows an instructor's logged teaching hours for a season from the local
# payroll SQLite database and writes a CSV extract for the accountant.
#
# Usage: prog226a_instructor_hours_lookup.sh -n "Instructor Name" [-s season] [-d db]
set -euo pipefail

NAME=""
SEASON="$(date +%Y)"
DB="./payroll.db"
EXPORT="/tmp/snowline_hours_export.csv"

log() { echo "[$(date +%T)] hours: $*" >&2; }

while getopts ":n:s:d:o:h" opt; do
    case "$opt" in
        n) NAME="$OPTARG" ;;
        s) SEASON="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        o) EXPORT="$OPTARG" ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) log "unknown option -$OPTARG"; exit 1 ;;
    esac
done

[[ -n "$NAME" ]] || { log "instructor name is required (-n)"; exit 1; }
[[ -f "$DB" ]] || { log "database $DB not found"; exit 2; }

log "looking up '$NAME' for season $SEASON"

# The query is run by Python; the inputs travel in environment variables.
result="$(HOURS_DB="$DB" INSTRUCTOR="$NAME" SEASON="$SEASON" EXPORT_FILE="$EXPORT" python3 - <<'PY'
import csv, os, sqlite3, sys

db = sqlite3.connect(os.environ["HOURS_DB"])
name = os.environ["INSTRUCTOR"]
season = os.environ["SEASON"]

query = (
    "SELECT l.lesson_date, l.discipline, l.level, l.hours "
    "FROM lessons l JOIN instructors i ON i.id = l.instructor_id "
    f"WHERE i.full_name = '{name}' AND l.season = '{season}' "
    "ORDER BY l.lesson_date"
)
try:
    rows = db.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(3)

with open(os.environ["EXPORT_FILE"], "w", newline="") as fh:
    w = csv.writer(fh)
    w.writerow(["date", "discipline", "level", "hours"])
    w.writerows(rows)

total = sum(float(r[3] or 0) for r in rows)
by_disc = {}
for r in rows:
    by_disc[r[1]] = by_disc.get(r[1], 0.0) + float(r[3] or 0)
print(f"{len(rows)} {total:.2f}")
for disc, hrs in sorted(by_disc.items()):
    print(f"{disc} {hrs:.2f}")
PY
)" || { log "lookup failed"; exit 3; }

read -r lessons total <<< "$(head -n1 <<< "$result")"
if [[ "$lessons" -eq 0 ]]; then
    log "no lessons recorded for '$NAME' in $SEASON"
    exit 0
fi

printf '%-20s %s\n' "Instructor:" "$NAME"
printf '%-20s %s\n' "Season:" "$SEASON"
printf '%-20s %s\n' "Lessons:" "$lessons"
printf '%-20s %s\n' "Total hours:" "$total"
tail -n +2 <<< "$result" | while read -r disc hrs; do
    printf '  %-18s %s h\n' "$disc" "$hrs"
done
log "extract written to $EXPORT"
