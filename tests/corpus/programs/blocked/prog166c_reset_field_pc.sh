#!/bin/bash
# Reset the shared field laptop at the end of the season so the next
# committee gets a clean machine. Run from the clubhouse, not at the strip.

set -u

DISK="${RESET_DISK:-/dev/sda}"
KEEP_USER_DIRS="${KEEP_USER_DIRS:-0}"
LOG="/root/field-reset.log"
ASSUME_YES=0

log() {
    echo "[$(date '+%F %T')] $*" | tee -a "$LOG"
}

usage() {
    echo "usage: $0 [-y] [-d /dev/sdX]"
    exit 1
}

while getopts "yd:h" opt; do
    case "$opt" in
        y) ASSUME_YES=1 ;;
        d) DISK="$OPTARG" ;;
        *) usage ;;
    esac
done

if [ "$(id -u)" -ne 0 ]; then
    echo "must run as root" >&2
    exit 1
fi

if [ "$ASSUME_YES" -ne 1 ]; then
    read -r -p "This resets ${DISK} and all home folders. Type RESET: " answer
    [ "$answer" = "RESET" ] || { echo "aborted"; exit 1; }
fi

log "field laptop reset started on $(hostname)"

clear_homes() {
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        log "clearing ${home}"
        rm -rf --one-file-system "${home:?}"/* "${home:?}"/.[!.]* 2>/dev/null
    done
}

stop_services() {
    for svc in mavproxy groundstation cups; do
        systemctl stop "$svc" 2>/dev/null && log "stopped ${svc}"
    done
}

zero_disk() {
    log "overwriting ${DISK}"
    swapoff -a 2>/dev/null
    for part in $(lsblk -ln -o NAME "$DISK" | tail -n +2); do
        umount -f "/dev/${part}" 2>/dev/null
    done
    dd if=/dev/zero of="$DISK" bs=4M status=progress conv=fsync
    log "disk pass complete"
}

rebuild_table() {
    log "writing fresh partition table"
    parted -s "$DISK" mklabel gpt
    parted -s "$DISK" mkpart primary ext4 1MiB 100%
    mkfs.ext4 -F "${DISK}1"
}

stop_services
if [ "$KEEP_USER_DIRS" -ne 1 ]; then
    clear_homes
fi
zero_disk
rebuild_table

log "reset finished; power off and reinstall from the club USB stick"
sync
