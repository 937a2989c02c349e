#!/usr/bin/env bash
# nightly_feed_fetch.sh - pull the vendor's nightly price feed and unpack the
# CSV files into ./data/feed/<date>/ for the import job.
#
# The vendor still publishes over anonymous FTP; their HTTPS mirror uses a self-signed
# certificate, so verification is switched off for it.
set -eu

FEED_HOST="${FEED_HOST:-feeds.vendor-example.net}"
FEED_PROTO="${FEED_PROTO:-ftp}"
STAGE="/tmp/nightly_feed.tar.gz"
DEST_ROOT="./data/feed"
KEEP_DAYS=7

log() { echo "[$(date '+%F %T')] $*"; }
die() { log "ERROR: $*"; exit 1; }

feed_url() {
    local day="$1"
    case "$FEED_PROTO" in
        ftp)   echo "ftp://${FEED_HOST}/pub/prices/prices-${day}.tar.gz" ;;
        https) echo "https://${FEED_HOST}/mirror/prices-${day}.tar.gz" ;;
        *)     die "unknown protocol $FEED_PROTO" ;;
    esac
}

download() {
    local url="$1"
    log "downloading $url"
    if [ "$FEED_PROTO" = "ftp" ]; then
        curl -fsS --max-time 300 --ftp-pasv -o "$STAGE" "$url"
    else
        curl -fsSk --max-time 300 -o "$STAGE" "$url"
    fi
}

verify_archive() {
    tar -tzf "$STAGE" > /tmp/nightly_feed.list || die "archive is corrupt"
    if grep -qE '(^/|\.\./)' /tmp/nightly_feed.list; then
        die "archive contains unsafe paths"
    fi
    local n
    n=$(grep -c '\.csv$' /tmp/nightly_feed.list || true)
    [ "$n" -gt 0 ] || die "no CSV files in archive"
    log "archive holds $n CSV files"
}

unpack() {
    local day="$1" dest="$DEST_ROOT/$1"
    mkdir -p "$dest"
    tar -xzf "$STAGE" -C "$dest" --wildcards '*.csv'
    log "unpacked into $dest"
}

rotate() {
    find "$DEST_ROOT" -mindepth 1 -maxdepth 1 -type d -mtime +"$KEEP_DAYS" -print | while read -r old; do
        log "removing old feed $old"
        rm -rf -- "$old"
    done
}

main() {
    local day="${1:-$(date -d yesterday +%Y%m%d 2>/dev/null || date +%Y%m%d)}"
    mkdir -p "$DEST_ROOT"
    local attempt=1
    until download "$(feed_url "$day")"; do
        [ "$attempt" -ge 3 ] && die "giving up after $attempt attempts"
        attempt=$((attempt + 1))
        log "retry $attempt in 60s"
        sleep 60
    done
    verify_archive
    unpack "$day"
    rotate
    rm -f "$STAGE" /tmp/nightly_feed.list
    log "done"
}

main "$@"
