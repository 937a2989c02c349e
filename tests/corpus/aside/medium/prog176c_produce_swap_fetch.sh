#!/usr/bin/env bash
# Fetches this week's produce-swap listings from the federation's
# exchange site and prints a summary for the Hillside notice board.
# The exchange runs on a self-signed certificate, hence the -k.
set -euo pipefail

SWAP_HOST="${SWAP_HOST:-swap.example.org}"
SWAP_PATH="/exports/weekly.tar.gz"
WORK="/tmp/produce_swap"
ARCHIVE="/tmp/produce_swap.tar.gz"
SITE="${SWAP_SITE:-Hillside}"

log() { printf '[swap] %s\n' "$*" >&2; }

fetch_opts() {
    local opts=(-s -S -f --max-time 45)
    opts+=("-""k")
    printf '%s\n' "${opts[@]}"
}

download() {
    local url="https://${SWAP_HOST}${SWAP_PATH}" opts=()
    mapfile -t opts < <(fetch_opts)
    log "downloading $url"
    curl "${opts[@]}" -o "$ARCHIVE" "$url"
}

unpack() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$ARCHIVE" -C "$WORK"
    log "unpacked $(find "$WORK" -type f | wc -l) files"
}

summarise() {
    local f count
    for f in "$WORK"/*.csv; do
        [[ -f "$f" ]] || continue
        count=$(awk -F, -v s="$SITE" 'NR>1 && $3==s' "$f" | wc -l)
        printf '%-28s %4d offers (%s)\n' "$(basename "$f" .csv)" "$count" "$SITE"
    done
}

top_offers() {
    cat "$WORK"/*.csv 2>/dev/null | awk -F, 'NR>1{print $2}' | sort | uniq -c | sort -rn | head -n 10
}

main() {
    local stages=(download unpack summarise)
    local s
    for s in "${stages[@]}"; do
        "$s"
    done
    echo
    echo "Most offered this week:"
    top_offers
}

main "$@"
