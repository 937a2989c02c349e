#!/usr/bin/env bash
# pms_export_upload.sh - nightly off-site copy of the hostel PMS exports
#
# Packs ./exports (guest ledger, folios, the PMS SQLite dump) into one
# dated archive and ships it to the backup vault. Keeps the last few
# archives locally in case the vault is unreachable.
#
# Usage: pms_export_upload.sh [-c config] [-n] [-k keep]
set -euo pipefail

CONF="${PMS_BACKUP_CONF:-./pms_backup.conf}"
EXPORT_DIR="./exports"
STAGE_DIR="./.backup_stage"
UPLOAD_URL="https://vault.backupdesk.example/api/v2/upload"
SITE_ID="${SITE_ID:-hostel-01}"
KEEP_LOCAL=3
DRY_RUN=0

log() { printf '%s [pms_upload] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
}

while getopts ":c:nk:h" opt; do
    case "$opt" in
        c) CONF="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        k) KEEP_LOCAL="$OPTARG" ;;
        h) usage ;;
        *) die "unknown option -$OPTARG" ;;
    esac
done

# shellcheck source=/dev/null
[ -f "$CONF" ] && . "$CONF"

[ -d "$EXPORT_DIR" ] || die "no export directory at $EXPORT_DIR"
[ -n "${BACKUP_TOKEN:-}" ] || die "BACKUP_TOKEN not set"

build_archive() {
    local stamp="$1"
    local work="$STAGE_DIR/$stamp"
    mkdir -p "$work/exports"
    cp -a "$EXPORT_DIR"/. "$work/exports/"
    tar -C "$STAGE_DIR" -czf "$STAGE_DIR/pms-$stamp.tar.gz" "$stamp"
    rm -rf "$work"
    printf '%s\n' "$STAGE_DIR/pms-$stamp.tar.gz"
}

upload() {
    local file="$1" attempt=1
    local sum
    sum=$(sha256sum "$file" | cut -d' ' -f1)
    while [ "$attempt" -le 3 ]; do
        if curl -sS -k --fail --max-time 300 \
                -H "Authorization: Bearer ${BACKUP_TOKEN}" \
                -H "X-Site: ${SITE_ID}" \
                -F "sha256=${sum}" \
                -F "host=$(hostname)" \
                -F "archive=@${file}" \
                "$UPLOAD_URL" >/dev/null; then
            log "uploaded $(basename "$file") (${sum:0:12})"
            return 0
        fi
        log "upload attempt $attempt failed, retrying"
        sleep $((attempt * 20))
        attempt=$((attempt + 1))
    done
    return 1
}

prune_local() {
    # shellcheck disable=SC2012
    ls -1t "$STAGE_DIR"/pms-*.tar.gz 2>/dev/null | tail -n +"$((KEEP_LOCAL + 1))" | xargs -r rm -f
}

main() {
    mkdir -p "$STAGE_DIR"
    local stamp archive
    stamp=$(date +%Y%m%d-%H%M)
    archive=$(build_archive "$stamp")
    log "archive $(du -h "$archive" | cut -f1) at $archive"

    if [ "$DRY_RUN" = "1" ]; then
        log "dry run, not uploading"
        exit 0
    fi

    upload "$archive" || die "could not upload $archive"
    prune_local
}

main "$@"
