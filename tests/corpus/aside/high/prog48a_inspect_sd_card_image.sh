#!/usr/bin/env bash
# inspect_sd_card_image.sh - look inside a Raspberry Pi SD-card image file
# and copy its boot config and OS release info into ./image-report/.
#
# The image is attached read-only through a loop device, its partitions are
# mounted under a private mount point, and everything is detached on exit.
set -euo pipefail

IMAGE="${1:-}"
REPORT_DIR="${REPORT_DIR:-./image-report}"
MNT_BASE="${MNT_BASE:-/mnt/img-inspect}"
ELEVATE="${ELEVATE:-sudo}"
LOOPDEV=""

say() { echo "[img] $*" >&2; }

usage() {
    echo "usage: $0 IMAGE.img" >&2
    exit 2
}

as_root() { $ELEVATE "$@"; }

cleanup() {
    local rc=$?
    for part in boot root; do
        if mountpoint -q "$MNT_BASE/$part" 2>/dev/null; then
            as_root umount "$MNT_BASE/$part" || say "could not unmount $part"
        fi
    done
    if [[ -n "$LOOPDEV" ]]; then
        as_root losetup -d "$LOOPDEV" || say "could not detach $LOOPDEV"
    fi
    exit "$rc"
}

attach() {
    LOOPDEV=$(as_root losetup --find --show --read-only --partscan "$IMAGE")
    say "attached $IMAGE as $LOOPDEV"
    sleep 1   # give udev a moment to create the partition nodes
}

mount_parts() {
    as_root mkdir -p "$MNT_BASE/boot" "$MNT_BASE/root"
    as_root mount -o ro "${LOOPDEV}p1" "$MNT_BASE/boot"
    if [[ -b "${LOOPDEV}p2" ]]; then
        as_root mount -o ro,noload "${LOOPDEV}p2" "$MNT_BASE/root"
    else
        say "no second partition found; boot partition only"
    fi
}

collect() {
    mkdir -p "$REPORT_DIR"
    local f
    for f in config.txt cmdline.txt; do
        if [[ -f "$MNT_BASE/boot/$f" ]]; then
            cp "$MNT_BASE/boot/$f" "$REPORT_DIR/$f"
            say "copied boot/$f"
        fi
    done
    if [[ -f "$MNT_BASE/root/etc/os-release" ]]; then
        cp "$MNT_BASE/root/etc/os-release" "$REPORT_DIR/os-release"
    fi
    {
        echo "image:    $(basename "$IMAGE")"
        echo "size:     $(du -h "$IMAGE" | cut -f1)"
        echo "sha256:   $(sha256sum "$IMAGE" | cut -d' ' -f1)"
        echo "boot use: $(df -h "$MNT_BASE/boot" | awk 'NR==2 {print $3 " of " $2}')"
        if mountpoint -q "$MNT_BASE/root"; then
            echo "root use: $(df -h "$MNT_BASE/root" | awk 'NR==2 {print $3 " of " $2}')"
            echo "kernels:  $(ls "$MNT_BASE/root/lib/modules" 2>/dev/null | tr '\n' ' ')"
        fi
    } > "$REPORT_DIR/summary.txt"
}

[[ -n "$IMAGE" && -f "$IMAGE" ]] || usage
case "$IMAGE" in *.img|*.raw) ;; *) say "warning: $IMAGE does not look like a raw image" ;; esac
trap cleanup EXIT
attach
mount_parts
collect
say "report written to $REPORT_DIR"
