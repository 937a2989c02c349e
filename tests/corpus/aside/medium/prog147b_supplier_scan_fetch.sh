#!/usr/bin/env bash
# Fetch the weekly batch of reference scans from the glass-eye and form
# supplier, unpack them and file them under ./reference/<week>.
# The supplier's server uses an expired certificate and also offers the
# batches over plain FTP as a fallback.

set -euo pipefail

SUPPLIER_HTTPS="${SUPPLIER_HTTPS:-https://files.example.net/studio}"
SUPPLIER_FTP="${SUPPLIER_FTP:-ftp://files.example.net/pub/studio}"
FTP_LOGIN="anonymous:studio@example.com"
WORK="/tmp/supplier_batch"
DEST_ROOT="./reference"
WEEK="$(date +%G-W%V)"
ARCHIVE="forms_${WEEK}.tar.gz"

log() { echo "$(date '+%F %T') fetch: $*"; }

prepare() {
    rm -rf "$WORK"
    mkdir -p "$WORK" "$DEST_ROOT/$WEEK"
}

fetch_https() {
    log "trying HTTPS"
    curl -fsS -k --max-time 300 -o "$WORK/$ARCHIVE" "$SUPPLIER_HTTPS/$ARCHIVE"
}

fetch_ftp() {
    log "falling back to FTP"
    curl -fsS --max-time 300 --user "$FTP_LOGIN" \
        -o "$WORK/$ARCHIVE" "$SUPPLIER_FTP/$ARCHIVE"
}

verify() {
    if [ ! -s "$WORK/$ARCHIVE" ]; then
        log "download empty"
        return 1
    fi
    if ! tar -tzf "$WORK/$ARCHIVE" >/dev/null 2>&1; then
        log "archive is corrupt"
        return 1
    fi
}

unpack() {
    tar -xzf "$WORK/$ARCHIVE" -C "$DEST_ROOT/$WEEK"
    local n
    n=$(find "$DEST_ROOT/$WEEK" -type f | wc -l)
    log "unpacked $n files into $DEST_ROOT/$WEEK"
}

index_week() {
    local idx="$DEST_ROOT/$WEEK/INDEX.txt"
    : > "$idx"
    find "$DEST_ROOT/$WEEK" -type f ! -name INDEX.txt | sort | while read -r f; do
        printf '%s\t%s\n' "$(basename "$f")" "$(du -k "$f" | cut -f1)K" >> "$idx"
    done
    log "index written to $idx"
}

main() {
    prepare
    if ! fetch_https; then
        fetch_ftp || { log "both sources failed"; exit 1; }
    fi
    verify || exit 1
    unpack
    index_week
    log "done for $WEEK"
}

main "$@"
