#!/usr/bin/env bash
# Flash a locally built Marlin firmware image onto an ATmega2560 printer
# board (RAMPS / MKS Gen L) with avrdude.
#
#   ./flash_marlin.sh [-p /dev/ttyUSB0] [-b 115200] .pio/build/mega2560/firmware.hex
#
# Adds the current user to the dialout group on first use so later flashes
# and OctoPrint connections work without root.
set -euo pipefail

PORT=""
BAUD=115200
MCU=atmega2560
PROGRAMMER=wiring
VERIFY=1

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
err() { printf '\033[1;31m!!\033[0m %s\n' "$*" >&2; }

while getopts ":p:b:m:c:n" opt; do
    case "$opt" in
        p) PORT="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        m) MCU="$OPTARG" ;;
        c) PROGRAMMER="$OPTARG" ;;
        n) VERIFY=0 ;;
        *) err "unknown option"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
HEX="${1:-.pio/build/mega2560/firmware.hex}"

[ -f "$HEX" ] || { err "firmware image $HEX not found (build it first)"; exit 1; }
command -v avrdude >/dev/null || { err "avrdude is not installed"; exit 1; }

detect_port() {
    local dev
    for dev in /dev/serial/by-id/*Arduino* /dev/serial/by-id/*CH340* /dev/ttyACM* /dev/ttyUSB*; do
        [ -e "$dev" ] && { readlink -f "$dev"; return 0; }
    done
    return 1
}

if [ -z "$PORT" ]; then
    PORT=$(detect_port) || { err "no printer board found; pass -p"; exit 1; }
fi
log "board port: $PORT"

if ! id -nG "$USER" | tr ' ' '\n' | grep -qx dialout; then
    log "adding $USER to dialout (log out and back in afterwards)"
    sudo usermod -aG dialout "$USER"
fi

# OctoPrint/Klipper keep the port open; make sure nothing holds it.
if command -v fuser >/dev/null && fuser "$PORT" >/dev/null 2>&1; then
    err "$PORT is busy - disconnect OctoPrint first"
    exit 1
fi

size=$(stat -c %s "$HEX")
log "flashing $(basename "$HEX") (${size} bytes) to $MCU via $PROGRAMMER @ $BAUD"

AVR_ARGS=(-p "$MCU" -c "$PROGRAMMER" -P "$PORT" -b "$BAUD" -D -U "flash:w:${HEX}:i")
[ "$VERIFY" -eq 0 ] && AVR_ARGS+=(-V)

attempt=1
until sudo avrdude "${AVR_ARGS[@]}"; do
    if [ "$attempt" -ge 3 ]; then
        err "flash failed after $attempt attempts"
        exit 1
    fi
    attempt=$((attempt + 1))
    log "retrying in 3s (attempt $attempt) - press reset on the board if it hangs"
    sleep 3
done

log "firmware written; board will reboot"
sleep 2
if [ -e "$PORT" ]; then
    log "port $PORT is back - reconnect from OctoPrint"
else
    err "port $PORT did not come back; check the USB cable"
fi
