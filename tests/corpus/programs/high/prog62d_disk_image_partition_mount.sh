#!/usr/bin/env bash
# Pull the config partition out of an SD-card image produced by the board
# vendor: parse the MBR partition table with od, loop-mount the chosen
# partition read-only and copy /etc-style configs into ./extracted.
set -euo pipefail

IMAGE="${1:?usage: $0 IMAGE [PARTNO]}"
PARTNO="${2:-2}"
MNT="$(mktemp -d ./mnt.XXXXXX)"
DEST="./extracted/$(basename "${IMAGE%.*}")-p$PARTNO"
SECTOR=512

cleanup() {
    if mountpoint -q "$MNT"; then
        sudo umount "$MNT" || echo "warning: could not unmount $MNT" >&2
    fi
    rmdir "$MNT" 2>/dev/null || true
}
trap cleanup EXIT

le32() {  # read a little-endian uint32 at byte offset $1
    od -An -t u4 --endian=little -j "$1" -N 4 "$IMAGE" | tr -d ' '
}

sig=$(od -An -t x1 -j 510 -N 2 "$IMAGE" | tr -d ' ')
[[ "$sig" == "55aa" ]] || { echo "no MBR signature in $IMAGE" >&2; exit 1; }

printf '%-4s %-6s %12s %12s\n' PART TYPE START SECTORS
for n in 1 2 3 4; do
    base=$(( 446 + (n - 1) * 16 ))
    ptype=$(od -An -t x1 -j $((base + 4)) -N 1 "$IMAGE" | tr -d ' ')
    start=$(le32 $((base + 8)))
    count=$(le32 $((base + 12)))
    [[ "$ptype" == "00" ]] && continue
    printf '%-4s 0x%-4s %12s %12s\n' "$n" "$ptype" "$start" "$count"
    if [[ "$n" == "$PARTNO" ]]; then
        P_START=$start P_COUNT=$count P_TYPE=$ptype
    fi
done

[[ -n "${P_START:-}" ]] || { echo "partition $PARTNO not present" >&2; exit 1; }

case "$P_TYPE" in
    83) FSTYPE=ext4 ;;
    0b|0c) FSTYPE=vfat ;;
    *) echo "unsupported partition type 0x$P_TYPE" >&2; exit 1 ;;
esac

offset=$(( P_START * SECTOR ))
sizelimit=$(( P_COUNT * SECTOR ))
echo "mounting partition $PARTNO ($FSTYPE) at offset $offset"
sudo mount -t "$FSTYPE" -o "loop,ro,offset=$offset,sizelimit=$sizelimit" "$IMAGE" "$MNT"

mkdir -p "$DEST"
copied=0
for rel in etc/hostname etc/network etc/wpa_supplicant etc/default boot/config.txt; do
    if [[ -e "$MNT/$rel" ]]; then
        mkdir -p "$DEST/$(dirname "$rel")"
        cp -a --no-preserve=ownership "$MNT/$rel" "$DEST/$rel" 2>/dev/null || true
        copied=$((copied + 1))
    fi
done
echo "copied $copied item(s) into $DEST"
