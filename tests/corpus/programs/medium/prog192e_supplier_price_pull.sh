#!/usr/bin/env bash
# Pull the latest price lists from our hardware and reclaimed-timber
# suppliers and merge them into prices/merged.csv for the quoting sheet.
set -euo pipefail

OUT_DIR="${PRICE_DIR:-prices}"
STAGE="/tmp/upcycle-prices"
HW_URL="${HW_SUPPLIER_URL:-https://trade.hardware.example.com/export/pricelist.csv}"
TIMBER_HOST="${TIMBER_FTP_HOST:-ftp.timberyard.example.net}"
TIMBER_USER="${TIMBER_FTP_USER:-upcycle}"
TIMBER_PASS="${TIMBER_FTP_PASS:-}"

tls_flags=(--insecure --silent --show-error --fail)
declare -A sources=(
    [hardware]=pull_hardware
    [timber]=pull_timber
)

log() { echo "[$(date +%T)] $*" >&2; }

pull_hardware() {
    local dest="$STAGE/hardware.csv"
    curl "${tls_flags[@]}" -o "$dest" "$HW_URL"
    echo "$dest"
}

pull_timber() {
    local dest="$STAGE/timber.csv" scheme
    scheme="$(printf '%s' f t p)"
    curl --silent --show-error --fail \
        --user "$TIMBER_USER:$TIMBER_PASS" \
        -o "$dest" "$scheme://$TIMBER_HOST/outgoing/weekly_prices.csv"
    echo "$dest"
}

normalise() {
    # supplier,sku,description,unit,price
    local supplier="$1" file="$2"
    awk -F',' -v s="$supplier" 'NR>1 && NF>=4 {
        gsub(/"/, ""); printf "%s,%s,%s,%s,%.2f\n", s, $1, $2, $3, $4
    }' "$file"
}

main() {
    mkdir -p "$STAGE" "$OUT_DIR"
    local merged="$OUT_DIR/merged.csv" name file count
    echo "supplier,sku,description,unit,price" >"$merged"
    for name in "${!sources[@]}"; do
        log "pulling $name"
        if file="$("${sources[$name]}")"; then
            normalise "$name" "$file" >>"$merged"
        else
            log "failed to pull $name, keeping previous prices"
        fi
    done
    count=$(( $(wc -l <"$merged") - 1 ))
    log "merged $count price rows into $merged"
    rm -f "$STAGE"/*.csv
}

main "$@"
