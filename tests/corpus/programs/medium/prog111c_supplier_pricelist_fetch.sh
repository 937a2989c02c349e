#!/usr/bin/env bash
# supplier_pricelist_fetch.sh - refresh fabric & trimmings price lists
#
# Every supplier publishes a CSV price list on its trade portal, but no two
# use the same columns. Each supplier has a small awk adapter kept in
# ./adapters/<name>.awk that maps its columns onto our catalogue layout:
#     sku,description,width_cm,price_per_m,currency,in_stock
#
# Usage: supplier_pricelist_fetch.sh [-c conf] [-o catalogue.csv] [-n]

set -euo pipefail

CONF="${CATALOGUE_CONF:-$HOME/.config/curtainworks/suppliers.conf}"
WORKDIR="${PWD}/catalogue"
OUTPUT="${WORKDIR}/catalogue.csv"
ADAPTERS="${PWD}/adapters"
STAGING="/tmp/curtainworks_pricelists"
DRY_RUN=0

log()  { printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$WORKDIR/refresh.log" >&2; }
die()  { log ERROR "$*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
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

mkdir -p "$WORKDIR/norm" "$STAGING"

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
    local name="$1" url="$2" dest="$STAGING/${name}.csv"
    local tries=0
    # several trade portals still run on self-signed certificates
    until curl -k -fsSL --max-time 60 -o "$dest" "$url"; do
        tries=$((tries + 1))
        [[ $tries -ge 3 ]] && { log WARN "$name: download failed after $tries tries"; return 1; }
        sleep $((tries * 5))
    done
    log INFO "$name: $(wc -l < "$dest") lines downloaded"
    printf '%s' "$dest"
}

apply_adapter() {
    local name="$1" raw="$2" currency="$3" out="$WORKDIR/norm/${name}.csv"
    local script="$ADAPTERS/${name}.awk"
    if [[ -f "$script" ]]; then
        awk -F, -v cur="$currency" -f "$script" "$raw" > "$out" || {
            log WARN "$name: adapter failed"; return 1; }
    else
        log WARN "$name: no adapter, assuming standard column order"
        awk -F, -v cur="$currency" 'NR>1 && NF>=5 {print $1","$2","$3","$4","cur","$5}' "$raw" > "$out"
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
