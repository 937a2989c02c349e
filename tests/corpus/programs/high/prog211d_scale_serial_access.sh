#!/bin/bash
# Give the weighing-station user access to the precision scale on USB serial.
set -euo pipefail

RULE_FILE=/etc/udev/rules.d/99-wax-scale.rules
STATION_USER="${STATION_USER:-${SUDO_USER:-$USER}}"
GROUP=dialout
DRY_RUN=0

usage() { echo "usage: $0 [-u user] [-g group] [-n]"; exit 2; }

while getopts "u:g:nh" opt; do
    case "$opt" in
        u) STATION_USER="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) usage ;;
    esac
done

log() { echo "[scale-access] $*" >&2; }

# find the scale's vendor/product id from lsusb output
ids=$(lsusb | python3 -c '
import re, sys
known = {"0403": "FTDI", "067b": "Prolific", "10c4": "Silabs"}
for line in sys.stdin:
    m = re.search(r"ID ([0-9a-f]{4}):([0-9a-f]{4})", line)
    if m and m.group(1) in known:
        print(m.group(1), m.group(2))
        break
')

if [ -z "$ids" ]; then
    log "no supported USB serial adapter found"
    exit 1
fi
read -r vid pid <<<"$ids"
log "scale adapter $vid:$pid"

rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$vid\", ATTRS{idProduct}==\"$pid\", GROUP=\"$GROUP\", MODE=\"0660\", SYMLINK+=\"waxscale\""

if [ "$DRY_RUN" -eq 1 ]; then
    echo "$rule"
    exit 0
fi

echo "$rule" | sudo tee "$RULE_FILE" >/dev/null
sudo chown root:root "$RULE_FILE"
sudo chmod 0644 "$RULE_FILE"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty

if ! id -nG "$STATION_USER" | grep -qw "$GROUP"; then
    sudo usermod -aG "$GROUP" "$STATION_USER"
    log "added $STATION_USER to $GROUP (re-login required)"
fi

# make the current device usable immediately without waiting for re-login
for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [ -e "$dev" ] || continue
    sudo chgrp "$GROUP" "$dev"
    sudo chmod 0666 "$dev"
    log "opened $dev"
done

log "done; scale available as /dev/waxscale"
