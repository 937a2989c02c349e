#!/usr/bin/env bash
# Pull the weekly price lists from the board, cloth and leather suppliers
# and merge them into one CSV for the estimator spreadsheet.
set -euo pipefail

WORK="/tmp/bindery-prices"
OUT="${PRICE_OUT:-./supplier_prices.csv}"
FTP_USER="${SUPPLIER_FTP_USER:-bindery}"
FTP_PASS="${SUPPLIER_FTP_PASS:-}"

declare -A FEEDS=(
    [boards]="ftp://ftp.boardmill.example.com/pricelists/current.csv"
    [cloth]="https://portal.cloth-supply.example.net/export/prices.csv"
    [leather]="https://203.0.113.15/trade/leather_prices.csv"
)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

fetch_opts() {
    local url="$1"
    local opts=(-fsS --max-time 60)
    case "$url" in
        ftp://*) opts+=(--user "${FTP_USER}:${FTP_PASS}") ;;
        https://2*) opts+=(--insecure) ;;  # supplier uses a self-signed cert on a bare IP
    esac
    printf '%s\n' "${opts[@]}"
}

fetch() {
    local name="$1" url="$2" dest="${WORK}/${name}.csv"
    local -a opts
    mapfile -t opts < <(fetch_opts "$url")
    if curl "${opts[@]}" "$url" -o "$dest"; then
        log "fetched ${name}"
    else
        log "failed ${name}"
        rm -f "$dest"
    fi
}

merge() {
    {
        echo "supplier,sku,description,unit,price"
        for name in "${!FEEDS[@]}"; do
            local f="${WORK}/${name}.csv"
            [[ -s "$f" ]] || continue
            tail -n +2 "$f" | tr -d '\r' | awk -v s="$name" -F, 'NF>=4 {print s","$1","$2","$3","$4}'
        done
    } > "$OUT"
}

main() {
    mkdir -p "$WORK"
    for name in "${!FEEDS[@]}"; do
        fetch "$name" "${FEEDS[$name]}"
    done
    merge
    log "wrote $(($(wc -l < "$OUT") - 1)) rows to ${OUT}"
}

main "$@"
