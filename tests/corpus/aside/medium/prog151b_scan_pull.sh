#!/bin/sh
# Pull the weekly batch of archive scans back from the digitisation bureau
# and push the approved ones to the old archive box in the office.
#
# The bureau's download portal uses a self-signed certificate and the
# office archive box only speaks FTP, hence the settings below. The FTP
# login comes from the operator's ~/.netrc entry for the archive host.

set -eu

BUREAU_URL="${BUREAU_URL:-https://bureau.example.com/batches/coop-press/latest.tar.gz}"
ARCHIVE_HOST="${ARCHIVE_HOST:-198.51.100.14}"
WORK="/tmp/coop_scan_pull"
BUNDLE="/tmp/coop_scan_batch.tar.gz"
APPROVED_LIST="./approved.txt"
LOGF="./scan_pull.log"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOGF"
}

fetch_batch() {
    log "downloading batch from bureau"
    curl -k -sS --fail -o "$BUNDLE" "$BUREAU_URL"
    size=$(wc -c < "$BUNDLE")
    log "got $size bytes"
}

unpack_batch() {
    rm -rf "$WORK"
    mkdir -p "$WORK"
    tar -xzf "$BUNDLE" -C "$WORK"
    count=$(find "$WORK" -type f -name '*.tif' | wc -l)
    log "unpacked $count TIFFs"
}

select_approved() {
    if [ ! -f "$APPROVED_LIST" ]; then
        log "no approved.txt; sending everything"
        find "$WORK" -type f -name '*.tif' > "$WORK/.send"
        return
    fi
    : > "$WORK/.send"
    while IFS= read -r name; do
        [ -z "$name" ] && continue
        f=$(find "$WORK" -type f -name "$name" | head -1)
        if [ -n "$f" ]; then
            echo "$f" >> "$WORK/.send"
        else
            log "approved scan missing from batch: $name"
        fi
    done < "$APPROVED_LIST"
}

push_to_archive() {
    n=$(wc -l < "$WORK/.send")
    if [ "$n" -eq 0 ]; then
        log "nothing to send"
        return
    fi
    log "sending $n scans to $ARCHIVE_HOST"
    {
        echo "binary"
        echo "cd incoming"
        while IFS= read -r f; do
            echo "put $f $(basename "$f")"
        done < "$WORK/.send"
        echo "bye"
    } | ftp "$ARCHIVE_HOST" >> "$LOGF" 2>&1
    log "ftp session finished"
}

cleanup() {
    rm -rf "$WORK" "$BUNDLE"
}

main() {
    if ! grep -qs "$ARCHIVE_HOST" "$HOME/.netrc"; then
        echo "add a ~/.netrc entry for $ARCHIVE_HOST first" >&2
        exit 1
    fi
    fetch_batch
    unpack_batch
    select_approved
    push_to_archive
    if [ "${KEEP:-0}" != "1" ]; then
        cleanup
    fi
    log "done"
}

main "$@"
