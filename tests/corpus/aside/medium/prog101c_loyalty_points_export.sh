#!/usr/bin/env bash
# loyalty_points_export.sh - monthly export of loyalty card balances for the
# accounts office.  Pulls members and points from the till database, writes a
# dated CSV, compresses it and drops it on the accountant's FTP box.
#
# usage: loyalty_points_export.sh [YYYY-MM]      (defaults to last month)
#
# Settings come from ./loyalty_export.env or the environment:
#   LOYALTY_DB, OUT_DIR, ACCOUNTS_FTP_HOST, ACCOUNTS_FTP_USER, ACCOUNTS_FTP_PASS

set -uo pipefail

ENV_FILE="${ENV_FILE:-./loyalty_export.env}"
# shellcheck source=/dev/null
[ -f "$ENV_FILE" ] && . "$ENV_FILE"

DB="${LOYALTY_DB:-./till/loyalty.sqlite3}"
OUT_DIR="${OUT_DIR:-./exports}"
FTP_HOST="${ACCOUNTS_FTP_HOST:-ftp.ledgerworks-accounts.example.com}"
FTP_USER="${ACCOUNTS_FTP_USER:-petshop}"
FTP_PASS="${ACCOUNTS_FTP_PASS:-}"
MONTH="${1:-$(date -d "$(date +%Y-%m-01) -1 day" +%Y-%m)}"

log() { printf '%s [loyalty-export] %s\n' "$(date '+%F %T')" "$*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

check_inputs() {
    [[ "$MONTH" =~ ^[0-9]{4}-(0[1-9]|1[0-2])$ ]] || fail "month must be YYYY-MM, got '$MONTH'"
    [ -r "$DB" ] || fail "cannot read $DB"
    command -v sqlite3 >/dev/null || fail "sqlite3 not installed"
    [ -n "$FTP_PASS" ] || fail "ACCOUNTS_FTP_PASS not set"
    mkdir -p "$OUT_DIR"
}

export_csv() {
    local out="$1"
    sqlite3 -header -csv "$DB" <<SQL > "$out"
SELECT m.card_no,
       m.first_name || ' ' || m.last_name AS member,
       m.phone,
       COALESCE(SUM(p.points), 0)          AS points_balance,
       MAX(p.earned_at)                    AS last_activity
  FROM members m
  LEFT JOIN points p ON p.card_no = m.card_no
 WHERE strftime('%Y-%m', p.earned_at) <= '$MONTH'
 GROUP BY m.card_no
 ORDER BY m.card_no;
SQL
}

upload() {
    local file="$1" attempt
    for attempt in 1 2 3; do
        if curl -sS --fail --max-time 120 --user "$FTP_USER:$FTP_PASS" \
            -T "$file" "ftp://$FTP_HOST/incoming/loyalty/"; then
            return 0
        fi
        log "upload attempt $attempt failed"
        sleep 10
    done
    return 1
}

main() {
    check_inputs
    local csv="$OUT_DIR/loyalty_balances_$MONTH.csv"
    log "exporting balances up to $MONTH"
    export_csv "$csv" || fail "query failed"
    local rows
    rows=$(($(wc -l < "$csv") - 1))
    [ "$rows" -gt 0 ] || fail "export is empty"
    gzip -f "$csv"
    log "$rows members written to $csv.gz"
    upload "$csv.gz" || fail "could not upload to $FTP_HOST"
    log "uploaded to $FTP_HOST"
}

main "$@"
