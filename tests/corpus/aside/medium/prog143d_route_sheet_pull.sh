#!/usr/bin/env bash
# Pull this week's refill route sheets from the depot file server and unpack
# them into ./routes for the planning spreadsheet.
#
# The old depot server only speaks FTP; the newer one has HTTPS with the
# depot's own certificate. Both are tried in that order.
#
# Usage: route_sheet_pull.sh [week]   (week defaults to the current ISO week)

set -euo pipefail

WEEK="${1:-$(date +%G-W%V)}"
FTP_HOST="${FTP_HOST:-203.0.113.15}"
FTP_USER="${FTP_USER:-routes}"
FTP_PASS="${FTP_PASS:-depot2019}"
HTTPS_BASE="${HTTPS_BASE:-https://files.example.com/routes}"
STAGE="/tmp/route_sheets"
DEST="./routes/${WEEK}"

log() { echo "[$(date +%T)] $*"; }

prepare() {
    mkdir -p "$STAGE" "$DEST"
    rm -f "$STAGE"/*.tar.gz
}

pull_ftp() {
    local name="routes-${WEEK}.tar.gz"
    log "trying ftp://${FTP_HOST}/${name}"
    curl -fsS --max-time 120 \
        "ftp://${FTP_USER}:${FTP_PASS}@${FTP_HOST}/outgoing/${name}" \
        -o "${STAGE}/${name}"
}

pull_https() {
    local name="routes-${WEEK}.tar.gz"
    log "trying ${HTTPS_BASE}/${name}"
    # depot certificate isn't in the laptop trust store
    curl -fsS -k --max-time 120 "${HTTPS_BASE}/${name}" -o "${STAGE}/${name}"
}

unpack() {
    local archive
    archive="$(ls -1 "$STAGE"/*.tar.gz 2>/dev/null | head -n1 || true)"
    if [ -z "$archive" ]; then
        log "nothing downloaded"
        return 1
    fi
    tar -xzf "$archive" -C "$DEST"
    log "unpacked $(tar -tzf "$archive" | wc -l) entries into $DEST"
}

summarise() {
    local n=0
    for f in "$DEST"/*.csv; do
        [ -f "$f" ] || continue
        n=$((n + 1))
        printf '  %-30s %5d stops\n' "$(basename "$f")" "$(($(wc -l < "$f") - 1))"
    done
    log "$n route sheets for week $WEEK"
}

main() {
    prepare
    if ! pull_ftp; then
        log "ftp failed, falling back to https"
        pull_https || { log "both sources failed"; exit 1; }
    fi
    unpack
    summarise
}

main
