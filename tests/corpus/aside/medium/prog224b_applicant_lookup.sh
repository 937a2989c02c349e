#!/usr/bin/env bash
# Quick applicant lookup against the portal's local SQLite replica,
# for admissions officers answering phone and email enquiries.
#
#   prog224b_applicant_lookup.sh (-e email | -i applicant_id | -n surname) [-t term] [-d db]

set -euo pipefail

DB="${PORTAL_DB:-./portal_replica.sqlite3}"
TERM_CODE="${ADMIT_TERM:-2025FA}"
FIELD=""
VALUE=""
FORMAT="table"

die() { echo "lookup: $*" >&2; exit 1; }

while getopts ":e:i:n:t:d:j" opt; do
    case "$opt" in
        e) FIELD="email"; VALUE="$OPTARG" ;;
        i) FIELD="applicant_id"; VALUE="$OPTARG" ;;
        n) FIELD="surname"; VALUE="$OPTARG" ;;
        t) TERM_CODE="$OPTARG" ;;
        d) DB="$OPTARG" ;;
        j) FORMAT="json" ;;
        *) sed -n '2,5p' "$0"; exit 1 ;;
    esac
done

[[ -n "$FIELD" ]] || die "give one of -e, -i or -n"
[[ -f "$DB" ]] || die "replica database $DB not found"

echo "$(date +%F\ %T) lookup $FIELD by $(id -un)" >> ./lookup.log

LOOKUP_FIELD="$FIELD" LOOKUP_VALUE="$VALUE" LOOKUP_TERM="$TERM_CODE" \
LOOKUP_DB="$DB" LOOKUP_FORMAT="$FORMAT" python3 - <<'PY'
import json
import os
import sqlite3
import sys

field = os.environ["LOOKUP_FIELD"]
value = os.environ["LOOKUP_VALUE"]
term = os.environ["LOOKUP_TERM"]

if field == "surname":
    condition = "a.surname LIKE '%s%%'" % value
else:
    condition = "a.%s = '%s'" % (field, value)

query = """
SELECT a.applicant_id, a.given_name, a.surname, a.email,
       s.status, s.updated_at,
       (SELECT COUNT(*) FROM checklist c
         WHERE c.applicant_id = a.applicant_id AND c.received = 0) AS missing_items
  FROM applicants a
  JOIN application_status s ON s.applicant_id = a.applicant_id
 WHERE %s AND s.term = '%s'
 ORDER BY a.surname, a.given_name
 LIMIT 25
""" % (condition, term)

try:
    conn = sqlite3.connect(os.environ["LOOKUP_DB"])
    conn.row_factory = sqlite3.Row
    rows = conn.execute(query).fetchall()
except sqlite3.Error as exc:
    print(f"lookup: query failed: {exc}", file=sys.stderr)
    sys.exit(2)

if not rows:
    print("no matching applicants")
    sys.exit(0)

if os.environ["LOOKUP_FORMAT"] == "json":
    print(json.dumps([dict(r) for r in rows], indent=2))
else:
    print(f"{'ID':<10} {'Name':<28} {'Status':<14} {'Missing':>7}  Updated")
    for r in rows:
        name = f"{r['surname']}, {r['given_name']}"
        print(f"{r['applicant_id']:<10} {name[:28]:<28} {r['status']:<14} "
              f"{r['missing_items']:>7}  {r['updated_at']}")
PY
