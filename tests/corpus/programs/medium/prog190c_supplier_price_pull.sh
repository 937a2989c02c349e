#!/usr/bin/env bash
# supplier_price_pull.sh - fetch the tonewood and string supplier price lists
# and print what changed since last week. The supplier's portal has had a
# self-signed certificate for years, hence the relaxed TLS.
set -euo pipefail

SUPPLIER="${SUPPLIER_HOST:-portal.tonewood-supply.example.com}"
WORK=/tmp/harp_prices
ARCHIVE="$WORK/pricelists.tar.gz"
PREV="${PREV_DIR:-$HOME/office/prices/previous}"
REPORT="${REPORT:-price_changes.txt}"

declare -a CURL_OPTS=( -fsS --max-time 60 )
tls_mode() { printf -- '-%s' "k"; }
CURL_OPTS+=( "$(tls_mode)" )

lists=( spruce maple strings hardware )

fetch() {
    local user="${SUPPLIER_USER:?set SUPPLIER_USER}" pass="${SUPPLIER_PASS:?set SUPPLIER_PASS}"
    mkdir -p "$WORK"
    curl "${CURL_OPTS[@]}" -u "$user:$pass" -o "$ARCHIVE" \
        "https://$SUPPLIER/export/pricelists.tar.gz"
    tar -xzf "$ARCHIVE" -C "$WORK"
}

diff_list() {
    local name=$1 new="$WORK/$1.csv" old="$PREV/$1.csv"
    [[ -f "$new" ]] || { echo "  (no $name list in archive)"; return; }
    [[ -f "$old" ]] || { echo "  (no previous $name list)"; return; }
    join -t, -1 1 -2 1 <(sort -t, -k1,1 "$old") <(sort -t, -k1,1 "$new") |
        awk -F, -v list="$name" '
            $3 != $5 {
                pct = ($3 > 0) ? (($5 - $3) / $3 * 100) : 0
                printf "  %-10s %-28s %8.2f -> %8.2f (%+.1f%%)\n", list, $2, $3, $5, pct
            }'
}

rotate() {
    mkdir -p "$PREV"
    local n
    for n in "${lists[@]}"; do
        [[ -f "$WORK/$n.csv" ]] && cp "$WORK/$n.csv" "$PREV/$n.csv"
    done
}

main() {
    fetch
    {
        echo "Price changes $(date +%F) from $SUPPLIER"
        for n in "${lists[@]}"; do
            diff_list "$n"
        done
    } | tee "$REPORT"
    rotate
    echo "report written to $REPORT"
}

main "$@"
