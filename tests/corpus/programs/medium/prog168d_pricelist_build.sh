#!/usr/bin/env bash
# Builds the weekly trade price list from the yard stock export.
# Output: pricelist_<week>.txt and pricelist_<week>.csv in the current dir.

set -eu

EXPORT="${1:-yard_export.csv}"
WEEK="$(date +%G-W%V)"
SCRATCH="/tmp/nursery_pricelist"
MERGED="/tmp/nursery_pricelist.merged"
MARKUP="${TRADE_MARKUP:-1.35}"
MIN_QTY="${MIN_QTY:-10}"

note() { printf '[pricelist] %s\n' "$*" >&2; }

prepare() {
    rm -rf "$SCRATCH"
    mkdir -p "$SCRATCH"
    [ -f "$EXPORT" ] || { note "missing export $EXPORT"; exit 1; }
    tail -n +2 "$EXPORT" > "$SCRATCH/rows.csv"
    note "$(wc -l < "$SCRATCH/rows.csv") rows staged"
}

price_rows() {
    awk -F, -v m="$MARKUP" -v q="$MIN_QTY" '
        $7 + 0 >= q {
            printf "%s,%s %s,%s,%d,%.2f\n", $1, $2, $3, $5, $7, $8 * m
        }' "$SCRATCH/rows.csv" \
        | sort -t, -k2,2 -k3,3 > "$MERGED"
}

section_for() {
    local genus="$1"
    case "$genus" in
        Acer|Betula|Quercus|Tilia|Prunus) echo "Trees" ;;
        Buxus|Ilex|Taxus) echo "Hedging" ;;
        *) echo "Other" ;;
    esac
}

render_text() {
    local out="pricelist_${WEEK}.txt"
    local current="" sku name size qty price section
    {
        cat <<HEADER
Greenleaf Nursery - trade price list
Week ${WEEK}  (minimum ${MIN_QTY} available, prices excl. VAT)
HEADER
        while IFS=, read -r sku name size qty price; do
            section="$(section_for "${name%% *}")"
            if [ "$section" != "$current" ]; then
                printf '\n== %s ==\n' "$section"
                current="$section"
            fi
            printf '%-10s %-34s %-8s %6s %9s\n' "$sku" "$name" "$size" "$qty" "$price"
        done < "$MERGED"
    } > "$out"
    note "wrote $out"
}

render_csv() {
    local out="pricelist_${WEEK}.csv"
    {
        echo "sku,plant,size,available,trade_price"
        cat "$MERGED"
    } > "$out"
    note "wrote $out"
}

FORMATS=(text csv)

main() {
    prepare
    price_rows
    local f
    for f in "${FORMATS[@]}"; do
        "render_$f"
    done
    rm -f "$MERGED"
}

main
