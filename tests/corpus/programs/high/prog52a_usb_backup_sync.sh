#!/usr/bin/env bash
# usb_backup.sh - mirror selected home folders onto the labelled USB backup disk.
#
#   ./usb_backup.sh            # mirror using ~/.config/usb-backup/folders.list
#   ./usb_backup.sh --check    # only show what would change
set -euo pipefail

LABEL="${BACKUP_LABEL:-HOMEBACKUP}"
MOUNTPOINT="/mnt/${LABEL,,}"
LIST_FILE="${XDG_CONFIG_HOME:-$HOME/.config}/usb-backup/folders.list"
CHECK_ONLY=0
MOUNTED_BY_US=0

say() { printf '\e[1;34m==>\e[0m %s\n' "$*"; }
fail() { printf '\e[1;31mxx\e[0m %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
    case "$arg" in
        --check) CHECK_ONLY=1 ;;
        -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
        *) fail "unknown argument: $arg" ;;
    esac
done

find_device() {
    local dev="/dev/disk/by-label/${LABEL}"
    [[ -e "$dev" ]] || fail "backup disk '${LABEL}' is not plugged in"
    readlink -f "$dev"
}

mount_disk() {
    local dev="$1"
    if findmnt -rn -S "$dev" >/dev/null; then
        MOUNTPOINT="$(findmnt -rn -S "$dev" -o TARGET | head -n1)"
        say "already mounted at $MOUNTPOINT"
        return
    fi
    sudo mkdir -p "$MOUNTPOINT"
    sudo mount -o noatime,uid="$(id -u)",gid="$(id -g)" "$dev" "$MOUNTPOINT" 2>/dev/null \
        || sudo mount -o noatime "$dev" "$MOUNTPOINT"
    MOUNTED_BY_US=1
    say "mounted $dev at $MOUNTPOINT"
}

unmount_disk() {
    if (( MOUNTED_BY_US )); then
        sync
        sudo umount "$MOUNTPOINT" && say "unmounted $MOUNTPOINT"
    fi
}

read_folders() {
    [[ -f "$LIST_FILE" ]] || fail "no folder list at $LIST_FILE"
    grep -vE '^\s*(#|$)' "$LIST_FILE"
}

mirror_folder() {
    local rel="$1" opts=(-a --delete-after --human-readable --info=stats1)
    (( CHECK_ONLY )) && opts+=(--dry-run --itemize-changes)
    [[ -d "$HOME/$rel" ]] || { say "skip missing ~/$rel"; return; }
    mkdir -p "$MOUNTPOINT/$(hostname -s)/$rel"
    rsync "${opts[@]}" "$HOME/$rel/" "$MOUNTPOINT/$(hostname -s)/$rel/"
}

main() {
    local dev folder
    dev="$(find_device)"
    trap unmount_disk EXIT
    mount_disk "$dev"
    while IFS= read -r folder; do
        say "mirroring ~/$folder"
        mirror_folder "$folder"
    done < <(read_folders)
    df -h "$MOUNTPOINT" | tail -n1
}

main
