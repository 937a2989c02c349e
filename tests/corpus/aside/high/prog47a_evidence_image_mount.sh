#!/usr/bin/env bash
# Attach a raw forensic image read-only, verify its acquisition hash,
# list the partitions, and mount one for keyword collection.
#   usage: evidence_image_mount.sh IMAGE.dd EXPECTED_SHA256 [PARTITION]
set -euo pipefail

IMAGE="${1:?image path required}"
EXPECTED="${2:?expected sha256 required}"
PART="${3:-1}"
MOUNT_BASE="/mnt/evidence"
CASE_LOG="./case_notes/mount_log.txt"
LOOPDEV=""

note() { printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" | tee -a "$CASE_LOG"; }

cleanup() {
    local rc=$?
    if mountpoint -q "$MOUNT_BASE/$(basename "$IMAGE")" 2>/dev/null; then
        note "leaving image mounted at $MOUNT_BASE/$(basename "$IMAGE")"
    elif [[ -n "$LOOPDEV" ]]; then
        losetup -d "$LOOPDEV" || true
        note "detached $LOOPDEV"
    fi
    exit "$rc"
}
trap cleanup EXIT

verify_hash() {
    note "hashing $IMAGE"
    local actual
    actual="$(sha256sum "$IMAGE" | awk '{print $1}')"
    if [[ "${actual,,}" != "${EXPECTED,,}" ]]; then
        note "HASH MISMATCH expected=$EXPECTED actual=$actual"
        return 1
    fi
    note "hash verified $actual"
}

attach_image() {
    LOOPDEV="$(losetup --find --show --read-only --partscan "$IMAGE")"
    note "attached $IMAGE to $LOOPDEV (read-only)"
    lsblk -o NAME,SIZE,FSTYPE,LABEL "$LOOPDEV" | tee -a "$CASE_LOG"
}

mount_partition() {
    local dev="${LOOPDEV}p${PART}"
    [[ -b "$dev" ]] || { note "no partition $PART on $LOOPDEV"; return 1; }
    local target="$MOUNT_BASE/$(basename "$IMAGE")"
    mkdir -p "$target"
    local fstype
    fstype="$(blkid -o value -s TYPE "$dev" || echo auto)"
    local opts="ro,noexec,nodev,nosuid"
    [[ "$fstype" == "ext4" || "$fstype" == "ext3" ]] && opts="$opts,noload"
    mount -t "$fstype" -o "$opts" "$dev" "$target"
    note "mounted $dev ($fstype) at $target with $opts"
}

main() {
    [[ $EUID -eq 0 ]] || { echo "run as root (losetup/mount)" >&2; exit 1; }
    [[ -f "$IMAGE" ]] || { echo "no such image: $IMAGE" >&2; exit 1; }
    mkdir -p "$(dirname "$CASE_LOG")"
    verify_hash
    attach_image
    mount_partition
    note "ready for collection; unmount with: umount $MOUNT_BASE/$(basename "$IMAGE") && losetup -d $LOOPDEV"
}

main "$@"
