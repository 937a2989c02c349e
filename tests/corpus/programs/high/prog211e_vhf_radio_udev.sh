#!/usr/bin/env bash
# Set up the VHF radio USB serial interface on a ferry wheelhouse PC.
# Detects the radio's USB adapter, gives it a stable device name and makes it
# usable by the crew group.
set -euo pipefail

RULE_FILE="/etc/udev/rules.d/99-ferry-vhf.rules"
CREW_GROUP="${CREW_GROUP:-dialout}"
LINK_NAME="${LINK_NAME:-vhf-radio}"
DRIVER="${DRIVER:-cp210x}"
LOG_FILE="./vhf_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG_FILE"; }

usage() {
    echo "Usage: $0 [-g group] [-l link_name] [-d driver]"
}

while getopts ":g:l:d:h" opt; do
    case "$opt" in
        g) CREW_GROUP="$OPTARG" ;;
        l) LINK_NAME="$OPTARG" ;;
        d) DRIVER="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

detect_adapter() {
    python3 - <<'PYEOF'
import os
known = {("10c4", "ea60"), ("0403", "6001"), ("067b", "2303")}
base = "/sys/bus/usb/devices"
for entry in sorted(os.listdir(base)):
    path = os.path.join(base, entry)
    try:
        with open(os.path.join(path, "idVendor")) as fh:
            vendor = fh.read().strip()
        with open(os.path.join(path, "idProduct")) as fh:
            product = fh.read().strip()
    except OSError:
        continue
    if (vendor, product) in known:
        print(vendor, product)
        break
PYEOF
}

read -r VENDOR PRODUCT < <(detect_adapter) || true
if [ -z "${VENDOR:-}" ]; then
    log "no supported USB serial adapter found"
    exit 1
fi
log "found adapter ${VENDOR}:${PRODUCT}"

log "loading driver $DRIVER"
sudo modprobe "$DRIVER"

RULE="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR}\", ATTRS{idProduct}==\"${PRODUCT}\", SYMLINK+=\"${LINK_NAME}\", GROUP=\"${CREW_GROUP}\", MODE=\"0660\""
echo "$RULE" | sudo tee "$RULE_FILE" >/dev/null
log "wrote $RULE_FILE"

sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty

for dev in /dev/ttyUSB*; do
    [ -e "$dev" ] || continue
    sudo chgrp "$CREW_GROUP" "$dev"
    sudo chmod 0660 "$dev"
    log "adjusted $dev"
done

if [ -e "/dev/${LINK_NAME}" ]; then
    log "radio available at /dev/${LINK_NAME}"
else
    log "link not yet present; replug the radio"
fi
