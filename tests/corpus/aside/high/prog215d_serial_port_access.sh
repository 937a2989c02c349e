#!/bin/bash
# serial_port_access.sh - give the current student access to the USB serial
# adapters (Arduino LED controller, CANable, RoboRIO USB console).
set -euo pipefail

TARGET_USER="${TARGET_USER:-$USER}"
DEV_MODE="${DEV_MODE:-0666}"
PERSIST_GROUP=1
LOG="./serial_access.log"

log() { printf '%s %s\n' "$(date +%T)" "$*" | tee -a "$LOG"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --user) TARGET_USER="$2"; shift 2 ;;
        --no-group) PERSIST_GROUP=0; shift ;;
        --mode) DEV_MODE="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [--user NAME] [--no-group] [--mode 0660]"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

if ! id "$TARGET_USER" >/dev/null 2>&1; then
    log "no such user: $TARGET_USER"
    exit 1
fi

# python reads USB ids out of sysfs and prints "device vendor product"
DEVICES="$(python3 - <<'PY'
import glob, os
for tty in sorted(glob.glob("/sys/class/tty/ttyACM*") + glob.glob("/sys/class/tty/ttyUSB*")):
    name = os.path.basename(tty)
    node = os.path.realpath(os.path.join(tty, "device"))
    vid = pid = "????"
    for _ in range(4):
        v = os.path.join(node, "idVendor")
        if os.path.exists(v):
            vid = open(v).read().strip()
            pid = open(os.path.join(node, "idProduct")).read().strip()
            break
        node = os.path.dirname(node)
    print(f"/dev/{name} {vid} {pid}")
PY
)"

if [ -z "$DEVICES" ]; then
    log "no USB serial devices found; plug in the adapter and retry"
    exit 0
fi

describe() {
    case "$1" in
        2341|2a03) echo "Arduino" ;;
        1d50) echo "CANable" ;;
        0403) echo "FTDI" ;;
        10c4) echo "CP210x" ;;
        *) echo "unknown" ;;
    esac
}

count=0
while read -r dev vid pid; do
    [ -e "$dev" ] || continue
    kind="$(describe "$vid")"
    log "found $dev ($kind $vid:$pid)"
    if sudo chmod "$DEV_MODE" "$dev"; then
        log "  mode $DEV_MODE set on $dev"
        count=$((count + 1))
    else
        log "  could not change mode on $dev"
    fi
done <<< "$DEVICES"

if [ "$PERSIST_GROUP" -eq 1 ]; then
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        log "$TARGET_USER already in dialout"
    else
        sudo usermod -aG dialout "$TARGET_USER"
        log "added $TARGET_USER to dialout (log out and back in)"
    fi
fi

log "updated $count device(s)"
