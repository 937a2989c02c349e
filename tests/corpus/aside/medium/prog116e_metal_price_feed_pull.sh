#!/usr/bin/env bash
# Pull spot prices (gold, silver, platinum, palladium) for the counter
# price board and the valuation tools, and work out per-gram prices for the
# fineness grades we buy and sell.  Runs from cron every 15 minutes during
# shop hours.
#
#   METALS_FEED_KEY   API key for the feed (required)
#   CURRENCY          quote currency, default GBP
#   DATA_DIR          where quotes and per-gram tables are kept
set -euo pipefail

FEED_BASE="${FEED_BASE:-https://feeds.metalsdesk.example.com/v1}"
FEED_KEY="${METALS_FEED_KEY:-}"
CURRENCY="${CURRENCY:-GBP}"
DATA_DIR="${DATA_DIR:-$HOME/.local/share/pricefeed}"
LOG_FILE="$DATA_DIR/refresh.log"
BOARD_FILE="/tmp/priceboard.csv"
TROY_OZ_G="31.1034768"

# The old counter PC has an out-of-date CA bundle; the feed rotates certs
# faster than we update it.
CURL_OPTS=(-fsS --max-time 20 --retry 2)
if [[ "${FEED_STRICT_TLS:-0}" != 1 ]]; then
    CURL_OPTS+=(-k)
fi

mkdir -p "$DATA_DIR"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"$LOG_FILE"; }
die() { log "ERROR: $*"; echo "price-feed: $*" >&2; exit 1; }

[[ -n "$FEED_KEY" ]] || die "METALS_FEED_KEY not set"

fetch_quotes() {
    local out="$1"
    curl "${CURL_OPTS[@]}" \
        -H "X-Api-Key: $FEED_KEY" \
        -H "Accept: application/json" \
        "$FEED_BASE/spot?symbols=XAU,XAG,XPT,XPD&currency=$CURRENCY" \
        -o "$out.part" || return 1
    mv "$out.part" "$out"
}

check_quotes() {
    local quotes="$1" n
    n="$(jq -r '.rates | length' "$quotes" 2>/dev/null || echo 0)"
    if (( n < 4 )); then
        log "feed returned only $n symbols"
        return 1
    fi
}

per_gram_table() {
    local quotes="$1" out="$2"
    {
        echo "metal,grade,fineness,per_gram_${CURRENCY}"
        jq -r '.rates | to_entries[] | "\(.key) \(.value)"' "$quotes" |
        while read -r sym per_oz; do
            case "$sym" in
                XAU) grades="9ct:0.375 14ct:0.585 18ct:0.750 22ct:0.916 24ct:0.999" ;;
                XAG) grades="sterling:0.925 britannia:0.958 fine:0.999" ;;
                XPT) grades="pt950:0.950 pt999:0.999" ;;
                XPD) grades="pd500:0.500 pd950:0.950" ;;
                *) continue ;;
            esac
            for g in $grades; do
                awk -v s="$sym" -v g="${g%%:*}" -v f="${g##*:}" -v p="$per_oz" -v oz="$TROY_OZ_G" \
                    'BEGIN { printf "%s,%s,%s,%.2f\n", s, g, f, p / oz * f }'
            done
        done
    } >"$out.part"
    mv "$out.part" "$out"
}

main() {
    local quotes="$DATA_DIR/spot-latest.json"
    local stamp; stamp="$(date +%Y%m%d-%H%M)"

    fetch_quotes "$quotes" || die "spot fetch failed"
    check_quotes "$quotes" || die "incomplete quote set"

    per_gram_table "$quotes" "$DATA_DIR/per-gram.csv"
    # the price board browser page polls this file
    cp "$DATA_DIR/per-gram.csv" "$BOARD_FILE"
    cp "$quotes" "$DATA_DIR/spot-$stamp.json"
    find "$DATA_DIR" -name 'spot-2*.json' -mtime +14 -delete

    log "refreshed $(jq -r '.rates | keys | join(",")' "$quotes") in $CURRENCY"
}

main "$@"
