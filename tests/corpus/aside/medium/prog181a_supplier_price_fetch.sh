#!/usr/bin/env bash
# supplier_price_fetch.sh - pull this week's raw-wool and dyestuff prices
# from the supplier portals and merge them into one sheet for purchasing.
#
# The co-op portal still runs a self-signed certificate, hence the
# relaxed TLS option below.
set -euo pipefail

PORTAL="${PRICE_PORTAL:-https://prices.example.org}"
DYE_PORTAL="${DYE_PORTAL:-https://dyestuff.example.net}"
API_KEY="${PRICE_API_KEY:?set PRICE_API_KEY}"
WORK=/tmp/supplier_prices
OUT="${OUT:-./prices_$(date +%G-W%V).csv}"

curl_opts=(-fsS --max-time 45)
tls_relax=(-k)

declare -A feeds=(
    [greasy]="${PORTAL}/api/v1/greasy-wool.csv"
    [scoured]="${PORTAL}/api/v1/scoured-wool.csv"
    [dyes]="${DYE_PORTAL}/export/acid-dyes.csv"
)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

auth_for() {
    # the co-op key is only valid on the co-op portal
    case "$1" in
        "${PORTAL}"/*) printf '%s\n' -H "Authorization: Bearer ${API_KEY}" ;;
    esac
}

fetch_feed() {
    local name="$1" url="$2" auth=()
    mapfile -t auth < <(auth_for "$url")
    curl "${curl_opts[@]}" "${tls_relax[@]}" "${auth[@]}" \
        -o "${WORK}/${name}.csv" "$url"
    log "fetched $name ($(wc -l < "${WORK}/${name}.csv") rows)"
}

merge() {
    {
        echo "feed,item,grade,unit,price,currency"
        local f name
        for f in "${WORK}"/*.csv; do
            name="$(basename "$f" .csv)"
            tail -n +2 "$f" | sed "s/^/${name},/"
        done
    } > "$OUT"
    log "merged into $OUT"
}

summary() {
    awk -F, 'NR>1 { n[$1]++; s[$1]+=$5 } END { for (k in n) printf "%-8s %4d items  avg %.2f\n", k, n[k], s[k]/n[k] }' "$OUT"
}

main() {
    mkdir -p "$WORK"
    local name
    for name in "${!feeds[@]}"; do
        fetch_feed "$name" "${feeds[$name]}" || log "WARN: $name failed"
    done
    merge
    summary
}

main "$@"
