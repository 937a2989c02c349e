#!/bin/bash
# Sets up the USB card reader used for taking payment at the curb so the
# checkout app can talk to it without running as root.
set -euo pipefail

RULE_FILE="/etc/udev/rules.d/99-groomdesk-cardreader.rules"
GROUP="dialout"
TARGET_USER="${SUDO_USER:-$USER}"
VENDOR_HINT="${VENDOR_HINT:-Card Reader}"

log() { echo "$(date +%T) card-reader: $*"; }
die() { log "error: $*"; exit 1; }

usage() {
    echo "usage: $0 [-u user] [-g group] [-r]"
    echo "  -r   remove the rule instead of installing it"
}

REMOVE=0
while getopts "u:g:rh" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        r) REMOVE=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

command -v lsusb >/dev/null || die "lsusb not installed"

if [[ $REMOVE -eq 1 ]]; then
    sudo rm -f "$RULE_FILE"
    sudo udevadm control --reload-rules
    log "rule removed"
    exit 0
fi

# find vendor and product id of the reader from lsusb output
ids="$(lsusb | HINT="$VENDOR_HINT" python3 -c '
import os, re, sys
hint = os.environ["HINT"].lower()
for line in sys.stdin:
    m = re.search(r"ID ([0-9a-f]{4}):([0-9a-f]{4}) (.*)", line)
    if m and hint in m.group(3).lower():
        print(m.group(1), m.group(2))
        break
')"
[[ -n "$ids" ]] || die "no device matching '$VENDOR_HINT' is plugged in"
read -r vid pid <<<"$ids"
log "found reader ${vid}:${pid}"

rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${vid}\", ATTRS{idProduct}==\"${pid}\", GROUP=\"${GROUP}\", MODE=\"0660\", SYMLINK+=\"cardreader\""

echo "$rule" | sudo tee "$RULE_FILE" >/dev/null
sudo chown root:root "$RULE_FILE"
sudo chmod 644 "$RULE_FILE"
log "rule written to $RULE_FILE"

sudo modprobe cdc_acm || log "cdc_acm module already loaded or unavailable"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty

if ! id -nG "$TARGET_USER" | grep -qw "$GROUP"; then
    sudo usermod -aG "$GROUP" "$TARGET_USER"
    log "added $TARGET_USER to $GROUP (log out and back in)"
fi

sleep 1
if [[ -e /dev/cardreader ]]; then
    log "reader available at /dev/cardreader"
else
    log "rule installed; replug the reader if /dev/cardreader is missing"
fi
