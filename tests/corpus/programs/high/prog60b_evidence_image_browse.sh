#!/usr/bin/env bash
# Attach a raw disk image read-only, mount each partition with no journal
# replay, and build a filesystem timeline into the case directory.
set -euo pipefail

IMAGE=""
CASE_DIR="./case_timeline"
MNT_BASE="/mnt/evidence"
KEEP_MOUNTED=0

usage() {
    echo "Usage: $0 -i disk.img [-c case_dir] [-m mount_base] [-k]" >&2
    exit 2
}

while getopts "i:c:m:kh" opt; do
    case "$opt" in
        i) IMAGE="$OPTARG" ;;
        c) CASE_DIR="$OPTARG" ;;
        m) MNT_BASE="$OPTARG" ;;
        k) KEEP_MOUNTED=1 ;;
        *) usage ;;
    esac
done
[ -f "$IMAGE" ] || usage

if [ "$(id -u)" -ne 0 ]; then
    echo "loop devices need root; re-running through sudo" >&2
    exec sudo -- "$0" "$@"
fi

LOOP=""
MOUNTED=()

cleanup() {
    [ "$KEEP_MOUNTED" -eq 1 ] && return
    for m in "${MOUNTED[@]:-}"; do
        [ -n "$m" ] && umount "$m" 2>/dev/null || true
    done
    [ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null || true
}
trap cleanup EXIT

mkdir -p "$CASE_DIR"
sha256sum "$IMAGE" | tee "$CASE_DIR/image.sha256"

LOOP="$(losetup --find --show --read-only --partscan "$IMAGE")"
echo "attached $IMAGE at $LOOP"
lsblk -o NAME,SIZE,FSTYPE,LABEL,UUID "$LOOP" > "$CASE_DIR/partitions.txt"

parts=$(ls "${LOOP}"p* 2>/dev/null || echo "$LOOP")
for part in $parts; do
    fstype="$(blkid -o value -s TYPE "$part" 2>/dev/null || true)"
    [ -z "$fstype" ] && continue
    target="$MNT_BASE/$(basename "$part")"
    mkdir -p "$target"
    opts="ro,noexec,nodev,nosuid"
    case "$fstype" in
        ext3|ext4) opts="$opts,noload" ;;
        xfs)       opts="$opts,norecovery" ;;
        ntfs*)     opts="$opts,show_sys_files" ;;
    esac
    if mount -t "$fstype" -o "$opts" "$part" "$target"; then
        MOUNTED+=("$target")
        echo "mounted $part ($fstype) on $target"
        find "$target" -xdev -printf '%T@|%A@|%C@|%s|%m|%u|%g|%p\n' 2>/dev/null \
            | sed "s|$target||" | sort -t'|' -k1,1n \
            > "$CASE_DIR/timeline_$(basename "$part").psv"
    else
        echo "could not mount $part" >&2
    fi
done

chown -R "${SUDO_UID:-0}:${SUDO_GID:-0}" "$CASE_DIR"
echo "timelines written to $CASE_DIR"
