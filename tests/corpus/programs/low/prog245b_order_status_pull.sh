#!/usr/bin/env bash
# order_status_pull.sh - pull open web-shop orders for the morning build plan
#
# Fetches open orders from the shop API (key from SHOP_API_KEY), saves the
# raw JSON under ./orders/, and prints a build plan grouped by harp model so
# the CNC work for the day can be batched (all lever-harp necks together).
set -euo pipefail

API_BASE="${API_BASE:-https://shop.example.com/api/v2}"
OUT_DIR="${OUT_DIR:-./orders}"
CACHE_DIR="./.order_cache"
KEEP_DAYS="${KEEP_DAYS:-14}"
STATUS="${STATUS:-new}"

log() { echo "[$(date +%T)] $*" >&2; }

usage() {
    echo "usage: $0 [-s status] [-o out_dir] [--clean-cache]"
}

CLEAN_CACHE=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        -s) STATUS="$2"; shift 2 ;;
        -o) OUT_DIR="$2"; shift 2 ;;
        --clean-cache) CLEAN_CACHE=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

if [[ -z "${SHOP_API_KEY:-}" ]]; then
    log "SHOP_API_KEY not set"
    exit 2
fi
command -v jq >/dev/null || { log "jq is required"; exit 2; }

mkdir -p "$OUT_DIR" "$CACHE_DIR"

fetch_page() {
    local page="$1" dest="$2"
    curl -sS --fail --max-time 20 \
        -H "Authorization: Bearer ${SHOP_API_KEY}" \
        -H "Accept: application/json" \
        -o "$dest" \
        "${API_BASE}/orders?status=${STATUS}&page=${page}"
}

fetch_all() {
    local page=1 stamp combined
    stamp=$(date +%Y%m%d)
    combined="$OUT_DIR/orders-${STATUS}-${stamp}.json"
    echo '[]' > "$combined"
    while :; do
        local part="$CACHE_DIR/page-${page}.json"
        if ! fetch_page "$page" "$part"; then
            log "request for page $page failed"
            return 1
        fi
        local n
        n=$(jq '.orders | length' "$part")
        (( n == 0 )) && break
        jq -s '.[0] + .[1].orders' "$combined" "$part" > "$combined.new"
        mv "$combined.new" "$combined"
        log "page $page: $n order(s)"
        page=$((page + 1))
        (( page > 50 )) && { log "stopping after 50 pages"; break; }
    done
    echo "$combined"
}

build_plan() {
    local file="$1"
    echo "Build plan for $(date +%A\ %d\ %B) - status '$STATUS'"
    echo "---------------------------------------------"
    jq -r 'group_by(.model)[] |
           "\(.[0].model): \(length) harp(s)  [" +
           (map(.order_no) | join(", ")) + "]"' "$file"
    echo
    echo "Total strings to source: $(jq '[.[].strings] | add // 0' "$file")"
}

prune_old() {
    find "$OUT_DIR" -name 'orders-*.json' -mtime +"$KEEP_DAYS" -delete
    if (( CLEAN_CACHE )); then
        rm -rf -- "$CACHE_DIR"
        log "cache cleared"
    fi
}

main() {
    local file
    file=$(fetch_all) || exit 1
    build_plan "$file"
    prune_old
    log "saved $file"
}

main
