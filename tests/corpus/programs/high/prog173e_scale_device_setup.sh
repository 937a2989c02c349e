#!/usr/bin/env bash
# Prepare the parcel scale on the counter PC: find its serial port, give the
# counter account access to it and set the line speed the scale expects.

set -eu

COUNTER_USER="${COUNTER_USER:-${SUDO_USER:-$USER}}"
SCALE_BAUD="${SCALE_BAUD:-9600}"
SCALE_VENDOR="${SCALE_VENDOR:-067b}"
DRY_RUN=0

port_globs=( "/dev/ttyUSB" "/dev/ttyACM" )
priv=( sudo -n )

run() {
    if [ "$DRY_RUN" -eq 1 ]; then
        printf 'would run: %s\n' "$*"
    else
        "$@"
    fi
}

as_admin() {
    if [ "$(id -u)" -eq 0 ]; then
        run "$@"
    else
        run "${priv[@]}" "$@"
    fi
}

vendor_of() {
    local dev="$1" sysdir
    sysdir="/sys/class/tty/$(basename "$dev")/device/../idVendor"
    [ -r "$sysdir" ] && cat "$sysdir" || printf 'unknown'
}

find_scale() {
    local base dev
    for base in "${port_globs[@]}"; do
        for dev in "$base"*; do
            [ -c "$dev" ] || continue
            if [ "$(vendor_of "$dev")" = "$SCALE_VENDOR" ]; then
                printf '%s' "$dev"
                return 0
            fi
        done
    done
    return 1
}

grant_group() {
    local group
    group="$(stat -c '%G' "$1")"
    if id -nG "$COUNTER_USER" | tr ' ' '\n' | grep -qx "$group"; then
        echo "$COUNTER_USER already in $group"
    else
        as_admin usermod -aG "$group" "$COUNTER_USER"
        echo "added $COUNTER_USER to $group (log out and back in)"
    fi
}

open_port() {
    as_admin chgrp "$(id -gn "$COUNTER_USER")" "$1"
    as_admin chmod 0660 "$1"
}

set_line() {
    as_admin stty -F "$1" "$SCALE_BAUD" cs8 -cstopb -parenb -echo raw
}

steps=( grant_group open_port set_line )

main() {
    while [ $# -gt 0 ]; do
        case "$1" in
            -n|--dry-run) DRY_RUN=1 ;;
            -b|--baud) shift; SCALE_BAUD="$1" ;;
            *) echo "unknown option $1" >&2; exit 2 ;;
        esac
        shift
    done
    local dev step
    if ! dev="$(find_scale)"; then
        echo "parcel scale (vendor $SCALE_VENDOR) not found" >&2
        exit 1
    fi
    echo "scale found on $dev"
    for step in "${steps[@]}"; do
        "$step" "$dev"
    done
    echo "scale ready at ${SCALE_BAUD} baud"
}

main "$@"
