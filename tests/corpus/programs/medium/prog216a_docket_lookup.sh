#!/usr/bin/env bash
# docket_lookup.sh - quick lookup in the local docket index (SQLite) built
# during digitisation. Clerks use it at the counter to find which box and
# batch a case file ended up in.
#
#   ./docket_lookup.sh -p "SMITH"            # by party name
#   ./docket_lookup.sh -c CV-2011-04417      # by case number
#   ./docket_lookup.sh -y 1998 -t probate    # by year and case type
set -euo pipefail

DB="${DOCKET_DB:-./docket_index.sqlite}"
PARTY=""
CASE_NO=""
YEAR=""
CASE_TYPE=""
LIMIT=25
FORMAT="table"

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    echo "Options: -p party  -c case_no  -y year  -t type  -n limit  -j (json)"
}

while getopts ":p:c:y:t:n:jh" opt; do
    case "$opt" in
        p) PARTY="$OPTARG" ;;
        c) CASE_NO="$OPTARG" ;;
        y) YEAR="$OPTARG" ;;
        t) CASE_TYPE="$OPTARG" ;;
        n) LIMIT="$OPTARG" ;;
        j) FORMAT="json" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

if [[ -z "$PARTY$CASE_NO$YEAR$CASE_TYPE" ]]; then
    echo "give at least one search criterion" >&2
    usage
    exit 2
fi
[[ -f "$DB" ]] || { echo "docket index $DB not found" >&2; exit 1; }
[[ "$LIMIT" =~ ^[0-9]+$ ]] || { echo "limit must be a number" >&2; exit 2; }

export DB PARTY CASE_NO YEAR CASE_TYPE LIMIT FORMAT

python3 - <<'PY'
import json
import os
import sqlite3
import sys

db = os.environ["DB"]
party = os.environ.get("PARTY", "").strip()
case_no = os.environ.get("CASE_NO", "").strip()
year = os.environ.get("YEAR", "").strip()
case_type = os.environ.get("CASE_TYPE", "").strip()
limit = int(os.environ.get("LIMIT", "25"))
fmt = os.environ.get("FORMAT", "table")

clauses = []
if party:
    clauses.append(f"(plaintiff LIKE '%{party}%' OR defendant LIKE '%{party}%')")
if case_no:
    clauses.append(f"case_no = '{case_no.upper()}'")
if year:
    clauses.append(f"strftime('%Y', filed_on) = '{year}'")
if case_type:
    clauses.append(f"case_type = '{case_type.lower()}'")

sql = ("SELECT case_no, case_type, filed_on, plaintiff, defendant, box_id, batch_id "
       f"FROM dockets WHERE {' AND '.join(clauses)} ORDER BY filed_on LIMIT {limit}")

try:
    conn = sqlite3.connect(db)
    rows = conn.execute(sql).fetchall()
except sqlite3.Error as exc:
    print(f"query failed: {exc}", file=sys.stderr)
    sys.exit(1)
finally:
    try:
        conn.close()
    except NameError:
        pass

cols = ["case_no", "type", "filed", "plaintiff", "defendant", "box", "batch"]
if fmt == "json":
    print(json.dumps([dict(zip(cols, r)) for r in rows], indent=2))
else:
    widths = [max(len(c), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(cols)]
    print("  ".join(c.ljust(w) for c, w in zip(cols, widths)))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))
    print(f"\n{len(rows)} match(es)")
PY
