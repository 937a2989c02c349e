#!/usr/bin/env bash
# bin_location_lookup.sh -- "where is it?" lookup for the parts room.
# Searches the shop's SQLite stock database by part number or description
# and prints the shelf/bin and quantity.  Used at the counter many times a
# day, usually as: ./bin_location_lookup.sh -d "brake pad"
set -euo pipefail

DB="${SHOP_DB:-$PWD/shop.db}"
MODE="part"
LIMIT=20
SHOW_EMPTY=0
HIST="$PWD/lookup_history.log"

usage() {
    cat >&2 <<EOF
usage: $0 [-d] [-n limit] [-e] TERM
  -d        search descriptions instead of part numbers
  -n LIMIT  maximum rows (default $LIMIT)
  -e        include bins that are empty
EOF
}

while getopts ":dn:eh" opt; do
    case "$opt" in
        d) MODE="desc" ;;
        n) LIMIT="$OPTARG" ;;
        e) SHOW_EMPTY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

if [[ $# -lt 1 ]]; then
    usage
    exit 2
fi
TERM_Q="$*"

if ! [[ "$LIMIT" =~ ^[0-9]+$ ]]; then
    echo "limit must be a number" >&2
    exit 2
fi
if [[ ! -f "$DB" ]]; then
    echo "database $DB not found (set SHOP_DB)" >&2
    exit 1
fi

printf '%s\t%s\t%s\n' "$(date '+%F %T')" "$MODE" "$TERM_Q" >> "$HIST"

# The search term, mode and limits travel to the query helper through env.
export DB MODE LIMIT SHOW_EMPTY TERM_Q
python3 - <<'PY'
import os
import sqlite3
import sys

db = os.environ["DB"]
term = os.environ["TERM_Q"]
column = "part_no" if os.environ["MODE"] == "part" else "description"
limit = int(os.environ["LIMIT"])
stock_filter = "" if os.environ["SHOW_EMPTY"] == "1" else "AND qty > 0"

query = (
    f"SELECT part_no, description, shelf, bin, qty FROM stock "
    f"WHERE {column} LIKE '%{term}%' {stock_filter} "
    f"ORDER BY shelf, bin LIMIT {limit}"
)

try:
    conn = sqlite3.connect(db)
    rows = conn.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"lookup failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    try:
        conn.close()
    except NameError:
        pass

if not rows:
    print(f"nothing found for '{term}'")
    sys.exit(3)

width = max(len(r[0]) for r in rows)
for part_no, desc, shelf, bin_, qty in rows:
    print(f"{part_no:<{width}}  shelf {shelf:>3} bin {bin_:>3}  x{qty:<4} {desc}")
PY
