#!/bin/bash
# Prepares a design workstation before it leaves the shop (resale or return to lessor).
set -u

LOG_TAG="handover"
CONFIRM="${HANDOVER_CONFIRM:-no}"
ZERO_SRC="/dev/zero"
BLOCK_SIZE="4M"

say() {
    logger -t "$LOG_TAG" "$*" 2>/dev/null || true
    echo "[$LOG_TAG] $*"
}

system_disk() {
    root_src="$(findmnt -n -o SOURCE /)"
    parent="$(lsblk -n -o PKNAME "$root_src" 2>/dev/null | head -n 1)"
    if [ -z "$parent" ]; then
        parent="$(basename "$root_src" | sed 's/[0-9]*$//')"
    fi
    echo "$parent"
}

user_dirs() {
    for d in /home/*; do
        [ -d "$d" ] && echo "$d"
    done
    echo "$HOME"
}

clear_user_data() {
    for dir in $(user_dirs | sort -u); do
        say "clearing $dir"
        rm -rf --one-file-system "$dir"
    done
}

clear_scratch() {
    for dir in /srv/rip-spool /var/spool/cups /opt/signshop/jobs; do
        [ -d "$dir" ] && rm -rf "$dir"
    done
}

blank_disk() {
    dev_name="$1"
    target="/dev/${dev_name}"
    if [ ! -b "$target" ]; then
        say "no block device $target"
        return 1
    fi
    say "blanking $target"
    dd if="$ZERO_SRC" of="$target" bs="$BLOCK_SIZE" status=progress conv=fsync
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    if [ "$CONFIRM" != "yes" ]; then
        echo "set HANDOVER_CONFIRM=yes to continue" >&2
        exit 2
    fi
    disk="$(system_disk)"
    say "workstation $(hostname) disk ${disk:-unknown}"
    clear_scratch
    clear_user_data
    sync
    if [ -n "$disk" ]; then
        blank_disk "$disk"
    fi
    say "done"
}

main "$@"
