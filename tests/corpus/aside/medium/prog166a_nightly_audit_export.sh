#!/bin/sh
# Night audit export: pulls the day's bookings and payments out of the PMS
# database into CSV files for the bookkeeper's morning import.

set -eu

DB="${PMS_DB:-data/pms.sqlite3}"
OUT_DIR="${AUDIT_OUT:-reports/night-audit}"
DAY="${1:-$(date -d yesterday +%F 2>/dev/null || date +%F)}"
WORK="/tmp/hostel_night_audit"
LOCK="/tmp/hostel_night_audit.lock"
STAMP="$(date +%Y%m%d%H%M)"

log() {
    echo "$(date '+%F %T') night-audit: $*"
}

cleanup() {
    rm -f "$LOCK"
}

take_lock() {
    if [ -f "$LOCK" ]; then
        log "another export seems to be running (lock $LOCK)"
        exit 1
    fi
    echo $$ > "$LOCK"
    trap cleanup EXIT INT TERM
}

query() {
    sqlite3 -header -csv "$DB" "$1"
}

export_bookings() {
    log "exporting bookings for $DAY"
    query "SELECT id, surname, room_no, check_in, check_out, total_eur, source
           FROM bookings WHERE date(created_at) = '$DAY'" > "$WORK/bookings.csv"
}

export_payments() {
    log "exporting payments for $DAY"
    query "SELECT booking_id, method, amount_eur, taken_by, taken_at
           FROM payments WHERE date(taken_at) = '$DAY'" > "$WORK/payments.csv"
}

export_cash_drawer() {
    log "exporting cash drawer totals"
    query "SELECT till_id, SUM(amount_eur) AS total
           FROM payments WHERE method = 'cash' AND date(taken_at) = '$DAY'
           GROUP BY till_id" > "$WORK/cash.csv"
}

summarise() {
    b=$(($(wc -l < "$WORK/bookings.csv") - 1))
    p=$(($(wc -l < "$WORK/payments.csv") - 1))
    [ "$b" -lt 0 ] && b=0
    [ "$p" -lt 0 ] && p=0
    {
        echo "night audit $DAY"
        echo "bookings: $b"
        echo "payments: $p"
        echo "generated: $STAMP"
    } > "$WORK/summary.txt"
    cat "$WORK/summary.txt"
}

publish() {
    mkdir -p "$OUT_DIR/$DAY"
    cp "$WORK"/*.csv "$WORK/summary.txt" "$OUT_DIR/$DAY/"
    chmod 644 "$OUT_DIR/$DAY"/*
    log "files copied to $OUT_DIR/$DAY"
}

command -v sqlite3 >/dev/null 2>&1 || { log "sqlite3 not installed"; exit 1; }
[ -f "$DB" ] || { log "database $DB not found"; exit 1; }

take_lock
mkdir -p "$WORK"
rm -f "$WORK"/*.csv "$WORK/summary.txt"

export_bookings
export_payments
export_cash_drawer
summarise
publish
log "done"
