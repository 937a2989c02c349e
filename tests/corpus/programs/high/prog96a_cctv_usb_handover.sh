#!/usr/bin/env bash
# cctv_usb_handover.sh
#
# Copies exported session clips onto a customer's USB stick at the front
# desk. Staff plug the stick into the desk PC, run this with the booking
# reference, and the clips for that booking are copied to a folder on the
# stick, verified, and the stick is unmounted so it can be pulled safely.
#
# usage: cctv_usb_handover.sh <booking-ref> [export-dir]

set -euo pipefail

REF="${1:?usage: $0 <booking-ref> [export-dir]}"
EXPORT_DIR="${2:-./exports}"
MNT=/mnt/handover
OWNER_UID=$(id -u)
OWNER_GID=$(id -g)

msg() { printf '\033[1m%s\033[0m\n' "$*"; }
fail() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

find_stick() {
    # newest removable USB partition
    lsblk -rpno NAME,TRAN,RM,TYPE,FSTYPE | awk '
        $2=="usb" && $3=="1" && $4=="disk" {disk=$1}
        $4=="part" && index($1, disk)==1 && $5!="" {part=$1}
        END {print part}'
}

clips_for_ref() {
    find "$EXPORT_DIR" -maxdepth 2 -type f -name "*${REF}*.mp4" | sort
}

mount_stick() {
    local dev="$1" fstype
    fstype=$(lsblk -no FSTYPE "$dev")
    sudo mkdir -p "$MNT"
    case "$fstype" in
        vfat|exfat|ntfs)
            sudo mount -o "uid=${OWNER_UID},gid=${OWNER_GID},umask=022" "$dev" "$MNT" ;;
        ext4|ext3|ext2)
            sudo mount "$dev" "$MNT"
            sudo chown "${OWNER_UID}:${OWNER_GID}" "$MNT" ;;
        *) fail "unsupported filesystem on stick: ${fstype:-none}" ;;
    esac
}

cleanup() {
    if mountpoint -q "$MNT"; then
        sync
        sudo umount "$MNT" || msg "could not unmount $MNT - do not pull the stick yet"
    fi
}
trap cleanup EXIT

main() {
    local dev clips dest c free need
    mapfile -t clips < <(clips_for_ref)
    [ "${#clips[@]}" -gt 0 ] || fail "no exported clips found for booking $REF in $EXPORT_DIR"

    dev=$(find_stick)
    [ -n "$dev" ] || fail "no USB stick detected"
    mountpoint -q "$MNT" && fail "$MNT is already in use"
    msg "using $dev"
    mount_stick "$dev"

    need=$(du -cb "${clips[@]}" | tail -n1 | cut -f1)
    free=$(df -B1 --output=avail "$MNT" | tail -n1 | tr -d ' ')
    [ "$free" -gt "$need" ] || fail "stick too small: need $need bytes, have $free"

    dest="$MNT/EscapeRoom_${REF}"
    mkdir -p "$dest"
    for c in "${clips[@]}"; do
        msg "copying $(basename "$c")"
        cp --no-preserve=ownership "$c" "$dest/"
        cmp -s "$c" "$dest/$(basename "$c")" || fail "verification failed for $(basename "$c")"
    done
    cat > "$dest/README.txt" <<EOF
Thanks for playing! These are the room camera recordings from booking $REF.
Recorded $(date -r "${clips[0]}" '+%d %B %Y').
EOF
    msg "${#clips[@]} clip(s) copied and verified - unmounting"
}

main
