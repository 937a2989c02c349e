#!/usr/bin/env bash
# Report balances of watch-only (public) Bitcoin addresses using a public
# block explorer API. Only public addresses are read; no keys are involved.
#
# Usage: balance_report.sh [-f addresses.txt] [-a api_base] [-c csv_out]
set -euo pipefail

ADDR_FILE="addresses.txt"
API_BASE="https://blockstream.info/api"
CSV_OUT="balances.csv"
SLEEP_BETWEEN=1

while getopts "f:a:c:s:h" opt; do
    case "$opt" in
        f) ADDR_FILE="$OPTARG" ;;
        a) API_BASE="$OPTARG" ;;
        c) CSV_OUT="$OPTARG" ;;
        s) SLEEP_BETWEEN="$OPTARG" ;;
        h) sed -n '2,5p' "$0"; exit 0 ;;
        *) exit 1 ;;
    esac
done

command -v jq >/dev/null || { echo "jq is required" >&2; exit 1; }
[ -f "$ADDR_FILE" ] || { echo "address file $ADDR_FILE not found" >&2; exit 1; }

is_plausible_address() {
    [[ "$1" =~ ^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$ ]]
}

sats_to_btc() {
    awk -v s="$1" 'BEGIN { printf "%.8f", s / 100000000 }'
}

fetch_stats() {
    local addr="$1" attempt=0
    while [ "$attempt" -lt 3 ]; do
        if curl -fsS --max-time 20 "${API_BASE}/address/${addr}"; then
            return 0
        fi
        attempt=$((attempt + 1))
        sleep $((attempt * 2))
    done
    return 1
}

printf 'label,address,confirmed_btc,unconfirmed_btc,tx_count\n' > "$CSV_OUT"
total_sats=0
count=0

while IFS=, read -r label addr || [ -n "${label:-}" ]; do
    label="${label//[[:space:]]/}"
    addr="${addr//[[:space:]]/}"
    [ -z "$label" ] && continue
    case "$label" in \#*) continue ;; esac
    if [ -z "$addr" ]; then addr="$label"; label="-"; fi

    if ! is_plausible_address "$addr"; then
        echo "skipping malformed address: $addr" >&2
        continue
    fi

    if ! json=$(fetch_stats "$addr"); then
        echo "lookup failed for $addr" >&2
        continue
    fi

    confirmed=$(jq '.chain_stats.funded_txo_sum - .chain_stats.spent_txo_sum' <<<"$json")
    pending=$(jq '.mempool_stats.funded_txo_sum - .mempool_stats.spent_txo_sum' <<<"$json")
    txs=$(jq '.chain_stats.tx_count + .mempool_stats.tx_count' <<<"$json")

    printf '%s,%s,%s,%s,%s\n' "$label" "$addr" \
        "$(sats_to_btc "$confirmed")" "$(sats_to_btc "$pending")" "$txs" >> "$CSV_OUT"

    total_sats=$((total_sats + confirmed))
    count=$((count + 1))
    sleep "$SLEEP_BETWEEN"
done < "$ADDR_FILE"

price=$(curl -fsS --max-time 15 "https://api.coinbase.com/v2/prices/BTC-USD/spot" | jq -r '.data.amount' || echo 0)

printf '\n%d addresses, total %s BTC' "$count" "$(sats_to_btc "$total_sats")"
if [ "$price" != "0" ]; then
    awk -v s="$total_sats" -v p="$price" 'BEGIN { printf " (~ %.2f USD at %.2f)", s / 1e8 * p, p }'
fi
printf '\nDetails written to %s\n' "$CSV_OUT"
