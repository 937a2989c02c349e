#!/bin/sh
# Nightly sync of pickup manifests with the subcontracted shredding partner.
#
# The partner publishes tomorrow's manifests on their staging web server and
# takes our completed certificate list over their old FTP drop box. Both
# ends are internal test systems with self-signed certificates.

set -eu

PARTNER_WEB="${PARTNER_WEB:-https://partner.example.net/manifests}"
PARTNER_FTP="${PARTNER_FTP:-198.51.100.33}"
WORK="/tmp/manifest_sync"
STAGE="/tmp/manifest_sync/incoming.tar.gz"
CERT_LIST="${CERT_LIST:-./out/certificates_today.csv}"
DAY="$(date -d tomorrow +%Y-%m-%d 2>/dev/null || date +%Y-%m-%d)"

log() { echo "$(date +%FT%T) sync: $*"; }

prepare() {
    mkdir -p "$WORK"
    rm -f "$STAGE"
}

fetch_manifests() {
    log "fetching manifests for $DAY"
    # partner staging cert is self-signed, skip verification
    if ! curl -sS -k --max-time 60 -o "$STAGE" "$PARTNER_WEB/$DAY.tar.gz"; then
        log "download failed"
        return 1
    fi
    tar -xzf "$STAGE" -C "$WORK"
    log "unpacked $(ls "$WORK" | wc -l) files"
}

import_manifests() {
    mkdir -p ./manifests
    for f in "$WORK"/*.csv; do
        [ -e "$f" ] || continue
        name=$(basename "$f")
        # drop the header and normalise line endings
        tail -n +2 "$f" | tr -d '\r' > "./manifests/$name"
        log "imported $name ($(wc -l < "./manifests/$name") rows)"
    done
}

push_certificates() {
    if [ ! -f "$CERT_LIST" ]; then
        log "no certificate list at $CERT_LIST"
        return 0
    fi
    log "uploading $(basename "$CERT_LIST") to partner drop box"
    ftp -n "$PARTNER_FTP" <<EOF
user anonymous dropbox@example.com
binary
cd incoming
put $CERT_LIST certificates_$DAY.csv
bye
EOF
}

main() {
    prepare
    if fetch_manifests; then
        import_manifests
    fi
    push_certificates
    log "done"
}

main "$@"
