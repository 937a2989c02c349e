#!/bin/sh
# Pull finished reel scans from the film lab and push back the reel list.
#
# The lab's portal uses a self-signed certificate that nobody has got round
# to replacing, and their legacy box still only speaks FTP for the return
# manifests.

set -eu

LAB_PORTAL="${LAB_PORTAL:-https://lab.example.net/reels}"
LAB_FTP="${LAB_FTP:-ftp://198.51.100.31/incoming}"
LAB_USER="${LAB_USER:-parisharchive}"
LAB_PASS="${LAB_PASS:-}"
STAGING="/tmp/reel_staging"
LIST_FILE="/tmp/reel_list.txt"
DEST="${DEST:-./reels}"

log() {
    echo "$(date '+%F %T') [lab] $*"
}

fetch_index() {
    log "fetching reel index"
    curl -sS -k --max-time 60 -o "$LIST_FILE" "$LAB_PORTAL/index.txt"
    wc -l < "$LIST_FILE" | xargs -I{} echo "{} reels listed"
}

fetch_reels() {
    mkdir -p "$STAGING" "$DEST"
    while read -r reel checksum; do
        [ -z "$reel" ] && continue
        if [ -f "$DEST/$reel.zip" ]; then
            log "already have $reel"
            continue
        fi
        log "downloading $reel"
        if ! curl -sS -k --max-time 900 -o "$STAGING/$reel.zip" "$LAB_PORTAL/$reel.zip"; then
            log "download failed for $reel"
            continue
        fi
        got=$(sha256sum "$STAGING/$reel.zip" | cut -d' ' -f1)
        if [ "$got" = "$checksum" ]; then
            mv "$STAGING/$reel.zip" "$DEST/"
        else
            log "checksum mismatch for $reel"
            rm -f "$STAGING/$reel.zip"
        fi
    done < "$LIST_FILE"
}

push_manifest() {
    manifest="$STAGING/received_$(date +%Y%m%d).txt"
    ls "$DEST" > "$manifest"
    log "returning manifest over ftp"
    curl -sS --max-time 120 --user "$LAB_USER:$LAB_PASS" -T "$manifest" "$LAB_FTP/"
}

case "${1:-all}" in
    index) fetch_index ;;
    fetch) fetch_index; fetch_reels ;;
    all)   fetch_index; fetch_reels; push_manifest ;;
    *)     echo "usage: $0 [index|fetch|all]" >&2; exit 2 ;;
esac
log "finished"
