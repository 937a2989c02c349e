#!/bin/sh
# End-of-day sales upload from a shop till.
#
# Exports the day's sales from the till's local SQLite database, packs them
# and sends the file to head office. The old head-office server only speaks
# FTP; the newer intake API sits behind a certificate the tills do not
# trust yet, so certificate checks are skipped for it.

SHOP="${SHOP_CODE:-XXX00}"
DB="${TILL_DB:-./till.db}"
DAY="${1:-$(date +%F)}"
WORK="/tmp/till_upload"
FTP_HOST="ftp.example.com"
INTAKE="https://intake.example.com/api/sales"
NETRC="./.netrc-headoffice"
LOG="./upload.log"

log() {
    echo "$(date '+%F %T') $*" >> "$LOG"
    echo "$*"
}

export_day() {
    out="$WORK/sales_${SHOP}_${DAY}.csv"
    mkdir -p "$WORK"
    sqlite3 -header -csv "$DB" \
        "SELECT receipt_no, sold_at, sku, qty, total FROM sales WHERE date(sold_at) = date('$DAY');" \
        > "$out" || return 1
    lines=$(wc -l < "$out")
    if [ "$lines" -le 1 ]; then
        log "no sales for $DAY"
        return 2
    fi
    log "exported $((lines - 1)) lines for $DAY"
    echo "$out"
}

pack() {
    gzip -f "$1" && echo "$1.gz"
}

send_ftp() {
    curl -sS --netrc-file "$NETRC" --ftp-create-dirs \
        -T "$1" "ftp://$FTP_HOST/incoming/$SHOP/" \
        && log "sent via ftp"
}

send_api() {
    curl -sS -k --max-time 60 \
        -H "Content-Type: application/gzip" \
        -H "X-Shop: $SHOP" \
        --data-binary "@$1" "$INTAKE" \
        && log "sent via intake api"
}

main() {
    if [ ! -f "$DB" ]; then
        log "till database $DB not found"
        exit 1
    fi
    if [ ! -f "$NETRC" ]; then
        log "missing $NETRC, ask head office for the upload login"
        exit 1
    fi
    chmod 600 "$NETRC"

    csv=$(export_day | tail -n 1)
    case "$csv" in
        "$WORK"/*) ;;
        *) exit 0 ;;
    esac
    gz=$(pack "$csv") || { log "compression failed"; exit 1; }

    # try the new API first, fall back to FTP
    if ! send_api "$gz"; then
        log "intake api failed, falling back"
        send_ftp "$gz" || { log "upload failed"; exit 1; }
    fi
    rm -f "$gz"
}

main
