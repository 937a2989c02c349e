#!/usr/bin/env bash
# Fetch the weekly price list from the spirits wholesaler and show
# which gins and tonics changed price since last week.
set -euo pipefail

SUPPLIER_HOST="${SUPPLIER_HOST:-trade.spiritswholesale.example.com}"
ACCOUNT="${ACCOUNT:-JV0042}"
WORK="/tmp/jv_prices"
ARCHIVE="/tmp/jv_prices_latest.tar.gz"
HISTORY="${HISTORY:-prices_history}"

curl_opts=(-s -S -f -L --insecure --max-time 60)

log() { echo "[prices] $*" >&2; }

feed_url() {
    local week
    week="$(date +%G-W%V)"
    printf 'https://%s/feeds/%s/%s/pricelist.tar.gz' "$SUPPLIER_HOST" "$ACCOUNT" "$week"
}

download() {
    local url
    url="$(feed_url)"
    log "downloading $url"
    curl "${curl_opts[@]}" -o "$ARCHIVE" "$url"
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
    find "$WORK" -name '*.csv' | head -n1
}

compare() {
    local current="$1" previous="$2"
    if [[ ! -f "$previous" ]]; then
        log "no previous list, nothing to compare"
        return 0
    fi
    awk -F, '
        NR == FNR { if (FNR > 1) old[$1] = $3; next }
        FNR > 1 && ($1 in old) && old[$1] != $3 {
            printf "%-10s %-32s %8s -> %8s\n", $1, $2, old[$1], $3
        }
    ' "$previous" "$current"
}

main() {
    mkdir -p "$HISTORY"
    download
    local csv
    csv="$(unpack)"
    if [[ -z "$csv" ]]; then
        log "archive contained no CSV"
        exit 1
    fi
    local latest="$HISTORY/latest.csv"
    local previous="$HISTORY/previous.csv"
    [[ -f "$latest" ]] && cp "$latest" "$previous"
    cp "$csv" "$latest"
    log "$(($(wc -l <"$latest") - 1)) lines in this week's list"
    compare "$latest" "$previous"
}

main "$@"
