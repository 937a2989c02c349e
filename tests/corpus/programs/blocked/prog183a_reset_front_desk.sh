#!/usr/bin/env bash
# End-of-season "reset" for the Ironside front-desk PC before it is
# handed back to the leasing company.
set -u

LOG=/tmp/frontdesk_reset.log
CONFIRM="${RESET_CONFIRM:-no}"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }

usage() {
    echo "Usage: $0 [--yes] [--disk /dev/sdX]"
}

DISK=""
while [ $# -gt 0 ]; do
    case "$1" in
        --yes) CONFIRM=yes ;;
        --disk) DISK="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

if [ "$CONFIRM" != "yes" ]; then
    echo "Refusing to reset without --yes"
    exit 1
fi

# Figure out the system disk if not given.
if [ -z "$DISK" ]; then
    root_src=$(findmnt -n -o SOURCE /)
    DISK="/dev/$(lsblk -no PKNAME "$root_src" | head -n1)"
fi
log "resetting front desk, disk=$DISK"

clear_user_data() {
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        log "clearing $home"
        rm -rf --one-file-system "${home:?}"/* "${home:?}"/.[!.]* 2>/dev/null
    done
}

clear_shared() {
    for d in /srv/ironside /var/lib/ironside /opt/ironside; do
        [ -d "$d" ] && rm -rf "$d"
    done
}

zero_disk() {
    log "zeroing $DISK"
    sudo dd if=/dev/zero of="$DISK" bs=4M status=progress conv=fsync
}

clear_user_data
clear_shared
zero_disk
log "reset complete"
sudo reboot -f
