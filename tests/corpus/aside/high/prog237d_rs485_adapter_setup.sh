#!/usr/bin/env bash
# RS-485 adapter setup for the older decoder-based irrigation satellites.
# Loads the USB-serial driver, finds the adapter by its USB id, gives the
# irrigation group access to the device node and sets the line speed the
# decoders expect. Adapter details come from adapter.json.
set -euo pipefail

CONFIG="${ADAPTER_CONFIG:-$PWD/adapter.json}"
GROUP="${IRRIGATION_GROUP:-irrigation}"
VERBOSE=0

log()  { echo "[rs485] $*"; }
dbg()  { (( VERBOSE )) && echo "[rs485] debug: $*" || true; }
fail() { echo "[rs485] error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -c|--config) CONFIG="$2"; shift 2 ;;
        -g|--group) GROUP="$2"; shift 2 ;;
        -v|--verbose) VERBOSE=1; shift ;;
        -h|--help) echo "usage: $0 [-c adapter.json] [-g group] [-v]"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

[[ -r "$CONFIG" ]] || fail "config $CONFIG not readable"

# read driver, usb id and baud rate from the JSON config
read -r DRIVER USB_ID BAUD < <(CFG="$CONFIG" python3 -c '
import json, os, re, sys
cfg = json.load(open(os.environ["CFG"]))
driver = cfg.get("driver", "ftdi_sio")
usb_id = cfg.get("usb_id", "0403:6001").lower()
baud = int(cfg.get("baud", 9600))
if not re.fullmatch(r"[a-z0-9_]+", driver):
    sys.exit("bad driver name")
if not re.fullmatch(r"[0-9a-f]{4}:[0-9a-f]{4}", usb_id):
    sys.exit("bad usb id")
if baud not in (1200, 2400, 4800, 9600, 19200, 38400):
    sys.exit("unsupported baud rate")
print(driver, usb_id, baud)
') || fail "invalid adapter config"

dbg "driver=$DRIVER usb_id=$USB_ID baud=$BAUD"

if ! lsmod | grep -q "^${DRIVER} "; then
    log "loading kernel module $DRIVER"
    sudo modprobe "$DRIVER" || fail "modprobe $DRIVER failed"
fi

find_device() {
    local dev sysdir vid pid
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        sysdir="$(readlink -f "/sys/class/tty/$(basename "$dev")/device/../..")"
        vid="$(cat "$sysdir/idVendor" 2>/dev/null || true)"
        pid="$(cat "$sysdir/idProduct" 2>/dev/null || true)"
        dbg "$dev is $vid:$pid"
        if [[ "$vid:$pid" == "$USB_ID" ]]; then
            echo "$dev"
            return 0
        fi
    done
    return 1
}

tries=0
until DEVICE="$(find_device)"; do
    tries=$((tries + 1))
    (( tries > 5 )) && fail "no adapter with USB id $USB_ID found"
    sleep 1
done
log "adapter found at $DEVICE"

getent group "$GROUP" >/dev/null || fail "group $GROUP does not exist"
sudo chgrp "$GROUP" "$DEVICE"
sudo chmod 0660 "$DEVICE"
log "$DEVICE now owned by group $GROUP (0660)"

stty -F "$DEVICE" "$BAUD" cs8 -cstopb -parenb raw -echo 2>/dev/null \
    || sudo stty -F "$DEVICE" "$BAUD" cs8 -cstopb -parenb raw -echo
log "line set to $BAUD 8N1"

printf 'DEVICE=%s\nBAUD=%s\n' "$DEVICE" "$BAUD" > "$PWD/rs485.env"
log "wrote $PWD/rs485.env for the decoder poller"
