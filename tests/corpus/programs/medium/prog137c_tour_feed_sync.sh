#!/usr/bin/env bash
# Sync tour vouchers and the partner tour feed for the front desk.
#
# 1. downloads the partner tour catalogue (a tarball of JSON + images)
# 2. unpacks it where the front-desk board reads it
# 3. uploads today's issued vouchers to the tour operator's FTP drop box
# 4. optionally shares the voucher folder on the LAN for the desk tablet

set -u

FEED_URL="${FEED_URL:-https://feeds.example.com/tours/catalogue.tar.gz}"
FTP_HOST="${FTP_HOST:-ftp.example.net}"
FTP_DROP="${FTP_DROP:-incoming}"
VOUCHER_DIR="${VOUCHER_DIR:-./vouchers}"
BOARD_DIR="${BOARD_DIR:-./board/catalogue}"
WORK="/tmp/tourfeed"
SHARE_PORT="${SHARE_PORT:-8000}"

log() { echo "[$(date +%H:%M:%S)] $*"; }

fetch_feed() {
    mkdir -p "$WORK"
    log "downloading catalogue"
    # partner's certificate chain is broken half the time, so don't verify it
    if ! curl -sS --insecure -o "$WORK/catalogue.tar.gz" "$FEED_URL"; then
        log "download failed"
        return 1
    fi
}

unpack_feed() {
    mkdir -p "$BOARD_DIR"
    rm -rf "${BOARD_DIR:?}"/*
    tar -xzf "$WORK/catalogue.tar.gz" -C "$BOARD_DIR"
    log "catalogue unpacked: $(find "$BOARD_DIR" -name '*.json' | wc -l) tours"
}

upload_vouchers() {
    local today files
    today="$(date +%Y-%m-%d)"
    files=$(find "$VOUCHER_DIR" -maxdepth 1 -name "voucher_${today}_*.pdf" 2>/dev/null)
    if [ -z "$files" ]; then
        log "no vouchers issued today"
        return 0
    fi
    {
        echo "open $FTP_HOST"
        # the operator's drop box is anonymous, write-only
        echo "user anonymous frontdesk@example.com"
        echo "binary"
        echo "cd $FTP_DROP"
        for f in $files; do echo "put $f $(basename "$f")"; done
        echo "bye"
    } | ftp -n -v > "$WORK/ftp.log" 2>&1
    log "uploaded $(echo "$files" | wc -l) vouchers (see $WORK/ftp.log)"
}

share_vouchers() {
    log "sharing $VOUCHER_DIR on port $SHARE_PORT (Ctrl-C to stop)"
    python3 -m http.server "$SHARE_PORT" --bind 0.0.0.0 --directory "$VOUCHER_DIR"
}

main() {
    local share=0
    for arg in "$@"; do
        case "$arg" in
            --share) share=1 ;;
            -h|--help) echo "usage: $0 [--share]"; exit 0 ;;
        esac
    done
    fetch_feed && unpack_feed
    upload_vouchers
    if [ "$share" -eq 1 ]; then
        share_vouchers
    fi
}

main "$@"
