#!/usr/bin/env bash
# Look up customs entries in the local filing ledger (./ledger.db).
# Filters by importer of record, entry number prefix, status or date,
# and prints a table or CSV. The query runs through an embedded python
# step that receives the filters via environment variables.
set -euo pipefail

DB="${LEDGER_DB:-./ledger.db}"
IMPORTER=""
ENTRY_PREFIX=""
STATUS=""
SINCE=""
FORMAT="table"
LIMIT=50

usage() {
    cat <<EOF
usage: $0 [-i importer] [-e entry_prefix] [-s status] [-d YYYY-MM-DD] [-l limit] [-c]
  -c   CSV output
EOF
}

while getopts ":i:e:s:d:l:ch" opt; do
    case "$opt" in
        i) IMPORTER="$OPTARG" ;;
        e) ENTRY_PREFIX="$OPTARG" ;;
        s) STATUS="$OPTARG" ;;
        d) SINCE="$OPTARG" ;;
        l) LIMIT="$OPTARG" ;;
        c) FORMAT="csv" ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

[ -f "$DB" ] || { echo "ledger $DB not found" >&2; exit 1; }
[[ "$LIMIT" =~ ^[0-9]+$ ]] || { echo "limit must be numeric" >&2; exit 2; }

export DB IMPORTER ENTRY_PREFIX STATUS SINCE FORMAT LIMIT

python3 - <<'PY'
import csv
import logging
import os
import sqlite3
import sys

logging.basicConfig(level=logging.INFO, format="entry_lookup: %(message)s")
log = logging.getLogger()

where = []
if os.environ["IMPORTER"]:
    where.append(f"importer_of_record = '{os.environ['IMPORTER']}'")
if os.environ["ENTRY_PREFIX"]:
    where.append(f"entry_no LIKE '{os.environ['ENTRY_PREFIX']}%'")
if os.environ["STATUS"]:
    where.append(f"status = '{os.environ['STATUS'].upper()}'")
if os.environ["SINCE"]:
    where.append(f"filed_on >= '{os.environ['SINCE']}'")

sql = "SELECT entry_no, importer_of_record, port_code, status, filed_on, duty_usd FROM entries"
if where:
    sql += " WHERE " + " AND ".join(where)
sql += f" ORDER BY filed_on DESC LIMIT {int(os.environ['LIMIT'])}"
log.debug("query: %s", sql)

try:
    conn = sqlite3.connect(os.environ["DB"])
    rows = conn.execute(sql).fetchall()
except sqlite3.Error as exc:
    log.error("query failed: %s", exc)
    sys.exit(1)
finally:
    try:
        conn.close()
    except NameError:
        pass

header = ["entry_no", "importer", "port", "status", "filed_on", "duty_usd"]
if os.environ["FORMAT"] == "csv":
    w = csv.writer(sys.stdout)
    w.writerow(header)
    w.writerows(rows)
else:
    print("  ".join(f"{h:14}" for h in header))
    for r in rows:
        print("  ".join(f"{str(v):14}" for v in r))
    log.info("%d entries", len(rows))
PY
