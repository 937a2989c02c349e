#!/usr/bin/env bash
# Nightly pull of supplier invoices from the chandlery's FTP drop.
# The chandlery only offers plain FTP; they publish a tarball of the day's
# invoices for our account which we unpack into the office archive.
set -euo pipefail

FTP_HOST="${CHANDLERY_FTP:-ftp.chandlery.example.com}"
FTP_USER="${CHANDLERY_USER:-wharfside}"
FTP_PASS="${CHANDLERY_PASS:?set CHANDLERY_PASS}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./supplier-invoices}"
STAGE="/tmp/chandlery_pull"
DAY="${1:-$(date -d yesterday +%Y%m%d)}"

log() { echo "$(date '+%F %T') chandlery: $*"; }

remote_name() {
    printf 'outbox/%s/invoices-%s.tar.gz' "$FTP_USER" "$DAY"
}

fetch() {
    mkdir -p "$STAGE"
    local url="ftp://${FTP_HOST}/$(remote_name)"
    log "fetching $url"
    curl -fsS --user "${FTP_USER}:${FTP_PASS}" -o "$STAGE/invoices.tar.gz" "$url"
}

unpack() {
    mkdir -p "$ARCHIVE_DIR/$DAY"
    tar -xzf "$STAGE/invoices.tar.gz" -C "$ARCHIVE_DIR/$DAY"
    log "unpacked $(find "$ARCHIVE_DIR/$DAY" -type f | wc -l) files"
}

index() {
    local idx="$ARCHIVE_DIR/index.csv"
    [[ -f "$idx" ]] || echo "day,file,bytes" > "$idx"
    find "$ARCHIVE_DIR/$DAY" -type f -name '*.pdf' -printf "$DAY,%f,%s\n" >> "$idx"
}

cleanup() {
    rm -f "$STAGE/invoices.tar.gz"
}

trap cleanup EXIT

for step in fetch unpack index; do
    if ! "$step"; then
        log "step $step failed for $DAY"
        exit 1
    fi
done
log "done for $DAY"
