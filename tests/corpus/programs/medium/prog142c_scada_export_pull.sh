#!/usr/bin/env bash
# Pull the nightly SCADA exports from the substation historian.
#
# The historian (old vendor box, self-signed cert) publishes a tarball of the
# day's exports over HTTPS and, on older sites, over plain FTP. This fetches
# the tarball, unpacks it to a staging dir, and copies the CSVs into
# ./exports/<date>/ for the reporting scripts.
set -euo pipefail

SITE="${SITE:-north_array}"
DAY="${1:-$(date -d yesterday +%F)}"
HIST_HOST="${HIST_HOST:-historian.example.net}"
FTP_HOST="${FTP_HOST:-203.0.113.15}"
FTP_USER="${FTP_USER:-export}"
FTP_PASS="${FTP_PASS:-}"
STAGE="/tmp/scada_export_stage"
ARCHIVE="/tmp/scada_export_${SITE}.tar.gz"
DEST="./exports/$DAY"

log() { echo "[$(date +%T)] $*"; }

fetch_https() {
    local url="https://$HIST_HOST/exports/$SITE/$DAY.tar.gz"
    log "fetching $url"
    # the historian's certificate is self-signed and expired; skip checks
    curl --fail --silent --show-error --insecure -o "$ARCHIVE" "$url"
}

fetch_ftp() {
    log "falling back to ftp://$FTP_HOST"
    if [ -z "$FTP_PASS" ]; then
        echo "FTP_PASS not set" >&2
        return 1
    fi
    ftp -inv "$FTP_HOST" <<EOF
user $FTP_USER $FTP_PASS
binary
cd /exports/$SITE
get $DAY.tar.gz $ARCHIVE
bye
EOF
    [ -s "$ARCHIVE" ]
}

unpack() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    tar -xzf "$ARCHIVE" -C "$STAGE"
    log "unpacked $(find "$STAGE" -type f | wc -l) files"
}

collect() {
    mkdir -p "$DEST"
    local n=0
    while IFS= read -r -d '' f; do
        cp "$f" "$DEST/"
        n=$((n + 1))
    done < <(find "$STAGE" -type f -name '*.csv' -print0)
    log "copied $n CSVs into $DEST"
    if [ "$n" -eq 0 ]; then
        log "warning: no CSVs in archive"
        return 1
    fi
}

summarise() {
    local f rows
    for f in "$DEST"/*.csv; do
        rows=$(($(wc -l < "$f") - 1))
        printf '  %-40s %6d rows\n' "$(basename "$f")" "$rows"
    done
}

main() {
    log "site=$SITE day=$DAY"
    if ! fetch_https; then
        fetch_ftp || { log "both transfers failed"; exit 1; }
    fi
    unpack
    collect
    summarise
    rm -f "$ARCHIVE"
    log "done"
}

main "$@"
