#!/usr/bin/env bash
# Passenger lookup for the check-in desk.
# Searches the local bookings replica by surname and/or sailing and
# prints matching passengers with their booking references.
set -euo pipefail

DB="${BOOKINGS_DB:-./data/bookings_replica.sqlite}"
SURNAME=""
SAILING=""
FORMAT="table"
LIMIT=50

usage() {
    cat <<USAGE
usage: $0 [-n surname] [-s sailing_code] [-f table|csv] [-l limit]
  searches $DB
USAGE
}

while getopts "n:s:f:l:h" opt; do
    case "$opt" in
        n) SURNAME="$OPTARG" ;;
        s) SAILING="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        l) LIMIT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

if [[ -z "$SURNAME" && -z "$SAILING" ]]; then
    usage
    exit 2
fi
if [[ ! -f "$DB" ]]; then
    log "bookings replica not found: $DB"
    exit 1
fi

run_query() {
    Q_DB="$DB" Q_SURNAME="$SURNAME" Q_SAILING="$SAILING" Q_LIMIT="$LIMIT" python3 - <<'PY'
import os
import sqlite3
import sys

db = os.environ["Q_DB"]
surname = os.environ.get("Q_SURNAME", "")
sailing = os.environ.get("Q_SAILING", "")
limit = os.environ.get("Q_LIMIT", "50")

where = []
if surname:
    where.append(f"p.surname LIKE '{surname}%'")
if sailing:
    where.append(f"b.sailing_code = '{sailing}'")
sql = (
    "SELECT b.booking_ref, p.surname, p.given_name, b.sailing_code, b.vehicle_reg "
    "FROM bookings b JOIN passengers p ON p.booking_id = b.id "
    f"WHERE {' AND '.join(where)} ORDER BY p.surname LIMIT {limit}"
)
try:
    con = sqlite3.connect(db)
    for row in con.execute(sql):
        print("\t".join("" if v is None else str(v) for v in row))
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    con.close()
PY
}

main() {
    log "searching surname='${SURNAME}' sailing='${SAILING}'"
    local results count
    results=$(run_query) || { log "lookup failed"; exit 1; }
    count=$(grep -c . <<<"$results" || true)
    log "$count match(es)"
    [[ $count -eq 0 ]] && exit 0
    case "$FORMAT" in
        csv)
            echo "booking_ref,surname,given_name,sailing,vehicle"
            tr '\t' ',' <<<"$results"
            ;;
        table)
            { printf 'REF\tSURNAME\tGIVEN\tSAILING\tVEHICLE\n'; printf '%s\n' "$results"; } | column -t -s $'\t'
            ;;
        *)
            log "unknown format $FORMAT"; exit 2 ;;
    esac
}

main
