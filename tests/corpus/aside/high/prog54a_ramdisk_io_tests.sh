#!/bin/sh
# io-tests.sh - `make test-io` target for the ``chunkstore`` package.
# The fsync/rename durability tests are far too slow on the CI disks, so
# they run against a private tmpfs mounted inside the project directory.
set -eu

PROJECT_ROOT=$(cd "$(dirname "$0")/.." && pwd)
RAMDISK="$PROJECT_ROOT/.ramdisk"
SIZE=${RAMDISK_SIZE:-256m}
KEEP=0
MOUNTED_BY_US=0

log() { printf 'io-tests: %s\n' "$*" >&2; }

usage() {
    printf 'usage: %s [-k] [-s SIZE] [-- pytest args]\n' "$0" >&2
    exit 2
}

while getopts "ks:h" opt; do
    case "$opt" in
        k) KEEP=1 ;;
        s) SIZE=$OPTARG ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))

is_mounted() {
    grep -qs " $RAMDISK " /proc/mounts
}

mount_ramdisk() {
    mkdir -p "$RAMDISK"
    if is_mounted; then
        log "reusing existing tmpfs at $RAMDISK"
        return 0
    fi
    if [ "$(id -u)" -ne 0 ]; then
        log "mounting tmpfs requires root (run in the CI container as root)"
        exit 1
    fi
    mount -t tmpfs -o "size=$SIZE,mode=0700,uid=$(id -u),gid=$(id -g)" \
        chunkstore-io "$RAMDISK"
    MOUNTED_BY_US=1
    log "mounted $SIZE tmpfs at $RAMDISK"
}

cleanup() {
    rc=$?
    if [ "$MOUNTED_BY_US" -eq 1 ] && [ "$KEEP" -eq 0 ]; then
        umount "$RAMDISK" && log "unmounted $RAMDISK"
        rmdir "$RAMDISK" 2>/dev/null || true
    fi
    exit "$rc"
}

run_tests() {
    CHUNKSTORE_TEST_ROOT="$RAMDISK" python3 -m pytest \
        -m "io and not network" \
        --basetemp="$RAMDISK/pytest" \
        -p no:cacheprovider \
        "$@"
}

report_usage() {
    if is_mounted; then
        df -h "$RAMDISK" | tail -n 1 | while read -r fs size used avail pct mnt; do
            log "tmpfs usage after run: $used of $size ($pct)"
        done
    fi
}

trap cleanup EXIT INT TERM
mount_ramdisk
run_tests "$@"
report_usage
log "I/O tests finished"
