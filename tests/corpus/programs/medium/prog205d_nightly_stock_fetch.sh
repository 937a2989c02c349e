#!/usr/bin/env bash
# Nightly pull of the wholesaler's stock and price list for the shop.
# The wholesaler still publishes on their old FTP box and an HTTPS mirror
# with a self-signed certificate.
set -uo pipefail

FTP_HOST="${FTP_HOST:-ftp.example.com}"
FTP_USER="${FTP_USER:-shop042}"
FTP_PASS="${FTP_PASS:-}"
MIRROR="${MIRROR:-https://mirror.example.com/stock}"
WORK="/tmp/stock_fetch"
OUT_DIR="./stock"
SOURCE="ftp"

log() { echo "$(date '+%F %T') $*"; }

while getopts "s:o:" opt; do
    case "$opt" in
        s) SOURCE="$OPTARG" ;;
        o) OUT_DIR="$OPTARG" ;;
        *) echo "usage: $0 [-s ftp|mirror] [-o outdir]"; exit 1 ;;
    esac
done

mkdir -p "$WORK" "$OUT_DIR"

fetch_ftp() {
    local file="$1"
    curl -sS --max-time 60 --user "$FTP_USER:$FTP_PASS" \
        "ftp://$FTP_HOST/outgoing/$file" -o "$WORK/$file"
}

fetch_mirror() {
    local file="$1"
    curl -sSk --max-time 60 "$MIRROR/$file" -o "$WORK/$file"
}

declare -A FETCHERS=([ftp]=fetch_ftp [mirror]=fetch_mirror)

validate() {
    local f="$1"
    [[ -s "$f" ]] || return 1
    head -1 "$f" | grep -q '^sku,' || return 1
    return 0
}

main() {
    local fetcher="${FETCHERS[$SOURCE]:-}"
    [[ -z "$fetcher" ]] && { log "unknown source $SOURCE"; exit 1; }
    local stamp ok=0
    stamp=$(date +%Y%m%d)
    for file in stock.csv prices.csv; do
        log "fetching $file via $SOURCE"
        if ! "$fetcher" "$file"; then
            log "fetch failed for $file"
            continue
        fi
        if validate "$WORK/$file"; then
            cp "$WORK/$file" "$OUT_DIR/${file%.csv}_$stamp.csv"
            ok=$((ok + 1))
            log "stored $file ($(wc -l < "$WORK/$file") lines)"
        else
            log "rejected $file: unexpected format"
        fi
    done
    rm -f "$WORK"/*.csv
    log "$ok file(s) updated"
    [[ $ok -gt 0 ]]
}

main
