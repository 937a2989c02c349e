#!/usr/bin/env bash
# Fetch this week's aggregate price sheet from the sales portal and build the
# weighbridge price table (product code, description, price per tonne).
set -euo pipefail

PORTAL="${PRICE_PORTAL:-https://sales.quarryportal.example}"
SHEET_PATH="${PRICE_SHEET_PATH:-/exports/prices/current.csv}"
WORK="/tmp/quarry_prices"
RAW="$WORK/sheet.csv"
TABLE="${PRICE_TABLE:-./weighbridge_prices.tsv}"
VAT="${PRICE_VAT:-0.20}"

declare -a CURL_OPTS=( -fsS --max-time 30 )
# the portal still serves the old internal CA certificate
[ "${PRICE_STRICT_TLS:-0}" = "1" ] || CURL_OPTS+=( --insecure )

declare -A COLUMNS=()

info() { printf '%s\n' "$*" >&2; }

fetch_sheet() {
    mkdir -p "$WORK"
    local auth=()
    if [ -n "${PRICE_PORTAL_TOKEN:-}" ]; then
        auth=( -H "Authorization: Bearer ${PRICE_PORTAL_TOKEN}" )
    fi
    curl "${CURL_OPTS[@]}" "${auth[@]}" -o "$RAW" "$PORTAL$SHEET_PATH"
    info "fetched $(wc -l <"$RAW") lines"
}

map_columns() {
    local header i=1 col
    header="$(head -n1 "$RAW" | tr -d '\r')"
    IFS=',' read -r -a cols <<<"$header"
    for col in "${cols[@]}"; do
        COLUMNS["$col"]=$i
        i=$((i + 1))
    done
    for need in product_code description price_ex_vat; do
        if [ -z "${COLUMNS[$need]:-}" ]; then
            info "column $need missing from sheet"
            exit 1
        fi
    done
}

build_table() {
    local out="$WORK/table.tsv"
    tail -n +2 "$RAW" | tr -d '\r' | awk -F',' -v OFS='\t' -v vat="$VAT" \
        -v c="${COLUMNS[product_code]}" -v d="${COLUMNS[description]}" \
        -v p="${COLUMNS[price_ex_vat]}" '
        $c != "" { printf "%s\t%s\t%.2f\t%.2f\n", $c, $d, $p, $p * (1 + vat) }
    ' | sort -t $'\t' -k1,1 >"$out"
    {
        printf 'code\tdescription\tex_vat\tinc_vat\n'
        cat "$out"
    } >"$TABLE"
    info "wrote $(($(wc -l <"$TABLE") - 1)) products to $TABLE"
}

diff_previous() {
    local prev="$WORK/previous.tsv"
    if [ -f "$prev" ]; then
        diff <(cut -f1,3 "$prev") <(cut -f1,3 "$TABLE") | grep '^[<>]' || info "no price changes"
    fi
    cp "$TABLE" "$prev"
}

main() {
    fetch_sheet
    map_columns
    build_table
    diff_previous
}

main "$@"
