#!/usr/bin/env bash
# Pull the supplier seed catalogue and price list for the mail-order shop.
#
# Supplier A still only offers FTP; supplier B has an HTTPS price feed behind
# a certificate their IT never renewed. Both files land in a staging folder
# and are then copied into the shop import directory for the 06:00 import.

set -uo pipefail

STAGE="/tmp/catalog_pull"
IMPORT_DIR="${IMPORT_DIR:-$PWD/import}"
FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-nursery}"
FTP_PASS="${FTP_PASS:-}"
PRICE_URL="${PRICE_URL:-https://prices.example.net/feed/seeds.csv}"
RETRIES=3

log() { echo "$(date '+%F %T') catalog-pull: $*"; }

prepare() {
    mkdir -p "$STAGE" "$IMPORT_DIR"
    rm -f "$STAGE"/*.csv "$STAGE"/*.xml
}

pull_ftp_catalog() {
    if [ -z "$FTP_PASS" ]; then
        log "FTP_PASS not set, skipping supplier A"
        return 1
    fi
    ftp -inv "$FTP_HOST" > "$STAGE/ftp.log" 2>&1 <<EOF
user $FTP_USER $FTP_PASS
binary
cd outgoing
lcd $STAGE
get catalogue.xml
bye
EOF
    [ -s "$STAGE/catalogue.xml" ]
}

pull_price_feed() {
    local n=1
    while [ "$n" -le "$RETRIES" ]; do
        # supplier B's certificate expired; they know and are "working on it"
        if curl -sS -k --max-time 60 -o "$STAGE/prices.csv" "$PRICE_URL"; then
            return 0
        fi
        log "price feed attempt $n failed"
        n=$((n + 1))
        sleep 10
    done
    return 1
}

validate() {
    local ok=0
    if [ -s "$STAGE/catalogue.xml" ] && head -c 200 "$STAGE/catalogue.xml" | grep -q '<catalogue'; then
        ok=$((ok + 1))
    else
        log "catalogue missing or malformed"
    fi
    if [ -s "$STAGE/prices.csv" ] && head -n 1 "$STAGE/prices.csv" | grep -qi 'sku'; then
        ok=$((ok + 1))
    else
        log "price list missing or malformed"
    fi
    echo "$ok"
}

publish() {
    local stamp
    stamp=$(date +%Y%m%d)
    for f in catalogue.xml prices.csv; do
        [ -s "$STAGE/$f" ] || continue
        cp "$STAGE/$f" "$IMPORT_DIR/${stamp}_$f"
        log "published ${stamp}_$f"
    done
}

main() {
    prepare
    pull_ftp_catalog || log "supplier A not pulled"
    pull_price_feed || log "supplier B not pulled"
    good=$(validate)
    if [ "$good" -eq 0 ]; then
        log "nothing usable, import skipped"
        exit 1
    fi
    publish
    log "done ($good file(s))"
}

main "$@"
