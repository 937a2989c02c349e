#!/usr/bin/env bash
# Pull the nightly catalogue snapshot from the regional library server
# onto the van laptop, and push the day's returns file back over FTP.
# The regional server still uses a self-signed certificate, hence -k.
set -euo pipefail

SNAPSHOT_URL="${SNAPSHOT_URL:-https://catalogue.example.com/nightly/catalogue.tar.gz}"
FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-van1}"
FTP_PASS="${FTP_PASS:-}"
STAGE="/tmp/van_catalogue"
ARCHIVE="/tmp/van_catalogue.tar.gz"
DEST="./catalogue"
RETURNS="./returns_$(date +%F).csv"

info() { echo "$(date '+%T') $*"; }

fetch_snapshot() {
    info "downloading snapshot"
    if ! curl -k -fsS --retry 3 --max-time 300 -o "$ARCHIVE" "$SNAPSHOT_URL"; then
        info "download failed"
        return 1
    fi
    local size
    size=$(stat -c %s "$ARCHIVE")
    info "got $size bytes"
    if [[ "$size" -lt 1024 ]]; then
        info "snapshot suspiciously small, not using it"
        return 1
    fi
}

unpack_snapshot() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$ARCHIVE" -C "$STAGE"
    local n
    n=$(find "$STAGE" -name '*.json' | wc -l)
    info "unpacked $n catalogue files"
    [[ "$n" -gt 0 ]]
}

install_snapshot() {
    mkdir -p "$DEST"
    rsync -a --delete "$STAGE"/ "$DEST"/
    info "catalogue updated in $DEST"
}

push_returns() {
    if [[ ! -f "$RETURNS" ]]; then
        info "no returns file for today"
        return 0
    fi
    if [[ -z "$FTP_PASS" ]]; then
        info "FTP_PASS not set, skipping returns upload"
        return 0
    fi
    info "uploading $RETURNS to $FTP_HOST"
    ftp -inv "$FTP_HOST" <<EOF
user $FTP_USER $FTP_PASS
binary
cd incoming
put $RETURNS
bye
EOF
}

cleanup() {
    rm -f "$ARCHIVE"
}

trap cleanup EXIT

case "${1:-all}" in
    fetch)
        fetch_snapshot && unpack_snapshot && install_snapshot
        ;;
    push)
        push_returns
        ;;
    all)
        if fetch_snapshot && unpack_snapshot; then
            install_snapshot
        else
            info "keeping previous catalogue"
        fi
        push_returns
        ;;
    *)
        echo "usage: $0 [fetch|push|all]" >&2
        exit 2
        ;;
esac
