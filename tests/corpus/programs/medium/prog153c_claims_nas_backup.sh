#!/usr/bin/env bash
# Nightly backup of NHS claim batches and repair mail-in records to the NAS.
#
# The clinic NAS only speaks FTP and a web upload endpoint with a
# self-signed certificate, so this uses both: FTP for the bulk archive and
# the web endpoint to register the backup in the NAS catalogue.

set -euo pipefail

CONF="./nas_backup.conf"
CLAIMS_DIR="./claims"
REPAIRS_DIR="./repairs"
STAGE="/tmp/claims_backup_stage"
ARCHIVE="/tmp/claims_backup.tar.gz"
LOG="./nas_backup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

load_conf() {
    if [[ ! -f "$CONF" ]]; then
        log "missing $CONF (needs NAS_HOST, NAS_USER, NAS_PASS)"
        exit 1
    fi
    # shellcheck disable=SC1090
    source "$CONF"
    : "${NAS_HOST:?}" "${NAS_USER:?}" "${NAS_PASS:?}"
    NAS_WEB="${NAS_WEB:-https://${NAS_HOST}:5001}"
}

stage_files() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    local n=0
    for d in "$CLAIMS_DIR" "$REPAIRS_DIR"; do
        [[ -d "$d" ]] || continue
        cp -r "$d" "$STAGE/"
        n=$((n + $(find "$d" -type f | wc -l)))
    done
    log "staged $n file(s)"
    tar -czf "$ARCHIVE" -C "$STAGE" .
    log "archive $(du -h "$ARCHIVE" | cut -f1)"
}

ftp_upload() {
    local remote="backup_$(date +%Y%m%d).tar.gz"
    ftp -inv "$NAS_HOST" <<EOF >> "$LOG" 2>&1
user $NAS_USER $NAS_PASS
binary
cd /backups/clinic
put $ARCHIVE $remote
bye
EOF
    log "uploaded $remote over FTP"
    REMOTE_NAME="$remote"
}

register_backup() {
    local sum
    sum=$(sha256sum "$ARCHIVE" | cut -d' ' -f1)
    # NAS has a self-signed cert; skip verification
    curl -sS -k --max-time 30 \
        -u "$NAS_USER:$NAS_PASS" \
        -H 'Content-Type: application/json' \
        -d "{\"file\":\"$REMOTE_NAME\",\"sha256\":\"$sum\"}" \
        "$NAS_WEB/api/catalogue/register" >> "$LOG"
    log "catalogue updated"
}

cleanup() {
    rm -rf "$STAGE" "$ARCHIVE"
}

main() {
    load_conf
    trap cleanup EXIT
    stage_files
    ftp_upload
    register_backup
    log "backup complete"
}

main "$@"
