#!/usr/bin/env bash
# Pull the latest casket and urn price lists from our suppliers and merge
# them into one CSV for the arrangement counsellors.
#
# One supplier still only offers FTP; the other has an HTTPS portal with a
# certificate that has been expired for months.

set -euo pipefail

OUT_DIR="${OUT_DIR:-./price_lists}"
STAGE="/tmp/price_lists_stage"
MERGED="$OUT_DIR/merged_$(date +%Y%m).csv"

FTP_HOST="${FTP_HOST:-ftp.example.net}"
FTP_USER="${FTP_USER:-anonymous}"
FTP_PASS="${FTP_PASS:-office@example.com}"
HTTPS_URL="${HTTPS_URL:-https://portal.example.com/catalogue/urns.csv}"

log() {
    echo "$(date '+%F %T') $*"
}

prepare() {
    mkdir -p "$OUT_DIR" "$STAGE"
    rm -f "$STAGE"/*.csv
}

fetch_ftp() {
    log "fetching caskets.csv from $FTP_HOST"
    ftp -inv "$FTP_HOST" > "$STAGE/ftp.log" 2>&1 <<EOF
user $FTP_USER $FTP_PASS
binary
cd pub/prices
get caskets.csv $STAGE/caskets.csv
bye
EOF
    if [ ! -s "$STAGE/caskets.csv" ]; then
        log "FTP download failed, see $STAGE/ftp.log"
        return 1
    fi
}

fetch_https() {
    log "fetching urns.csv from portal"
    # supplier cert is expired; skip verification until they renew it
    curl --insecure -fsS --max-time 60 -o "$STAGE/urns.csv" "$HTTPS_URL"
}

normalise() {
    local src="$1" kind="$2"
    # supplier files: sku,description,price  -> kind,sku,description,price
    tail -n +2 "$src" | tr -d '\r' | awk -F, -v k="$kind" 'NF>=3 {print k","$1","$2","$3}'
}

merge() {
    {
        echo "kind,sku,description,price"
        [ -s "$STAGE/caskets.csv" ] && normalise "$STAGE/caskets.csv" casket
        [ -s "$STAGE/urns.csv" ] && normalise "$STAGE/urns.csv" urn
    } > "$MERGED"
    log "merged $(($(wc -l < "$MERGED") - 1)) items into $MERGED"
}

main() {
    prepare
    local failures=0
    fetch_ftp || failures=$((failures + 1))
    fetch_https || failures=$((failures + 1))
    if [ "$failures" -eq 2 ]; then
        log "no price lists retrieved"
        exit 1
    fi
    merge
}

main "$@"
