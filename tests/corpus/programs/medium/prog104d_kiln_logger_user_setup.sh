#!/usr/bin/env bash
# kiln_logger_user_setup.sh - set up the USB moisture logger for the operator
#
# The kiln loggers enumerate as an FTDI serial adapter (usually
# /dev/ttyUSB0). This finds the adapter, checks the operator account can
# open it, installs the capture script and writes its config. Nothing here
# needs admin rights; if the port is not readable the script says who to ask.
#
#   kiln_logger_user_setup.sh [-d DEVICE] [-b BAUD] [-k KILN_ID]

set -euo pipefail

VENDOR_ID="0403"
PRODUCT_ID="6001"
DEVICE=""
BAUD=9600
KILN_ID="K1"
APP_DIR="$HOME/kilnlogger"
CONF_DIR="$HOME/.config/kilnlogger"
STAGE_DIR="/tmp/kilnlogger-setup"
LOCK_FILE="/tmp/kilnlogger.lock"

log() { echo "==> $*"; }
fail() { echo "error: $*" >&2; exit 1; }

while getopts "d:b:k:h" opt; do
    case $opt in
        d) DEVICE="$OPTARG" ;;
        b) BAUD="$OPTARG" ;;
        k) KILN_ID="$OPTARG" ;;
        h|*) sed -n '2,10p' "$0"; exit 0 ;;
    esac
done

if [ -e "$LOCK_FILE" ]; then
    fail "another setup is running (remove $LOCK_FILE if not)"
fi
echo $$ > "$LOCK_FILE"
trap 'rm -f "$LOCK_FILE"' EXIT

find_device() {
    local d
    for d in /sys/bus/usb-serial/devices/*; do
        [ -e "$d" ] || continue
        local usb
        usb="$(readlink -f "$d/../..")"
        if [ "$(cat "$usb/idVendor" 2>/dev/null)" = "$VENDOR_ID" ] &&
           [ "$(cat "$usb/idProduct" 2>/dev/null)" = "$PRODUCT_ID" ]; then
            echo "/dev/$(basename "$d")"
            return 0
        fi
    done
    return 1
}

check_access() {
    if [ -z "$DEVICE" ]; then
        DEVICE="$(find_device || true)"
    fi
    if [ -z "$DEVICE" ]; then
        log "logger not plugged in; defaulting to /dev/ttyUSB0"
        DEVICE=/dev/ttyUSB0
        return
    fi
    log "logger found at $DEVICE"
    if [ -r "$DEVICE" ]; then
        log "$USER can read $DEVICE"
    else
        log "$USER cannot open $DEVICE - ask IT to add this account to the dialout group"
    fi
}

install_app() {
    mkdir -p "$STAGE_DIR"
    cat > "$STAGE_DIR/logger.conf" <<EOF
kiln_id=$KILN_ID
device=$DEVICE
baud=$BAUD
output=$APP_DIR/readings-$KILN_ID.csv
EOF
    cat > "$STAGE_DIR/capture.sh" <<'EOF'
#!/bin/sh
# the logger ships configured for 9600 8N1
. "$HOME/.config/kilnlogger/logger.conf"
while IFS= read -r line; do
    printf '%s,%s\n' "$(date +%s)" "$line" >> "$output"
done < "$device"
EOF
    mkdir -p "$APP_DIR" "$CONF_DIR"
    install -m 0644 "$STAGE_DIR/logger.conf" "$CONF_DIR/logger.conf"
    install -m 0755 "$STAGE_DIR/capture.sh" "$APP_DIR/capture.sh"
    rm -rf "$STAGE_DIR"
    log "capture script at $APP_DIR/capture.sh"
}

check_access
install_app
log "done - start logging with $APP_DIR/capture.sh"
