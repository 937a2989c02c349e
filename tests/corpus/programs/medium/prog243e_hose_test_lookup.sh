#!/usr/bin/env bash
# hose_test_lookup.sh - look up and record annual hose pressure tests.
#
# Hose records live in ./hose_tests.db (SQLite).  The shell wrapper handles
# arguments and output; the database work is done by an inline Python step
# that receives its parameters through environment variables.
#
# Usage:
#   hose_test_lookup.sh show  <hose_id>
#   hose_test_lookup.sh due   [appliance]
#   hose_test_lookup.sh record <hose_id> <pass|fail> [psi]

set -u

DB="${HOSE_DB:-./hose_tests.db}"
LOG="./hose_tests.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOG"; }

usage() {
    sed -n '8,11p' "$0" >&2
    exit 2
}

[ $# -ge 1 ] || usage
CMD="$1"; shift

case "$CMD" in
    show)   [ $# -eq 1 ] || usage; export HT_HOSE="$1" ;;
    due)    export HT_APPLIANCE="${1:-}" ;;
    record) [ $# -ge 2 ] || usage
            export HT_HOSE="$1" HT_RESULT="$2" HT_PSI="${3:-}"
            case "$HT_RESULT" in pass|fail) ;; *) usage ;; esac ;;
    *)      usage ;;
esac

export HT_DB="$DB" HT_CMD="$CMD"
log "command=$CMD args=$*"

python3 - <<'PYEOF'
import datetime
import os
import sqlite3
import sys

db = sqlite3.connect(os.environ["HT_DB"])
db.execute("""CREATE TABLE IF NOT EXISTS hose (
    hose_id TEXT PRIMARY KEY, appliance TEXT, length_m INTEGER,
    diameter_mm INTEGER, last_test TEXT, last_result TEXT, last_psi INTEGER)""")

cmd = os.environ["HT_CMD"]
cur = db.cursor()

if cmd == "show":
    hose = os.environ["HT_HOSE"]
    q = "SELECT hose_id, appliance, length_m, diameter_mm, last_test, last_result " \
        "FROM hose WHERE hose_id = '%s'" % hose
    rows = cur.execute(q).fetchall()
    if not rows:
        print("no hose %s" % hose)
        sys.exit(1)
    for r in rows:
        print("%-10s %-8s %3sm %3smm last=%s result=%s" % r)

elif cmd == "due":
    cutoff = (datetime.date.today() - datetime.timedelta(days=365)).isoformat()
    q = "SELECT hose_id, appliance, last_test FROM hose " \
        "WHERE (last_test IS NULL OR last_test < '%s')" % cutoff
    app = os.environ.get("HT_APPLIANCE")
    if app:
        q += " AND appliance = '%s'" % app
    q += " ORDER BY appliance, hose_id"
    rows = cur.execute(q).fetchall()
    for hose_id, appliance, last in rows:
        print("%-10s %-8s last tested %s" % (hose_id, appliance, last or "never"))
    print("%d hoses due" % len(rows))

elif cmd == "record":
    hose = os.environ["HT_HOSE"]
    result = os.environ["HT_RESULT"]
    psi = os.environ.get("HT_PSI") or "NULL"
    today = datetime.date.today().isoformat()
    q = "UPDATE hose SET last_test = '%s', last_result = '%s', last_psi = %s " \
        "WHERE hose_id = '%s'" % (today, result, psi, hose)
    cur.execute(q)
    if cur.rowcount == 0:
        print("unknown hose %s" % hose)
        sys.exit(1)
    db.commit()
    print("recorded %s for %s" % (result, hose))

db.close()
PYEOF
rc=$?
log "command=$CMD rc=$rc"
exit "$rc"
