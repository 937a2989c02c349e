#!/usr/bin/env bash
# onix_feed_fetch.sh - pull the distributor's ONIX 3.0 delta feed into ./feeds
#
# Usage: ./onix_feed_fetch.sh [-c sync.conf] [-n]
#   -c FILE   config file (default ./sync.conf)
#   -n        dry run: list what would be fetched
#
# The distributor publishes one gzipped ONIX delta per day plus a SHA256SUMS
# manifest.  Verified deltas are unpacked next to the archives so the
# catalogue importer can pick them up.

set -euo pipefail

CONF="./sync.conf"
DRY_RUN=0
FEED_BASE="https://feeds.bookdata-dist.example/onix/3.0"
ACCOUNT_ID=""
FEED_DIR="./feeds"
KEEP_DAYS=30
LOG_FILE="./onix_sync.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE" >&2; }
die() { log "ERROR: $*"; exit 1; }

while getopts ":c:n" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-c conf] [-n]" >&2; exit 64 ;;
    esac
done

read_conf() {
    local key val
    [[ -r "$CONF" ]] || return 0
    while IFS='=' read -r key val; do
        [[ "$key" =~ ^[A-Z_]+$ ]] || continue
        val="${val%\"}"; val="${val#\"}"
        case "$key" in
            FEED_BASE|ACCOUNT_ID|FEED_DIR|KEEP_DAYS|MAPPING_VERSION) printf -v "$key" '%s' "$val" ;;
        esac
    done < "$CONF"
}
MAPPING_VERSION=""
read_conf
[[ -n "$ACCOUNT_ID" ]] || die "ACCOUNT_ID not set in $CONF"
[[ -n "${ONIX_FEED_TOKEN:-}" ]] || die "ONIX_FEED_TOKEN not set"

mkdir -p "$FEED_DIR"
STATE="$FEED_DIR/.last_sync"
since="$(cat "$STATE" 2>/dev/null || date -d '7 days ago' +%F)"
today="$(date +%F)"

fetch() {
    # fetch URL DEST
    curl --fail --silent --show-error --location --retry 3 --max-time 120 \
         -H "Authorization: Bearer ${ONIX_FEED_TOKEN}" -o "$2" "$1"
}

sync_feeds() {
    local sums="$FEED_DIR/SHA256SUMS"
    fetch "$FEED_BASE/$ACCOUNT_ID/SHA256SUMS" "$sums" || die "manifest download failed"
    local d="$since" n=0
    while [[ "$d" < "$today" || "$d" == "$today" ]]; do
        local name="delta-${d}.xml.gz"
        if grep -q " ${name}\$" "$sums"; then
            if (( DRY_RUN )); then
                log "would fetch $name"
            elif [[ ! -s "$FEED_DIR/$name" ]]; then
                fetch "$FEED_BASE/$ACCOUNT_ID/$name" "$FEED_DIR/$name" && n=$((n + 1))
            fi
        fi
        d="$(date -d "$d + 1 day" +%F)"
    done
    (( DRY_RUN )) && return 0
    ( cd "$FEED_DIR" && sha256sum --ignore-missing --quiet -c SHA256SUMS ) \
        || die "checksum mismatch in $FEED_DIR"
    log "fetched $n new delta file(s)"
}

unpack_feeds() {
    local gz xml
    for gz in "$FEED_DIR"/delta-*.xml.gz; do
        [[ -e "$gz" ]] || continue
        xml="${gz%.gz}"
        [[ -s "$xml" ]] && continue
        gzip -dc "$gz" > "$xml.part" && mv "$xml.part" "$xml"
        log "unpacked $(basename "$xml")"
    done
}

prune_old() {
    find "$FEED_DIR" -maxdepth 1 -name 'delta-*.xml*' -mtime +"$KEEP_DAYS" -print -delete \
        | while read -r f; do log "pruned $f"; done
}

sync_feeds
if (( ! DRY_RUN )); then
    unpack_feeds
    prune_old
    echo "$today" > "$STATE"
fi
log "sync complete"
