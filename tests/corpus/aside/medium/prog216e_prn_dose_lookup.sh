#!/usr/bin/env bash
# Look up the PRN ("as needed") doses given to a patient on the ward, from
# the nursing station's local SQLite copy of the MAR (./mar.sqlite).
# Used at handover to answer "when did they last have breakthrough pain
# relief?". Search terms are passed to Python through the environment.
set -euo pipefail

DB="${MAR_DB:-./mar.sqlite}"
PATIENT=""
DRUG=""
HOURS=24
FORMAT="table"

usage() {
    cat <<EOF
Usage: $0 -p patient_name [-d drug] [-H hours] [-f table|csv]
EOF
}

while getopts ":p:d:H:f:h" opt; do
    case "$opt" in
        p) PATIENT="$OPTARG" ;;
        d) DRUG="$OPTARG" ;;
        H) HOURS="$OPTARG" ;;
        f) FORMAT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

log() { echo "$(date +%T) $*" >&2; }

[ -n "$PATIENT" ] || { usage; exit 2; }
[ -f "$DB" ] || { log "database $DB not found"; exit 1; }
case "$HOURS" in
    ''|*[!0-9]*) log "hours must be a number"; exit 2 ;;
esac

log "looking up PRN doses for '$PATIENT' over last ${HOURS}h"

RESULT="$(MAR_DB="$DB" PRN_PATIENT="$PATIENT" PRN_DRUG="$DRUG" PRN_HOURS="$HOURS" \
          PRN_FORMAT="$FORMAT" python3 - <<'PY'
import csv, os, sqlite3, sys

db = os.environ["MAR_DB"]
patient = os.environ["PRN_PATIENT"]
drug = os.environ.get("PRN_DRUG", "")
hours = os.environ["PRN_HOURS"]
fmt = os.environ.get("PRN_FORMAT", "table")

query = (
    "SELECT a.given_at, p.name, p.room, a.drug, a.dose, a.route, a.given_by "
    "FROM administrations a JOIN patients p ON p.id = a.patient_id "
    f"WHERE a.prn = 1 AND p.name LIKE '%{patient}%' "
    f"AND a.given_at >= datetime('now', '-{hours} hours') "
)
if drug:
    query += f"AND a.drug LIKE '{drug}%' "
query += "ORDER BY a.given_at DESC"

try:
    conn = sqlite3.connect(db)
    rows = conn.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    try:
        conn.close()
    except NameError:
        pass

if fmt == "csv":
    w = csv.writer(sys.stdout)
    w.writerow(["given_at", "patient", "room", "drug", "dose", "route", "given_by"])
    w.writerows(rows)
else:
    for r in rows:
        print(f"{r[0]:<19}  {r[1]:<20} {r[2]:<5} {r[3]:<18} {r[4]:<8} {r[5]:<5} {r[6]}")
print(len(rows), file=sys.stderr)
PY
)" || { log "lookup failed"; exit 1; }

if [ -z "$RESULT" ]; then
    log "no PRN doses recorded for '$PATIENT' in the last ${HOURS}h"
    exit 0
fi

printf '%s\n' "$RESULT"

# last dose time for the handover sheet
if [ "$FORMAT" = "table" ]; then
    last="$(printf '%s\n' "$RESULT" | head -n1 | cut -c1-19)"
    log "most recent PRN dose: $last"
fi
