#!/usr/bin/env bash
# Give the lab technician access to the serial ports of the milk analyzers
# (USB-serial adapters on the somatic cell counter and the cryoscope).
set -euo pipefail

TECH_USER="${TECH_USER:-$USER}"
PORT_GROUP="dialout"
PORT_MODE="660"
LOG_FILE="./serial_setup.log"
CHECK_ONLY=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"; }

usage() {
    echo "usage: $0 [-u user] [-g group] [-c]"
    echo "  -c  only show the detected ports, change nothing"
}

while getopts ":u:g:ch" opt; do
    case "$opt" in
        u) TECH_USER="$OPTARG" ;;
        g) PORT_GROUP="$OPTARG" ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 1 ;;
    esac
done

# Detect USB-serial adapters and their vendor ids by reading sysfs in Python;
# the result comes back as "device vendor:product" lines.
detect_ports() {
    python3 - <<'PY'
import glob, os
for dev in sorted(glob.glob("/sys/class/tty/ttyUSB*") + glob.glob("/sys/class/tty/ttyACM*")):
    name = os.path.basename(dev)
    vid = pid = "????"
    node = os.path.realpath(os.path.join(dev, "device"))
    for _ in range(5):
        vf = os.path.join(node, "idVendor")
        if os.path.exists(vf):
            vid = open(vf).read().strip()
            pid = open(os.path.join(node, "idProduct")).read().strip()
            break
        node = os.path.dirname(node)
    print(f"/dev/{name} {vid}:{pid}")
PY
}

ensure_group_membership() {
    if id -nG "$TECH_USER" | tr ' ' '\n' | grep -qx "$PORT_GROUP"; then
        log "$TECH_USER already in $PORT_GROUP"
        return 0
    fi
    log "adding $TECH_USER to $PORT_GROUP"
    sudo usermod -aG "$PORT_GROUP" "$TECH_USER"
}

fix_port() {
    local dev="$1"
    local owner_group mode
    owner_group="$(stat -c %G "$dev")"
    mode="$(stat -c %a "$dev")"
    if [[ "$owner_group" == "$PORT_GROUP" && "$mode" == "$PORT_MODE" ]]; then
        log "$dev ok ($owner_group $mode)"
        return 0
    fi
    log "fixing $dev: $owner_group $mode -> $PORT_GROUP $PORT_MODE"
    sudo chgrp "$PORT_GROUP" "$dev"
    sudo chmod "$PORT_MODE" "$dev"
}

main() {
    local ports
    ports="$(detect_ports)"
    if [[ -z "$ports" ]]; then
        log "no USB serial adapters found; is the analyzer cable plugged in?"
        exit 1
    fi
    printf '%s\n' "$ports" | while read -r dev ids; do
        log "found $dev ($ids)"
    done
    [[ "$CHECK_ONLY" -eq 1 ]] && exit 0

    ensure_group_membership
    while read -r dev _; do
        [[ -e "$dev" ]] || continue
        fix_port "$dev" || log "could not fix $dev"
    done <<<"$ports"
    log "done; $TECH_USER may need to log out and back in"
}

main
