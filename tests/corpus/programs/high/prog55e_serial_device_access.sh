#!/usr/bin/env bash
# Lab bench helper: find USB serial adapters (flashers, debug probes, GPS
# receivers) and make them usable by the lab group without re-plugging.
# Prints a table of devices with their USB vendor/product and serial number.
set -uo pipefail

LAB_GROUP="${LAB_GROUP:-dialout}"
MODE="${DEVICE_MODE:-0660}"
PATTERNS=(ttyUSB* ttyACM* ttyAMA[0-9]* serial/by-id/*)
DRY=0
VERBOSE=0

while getopts 'g:m:nv' o; do
    case $o in
        g) LAB_GROUP=$OPTARG ;;
        m) MODE=$OPTARG ;;
        n) DRY=1 ;;
        v) VERBOSE=1 ;;
        *) echo "usage: ${0##*/} [-g group] [-m mode] [-n] [-v]" >&2; exit 2 ;;
    esac
done

[[ $MODE =~ ^0?[0-7]{3}$ ]] || { echo "bad mode $MODE" >&2; exit 2; }
getent group "$LAB_GROUP" > /dev/null || { echo "no group $LAB_GROUP" >&2; exit 1; }

usb_attr() {
    # Walk up sysfs from the tty to the USB device and read an attribute.
    local dev=$1 attr=$2 path
    path=$(readlink -f "/sys/class/tty/${dev##*/}/device" 2>/dev/null) || return 1
    while [[ $path != / && ! -r $path/$attr ]]; do
        path=${path%/*}
    done
    [[ -r $path/$attr ]] && cat "$path/$attr"
}

find_args=()
for p in "${PATTERNS[@]}"; do
    (( ${#find_args[@]} )) && find_args+=(-o)
    find_args+=(-path "/dev/$p")
done

mapfile -t devices < <(find /dev -maxdepth 3 \( "${find_args[@]}" \) -print 2>/dev/null \
                        | xargs -r readlink -f | sort -u)

if (( ${#devices[@]} == 0 )); then
    echo "no serial devices found"
    exit 0
fi

printf '%-14s %-6s %-6s %-10s %-12s %s\n' DEVICE VID PID MODE OWNER SERIAL
changed=0
for dev in "${devices[@]}"; do
    [[ -c $dev ]] || continue
    read -r cur_mode owner group < <(stat -c '%a %U %G' -- "$dev")
    vid=$(usb_attr "$dev" idVendor || echo '-')
    pid=$(usb_attr "$dev" idProduct || echo '-')
    serial=$(usb_attr "$dev" serial || echo '-')

    if [[ $group != "$LAB_GROUP" || 0$cur_mode != 0${MODE#0} ]]; then
        if (( DRY )); then
            echo "would set $dev to $LAB_GROUP/$MODE"
        else
            sudo chgrp "$LAB_GROUP" "$dev" && sudo chmod "$MODE" "$dev" && (( ++changed ))
            read -r cur_mode owner group < <(stat -c '%a %U %G' -- "$dev")
        fi
    fi
    printf '%-14s %-6s %-6s %-10s %-12s %s\n' "${dev#/dev/}" "$vid" "$pid" \
        "$cur_mode" "$owner:$group" "$serial"
    (( VERBOSE )) && udevadm info -q property -n "$dev" 2>/dev/null \
        | grep -E '^ID_(MODEL|VENDOR)=' | sed 's/^/    /'
done

echo "${#devices[@]} devices, $changed updated"
id -nG | tr ' ' '\n' | grep -qx "$LAB_GROUP" \
    || echo "note: $USER is not in $LAB_GROUP; you may still need 'newgrp $LAB_GROUP'"
