#!/usr/bin/env bash
# patron_seat_lookup.sh - quick lookup for the box office window: which seats
# does a patron hold for a given performance? Works against the nightly
# SQLite export of the ticketing system (boxoffice.db in this folder).
#
#   patron_seat_lookup.sh -n "Surname" [-p PERF_ID] [-d boxoffice.db] [--csv]

set -euo pipefail

DB="./boxoffice.db"
NAME=""
PERF=""
FORMAT="table"

usage() { sed -n '2,6p' "$0"; exit 2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -n) NAME="$2"; shift 2 ;;
        -p) PERF="$2"; shift 2 ;;
        -d) DB="$2"; shift 2 ;;
        --csv) FORMAT="csv"; shift ;;
        -h|--help) usage ;;
        *) echo "unknown option: $1" >&2; usage ;;
    esac
done

[[ -n "$NAME" ]] || usage
[[ -f "$DB" ]] || { echo "database $DB not found" >&2; exit 1; }

# Default to tonight's performance if none given.
if [[ -z "$PERF" ]]; then
    PERF="$(date +%Y%m%d)-E"
fi

echo "$(date '+%F %T') lookup name=$NAME perf=$PERF" >>./seat_lookup.log

results="$(LOOKUP_DB="$DB" LOOKUP_NAME="$NAME" LOOKUP_PERF="$PERF" LOOKUP_FORMAT="$FORMAT" python3 - <<'PY'
import csv
import os
import sqlite3
import sys

db = os.environ["LOOKUP_DB"]
name = os.environ["LOOKUP_NAME"]
perf = os.environ["LOOKUP_PERF"]
fmt = os.environ["LOOKUP_FORMAT"]

conn = sqlite3.connect(db)
conn.row_factory = sqlite3.Row

# Query is assembled from the window clerk's input.
query = (
    "SELECT p.surname, p.first_name, t.section, t.row_label, t.seat_no, t.status "
    "FROM tickets t JOIN patrons p ON p.id = t.patron_id "
    f"WHERE p.surname LIKE '%{name}%' AND t.performance_id = '{perf}' "
    "ORDER BY t.section, t.row_label, t.seat_no"
)
try:
    rows = conn.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)

if fmt == "csv":
    w = csv.writer(sys.stdout)
    w.writerow(["surname", "first_name", "section", "row", "seat", "status"])
    for r in rows:
        w.writerow([r["surname"], r["first_name"], r["section"], r["row_label"], r["seat_no"], r["status"]])
else:
    for r in rows:
        print(f"{r['surname']:<16} {r['first_name']:<12} {r['section']:<8} "
              f"{r['row_label']:>3}{r['seat_no']:<4} {r['status']}")
conn.close()
PY
)"

if [[ -z "$results" ]]; then
    echo "No seats found for '$NAME' at $PERF."
    exit 1
fi

count="$(printf '%s\n' "$results" | grep -c . || true)"
[[ "$FORMAT" == "csv" ]] && count=$((count - 1))
printf '%s\n' "$results"
echo "---"
echo "$count seat(s) for '$NAME' at performance $PERF"
