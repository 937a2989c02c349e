#!/usr/bin/env bash
# Give the lab instrument group access to the USB-serial ports of the
# analytical balances and titrators attached to this workstation.
# Ports are found by USB vendor id; their group and mode are then adjusted.
set -euo pipefail

LAB_GROUP="labinstr"
VENDOR_IDS="0403 067b 10c4"     # FTDI, Prolific, Silicon Labs adapters
PORT_MODE="0660"
LIST_ONLY=0

log() { echo "$(date '+%F %T') serial-access: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat >&2 <<EOF
Usage: $0 [-g group] [-v "vid vid ..."] [-m mode] [-l]
  -g  group that should own the ports (default $LAB_GROUP)
  -v  USB vendor ids to match (default "$VENDOR_IDS")
  -m  port mode (default $PORT_MODE)
  -l  only list matching ports
EOF
}

while getopts "g:v:m:lh" opt; do
    case "$opt" in
        g) LAB_GROUP="$OPTARG" ;;
        v) VENDOR_IDS="$OPTARG" ;;
        m) PORT_MODE="$OPTARG" ;;
        l) LIST_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$PORT_MODE" =~ ^0?[0-7]{3}$ ]] || die "invalid mode $PORT_MODE"

discover_ports() {
    # walks /sys to map ttyUSB/ttyACM devices to their USB vendor id
    VENDOR_IDS="$VENDOR_IDS" python3 - <<'PY'
import glob
import os

wanted = set(os.environ["VENDOR_IDS"].split())
for tty in sorted(glob.glob("/sys/class/tty/ttyUSB*") + glob.glob("/sys/class/tty/ttyACM*")):
    dev = os.path.realpath(os.path.join(tty, "device"))
    vid = None
    while dev and dev != "/":
        cand = os.path.join(dev, "idVendor")
        if os.path.isfile(cand):
            with open(cand) as fh:
                vid = fh.read().strip()
            break
        dev = os.path.dirname(dev)
    if vid in wanted:
        print(f"/dev/{os.path.basename(tty)} {vid}")
PY
}

grant_access() {
    local port="$1"
    [[ -c "$port" ]] || { log "$port is not a character device, skipped"; return 1; }
    sudo -n chgrp "$LAB_GROUP" "$port"
    sudo -n chmod "$PORT_MODE" "$port"
    log "$port -> group $LAB_GROUP mode $PORT_MODE"
}

main() {
    getent group "$LAB_GROUP" >/dev/null || die "group $LAB_GROUP does not exist"
    local ports count=0 failed=0 port vid
    ports=$(discover_ports)
    if [[ -z "$ports" ]]; then
        log "no matching serial adapters found"
        exit 0
    fi
    while read -r port vid; do
        count=$((count + 1))
        if [[ $LIST_ONLY -eq 1 ]]; then
            printf '%s\tvendor=%s\n' "$port" "$vid"
            continue
        fi
        grant_access "$port" || failed=$((failed + 1))
    done <<< "$ports"
    log "ports matched: $count, failed: $failed"
    (( failed == 0 ))
}

main
