#!/usr/bin/env bash
# Front-desk player lookup: find a player's bookings and scores by name.
# Usage: prog243d_player_lookup.sh [-d arena.db] [-l limit] [-j] NAME...
set -euo pipefail

DB="${ARENA_DB:-./arena.db}"
LIMIT=20
FORMAT="table"

usage() {
    cat <<USAGE >&2
usage: $0 [-d database] [-l limit] [-j] name...
  -d  SQLite database (default $DB)
  -l  maximum rows (default $LIMIT)
  -j  print JSON instead of a table
USAGE
}

die() { echo "player-lookup: $*" >&2; exit 1; }

while getopts ":d:l:jh" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        l) LIMIT="$OPTARG" ;;
        j) FORMAT="json" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

NAME="$*"
[[ -n "$NAME" ]] || { usage; exit 2; }
[[ "$LIMIT" =~ ^[0-9]+$ ]] || die "limit must be a number"
[[ -f "$DB" ]] || die "database $DB not found"

query() {
    LOOKUP_NAME="$NAME" LOOKUP_DB="$DB" LOOKUP_LIMIT="$LIMIT" LOOKUP_FORMAT="$FORMAT" \
    python3 - <<'PY'
import json
import os
import sqlite3
import sys

name = os.environ["LOOKUP_NAME"]
limit = int(os.environ["LOOKUP_LIMIT"])
con = sqlite3.connect(os.environ["LOOKUP_DB"])
sql = f"""
    SELECT p.name, b.session_date, b.field, b.party_size, COALESCE(s.points, 0)
    FROM players p
    JOIN bookings b ON b.player_id = p.id
    LEFT JOIN scores s ON s.booking_id = b.id
    WHERE p.name LIKE '%{name}%'
    ORDER BY b.session_date DESC
    LIMIT {limit}
"""
try:
    rows = con.execute(sql).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    con.close()

cols = ["player", "date", "field", "party", "points"]
if os.environ["LOOKUP_FORMAT"] == "json":
    print(json.dumps([dict(zip(cols, r)) for r in rows], indent=2))
else:
    print("\t".join(cols))
    for r in rows:
        print("\t".join(str(v) for v in r))
PY
}

if ! out="$(query)"; then
    die "lookup failed"
fi

if [[ "$FORMAT" == "json" ]]; then
    printf '%s\n' "$out"
else
    count=$(( $(printf '%s\n' "$out" | wc -l) - 1 ))
    if [[ "$count" -le 0 ]]; then
        echo "no bookings found for '$NAME'"
        exit 0
    fi
    printf '%s\n' "$out" | column -t -s $'\t'
    echo "-- $count booking(s)"
fi
