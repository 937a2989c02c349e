#!/usr/bin/env bash
# supplier_pricelist_pull.sh - grab this month's price lists from the tyre
# and engine suppliers and produce one merged CSV for purchasing.
# The tyre supplier's portal uses a self-signed certificate, hence -k.
set -euo pipefail

WORK=/tmp/kart_pricelists
MERGED="${MERGED_OUT:-./pricelist_$(date +%Y%m).csv}"
MONTH=$(date +%Y-%m)

declare -A SUPPLIERS=(
    [tyres]="https://portal.tyre-supply.example/export/${MONTH}/prices.tar.gz"
    [engines]="https://dealers.engine-parts.example/pricing/${MONTH}.tar.gz"
    [chassis]="https://b2b.tube-works.example/lists/current.tar.gz"
)

CURL_OPTS=(-fsS --retry 2 --max-time 60 -k)
[[ -n ${SUPPLIER_TOKEN:-} ]] && CURL_OPTS+=(-H "Authorization: Bearer ${SUPPLIER_TOKEN}")

info() { echo "[pricelist] $*" >&2; }

fetch() {
    local name=$1 url=$2
    local archive="$WORK/${name}.tar.gz"
    curl "${CURL_OPTS[@]}" -o "$archive" "$url"
    mkdir -p "$WORK/$name"
    tar -xzf "$archive" -C "$WORK/$name"
    info "$name: $(find "$WORK/$name" -name '*.csv' | wc -l) csv file(s)"
}

normalise() {
    local name=$1 f
    while IFS= read -r -d '' f; do
        tail -n +2 "$f" | awk -F',' -v s="$name" 'NF>=3 {printf "%s,%s,%s,%s\n", s, $1, $2, $3}'
    done < <(find "$WORK/$name" -name '*.csv' -print0)
}

main() {
    rm -rf "$WORK"
    mkdir -p "$WORK"

    local name
    for name in "${!SUPPLIERS[@]}"; do
        if ! fetch "$name" "${SUPPLIERS[$name]}"; then
            info "WARNING: $name download failed, keeping last month's figures"
        fi
    done

    {
        echo "supplier,part_no,description,unit_price"
        for name in "${!SUPPLIERS[@]}"; do
            [[ -d $WORK/$name ]] && normalise "$name"
        done
    } > "$MERGED"

    info "merged $(($(wc -l < "$MERGED") - 1)) rows into $MERGED"
}

main "$@"
