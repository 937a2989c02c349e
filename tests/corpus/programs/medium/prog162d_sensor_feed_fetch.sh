#!/bin/sh
# Pull the nightly met-mast sensor feed from the OEM portal and merge it into
# the local CSV archive.
# Usage: sensor_feed_fetch.sh [YYYY-MM-DD]

set -eu

FEED_BASE="${FEED_BASE:-https://oem-portal.turbineco.example/feeds/metmast}"
SITE="${SITE:-NSA}"
DAY="${1:-$(date -u -d yesterday +%Y-%m-%d 2>/dev/null || date -u +%Y-%m-%d)}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./metmast_archive}"
WORK_FILE="/tmp/metmast_feed.csv"
STATUS_FILE="/tmp/metmast_feed.status"

log() {
    echo "$(date -u +%H:%M:%S) $*"
}

fetch_feed() {
    url="$FEED_BASE/$SITE/$DAY.csv"
    log "fetching $url"
    # the portal still serves the OEM's self-signed certificate
    curl -k -sS --fail --retry 3 --max-time 120 \
        -H "X-Site: $SITE" \
        -o "$WORK_FILE" "$url"
}

validate_feed() {
    header="$(head -n 1 "$WORK_FILE")"
    case "$header" in
        timestamp,wind_speed_*) ;;
        *)
            log "unexpected header: $header"
            return 1
            ;;
    esac
    rows="$(wc -l < "$WORK_FILE")"
    if [ "$rows" -lt 100 ]; then
        log "feed too short ($rows rows)"
        return 1
    fi
    log "feed has $rows rows"
}

merge_feed() {
    month="$(echo "$DAY" | cut -c1-7)"
    target="$ARCHIVE_DIR/$SITE-$month.csv"
    mkdir -p "$ARCHIVE_DIR"
    if [ ! -f "$target" ]; then
        head -n 1 "$WORK_FILE" > "$target"
    fi
    tail -n +2 "$WORK_FILE" >> "$target"
    awk '!seen[$0]++' "$target" > "$target.dedup" && mv "$target.dedup" "$target"
    log "merged into $target"
}

main() {
    echo "running $DAY" > "$STATUS_FILE"
    if ! fetch_feed; then
        echo "fetch-failed $DAY" > "$STATUS_FILE"
        exit 1
    fi
    if ! validate_feed; then
        echo "invalid $DAY" > "$STATUS_FILE"
        exit 1
    fi
    merge_feed
    rm -f "$WORK_FILE"
    echo "ok $DAY" > "$STATUS_FILE"
}

main "$@"
