#!/bin/sh
# jobshare_mount.sh - attach the prepress job share to a finishing PC so the
# job tickets and imposed proofs are readable at the guillotine and folder.
#
#   jobshare_mount.sh [up|down|status]
#
# Reads ./jobshare.conf:
#   SHARE=//nas01.bindery.lan/jobs
#   MOUNTPOINT=/mnt/jobs
#   CREDFILE=./jobshare.cred      (username=/password= lines, mode 600)
#   VERS=3.0
set -u

CONF="${JOBSHARE_CONF:-./jobshare.conf}"
SHARE="//nas01.bindery.lan/jobs"
MOUNTPOINT="/mnt/jobs"
CREDFILE="./jobshare.cred"
VERS="3.0"
RETRIES=4

if [ -f "$CONF" ]; then
    while IFS='=' read -r k v; do
        case "$k" in
            SHARE) SHARE=$v ;;
            MOUNTPOINT) MOUNTPOINT=$v ;;
            CREDFILE) CREDFILE=$v ;;
            VERS) VERS=$v ;;
        esac
    done < "$CONF"
fi

msg() { echo "jobshare: $*" >&2; }

is_mounted() {
    grep -qs " $MOUNTPOINT cifs " /proc/mounts
}

nas_reachable() {
    host=$(echo "$SHARE" | cut -d/ -f3)
    nc -z -w 3 "$host" 445 >/dev/null 2>&1
}

do_up() {
    if is_mounted; then
        msg "already mounted on $MOUNTPOINT"
        return 0
    fi
    if [ ! -r "$CREDFILE" ]; then
        msg "credentials file $CREDFILE missing"
        return 1
    fi
    perms=$(stat -c %a "$CREDFILE")
    [ "$perms" = "600" ] || msg "warning: $CREDFILE is mode $perms, expected 600"

    n=0
    until nas_reachable; do
        n=$((n + 1))
        [ "$n" -ge "$RETRIES" ] && { msg "NAS not reachable"; return 1; }
        msg "waiting for NAS ($n/$RETRIES)"
        sleep 5
    done

    opts="credentials=$(readlink -f "$CREDFILE"),vers=$VERS,uid=$(id -u),gid=$(id -g),file_mode=0640,dir_mode=0750,ro"
    sudo mkdir -p "$MOUNTPOINT"
    if sudo mount -t cifs "$SHARE" "$MOUNTPOINT" -o "$opts"; then
        msg "mounted $SHARE on $MOUNTPOINT"
    else
        msg "mount failed"
        return 1
    fi
}

do_down() {
    if ! is_mounted; then
        msg "not mounted"
        return 0
    fi
    sudo umount "$MOUNTPOINT" && msg "unmounted $MOUNTPOINT"
}

do_status() {
    if is_mounted; then
        msg "mounted: $(grep " $MOUNTPOINT " /proc/mounts | cut -d' ' -f1-3)"
        ls "$MOUNTPOINT" | head -n 5
    else
        msg "not mounted"
        return 1
    fi
}

case "${1:-up}" in
    up) do_up ;;
    down) do_down ;;
    status) do_status ;;
    *) echo "usage: $0 [up|down|status]" >&2; exit 1 ;;
esac
