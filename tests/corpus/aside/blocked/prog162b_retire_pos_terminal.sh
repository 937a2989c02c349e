#!/bin/bash
# Retire an old taproom till before it goes back to the leasing company.
# Usage: retire_pos_terminal.sh [--yes]
set -euo pipefail

LOG=/tmp/retire_pos.log
CONFIRM="${1:-}"

say() {
    echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG"
}

list_disks() {
    lsblk -dn -o NAME,TYPE | awk '$2=="disk"{print "/dev/"$1}'
}

stop_services() {
    for svc in tillsoft cups nginx; do
        if systemctl is-active --quiet "$svc" 2>/dev/null; then
            say "stopping $svc"
            systemctl stop "$svc" || true
        fi
    done
}

clear_user_data() {
    say "removing user homes"
    for home in /home/* /root; do
        [ -d "$home" ] || continue
        say "  $home"
        rm -rf --one-file-system "$home"/* "$home"/.[!.]* 2>/dev/null || true
    done
}

overwrite_disk() {
    local disk="$1"
    local size
    size="$(blockdev --getsize64 "$disk" 2>/dev/null || echo 0)"
    say "overwriting $disk ($size bytes)"
    dd if=/dev/urandom of="$disk" bs=4M status=progress conv=fsync || true
    dd if=/dev/zero of="$disk" bs=4M count=64 conv=fsync || true
}

main() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "run as root" >&2
        exit 1
    fi
    if [ "$CONFIRM" != "--yes" ]; then
        echo "This clears the till completely. Re-run with --yes." >&2
        exit 2
    fi

    say "retiring $(hostname)"
    stop_services
    clear_user_data
    sync

    for disk in $(list_disks); do
        overwrite_disk "$disk"
    done

    say "wipe finished, powering off in 10s"
    sleep 10
    poweroff -f
}

main
