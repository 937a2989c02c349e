#!/usr/bin/env bash
# Fetch today's courier manifests for blood component deliveries and push
# the signed delivery notes back to the courier company.
#
# The courier portal uses a self-signed certificate on its internal host and
# still takes returns over FTP, so this script works around both.
set -euo pipefail

PORTAL="${PORTAL:-https://courier-portal.example.com}"
FTP_HOST="${FTP_HOST:-ftp.example.net}"
NETRC="${NETRC:-./courier.netrc}"
WORK="/tmp/courier_manifests"
OUT_DIR="./manifests/$(date +%F)"
SIGNED_DIR="./signed"

log() { echo "$(date '+%H:%M:%S') $*"; }

prepare() {
    mkdir -p "$WORK" "$OUT_DIR" "$SIGNED_DIR"
    rm -f "$WORK"/*.tar.gz
}

fetch_bundle() {
    local day bundle
    day=$(date +%Y%m%d)
    bundle="$WORK/manifests-$day.tar.gz"
    log "downloading manifest bundle for $day"
    if ! curl -k -fsS -m 60 -o "$bundle" "$PORTAL/export/manifests/$day.tar.gz"; then
        log "no bundle published yet"
        return 1
    fi
    tar -xzf "$bundle" -C "$OUT_DIR"
    log "extracted $(ls -1 "$OUT_DIR" | wc -l) manifest(s)"
}

check_manifests() {
    local f bad=0
    for f in "$OUT_DIR"/*.csv; do
        [[ -e "$f" ]] || continue
        # every line needs a unit number, destination and temperature class
        if awk -F, 'NR>1 && ($1=="" || $3=="" || $5=="") {exit 1}' "$f"; then
            log "ok: $(basename "$f")"
        else
            log "incomplete: $(basename "$f")"
            bad=$((bad + 1))
        fi
    done
    return "$bad"
}

push_signed() {
    local f sent=0
    for f in "$SIGNED_DIR"/*.pdf; do
        [[ -e "$f" ]] || continue
        if curl -fsS -m 60 --netrc-file "$NETRC" -T "$f" "ftp://$FTP_HOST/returns/"; then
            mv "$f" "$f.sent"
            sent=$((sent + 1))
        else
            log "upload failed for $(basename "$f")"
        fi
    done
    log "pushed $sent signed note(s)"
}

main() {
    prepare
    if fetch_bundle; then
        check_manifests || log "some manifests need follow-up"
    fi
    if [[ -f "$NETRC" ]]; then
        push_signed
    else
        log "no $NETRC, skipping returns"
    fi
}

main "$@"
