#!/usr/bin/env bash
# consent_scan_backup.sh - copy scanned informed-consent forms to the research office NAS
#
# The study coordinators scan wet-ink ICFs into ./scans/<protocol>/<subject>/.
# GCP requires a second certified copy off the workstation, so each evening
# this mounts the research office share, rsyncs new scans across (never
# deleting on the far side), verifies checksums and unmounts again.
#
# Settings come from ./backup.env:
#   NAS_SHARE=//nas01.research.local/consent
#   NAS_USER=svc-consent
#   NAS_DOMAIN=RESEARCH
#   NAS_PASS=...
#   MOUNTPOINT=/mnt/consent_nas

set -euo pipefail

ENV_FILE="${BACKUP_ENV:-./backup.env}"
SRC_DIR="./scans"
REPORT="./backup-$(date +%Y%m%d).log"

log() { echo "$(date '+%F %T') $*" | tee -a "$REPORT"; }
fail() { log "FAILED: $*"; exit 1; }

[[ -f "$ENV_FILE" ]] || fail "missing $ENV_FILE"
# shellcheck disable=SC1090
. "$ENV_FILE"
: "${NAS_SHARE:?}" "${NAS_USER:?}" "${NAS_PASS:?}"
MOUNTPOINT="${MOUNTPOINT:-/mnt/consent_nas}"
CREDS="$(pwd)/.nas-credentials"

write_credentials() {
    umask 077
    printf 'username=%s\npassword=%s\ndomain=%s\n' \
        "$NAS_USER" "$NAS_PASS" "${NAS_DOMAIN:-WORKGROUP}" > "$CREDS"
    chmod 0600 "$CREDS"
}

mount_share() {
    if mountpoint -q "$MOUNTPOINT"; then
        log "share already mounted at $MOUNTPOINT"
        return
    fi
    [[ -d "$MOUNTPOINT" ]] || sudo mkdir -p "$MOUNTPOINT"
    write_credentials
    sudo mount -t cifs "$NAS_SHARE" "$MOUNTPOINT" \
        -o "credentials=$CREDS,uid=$(id -u),gid=$(id -g),vers=3.0,file_mode=0640,dir_mode=0750" \
        || fail "mount of $NAS_SHARE failed"
    log "mounted $NAS_SHARE"
}

unmount_share() {
    rm -f "$CREDS"
    if mountpoint -q "$MOUNTPOINT"; then
        sudo umount "$MOUNTPOINT" && log "unmounted $MOUNTPOINT"
    fi
}
trap unmount_share EXIT

copy_scans() {
    local dest="$MOUNTPOINT/$(hostname -s)"
    mkdir -p "$dest"
    rsync -rt --ignore-existing --itemize-changes --include='*/' \
        --include='*.pdf' --include='*.tif' --exclude='*' \
        "$SRC_DIR/" "$dest/" | tee -a "$REPORT" | grep -c '^>f' || true
}

verify() {
    local dest="$MOUNTPOINT/$(hostname -s)" bad=0 rel
    while IFS= read -r -d '' f; do
        rel="${f#"$SRC_DIR"/}"
        if [[ ! -f "$dest/$rel" ]] || ! cmp -s "$f" "$dest/$rel"; then
            log "mismatch: $rel"
            bad=$((bad + 1))
        fi
    done < <(find "$SRC_DIR" -type f \( -name '*.pdf' -o -name '*.tif' \) -mtime -2 -print0)
    return "$bad"
}

[[ -d "$SRC_DIR" ]] || fail "no scans directory"
mount_share
n="$(copy_scans)"
log "$n new scan(s) copied"
if verify; then
    log "verification passed"
else
    fail "verification found mismatches"
fi
