#!/usr/bin/env bash
# Monthly visitor statistics for the trustees' report.
# Reads the visitor-centre SQLite database (in the working directory) through
# an embedded python helper and prints per-gallery totals. Filters are passed
# to the helper in environment variables.
set -euo pipefail

PROG="${0##*/}"
DB="./visitors.sqlite"
MONTH="$(date +%Y-%m)"
GALLERY=""
FORMAT="table"

log() { echo "[$PROG] $*" >&2; }

usage() {
    cat <<EOF
usage: $PROG [--db FILE] [--month YYYY-MM] [--gallery NAME] [--csv]
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --db) DB="$2"; shift 2 ;;
        --month) MONTH="$2"; shift 2 ;;
        --gallery) GALLERY="$2"; shift 2 ;;
        --csv) FORMAT="csv"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$DB" ]] || { log "database $DB not found"; exit 1; }
if ! [[ "$MONTH" =~ ^[0-9]{4}-[0-9]{2}$ ]]; then
    log "month must look like 2024-07"
    exit 2
fi

log "querying $DB for $MONTH${GALLERY:+ (gallery: $GALLERY)}"

RESULT="$(STATS_DB="$DB" STATS_MONTH="$MONTH" STATS_GALLERY="$GALLERY" \
          STATS_FORMAT="$FORMAT" python3 - <<'PY'
import os
import sqlite3
import sys

db = os.environ["STATS_DB"]
month = os.environ["STATS_MONTH"]
gallery = os.environ.get("STATS_GALLERY", "")
fmt = os.environ.get("STATS_FORMAT", "table")

query = (
    "SELECT gallery, COUNT(*) AS visits, SUM(party_size) AS people "
    "FROM visits WHERE strftime('%Y-%m', visited_at) = '" + month + "'"
)
if gallery:
    query += f" AND gallery = '{gallery}'"
query += " GROUP BY gallery ORDER BY people DESC"

try:
    con = sqlite3.connect(db)
    rows = con.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    try:
        con.close()
    except NameError:
        pass

if fmt == "csv":
    print("gallery,visits,people")
    for g, v, p in rows:
        print(f"{g},{v},{p or 0}")
else:
    print(f"{'gallery':<24}{'visits':>8}{'people':>8}")
    for g, v, p in rows:
        print(f"{g:<24}{v:>8}{p or 0:>8}")
    print(f"{'TOTAL':<24}{sum(r[1] for r in rows):>8}"
          f"{sum(r[2] or 0 for r in rows):>8}")
PY
)" || { log "helper failed"; exit 1; }

if [[ -z "$RESULT" ]]; then
    log "no rows"
    exit 0
fi

echo "$RESULT"
if [[ "$FORMAT" == "csv" ]]; then
    out="./visitor_stats_${MONTH}.csv"
    echo "$RESULT" >"$out"
    log "saved $out"
fi
