#!/usr/bin/env bash
# shop_price_feed.sh - refresh shop inventory prices from supplier feeds
#
# Downloads each supplier's CSV price list listed in suppliers.txt
# ("name url" per line), caches it under ./.feedcache keyed by the URL hash,
# and rewrites inventory.csv with the new cost and suggested retail price
# (cost * markup). Writes a change report to ./price_changes.csv.
#
# Usage: shop_price_feed.sh [-m MARKUP] [-s suppliers.txt] [-i inventory.csv] [-c]
#   -c  clear the feed cache first

set -euo pipefail

MARKUP="1.45"
SUPPLIERS="suppliers.txt"
INVENTORY="inventory.csv"
CACHE=".feedcache"
MAX_AGE_MIN=360
CLEAR=0

usage() { sed -n '2,11p' "$0" | cut -c3-; exit "${1:-0}"; }

while getopts ":m:s:i:ch" opt; do
    case $opt in
        m) MARKUP="$OPTARG" ;;
        s) SUPPLIERS="$OPTARG" ;;
        i) INVENTORY="$OPTARG" ;;
        c) CLEAR=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }

[[ -f "$SUPPLIERS" ]] || { log "no $SUPPLIERS"; exit 1; }
[[ -f "$INVENTORY" ]] || { log "no $INVENTORY"; exit 1; }

if (( CLEAR )); then
    rm -rf -- "$CACHE"
    log "feed cache cleared"
fi
mkdir -p "$CACHE"

cache_key() { printf '%s' "$1" | md5sum | cut -d' ' -f1; }

fetch_feed() {
    local url="$1" out
    out="$CACHE/$(cache_key "$url").csv"
    if [[ -s "$out" && -n "$(find "$out" -mmin -"$MAX_AGE_MIN" 2>/dev/null)" ]]; then
        log "cached: $url"
    else
        log "downloading: $url"
        if ! curl -fsSL --retry 3 --connect-timeout 10 --max-time 120 \
                -o "$out.part" "$url"; then
            log "download failed for $url, keeping old copy if any"
            rm -f "$out.part"
            [[ -s "$out" ]] || return 1
        else
            mv -f "$out.part" "$out"
        fi
    fi
    printf '%s\n' "$out"
}

# supplier feeds: sku,description,cost
merged="$CACHE/merged.csv"
: > "$merged"
while read -r name url; do
    [[ -z "${name:-}" || "$name" == \#* ]] && continue
    if feed="$(fetch_feed "$url")"; then
        tail -n +2 "$feed" | awk -F, -v s="$name" 'NF>=3 {print $1 "," $3 "," s}' >> "$merged"
    fi
done < "$SUPPLIERS"

log "$(wc -l < "$merged") supplier rows"

# inventory: sku,name,cost,price,barcode,supplier
awk -F, -v OFS=, -v markup="$MARKUP" -v report="price_changes.csv" '
    NR == FNR { cost[$1] = $2; sup[$1] = $3; next }
    FNR == 1  { print; print "sku,old_price,new_price,supplier" > report; next }
    ($1 in cost) {
        newp = sprintf("%.2f", int(cost[$1] * markup * 20 + 0.999) / 20 - 0.01)
        if (newp != $4) print $1, $4, newp, sup[$1] > report
        $3 = cost[$1]; $4 = newp; $6 = sup[$1]
    }
    { print }
' "$merged" "$INVENTORY" > "$INVENTORY.new"

mv -f "$INVENTORY" "$INVENTORY.bak"
mv -f "$INVENTORY.new" "$INVENTORY"
rm -f "$merged"
changes=$(( $(wc -l < price_changes.csv) - 1 ))
log "inventory updated, $changes price change(s) in price_changes.csv"
