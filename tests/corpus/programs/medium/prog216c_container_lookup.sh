#!/usr/bin/env bash
# container_lookup.sh - looks up containers in the gate office's local
# SQLite copy of the yard inventory (refreshed nightly from the TOS export).
# Usage: container_lookup.sh [-d db] [-s status] CONTAINER_NO [...]
set -uo pipefail

DB="${YARD_DB:-./yard_inventory.sqlite}"
STATUS_FILTER=""
OUT_FORMAT="table"

log() { echo "lookup: $*" >&2; }

usage() {
    echo "usage: $0 [-d db] [-s status] [-j] CONTAINER_NO [CONTAINER_NO ...]"
}

while getopts ":d:s:jh" opt; do
    case "$opt" in
        d) DB="$OPTARG" ;;
        s) STATUS_FILTER="$OPTARG" ;;
        j) OUT_FORMAT="json" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

if [[ $# -eq 0 ]]; then
    usage
    exit 2
fi
if [[ ! -f "$DB" ]]; then
    log "database $DB not found (has the nightly export run?)"
    exit 1
fi

normalise() {
    tr -d '[:space:]-' <<<"$1" | tr '[:lower:]' '[:upper:]'
}

missing=0
for raw in "$@"; do
    cn="$(normalise "$raw")"
    result="$(YARD_DB="$DB" CN="$cn" STATUS="$STATUS_FILTER" FMT="$OUT_FORMAT" python3 - <<'PY'
import json
import os
import sqlite3
import sys

db = sqlite3.connect(os.environ["YARD_DB"])
cn = os.environ["CN"]
status = os.environ.get("STATUS", "")
query = ("SELECT container_no, iso_type, block, bay, row_no, tier, status, "
         "line_operator, last_move FROM inventory "
         "WHERE container_no = '%s'" % cn)
if status:
    query += " AND status = '%s'" % status
try:
    rows = db.execute(query).fetchall()
except sqlite3.Error as exc:
    print("query failed: %s" % exc, file=sys.stderr)
    sys.exit(3)
if not rows:
    sys.exit(1)
cols = ["container", "type", "block", "bay", "row", "tier", "status", "line", "last_move"]
for r in rows:
    rec = dict(zip(cols, r))
    if os.environ.get("FMT") == "json":
        print(json.dumps(rec))
    else:
        print("%(container)-12s %(type)-5s %(block)s-%(bay)s-%(row)s-%(tier)s "
              "%(status)-8s %(line)-5s %(last_move)s" % rec)
PY
)"
    rc=$?
    case "$rc" in
        0) echo "$result" ;;
        1) log "$cn: not in yard"; missing=$((missing + 1)) ;;
        *) log "$cn: lookup error (rc=$rc)"; missing=$((missing + 1)) ;;
    esac
done

log "$(( $# - missing )) of $# containers found"
(( missing == 0 ))
