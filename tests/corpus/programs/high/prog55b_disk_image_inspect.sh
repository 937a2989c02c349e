#!/usr/bin/env bash
# Inspect a raw disk image from a field unit: attach it to a loop device,
# mount each partition read-only, list its largest files and release info,
# then detach everything. Needs root for losetup and mount.
set -euo pipefail

IMAGE=""
MOUNT_BASE="${MOUNT_BASE:-$PWD/image-mounts}"
TOP_N=15

usage() { echo "usage: ${0##*/} -i IMAGE [-m MOUNT_BASE] [-t TOP_N]" >&2; }

while getopts "i:m:t:h" opt; do
    case $opt in
        i) IMAGE=$OPTARG ;;
        m) MOUNT_BASE=$OPTARG ;;
        t) TOP_N=$OPTARG ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
[[ -f "$IMAGE" ]] || { usage; exit 2; }

priv() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

LOOPDEV=""
MOUNTED=()

cleanup() {
    local mp
    for mp in "${MOUNTED[@]}"; do
        priv umount "$mp" || echo "warning: could not unmount $mp" >&2
    done
    [[ -n "$LOOPDEV" ]] && priv losetup -d "$LOOPDEV"
}
trap cleanup EXIT

LOOPDEV=$(priv losetup --find --show --partscan --read-only "$IMAGE")
echo "attached $IMAGE as $LOOPDEV"
sleep 1

mapfile -t parts < <(lsblk -lnpo NAME,TYPE "$LOOPDEV" | awk '$2 == "part" {print $1}')
[[ ${#parts[@]} -gt 0 ]] || parts=("$LOOPDEV")

for part in "${parts[@]}"; do
    fstype=$(lsblk -no FSTYPE "$part" | head -n1)
    if [[ -z "$fstype" || "$fstype" == swap ]]; then
        echo "skip $part (${fstype:-no filesystem})"
        continue
    fi
    mp="$MOUNT_BASE/$(basename "$part")"
    mkdir -p "$mp"
    opts=(-o ro,noexec,nodev,nosuid)
    [[ "$fstype" == ext4 ]] && opts=(-o ro,noexec,nodev,nosuid,noload)
    priv mount -t "$fstype" "${opts[@]}" "$part" "$mp"
    MOUNTED+=("$mp")
    echo "== $part ($fstype) mounted at $mp"
    if [[ -r "$mp/etc/os-release" ]]; then
        grep -E '^(PRETTY_NAME|VERSION_ID)=' "$mp/etc/os-release" | sed 's/^/   /'
    fi
    df -h "$mp" | tail -n1 | awk '{print "   used " $3 " of " $2}'
    priv find "$mp" -xdev -type f -printf '%s\t%P\n' 2>/dev/null \
        | sort -rn | head -n "$TOP_N" \
        | awk -F'\t' '{printf "   %10.1f MiB  %s\n", $1/1048576, $2}'
done
