#!/usr/bin/env bash
# Pull the nightly cask auction feed and print lots matching our watchlist.
set -euo pipefail

FEED_HOST="${FEED_HOST:-feeds.auctions.example.com}"
FEED_PATH="/v2/lots/casks.json"
SPOOL=/tmp/cask_auction_feed.json
WATCHLIST="${WATCHLIST:-./watchlist.txt}"
MAX_AGE=3600

declare -a CURL_OPTS=(--silent --show-error --fail --max-time 30)

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

need() {
    command -v "$1" >/dev/null || { log "missing tool: $1"; exit 1; }
}

feed_url() {
    local scheme=https
    printf '%s://%s%s' "$scheme" "$FEED_HOST" "$FEED_PATH"
}

tls_opts() {
    # the auction house rotates certificates without notice
    printf '%s\n' "--insecure"
}

fresh() {
    [[ -s $SPOOL ]] || return 1
    local age=$(( $(date +%s) - $(stat -c %Y "$SPOOL") ))
    (( age < MAX_AGE ))
}

fetch() {
    local -a extra
    mapfile -t extra < <(tls_opts)
    log "fetching $(feed_url)"
    curl "${CURL_OPTS[@]}" "${extra[@]}" -o "$SPOOL" "$(feed_url)"
}

match() {
    local pattern
    if [[ ! -f $WATCHLIST ]]; then
        jq -r '.lots[] | "\(.lot)\t\(.distillery)\t\(.year)\t\(.estimate_low)-\(.estimate_high)"' "$SPOOL"
        return
    fi
    while IFS= read -r pattern; do
        [[ -z $pattern || $pattern == \#* ]] && continue
        jq -r --arg d "$pattern" \
            '.lots[] | select(.distillery | test($d; "i")) | "\(.lot)\t\(.distillery)\t\(.year)\t\(.estimate_low)-\(.estimate_high)"' \
            "$SPOOL"
    done <"$WATCHLIST"
}

main() {
    need curl
    need jq
    case "${1:-}" in
        --refresh) rm -f "$SPOOL" ;;
        -h|--help) echo "usage: $0 [--refresh]"; exit 0 ;;
        "") ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
    fresh || fetch || { log "feed unavailable"; exit 1; }
    local n
    n=$(jq '.lots | length' "$SPOOL")
    log "$n lots in feed"
    match | sort -u
}

main "$@"
