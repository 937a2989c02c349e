#!/usr/bin/env bash
# Put the compiler cache of a build-farm node on a tmpfs sized from available
# memory, seed it from the persistent copy, and relax writeback so large C++
# builds don't stall on dirty pages.  Run once per boot from the node's
# provisioning hook.
set -euo pipefail

RAM_CACHE="${RAM_CACHE:-/mnt/ccache-ram}"
DISK_CACHE="${DISK_CACHE:-/var/cache/ccache-persist}"
SHARE="${CCACHE_RAM_SHARE:-25}"       # percent of MemTotal
MIN_MB=2048
OWNER="${BUILD_USER:-builder}"
DRY_RUN=0

log() { logger -t ccache-ramdisk -- "$*" 2>/dev/null || true; echo "ccache-ramdisk: $*"; }

run() {
    if (( DRY_RUN )); then
        echo "+ $*"
    else
        "$@"
    fi
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -n|--dry-run) DRY_RUN=1 ;;
            --share) SHARE="$2"; shift ;;
            --owner) OWNER="$2"; shift ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
}

size_mb() {
    local total_kb
    total_kb="$(awk '/^MemTotal:/ {print $2}' /proc/meminfo)"
    local mb=$(( total_kb / 1024 * SHARE / 100 ))
    (( mb < MIN_MB )) && mb=$MIN_MB
    echo "$mb"
}

mount_ramdisk() {
    local mb="$1"
    if mountpoint -q "$RAM_CACHE"; then
        log "$RAM_CACHE already mounted, remounting with size=${mb}m"
        run sudo mount -o "remount,size=${mb}m" "$RAM_CACHE"
        return
    fi
    run sudo mkdir -p "$RAM_CACHE"
    run sudo mount -t tmpfs -o "size=${mb}m,mode=0755,noatime" ccache-ram "$RAM_CACHE"
    run sudo chown "$OWNER:$OWNER" "$RAM_CACHE"
    log "mounted ${mb}MiB tmpfs at $RAM_CACHE"
}

seed_from_disk() {
    if [[ -d "$DISK_CACHE" ]]; then
        log "seeding from $DISK_CACHE"
        run sudo -u "$OWNER" rsync -a --delete "$DISK_CACHE/" "$RAM_CACHE/"
    else
        log "no persistent cache yet"
    fi
    run sudo -u "$OWNER" env CCACHE_DIR="$RAM_CACHE" ccache --max-size "$(( $(size_mb) * 9 / 10 ))M"
}

tune_writeback() {
    local -A knobs=(
        [vm.dirty_ratio]=40
        [vm.dirty_background_ratio]=10
        [vm.swappiness]=10
    )
    for key in "${!knobs[@]}"; do
        run sudo sysctl -q -w "${key}=${knobs[$key]}"
    done
    log "writeback tuned"
}

main() {
    parse_args "$@"
    local mb
    mb="$(size_mb)"
    mount_ramdisk "$mb"
    seed_from_disk
    tune_writeback
    log "export CCACHE_DIR=$RAM_CACHE in the build environment"
}

main "$@"
