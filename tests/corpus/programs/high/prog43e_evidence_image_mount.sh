#!/usr/bin/env bash
# evidence_image_mount.sh - attach a raw disk image from an incident read-only,
# mount each partition without exec/suid, inventory and hash the interesting
# areas, then detach everything again.
#
# usage: evidence_image_mount.sh CASE_ID IMAGE.raw
set -euo pipefail

CASE_ID="${1:?case id required}"
IMAGE="${2:?image path required}"
CASE_DIR="./cases/$CASE_ID"
MNT_BASE="/mnt/evidence/$CASE_ID"
AREAS=(etc/passwd etc/crontab etc/cron.d etc/systemd/system root/.bash_history home var/spool/cron)
LOOPDEV=""
declare -a MOUNTED=()

note() { printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$CASE_ID" "$*" | tee -a "$CASE_DIR/chain_of_custody.log" >&2; }

cleanup() {
    local m
    for m in "${MOUNTED[@]:-}"; do
        [[ -n "$m" ]] && sudo umount "$m" && note "unmounted $m"
    done
    if [[ -n "$LOOPDEV" ]]; then
        sudo losetup -d "$LOOPDEV" && note "detached $LOOPDEV"
    fi
}
trap cleanup EXIT

mkdir -p "$CASE_DIR"
note "image sha256 $(sha256sum "$IMAGE" | cut -d' ' -f1)"

LOOPDEV="$(sudo losetup --find --show --read-only --partscan "$IMAGE")"
note "attached $IMAGE as $LOOPDEV"
sleep 1

for part in "${LOOPDEV}"p*; do
    [[ -b "$part" ]] || continue
    fstype="$(sudo blkid -o value -s TYPE "$part" || true)"
    case "$fstype" in
        ext2|ext3|ext4) opts="ro,noload,noexec,nosuid,nodev" ;;
        xfs)            opts="ro,norecovery,noexec,nosuid,nodev" ;;
        vfat|ntfs*)     opts="ro,noexec,nosuid,nodev" ;;
        *) note "skipping $part (type '${fstype:-unknown}')"; continue ;;
    esac
    target="$MNT_BASE/$(basename "$part")"
    sudo mkdir -p "$target"
    sudo mount -t "$fstype" -o "$opts" "$part" "$target"
    MOUNTED+=("$target")
    note "mounted $part ($fstype) at $target"

    out="$CASE_DIR/$(basename "$part")_hashes.txt"
    : > "$out"
    for area in "${AREAS[@]}"; do
        [[ -e "$target/$area" ]] || continue
        sudo find "$target/$area" -xdev -type f -size -50M -print0 \
            | sudo xargs -0 -r sha256sum >> "$out" || true
    done
    note "hashed $(wc -l < "$out") files from $part"
    sudo find "$target" -xdev -type f -perm -4000 -printf '%m %u %p\n' \
        > "$CASE_DIR/$(basename "$part")_suid.txt" 2>/dev/null || true
done

note "collection complete; results in $CASE_DIR"
