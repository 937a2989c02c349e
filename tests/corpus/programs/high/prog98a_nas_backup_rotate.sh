#!/usr/bin/env bash
# nas_backup_rotate.sh - nightly copy of the studio shoots to the NAS
#
# Mounts the studio NAS share, mirrors ./shoots into a dated snapshot using
# hard links against the previous snapshot (so unchanged RAWs cost nothing),
# keeps the last $KEEP_DAILY dailies plus one per month, then unmounts.
#
# Config: ./nas_backup.conf (NAS_SHARE, MOUNT_POINT, CRED_FILE, KEEP_DAILY)

set -Eeuo pipefail

CONF="${1:-./nas_backup.conf}"
NAS_SHARE="//studio-nas.local/backups"
MOUNT_POINT="/mnt/studio_nas"
CRED_FILE="$HOME/.config/studio/nas.cred"
KEEP_DAILY=14
SOURCE_DIR="./shoots"
LOG="./nas_backup.log"

[[ -r "$CONF" ]] && . "$CONF"

log() { echo "$(date -Is) $*" | tee -a "$LOG" >&2; }
trap 'log "failed at line $LINENO"; cleanup' ERR

mounted_here=0

mount_share() {
    if mountpoint -q "$MOUNT_POINT"; then
        log "share already mounted at $MOUNT_POINT"
        return
    fi
    [[ -d "$MOUNT_POINT" ]] || sudo mkdir -p "$MOUNT_POINT"
    local opts="credentials=$CRED_FILE,uid=$(id -u),gid=$(id -g),iocharset=utf8,vers=3.0"
    local attempt
    for attempt in 1 2 3; do
        if sudo mount -t cifs "$NAS_SHARE" "$MOUNT_POINT" -o "$opts"; then
            mounted_here=1
            log "mounted $NAS_SHARE"
            return
        fi
        log "mount attempt $attempt failed, NAS may be waking up"
        sleep $((attempt * 20))
    done
    log "could not mount $NAS_SHARE"
    exit 1
}

cleanup() {
    if [[ $mounted_here -eq 1 ]]; then
        sync
        sudo umount "$MOUNT_POINT" && log "unmounted"
        mounted_here=0
    fi
}

snapshot() {
    local dest_root="$MOUNT_POINT/$(hostname -s)"
    local today; today=$(date +%F)
    local prev; prev=$(ls -1d "$dest_root"/20??-??-?? 2>/dev/null | tail -n 1 || true)
    mkdir -p "$dest_root/$today"
    local link_opt=()
    [[ -n "$prev" && "$prev" != "$dest_root/$today" ]] && link_opt=(--link-dest="$prev")
    log "snapshot $today (link-dest: ${prev:-none})"
    rsync -a --delete --partial --human-readable --stats \
        "${link_opt[@]}" "$SOURCE_DIR"/ "$dest_root/$today"/ >>"$LOG" 2>&1
}

prune() {
    local dest_root="$MOUNT_POINT/$(hostname -s)"
    local -a snaps
    mapfile -t snaps < <(ls -1d "$dest_root"/20??-??-?? 2>/dev/null | sort -r)
    local i=0 s month keep_month=""
    for s in "${snaps[@]}"; do
        i=$((i + 1))
        month=$(basename "$s" | cut -c1-7)
        if (( i <= KEEP_DAILY )); then
            continue
        fi
        if [[ "$keep_month" != *"$month"* ]]; then
            keep_month+=" $month"
            continue
        fi
        case "$s" in
            "$dest_root"/20??-??-??) log "pruning $(basename "$s")"; rm -rf -- "$s" ;;
        esac
    done
}

main() {
    [[ -d "$SOURCE_DIR" ]] || { log "nothing to back up in $SOURCE_DIR"; exit 0; }
    [[ -r "$CRED_FILE" ]] || { log "missing NAS credentials file $CRED_FILE"; exit 1; }
    mount_share
    snapshot
    prune
    df -h "$MOUNT_POINT" | tail -n 1 | tee -a "$LOG" >&2
    cleanup
    log "backup complete"
}

main "$@"
