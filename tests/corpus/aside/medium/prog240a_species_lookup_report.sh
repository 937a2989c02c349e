#!/usr/bin/env bash
# Ad-hoc species lookup against the intake database (./intake.db).
# Volunteers run this to answer "how many hedgehogs did we get in March and
# how did they do?". Filters are handed to an embedded Python helper through
# environment variables; results are printed as a table or CSV.
set -euo pipefail

DB="${INTAKE_DB:-./intake.db}"
SPECIES=""
FROM_DATE=""
TO_DATE="$(date +%F)"
OUTCOME=""
FORMAT="table"
LIMIT=200

log() { echo "species-lookup: $*" >&2; }

usage() {
    cat >&2 <<EOF
usage: $0 -s SPECIES [-f FROM] [-t TO] [-o OUTCOME] [--csv] [-n LIMIT]
  -s  species name as recorded on the intake form (e.g. "hedgehog")
  -f  first admission date, YYYY-MM-DD
  -t  last admission date, YYYY-MM-DD (default today)
  -o  outcome filter: released, transferred, died, in_care
EOF
    exit 2
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) SPECIES="$2"; shift 2 ;;
        -f) FROM_DATE="$2"; shift 2 ;;
        -t) TO_DATE="$2"; shift 2 ;;
        -o) OUTCOME="$2"; shift 2 ;;
        -n) LIMIT="$2"; shift 2 ;;
        --csv) FORMAT="csv"; shift ;;
        -h|--help) usage ;;
        *) log "unknown argument $1"; usage ;;
    esac
done

[[ -n "$SPECIES" ]] || usage
[[ -f "$DB" ]] || { log "database $DB not found"; exit 1; }
[[ "$LIMIT" =~ ^[0-9]+$ ]] || { log "limit must be a number"; exit 2; }

log "querying $DB for '$SPECIES' ${FROM_DATE:-(any)} .. $TO_DATE"

LOOKUP_DB="$DB" LOOKUP_SPECIES="$SPECIES" LOOKUP_FROM="$FROM_DATE" \
LOOKUP_TO="$TO_DATE" LOOKUP_OUTCOME="$OUTCOME" LOOKUP_LIMIT="$LIMIT" \
LOOKUP_FORMAT="$FORMAT" python3 - <<'PY'
import csv
import logging
import os
import sqlite3
import sys

logging.basicConfig(level=logging.INFO, format="species-lookup: %(message)s")
env = os.environ


class IntakeQuery:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def build(self):
        # Query text is assembled from the volunteer's filters.
        where = [f"lower(species) = lower('{env['LOOKUP_SPECIES']}')"]
        if env.get("LOOKUP_FROM"):
            where.append(f"admitted_on >= '{env['LOOKUP_FROM']}'")
        if env.get("LOOKUP_TO"):
            where.append(f"admitted_on <= '{env['LOOKUP_TO']}'")
        if env.get("LOOKUP_OUTCOME"):
            where.append(f"outcome = '{env['LOOKUP_OUTCOME']}'")
        return (
            "SELECT intake_id, admitted_on, species, found_location, outcome, "
            "days_in_care FROM intakes WHERE " + " AND ".join(where) +
            f" ORDER BY admitted_on LIMIT {int(env['LOOKUP_LIMIT'])}"
        )

    def run(self):
        sql = self.build()
        logging.debug("sql: %s", sql)
        try:
            return self.conn.execute(sql).fetchall()
        except sqlite3.Error as exc:
            logging.error("query failed: %s", exc)
            sys.exit(1)


rows = IntakeQuery(env["LOOKUP_DB"]).run()
if not rows:
    logging.info("no matching admissions")
    sys.exit(0)

cols = rows[0].keys()
if env["LOOKUP_FORMAT"] == "csv":
    w = csv.writer(sys.stdout)
    w.writerow(cols)
    w.writerows(tuple(r) for r in rows)
else:
    widths = [max(len(c), *(len(str(r[c])) for r in rows)) for c in cols]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    print("  ".join("-" * w for w in widths))
    for r in rows:
        print("  ".join(str(r[c]).ljust(w) for c, w in zip(cols, widths)))

released = sum(1 for r in rows if r["outcome"] == "released")
logging.info("%d admissions, %d released (%.0f%%)", len(rows), released,
             100.0 * released / len(rows))
PY
