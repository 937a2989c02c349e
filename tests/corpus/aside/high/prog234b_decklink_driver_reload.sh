#!/usr/bin/env bash
# prog234b_decklink_driver_reload.sh
#
# Recovers a capture/playout server whose DeckLink SDI cards stop showing
# up after a driver hiccup ("no DeckLink devices found" in the ingest log).
# Stops nothing itself: the operator must stop the ingest app first. Then it
# reloads the Blackmagic kernel module and fixes device node permissions so
# the ingest user (group "video") can open the cards again.
#
# Usage: prog234b_decklink_driver_reload.sh [--module NAME] [--group GROUP] [--status]

set -euo pipefail

PROG="$(basename "$0")"
MODULE="blackmagic_io"
GROUP="video"
STATUS_ONLY=0
DEV_GLOB="/dev/blackmagic/*"
LOG="./decklink-reload.log"

log() {
    printf '%s [%s] %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG"
}

module_loaded() {
    lsmod | awk '{print $1}' | grep -qx "$1"
}

ingest_running() {
    pgrep -f 'ingest-server|casparcg' >/dev/null 2>&1
}

list_devices() {
    local found=0
    for dev in $DEV_GLOB; do
        [[ -e "$dev" ]] || continue
        found=$((found + 1))
        log INFO "device $dev $(stat -c '%U:%G %a' "$dev")"
    done
    echo "$found"
}

reload_module() {
    if module_loaded "$MODULE"; then
        log INFO "unloading $MODULE"
        sudo modprobe -r "$MODULE" || { log ERROR "module busy, is something still using the cards?"; return 1; }
    fi
    sleep 2
    log INFO "loading $MODULE"
    sudo modprobe "$MODULE"
    for _ in 1 2 3 4 5; do
        compgen -G "$DEV_GLOB" >/dev/null && return 0
        sleep 1
    done
    log ERROR "device nodes did not appear"
    return 1
}

fix_permissions() {
    for dev in $DEV_GLOB; do
        [[ -e "$dev" ]] || continue
        sudo chgrp "$GROUP" "$dev"
        sudo chmod 0660 "$dev"
    done
    log INFO "device nodes set to root:${GROUP} 0660"
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --module) MODULE="$2"; shift 2 ;;
        --group) GROUP="$2"; shift 2 ;;
        --status) STATUS_ONLY=1; shift ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) echo "$PROG: unknown option $1" >&2; exit 2 ;;
    esac
done

if module_loaded "$MODULE"; then
    log INFO "$MODULE is loaded"
else
    log WARN "$MODULE is not loaded"
fi
count="$(list_devices)"
log INFO "$count DeckLink device node(s) present"

(( STATUS_ONLY )) && exit 0

if ingest_running; then
    log ERROR "ingest application is running; stop it before reloading the driver"
    exit 3
fi

reload_module || exit 1
fix_permissions
count="$(list_devices)"
log INFO "reload complete, $count device node(s) available"
