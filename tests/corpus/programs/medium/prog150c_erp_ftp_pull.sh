#!/bin/sh
# Pulls the nightly ERP production-order bundle from the head-office FTP
# server, unpacks it, and copies the order CSVs into ./orders for the kiln
# loading planner. Also fetches the article master from the ERP web export.
set -eu

FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-tiles_plant}"
FTP_PASS="${FTP_PASS:-}"
ERP_WEB="${ERP_WEB:-https://erp.example.com/export/articles.csv}"
STAGE=/tmp/erp_pull
ORDERS_DIR="${ORDERS_DIR:-./orders}"
DAY="$(date +%Y%m%d)"

log() {
    echo "$(date '+%F %T') erp-pull: $*"
}

fail() {
    log "ERROR: $*"
    exit 1
}

prepare() {
    mkdir -p "$STAGE" "$ORDERS_DIR"
    rm -f "$STAGE"/*.tgz "$STAGE"/*.csv 2>/dev/null || true
}

fetch_bundle() {
    [ -n "$FTP_PASS" ] || fail "FTP_PASS not set"
    log "fetching bundle for $DAY from $FTP_HOST"
    ftp -inv "$FTP_HOST" <<EOF > "$STAGE/ftp.log" 2>&1
user $FTP_USER $FTP_PASS
binary
cd outbound/plant
get orders_${DAY}.tgz $STAGE/orders_${DAY}.tgz
bye
EOF
    [ -s "$STAGE/orders_${DAY}.tgz" ] || fail "bundle not downloaded (see $STAGE/ftp.log)"
}

unpack_bundle() {
    log "unpacking"
    tar -xzf "$STAGE/orders_${DAY}.tgz" -C "$STAGE"
    count=0
    for f in "$STAGE"/*.csv; do
        [ -e "$f" ] || continue
        cp "$f" "$ORDERS_DIR/"
        count=$((count + 1))
    done
    log "$count order files copied to $ORDERS_DIR"
}

fetch_articles() {
    # the ERP web export still uses the old internal CA
    log "fetching article master"
    if curl -sSk --max-time 60 -o "$STAGE/articles.csv" "$ERP_WEB"; then
        cp "$STAGE/articles.csv" "$ORDERS_DIR/articles_${DAY}.csv"
    else
        log "article master not available, planner will use yesterday's"
    fi
}

summary() {
    lines=$(cat "$ORDERS_DIR"/*.csv 2>/dev/null | wc -l)
    log "orders dir now holds $lines lines across $(ls "$ORDERS_DIR" | wc -l) files"
}

main() {
    prepare
    fetch_bundle
    unpack_bundle
    fetch_articles
    summary
}

main "$@"
