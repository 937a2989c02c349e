#!/usr/bin/env bash
# station_lookup.sh - quick station lookup for the dispatch desk.
#
# Dispatchers type part of a station name (or a district) and get back the
# matching stations with their current bike/dock counts from the local
# fleet.db SQLite snapshot.  Output can be a table or CSV for pasting.
#
# Usage: station_lookup.sh [-d fleet.db] [-D district] [-c] NAME_PART

set -euo pipefail

DB="./fleet.db"
DISTRICT=""
FORMAT="table"
LIMIT=25

log() { printf '[lookup] %s\n' "$*" >&2; }

while getopts ":d:D:cl:h" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        D) DISTRICT="$OPTARG" ;;
        c) FORMAT="csv" ;;
        l) LIMIT="$OPTARG" ;;
        h|*) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done
shift $((OPTIND - 1))

if [[ $# -lt 1 ]]; then
    log "need a station name fragment"
    exit 2
fi
QUERY="$*"

[[ -f "$DB" ]] || { log "database $DB not found"; exit 2; }
[[ "$LIMIT" =~ ^[0-9]+$ ]] || { log "limit must be a number"; exit 2; }

results="$(
FLEET_DB="$DB" STATION_Q="$QUERY" STATION_DISTRICT="$DISTRICT" ROW_LIMIT="$LIMIT" \
python3 - <<'PY'
import os, sqlite3, sys

db = sqlite3.connect(os.environ["FLEET_DB"])
q = os.environ["STATION_Q"]
district = os.environ["STATION_DISTRICT"]
limit = os.environ["ROW_LIMIT"]

sql = (
    "SELECT s.code, s.name, s.district, st.bikes, st.docks_free, st.updated "
    "FROM stations s JOIN status st ON st.code = s.code "
    f"WHERE s.name LIKE '%{q}%'"
)
if district:
    sql += f" AND s.district = '{district}'"
sql += f" ORDER BY s.name LIMIT {limit}"

try:
    for row in db.execute(sql):
        print("\t".join(str(c) for c in row))
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
PY
)"

if [[ -z "$results" ]]; then
    log "no stations match '$QUERY'"
    exit 1
fi

count="$(printf '%s\n' "$results" | wc -l)"
case "$FORMAT" in
    csv)
        echo "code,name,district,bikes,docks_free,updated"
        printf '%s\n' "$results" | tr '\t' ','
        ;;
    table)
        { echo -e "CODE\tNAME\tDISTRICT\tBIKES\tFREE\tUPDATED"; printf '%s\n' "$results"; } \
            | column -t -s $'\t'
        ;;
esac
log "$count station(s) matched"
