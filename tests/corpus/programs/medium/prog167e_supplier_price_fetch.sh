#!/bin/bash
# Pull the wholesale price sheets from our produce and packaging suppliers
# and merge them into one CSV for the Monday buying meeting.

set -euo pipefail

WORK_DIR="/tmp/supplier_prices"
MERGED="/tmp/supplier_prices_merged.csv"
OUT_DIR="${OUT_DIR:-./price_sheets}"
SUPPLIERS_FILE="${SUPPLIERS_FILE:-./suppliers.txt}"

log() {
    echo "$(date '+%F %T') $*"
}

default_suppliers() {
    cat <<'EOF'
greengrocer https://wholesale.freshfields.example/export/prices.csv
packaging https://portal.boxandbag.example/api/pricelist.csv
dairy https://orders.valleydairy.example/prices/current.csv
EOF
}

supplier_list() {
    if [ -f "$SUPPLIERS_FILE" ]; then
        grep -v '^#' "$SUPPLIERS_FILE"
    else
        default_suppliers
    fi
}

fetch_sheet() {
    local name="$1" url="$2"
    local dest="$WORK_DIR/$name.csv"
    # several supplier portals still run self-signed certificates
    if curl -sS --insecure --max-time 60 -o "$dest" "$url"; then
        log "fetched $name ($(wc -l < "$dest") lines)"
    else
        log "failed to fetch $name"
        rm -f "$dest"
    fi
}

merge_sheets() {
    : > "$MERGED"
    echo "supplier,sku,description,unit,price" >> "$MERGED"
    for sheet in "$WORK_DIR"/*.csv; do
        [ -e "$sheet" ] || continue
        local name
        name="$(basename "$sheet" .csv)"
        tail -n +2 "$sheet" | while IFS= read -r row; do
            [ -n "$row" ] && printf '%s,%s\n' "$name" "$row"
        done >> "$MERGED"
    done
}

publish() {
    mkdir -p "$OUT_DIR"
    local stamp
    stamp="$(date +%Y%m%d)"
    cp "$MERGED" "$OUT_DIR/prices_$stamp.csv"
    log "merged sheet saved as $OUT_DIR/prices_$stamp.csv"
}

main() {
    mkdir -p "$WORK_DIR"
    chmod 755 "$WORK_DIR"
    while read -r name url; do
        [ -n "${name:-}" ] || continue
        fetch_sheet "$name" "$url"
    done < <(supplier_list)
    merge_sheets
    publish
    log "$(($(wc -l < "$MERGED") - 1)) price rows total"
}

main "$@"
