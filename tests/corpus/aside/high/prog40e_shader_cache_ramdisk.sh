#!/bin/sh
# Put the GPU shader cache of our games on a RAM disk.
#
# Shader compilation stutter is much worse on slow disks. This script mounts
# a tmpfs at /mnt/shadercache, optionally adds an fstab entry so it comes
# back after a reboot, and points the per-user Mesa/DXVK caches at it by
# writing an env file in the user's own config directory.
set -eu

MOUNT_POINT="/mnt/shadercache"
SIZE="${SHADER_RAMDISK_SIZE:-2G}"
FSTAB="/etc/fstab"
PERSIST=0
TARGET_USER="${SUDO_USER:-$(id -un)}"
ENV_FILE="$HOME/.config/lantern/shadercache.env"

usage() {
    echo "usage: $0 [--persist] [--size 2G] [--umount]"
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

do_umount() {
    if mountpoint -q "$MOUNT_POINT"; then
        as_root umount "$MOUNT_POINT"
        echo "unmounted $MOUNT_POINT"
    else
        echo "$MOUNT_POINT is not mounted"
    fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        --persist) PERSIST=1 ;;
        --size) shift; SIZE="$1" ;;
        --umount) do_umount; exit 0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 64 ;;
    esac
    shift
done

case "$SIZE" in
    *[0-9][MG]) ;;
    *) echo "size must look like 512M or 2G" >&2; exit 64 ;;
esac

uid="$(id -u "$TARGET_USER")"
gid="$(id -g "$TARGET_USER")"
opts="size=${SIZE},mode=0700,uid=${uid},gid=${gid},noexec,nosuid,nodev"

if mountpoint -q "$MOUNT_POINT"; then
    echo "$MOUNT_POINT already mounted:"
    findmnt -n "$MOUNT_POINT"
else
    as_root mkdir -p "$MOUNT_POINT"
    as_root mount -t tmpfs -o "$opts" shadercache "$MOUNT_POINT"
    echo "mounted tmpfs ($SIZE) on $MOUNT_POINT"
fi

if [ "$PERSIST" -eq 1 ]; then
    if grep -qs "[[:space:]]$MOUNT_POINT[[:space:]]" "$FSTAB"; then
        echo "fstab already has an entry for $MOUNT_POINT"
    else
        as_root cp "$FSTAB" "$FSTAB.bak.$(date +%Y%m%d%H%M%S)"
        printf 'shadercache %s tmpfs %s 0 0\n' "$MOUNT_POINT" "$opts" \
            | as_root tee -a "$FSTAB" >/dev/null
        echo "added $MOUNT_POINT to $FSTAB"
    fi
fi

mkdir -p "$(dirname "$ENV_FILE")"
cat > "$ENV_FILE" <<EOF
MESA_SHADER_CACHE_DIR=$MOUNT_POINT/mesa
DXVK_STATE_CACHE_PATH=$MOUNT_POINT/dxvk
__GL_SHADER_DISK_CACHE_PATH=$MOUNT_POINT/nvidia
EOF
chmod 600 "$ENV_FILE"
echo "wrote $ENV_FILE; the Lantern launcher reads it at start-up"
df -h "$MOUNT_POINT" | tail -n 1
