#!/usr/bin/env bash
# subscriber_lookup.sh - help-desk tool: look up a reader's subscription in the
# local replica of the paywall database and print plan, status and renewals.
#
# Usage: prog221e_subscriber_lookup.sh (--email ADDR | --id N) [--db FILE] [--csv]
set -uo pipefail

DB="./replica/paywall.sqlite"
EMAIL=""
SUB_ID=""
AS_CSV=0
EXPORT_FILE="/tmp/subscriber_lookup.csv"

log() { printf 'lookup: %s\n' "$*" >&2; }

usage() { sed -n '2,5p' "$0"; exit "${1:-0}"; }

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --email) EMAIL="$2"; shift 2 ;;
            --id)    SUB_ID="$2"; shift 2 ;;
            --db)    DB="$2"; shift 2 ;;
            --csv)   AS_CSV=1; shift ;;
            -h|--help) usage 0 ;;
            *) log "unknown option $1"; usage 2 ;;
        esac
    done
    if [[ -z "$EMAIL" && -z "$SUB_ID" ]]; then
        log "need --email or --id"
        usage 2
    fi
    [[ -f "$DB" ]] || { log "database $DB not found"; exit 1; }
}

run_query() {
    LOOKUP_DB="$DB" LOOKUP_EMAIL="$EMAIL" LOOKUP_ID="$SUB_ID" \
    LOOKUP_CSV="$AS_CSV" LOOKUP_EXPORT="$EXPORT_FILE" python3 - <<'PYEOF'
import csv, os, sqlite3, sys

db = sqlite3.connect(os.environ["LOOKUP_DB"])
email = os.environ.get("LOOKUP_EMAIL", "")
sub_id = os.environ.get("LOOKUP_ID", "")

if email:
    where = "s.email = '%s'" % email.strip().lower()
else:
    where = "s.id = %s" % sub_id
query = """
SELECT s.id, s.email, s.name, p.name AS plan, s.status, s.renews_on,
       COUNT(r.id) AS renewals
FROM subscribers s
JOIN plans p ON p.id = s.plan_id
LEFT JOIN renewals r ON r.subscriber_id = s.id
WHERE %s
GROUP BY s.id
""" % where

try:
    rows = db.execute(query).fetchall()
except sqlite3.Error as exc:
    sys.stderr.write(f"query failed: {exc}\n")
    sys.exit(3)

headers = ["id", "email", "name", "plan", "status", "renews_on", "renewals"]
if os.environ.get("LOOKUP_CSV") == "1":
    with open(os.environ["LOOKUP_EXPORT"], "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(headers)
        w.writerows(rows)
    print(f"exported {len(rows)} rows to {os.environ['LOOKUP_EXPORT']}")
else:
    for row in rows:
        for h, v in zip(headers, row):
            print(f"{h:>10}: {v}")
        print("-" * 40)
sys.exit(0 if rows else 4)
PYEOF
}

main() {
    parse_args "$@"
    local rc
    run_query
    rc=$?
    case "$rc" in
        0) log "done" ;;
        4) log "no subscriber matched" ;;
        *) log "lookup failed (rc=$rc)" ;;
    esac
    exit "$rc"
}

main "$@"
