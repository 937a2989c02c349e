#!/usr/bin/env bash
# mc_world_ramdisk.sh - run a Minecraft world from RAM to stop chunk-save lag
# on slow VPS disks. The world folder is copied into a RAM-backed mount and
# swapped in with a symlink; `sync` writes it back to disk (call it from the
# server's backup hook or every few minutes).
#
#   mc_world_ramdisk.sh up|sync|down [-w world] [-s size] [-d server_dir]

set -euo pipefail

ACTION="${1:-}"
[[ -n "$ACTION" ]] && shift
SERVER_DIR="$PWD"
WORLD="world"
SIZE="6G"
RAM_ROOT="${MC_RAM_ROOT:-/mnt/mc-ram}"

while getopts "w:s:d:" o; do
    case "$o" in
        w) WORLD="$OPTARG" ;;
        s) SIZE="$OPTARG" ;;
        d) SERVER_DIR="$OPTARG" ;;
        *) exit 2 ;;
    esac
done

DISK_COPY="${SERVER_DIR}/${WORLD}.disk"
LINK="${SERVER_DIR}/${WORLD}"
RAM_WORLD="${RAM_ROOT}/${WORLD}"

elevate() {
    local helper
    for helper in doas sudo; do
        if command -v "$helper" >/dev/null 2>&1; then
            "$helper" "$@"
            return
        fi
    done
    echo "need doas or sudo for: $*" >&2
    return 1
}

info() { echo "==> $*"; }

is_mounted() {
    findmnt -rno TARGET "$RAM_ROOT" >/dev/null 2>&1
}

check_space() {
    local need_kb
    need_kb=$(du -sk "$1" | cut -f1)
    local avail_kb
    avail_kb=$(awk '/MemAvailable/ {print $2}' /proc/meminfo)
    if (( need_kb * 2 > avail_kb )); then
        echo "world is ${need_kb}KB but only ${avail_kb}KB RAM available" >&2
        return 1
    fi
}

ram_up() {
    if [[ -L "$LINK" ]]; then
        info "world already on ramdisk"
        return 0
    fi
    [[ -d "$LINK" ]] || { echo "no world directory at $LINK" >&2; exit 1; }
    check_space "$LINK"

    if ! is_mounted; then
        elevate mkdir -p "$RAM_ROOT"
        elevate mount -t tmpfs -o "size=${SIZE},mode=0750,uid=$(id -u),gid=$(id -g),noatime" mc-ram "$RAM_ROOT"
        info "mounted ${SIZE} tmpfs at ${RAM_ROOT}"
    fi

    rsync -a --delete "${LINK}/" "${RAM_WORLD}/"
    mv "$LINK" "$DISK_COPY"
    ln -s "$RAM_WORLD" "$LINK"
    info "world now served from ${RAM_WORLD}"
}

ram_sync() {
    [[ -L "$LINK" ]] || { info "world not on ramdisk, nothing to sync"; return 0; }
    local started=$SECONDS
    rsync -a --delete --exclude 'session.lock' "${RAM_WORLD}/" "${DISK_COPY}/"
    info "synced to disk in $((SECONDS - started))s"
}

ram_down() {
    [[ -L "$LINK" ]] || { info "world not on ramdisk"; return 0; }
    if pgrep -f "java.*-jar.*${SERVER_DIR}" >/dev/null; then
        echo "server still running, stop it first" >&2
        exit 1
    fi
    ram_sync
    rm "$LINK"
    mv "$DISK_COPY" "$LINK"
    if is_mounted && [[ -z "$(ls -A "$RAM_ROOT" | grep -v "^${WORLD}$" || true)" ]]; then
        elevate umount "$RAM_ROOT"
        info "unmounted ${RAM_ROOT}"
    fi
}

case "$ACTION" in
    up) ram_up ;;
    sync) ram_sync ;;
    down) ram_down ;;
    *) sed -n '2,7p' "$0"; exit 2 ;;
esac
