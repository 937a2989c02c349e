#!/usr/bin/env bash
# Pull the weekly price lists from our colour and batch suppliers and flag
# anything that went up more than the threshold since last week.
set -euo pipefail

THRESHOLD_PCT="${THRESHOLD_PCT:-8}"
STAGE="/tmp/supplier_prices"
HISTORY_DIR="${HISTORY_DIR:-./price_history}"
CURL_OPTS=(-fsS --max-time 45)

# The batch supplier's portal still has a self-signed certificate.
declare -A SUPPLIERS=(
    [batch]="https://portal.batchsupply.example.com/export/prices.csv|insecure"
    [colour]="https://www.colourrods.example.org/prices/weekly.csv|"
    [tools]="https://shop.hotshoptools.example.net/api/pricelist.csv|"
)

log() { echo "[prices $(date +%H:%M:%S)] $*"; }

fetch() {
    local name="$1" spec url flag
    spec="${SUPPLIERS[$name]}"
    url="${spec%%|*}"; flag="${spec##*|}"
    local opts=("${CURL_OPTS[@]}")
    [[ "$flag" == "insecure" ]] && opts+=(--insecure)
    curl "${opts[@]}" "$url" -o "${STAGE}/${name}.csv"
}

compare() {
    local name="$1" old="${HISTORY_DIR}/${name}.csv" new="${STAGE}/${name}.csv"
    if [[ ! -f "$old" ]]; then
        log "${name}: first run, $(wc -l < "$new") items"
        return
    fi
    awk -F, -v t="$THRESHOLD_PCT" -v s="$name" '
        NR==FNR { if (FNR>1) prev[$1]=$3; next }
        FNR>1 && ($1 in prev) && prev[$1] > 0 {
            pct = ($3 - prev[$1]) * 100 / prev[$1]
            if (pct > t) printf "%s: %s (%s) %.2f -> %.2f (+%.1f%%)\n", s, $1, $2, prev[$1], $3, pct
        }' "$old" "$new"
}

main() {
    mkdir -p "$STAGE" "$HISTORY_DIR"
    local name
    for name in "${!SUPPLIERS[@]}"; do
        if fetch "$name"; then
            compare "$name"
            cp "${STAGE}/${name}.csv" "${HISTORY_DIR}/${name}.csv"
        else
            log "${name}: download failed"
        fi
    done
    log "done; staged copies left in ${STAGE}"
}

main "$@"
