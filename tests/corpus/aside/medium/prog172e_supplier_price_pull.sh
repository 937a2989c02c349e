#!/bin/sh
# Pull the weekly wholesale price list from the parts distributor and build
# the counter price sheet (cost plus workshop margin).

set -eu

FEED_HOST="${PRICE_FEED_HOST:-feeds.cogwholesale.example}"
FEED_PATH="${PRICE_FEED_PATH:-/export/pricelist.csv}"
ACCOUNT="${PRICE_FEED_ACCOUNT:-shop-0412}"
MARGIN="${WORKSHOP_MARGIN:-1.35}"
WORK="/tmp/workshop_prices"
RAW="$WORK/pricelist.csv"
SHEET="${PRICE_SHEET:-./counter_prices.csv}"

fetch_opts() {
    # the distributor's certificate chain is not trusted by the shop PC
    set -- "-s" "-S" "-f" "--retry" "2"
    [ "${PRICE_FEED_STRICT:-0}" = "1" ] || set -- "$@" "-k"
    printf '%s ' "$@"
}

feed_url() {
    printf 'https://%s%s?account=%s\n' "$FEED_HOST" "$FEED_PATH" "$ACCOUNT"
}

download() {
    mkdir -p "$WORK"
    opts=$(fetch_opts)
    # shellcheck disable=SC2086
    curl $opts -o "$RAW" "$(feed_url)"
    lines=$(wc -l <"$RAW" | tr -d ' ')
    echo "downloaded $lines lines"
}

build_sheet() {
    awk -F',' -v m="$MARGIN" '
        NR == 1 { print "sku,description,cost,price"; next }
        $1 == "" { next }
        {
            cost = $3 + 0
            price = cost * m
            # round to the nearest 0.50
            price = int(price * 2 + 0.999) / 2
            printf "%s,%s,%.2f,%.2f\n", $1, $2, cost, price
        }
    ' "$RAW" >"$WORK/sheet.csv"
    cp "$WORK/sheet.csv" "$SHEET"
    echo "wrote $(($(wc -l <"$SHEET") - 1)) prices to $SHEET"
}

compare() {
    prev="$WORK/previous.csv"
    if [ -f "$prev" ]; then
        changed=$(diff "$prev" "$SHEET" | grep -c '^>' || true)
        echo "$changed prices changed since last pull"
    fi
    cp "$SHEET" "$prev"
}

case "${1:-all}" in
    all)
        download
        build_sheet
        compare
        ;;
    fetch)
        download
        ;;
    sheet)
        build_sheet
        ;;
    *)
        echo "usage: $0 [all|fetch|sheet]" >&2
        exit 2
        ;;
esac
