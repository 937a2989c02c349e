#!/bin/sh
# catalogue_images_mount.sh - attach the parts-catalogue image library from
# the back-office NAS so the bench terminals can show exploded diagrams and
# part photos (movement plates, wheels, springs) next to each SKU.
#
# Settings come from ./catalogue_mount.conf if present:
#   NAS_HOST=nas.workshop.lan
#   NAS_EXPORT=/volume1/catalogue-images
#   MOUNT_POINT=/mnt/catalogue-images
#   NFS_OPTS=ro,vers=4.1,soft,timeo=50,retrans=2
#
# usage: catalogue_images_mount.sh [mount|umount|status]

set -eu

NAS_HOST=nas.workshop.lan
NAS_EXPORT=/volume1/catalogue-images
MOUNT_POINT=/mnt/catalogue-images
NFS_OPTS=ro,vers=4.1,soft,timeo=50,retrans=2
CONF=./catalogue_mount.conf
LINK_NAME=./catalogue/images

[ -r "$CONF" ] && . "$CONF"

log() { logger -t catalogue-mount "$*" 2>/dev/null || true; echo "$*"; }

priv() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

nas_reachable() {
    i=0
    while [ $i -lt 3 ]; do
        if ping -c1 -W2 "$NAS_HOST" >/dev/null 2>&1; then
            return 0
        fi
        i=$((i + 1))
        sleep 2
    done
    return 1
}

do_mount() {
    if is_mounted; then
        log "$MOUNT_POINT already mounted"
        return 0
    fi
    nas_reachable || { log "NAS $NAS_HOST not answering"; return 1; }

    if command -v showmount >/dev/null 2>&1; then
        if ! showmount -e "$NAS_HOST" 2>/dev/null | grep -q "^$NAS_EXPORT "; then
            log "warning: $NAS_EXPORT not listed by $NAS_HOST (NFSv4-only servers hide it)"
        fi
    fi

    [ -d "$MOUNT_POINT" ] || priv mkdir -p "$MOUNT_POINT"
    log "mounting $NAS_HOST:$NAS_EXPORT on $MOUNT_POINT ($NFS_OPTS)"
    priv mount -t nfs -o "$NFS_OPTS" "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT"

    # the catalogue viewer looks for images next to the CSVs
    mkdir -p "$(dirname "$LINK_NAME")"
    ln -sfn "$MOUNT_POINT" "$LINK_NAME"
    count=$(find "$MOUNT_POINT" -maxdepth 2 -type f \( -name '*.jpg' -o -name '*.png' \) 2>/dev/null | wc -l)
    log "mounted; $count images visible at top level"
}

do_umount() {
    if ! is_mounted; then
        log "$MOUNT_POINT not mounted"
        return 0
    fi
    priv umount "$MOUNT_POINT" || priv umount -l "$MOUNT_POINT"
    [ -L "$LINK_NAME" ] && rm -f "$LINK_NAME"
    log "unmounted $MOUNT_POINT"
}

do_status() {
    if is_mounted; then
        grep " $MOUNT_POINT " /proc/mounts
        df -h "$MOUNT_POINT" | tail -n1
    else
        echo "not mounted"
        return 3
    fi
}

case "${1:-mount}" in
    mount) do_mount ;;
    umount|unmount) do_umount ;;
    status) do_status ;;
    *) sed -n '2,13p' "$0"; exit 2 ;;
esac
