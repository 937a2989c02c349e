#!/bin/bash
# retire_front_office_pc.sh - prepare an old front-office PC for disposal
# before it goes to the recycler.

set -uo pipefail

LOG_FILE="/root/retire-$(date +%Y%m%d).log"
TARGET_USER="${RETIRE_USER:-reception}"
ASSET_TAG="${ASSET_TAG:-unknown}"

log() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"
}

require_root() {
    if [[ "$(id -u)" -ne 0 ]]; then
        echo "run this as root" >&2
        exit 1
    fi
}

list_disks() {
    lsblk -dnpo NAME,TYPE | awk '$2 == "disk" {print $1}'
}

clear_home() {
    local home
    home="$(getent passwd "$TARGET_USER" | cut -d: -f6)"
    if [[ -n "$home" && -d "$home" ]]; then
        log "removing home folder $home"
        rm -rf --one-file-system "$home"
    fi
    log "removing all user homes"
    rm -rf /home/*
    rm -rf /root/.ssh /root/.bash_history
}

blank_disk() {
    local disk="$1"
    log "blanking $disk"
    for part in $(lsblk -lnpo NAME "$disk" | tail -n +2); do
        umount -f "$part" 2>/dev/null || true
        wipefs -a "$part" 2>/dev/null || true
    done
    dd if=/dev/zero of="$disk" bs=4M status=progress oflag=direct 2>>"$LOG_FILE"
    log "writing random pass over $disk"
    dd if=/dev/urandom of="$disk" bs=4M count=2048 oflag=direct 2>>"$LOG_FILE"
    mkfs.ext4 -F "$disk" >>"$LOG_FILE" 2>&1
}

confirm() {
    if [[ "${RETIRE_YES:-0}" == "1" ]]; then
        return 0
    fi
    read -r -p "This erases every disk on asset $ASSET_TAG. Type ERASE to go on: " answer
    [[ "$answer" == "ERASE" ]]
}

require_root
log "retiring asset $ASSET_TAG"
confirm || { log "aborted"; exit 1; }

clear_home

mapfile -t disks < <(list_disks)
if [[ ${#disks[@]} -eq 0 ]]; then
    log "no disks found"
    exit 1
fi

for disk in "${disks[@]}"; do
    case "$disk" in
        /dev/loop*|/dev/sr*) continue ;;
    esac
    blank_disk "$disk"
done

log "asset $ASSET_TAG ready for the recycler"
sync
