#!/usr/bin/env bash
# multibeam_share_attach.sh - attach the sonar acquisition share from the
# ship's data NAS on a processing laptop brought aboard by the science party.
#
# The EM124/EM712 raw lines live on //datanas/multibeam (SMB) and the
# processed grids on datanas:/export/grids (NFS). Qimera/MB-System projects
# expect them under /mnt/multibeam and /mnt/grids.
#
# usage: multibeam_share_attach.sh [attach|detach|status] [-r]   (-r = read-write)

set -euo pipefail

ACTION="${1:-attach}"
shift || true
RW=0
[[ "${1:-}" == "-r" ]] && RW=1

NAS_HOST="${NAS_HOST:-datanas.ship.lan}"
SMB_SHARE="//${NAS_HOST}/multibeam"
NFS_EXPORT="${NAS_HOST}:/export/grids"
MB_MOUNT=/mnt/multibeam
GRID_MOUNT=/mnt/grids
CRED_FILE="${CRED_FILE:-$HOME/.config/rv/nas.cred}"

elevate() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    elif command -v doas >/dev/null; then
        doas "$@"
    else
        sudo "$@"
    fi
}

log() { echo "$(date +%H:%M:%S) $*"; }

reachable() {
    ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1
}

is_mounted() {
    findmnt -rn "$1" >/dev/null 2>&1
}

attach_smb() {
    if is_mounted "$MB_MOUNT"; then
        log "$MB_MOUNT already mounted"
        return
    fi
    [[ -r "$CRED_FILE" ]] || { log "missing $CRED_FILE (username=/password= lines)"; exit 1; }
    local mode=ro
    (( RW )) && mode=rw
    local opts="${mode},credentials=${CRED_FILE},uid=$(id -u),gid=$(id -g),vers=3.0,iocharset=utf8"
    elevate mkdir -p "$MB_MOUNT"
    log "mounting $SMB_SHARE ($mode)"
    elevate mount -t cifs "$SMB_SHARE" "$MB_MOUNT" -o "$opts"
}

attach_nfs() {
    if is_mounted "$GRID_MOUNT"; then
        log "$GRID_MOUNT already mounted"
        return
    fi
    elevate mkdir -p "$GRID_MOUNT"
    log "mounting $NFS_EXPORT"
    local tries=0
    until elevate mount -t nfs4 -o soft,timeo=100,retrans=3,noatime "$NFS_EXPORT" "$GRID_MOUNT"; do
        tries=$((tries + 1))
        (( tries >= 3 )) && { log "NFS mount failed"; return 1; }
        sleep 5
    done
}

detach() {
    local m
    for m in "$MB_MOUNT" "$GRID_MOUNT"; do
        if is_mounted "$m"; then
            log "unmounting $m"
            elevate umount -l "$m"
        fi
    done
}

status() {
    findmnt -t cifs,nfs4 -o TARGET,SOURCE,OPTIONS || log "nothing mounted"
    df -h "$MB_MOUNT" "$GRID_MOUNT" 2>/dev/null || true
}

case "$ACTION" in
    attach)
        reachable || { log "$NAS_HOST unreachable - are you on the science VLAN?"; exit 2; }
        attach_smb
        attach_nfs
        status
        ;;
    detach) detach ;;
    status) status ;;
    *) echo "usage: $0 [attach|detach|status] [-r]" >&2; exit 64 ;;
esac
