#!/bin/bash
# waiver_scan_sync.sh - pull scanned paper waivers off the office copier.
#
# The copier drops scans on its built-in SMB share.  We mount that share,
# copy new PDFs into ./waivers/scanned/<YYYY-MM>/, record what we copied in
# ./waivers/scan_ledger.txt and unmount again.
#
# Settings (env or ./scan_sync.env):
#   SCANNER_SHARE   //copier.studio.lan/scans
#   SCANNER_CREDS   path to a cifs credentials file (username=/password=)
#   MOUNT_POINT     where to mount the share (default /mnt/studio-scanner)

set -o errexit -o nounset -o pipefail

cd "$(dirname "$0")"
[ -f ./scan_sync.env ] && source ./scan_sync.env

SCANNER_SHARE="${SCANNER_SHARE:-//copier.studio.lan/scans}"
SCANNER_CREDS="${SCANNER_CREDS:-$HOME/.config/studio/scanner.cred}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/studio-scanner}"
DEST_ROOT="./waivers/scanned"
LEDGER="./waivers/scan_ledger.txt"
SMB_VERS="${SMB_VERS:-3.0}"

mounted_here=0

log() { echo "[$(date +%H:%M:%S)] $*"; }

cleanup() {
    if [ "$mounted_here" -eq 1 ] && mountpoint -q "$MOUNT_POINT"; then
        log "unmounting $MOUNT_POINT"
        sudo umount "$MOUNT_POINT" || log "warning: umount failed"
    fi
}
trap cleanup EXIT

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "$MOUNT_POINT already mounted"
        return
    fi
    [ -r "$SCANNER_CREDS" ] || { log "missing credentials file $SCANNER_CREDS"; exit 1; }
    sudo mkdir -p "$MOUNT_POINT"
    local opts="credentials=${SCANNER_CREDS},vers=${SMB_VERS},ro,uid=$(id -u),gid=$(id -g),file_mode=0640"
    local attempt
    for attempt in 1 2 3; do
        if sudo mount -t cifs "$SCANNER_SHARE" "$MOUNT_POINT" -o "$opts"; then
            mounted_here=1
            log "mounted $SCANNER_SHARE"
            return
        fi
        log "mount attempt $attempt failed, copier may be asleep; retrying"
        sleep $((attempt * 5))
    done
    log "giving up on $SCANNER_SHARE"
    exit 1
}

already_synced() {
    grep -qxF "$1" "$LEDGER" 2>/dev/null
}

sync_scans() {
    local count=0 f name sum month
    mkdir -p "$DEST_ROOT"
    touch "$LEDGER"
    while IFS= read -r -d '' f; do
        sum="$(sha1sum "$f" | cut -d' ' -f1)"
        already_synced "$sum" && continue
        month="$(date -r "$f" +%Y-%m)"
        name="$(basename "$f" | tr ' ' '_' )"
        mkdir -p "$DEST_ROOT/$month"
        cp --preserve=timestamps "$f" "$DEST_ROOT/$month/$name"
        echo "$sum" >>"$LEDGER"
        count=$((count + 1))
    done < <(find "$MOUNT_POINT" -maxdepth 2 -type f -iname '*waiver*.pdf' -print0)
    log "copied $count new scans"
}

mount_share
sync_scans
