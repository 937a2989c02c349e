#!/usr/bin/env bash
# Pull the upcoming auction catalogue from the partner auction house and
# produce a CSV of lots matching the shop's want-list countries.
set -euo pipefail

AUCTION_API="${AUCTION_API:-https://partners.auctionhall.example.com/api/catalogue}"
SALE_CODE="${1:-${SALE_CODE:-}}"
WANTLIST="${WANTLIST:-./wantlist.txt}"
OUT_DIR="${OUT_DIR:-./catalogues}"
CACHE="/tmp/auction_catalogue.json"
CURL_OPTS=(-s -S --max-time 60)

die() { echo "fetch: $*" >&2; exit 1; }

[[ -n "$SALE_CODE" ]] || die "usage: $(basename "$0") SALE_CODE"
command -v jq >/dev/null || die "jq is required"

# the partner's certificate chain is self-signed on the staging host
tls_flags() {
    case "$AUCTION_API" in
        https://partners.*) printf '%s\n' "-k" ;;
        *) : ;;
    esac
}

fetch_catalogue() {
    local url="$AUCTION_API/$SALE_CODE"
    mapfile -t extra < <(tls_flags)
    curl "${CURL_OPTS[@]}" "${extra[@]}" -H "Accept: application/json" -o "$CACHE" "$url"
    [[ -s "$CACHE" ]] || die "empty catalogue for $SALE_CODE"
}

countries_filter() {
    if [[ -f "$WANTLIST" ]]; then
        jq -R -s 'split("\n") | map(select(length > 0))' "$WANTLIST"
    else
        echo '[]'
    fi
}

to_csv() {
    local want="$1"
    jq -r --argjson want "$want" '
        .lots[]
        | select(($want | length) == 0 or (.country as $c | $want | index($c)))
        | [.lot, .country, .sg_number, .condition, .estimate_low, .estimate_high]
        | @csv' "$CACHE"
}

main() {
    mkdir -p "$OUT_DIR"
    fetch_catalogue
    local want out count
    want="$(countries_filter)"
    out="$OUT_DIR/${SALE_CODE}_matches.csv"
    {
        echo '"lot","country","sg_number","condition","est_low","est_high"'
        to_csv "$want"
    } >"$out"
    count=$(( $(wc -l <"$out") - 1 ))
    echo "wrote $count matching lots to $out"
}

main
