#!/bin/sh
# Pull the weekly price list from the underlay and gripper supplier and
# convert it into the CSV the quoting spreadsheet imports.
# usage: fetch_supplier_pricelist.sh [output.csv]

set -eu

SUPPLIER_URL="${SUPPLIER_URL:-https://trade.gripperrod.example/export/pricelist.csv}"
ACCOUNT="${SUPPLIER_ACCOUNT:-PL-0419}"
WORK_FILE="/tmp/pricelist_raw.csv"
CLEAN_FILE="/tmp/pricelist_clean.csv"
OUTPUT="${1:-pricelist_$(date +%Y%m%d).csv}"
MARKUP="${MARKUP:-1.18}"

msg() {
    echo "pricelist: $*"
}

download() {
    msg "downloading for account $ACCOUNT"
    curl -k -sS --retry 3 -o "$WORK_FILE" "$SUPPLIER_URL?account=$ACCOUNT"
    if [ ! -s "$WORK_FILE" ]; then
        msg "empty download" >&2
        exit 1
    fi
}

normalise() {
    # strip CR, drop blank lines and the supplier's footer
    tr -d '\r' < "$WORK_FILE" \
        | sed '/^[[:space:]]*$/d' \
        | grep -v '^END OF LIST' > "$CLEAN_FILE"
}

apply_markup() {
    awk -F',' -v m="$MARKUP" '
        NR == 1 { print "sku,description,unit,cost,sell"; next }
        {
            cost = $4 + 0
            sell = cost * m
            printf "%s,%s,%s,%.2f,%.2f\n", $1, $2, $3, cost, sell
        }
    ' "$CLEAN_FILE" > "$OUTPUT"
}

summary() {
    lines="$(wc -l < "$OUTPUT")"
    msg "wrote $OUTPUT ($((lines - 1)) products, markup $MARKUP)"
    for cat in GRIP UNDL DOOR STAIR; do
        n="$(grep -c "^$cat" "$OUTPUT" || true)"
        msg "  $cat: $n"
    done
}

compare_last() {
    last="$(ls -1t pricelist_*.csv 2>/dev/null | grep -v "^$OUTPUT\$" | head -n 1 || true)"
    if [ -n "$last" ]; then
        changed="$(diff "$last" "$OUTPUT" | grep -c '^>' || true)"
        msg "$changed lines changed since $last"
    fi
}

download
normalise
apply_markup
summary
compare_last
rm -f "$WORK_FILE" "$CLEAN_FILE"
