#!/usr/bin/env bash
# Look up sample records and their test results in the local LIMS replica
# (SQLite) used on the stability-study workstation.
# Usage: sample_lookup.sh [-d db] [-s status] [-f csv|table] SAMPLE_ID...
set -euo pipefail

DB="./lims_replica.sqlite"
STATUS=""
FORMAT="table"
LAST_RESULT="/tmp/sample_lookup_last.csv"

log() { echo "sample-lookup: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-d db] [-s status] [-f csv|table] SAMPLE_ID...
  -d  SQLite replica (default $DB)
  -s  only results with this status (e.g. APPROVED, PENDING)
  -f  output format (default $FORMAT)
EOF
}

while getopts "d:s:f:h" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        s) STATUS="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

[[ $# -ge 1 ]] || { usage; exit 2; }
[[ -r "$DB" ]] || die "replica $DB not found"
case "$FORMAT" in csv|table) ;; *) die "unknown format $FORMAT" ;; esac

lookup() {
    # sample id and filters are handed to Python through the environment
    SAMPLE_ID="$1" RESULT_STATUS="$STATUS" LIMS_DB="$DB" python3 - <<'PY'
import csv
import os
import sqlite3
import sys

sample_id = os.environ["SAMPLE_ID"]
status = os.environ.get("RESULT_STATUS", "")
query = (
    "SELECT s.sample_id, s.product, s.lot, t.test_code, t.result, t.unit, t.status "
    "FROM samples s JOIN test_results t ON t.sample_id = s.sample_id "
    "WHERE s.sample_id = '%s'" % sample_id
)
if status:
    query += " AND t.status = '%s'" % status
query += " ORDER BY t.test_code"

conn = None
try:
    conn = sqlite3.connect(os.environ["LIMS_DB"])
    rows = conn.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    if conn is not None:
        conn.close()
writer = csv.writer(sys.stdout)
for row in rows:
    writer.writerow(row)
PY
}

print_table() {
    column -s, -t 2>/dev/null || cat
}

main() {
    local id out found=0
    : > "$LAST_RESULT"
    echo "sample_id,product,lot,test,result,unit,status" >> "$LAST_RESULT"
    for id in "$@"; do
        if ! out=$(lookup "$id"); then
            log "lookup failed for $id"
            continue
        fi
        if [[ -z "$out" ]]; then
            log "no results for $id"
            continue
        fi
        found=$((found + 1))
        printf '%s\n' "$out" >> "$LAST_RESULT"
    done
    if [[ "$FORMAT" == "csv" ]]; then
        cat "$LAST_RESULT"
    else
        print_table < "$LAST_RESULT"
    fi
    log "$found of $# samples found; last result kept in $LAST_RESULT"
}

main "$@"
