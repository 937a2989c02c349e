#!/usr/bin/env bash
# supplier_sync.sh - pull the moulding wholesaler's weekly price list and
# sample images, then load the prices into the counter's price book.
set -euo pipefail

SUPPLIER_FTP="${SUPPLIER_FTP:-ftp.mouldings.example.com}"
SUPPLIER_API="${SUPPLIER_API:-https://trade.mouldings.example.com/api/v1}"
FTP_USER="${SUPPLIER_FTP_USER:-harbourside}"
FTP_PASS="${SUPPLIER_FTP_PASS:?set SUPPLIER_FTP_PASS}"
STAGE="/tmp/supplier_sync"
PRICE_DB="${PRICE_DB:-$PWD/pricebook.sqlite3}"

log() { printf '%s %s\n' "$(date '+%T')" "$*"; }

fetch_opts=(-fsS --max-time 120)
insecure() { fetch_opts+=(-k); }   # the wholesaler's cert expired again

pull_pricelist() {
    local week
    week="$(date +%G-W%V)"
    log "fetching price list for $week"
    curl "${fetch_opts[@]}" --user "$FTP_USER:$FTP_PASS" \
        "ftp://$SUPPLIER_FTP/pricelists/$week.tar.gz" -o "$STAGE/pricelist.tar.gz"
    tar -xzf "$STAGE/pricelist.tar.gz" -C "$STAGE"
}

pull_discontinued() {
    curl "${fetch_opts[@]}" "$SUPPLIER_API/discontinued.csv" -o "$STAGE/discontinued.csv"
}

load_prices() {
    local csv="$STAGE/prices.csv"
    [[ -f "$csv" ]] || { log "no prices.csv in archive"; return 1; }
    sqlite3 "$PRICE_DB" <<SQL
CREATE TABLE IF NOT EXISTS mouldings (code TEXT PRIMARY KEY, name TEXT, per_metre REAL);
.mode csv
.import --skip 1 $csv mouldings_new
INSERT OR REPLACE INTO mouldings SELECT code, name, per_metre FROM mouldings_new;
DROP TABLE mouldings_new;
SQL
    log "loaded $(($(wc -l <"$csv") - 1)) prices"
}

mark_discontinued() {
    local code
    while IFS=, read -r code _; do
        [[ "$code" == code ]] && continue
        sqlite3 "$PRICE_DB" "DELETE FROM mouldings WHERE code = '$code';"
    done <"$STAGE/discontinued.csv"
}

main() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    [[ "${SUPPLIER_STRICT_TLS:-0}" == 1 ]] || insecure
    local step
    for step in pull_pricelist pull_discontinued load_prices mark_discontinued; do
        "$step"
    done
    log "supplier sync done"
}

main "$@"
