#!/usr/bin/env bash
# heat_lamp_udev.sh - give the heat-lamp relay board a stable device name.
#
# The USB relay board that switches the basking lamps in the display room
# shows up as /dev/ttyUSB0 or ttyUSB1 depending on boot order. This installs
# a udev rule so it is always /dev/heatlamp-relay and readable by the
# "vivarium" group, then adds the controller account to that group.
#
# Usage: heat_lamp_udev.sh [-u user] [-v vendor_id] [-p product_id] [-n]

set -euo pipefail

CTRL_USER="${HEATLAMP_USER:-vivarium}"
VENDOR_ID="1a86"     # CH340 based relay boards
PRODUCT_ID="7523"
DRY_RUN=0
RULE_FILE="/etc/udev/rules.d/99-heatlamp-relay.rules"

while getopts ":u:v:p:nh" opt; do
    case "$opt" in
        u) CTRL_USER="$OPTARG" ;;
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) sed -n '2,10p' "$0"; exit 1 ;;
    esac
done

run() {
    if [[ $DRY_RUN -eq 1 ]]; then
        echo "DRY: $*"
    else
        "$@"
    fi
}

if ! lsusb | grep -qi "${VENDOR_ID}:${PRODUCT_ID}"; then
    echo "relay board ${VENDOR_ID}:${PRODUCT_ID} not plugged in - continuing anyway" >&2
fi

if ! getent group vivarium >/dev/null; then
    echo "creating group vivarium"
    run sudo groupadd --system vivarium
fi

rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"${VENDOR_ID}\", ATTRS{idProduct}==\"${PRODUCT_ID}\", SYMLINK+=\"heatlamp-relay\", GROUP=\"vivarium\", MODE=\"0660\""

echo "writing $RULE_FILE"
if [[ $DRY_RUN -eq 1 ]]; then
    echo "DRY: $rule"
else
    printf '# heat lamp relay board (display room)\n%s\n' "$rule" | sudo tee "$RULE_FILE" >/dev/null
    sudo chmod 0644 "$RULE_FILE"
fi

echo "reloading udev"
run sudo udevadm control --reload-rules
run sudo udevadm trigger --subsystem-match=tty

if id "$CTRL_USER" >/dev/null 2>&1; then
    echo "adding $CTRL_USER to vivarium and dialout"
    run sudo usermod -aG vivarium,dialout "$CTRL_USER"
else
    echo "user $CTRL_USER does not exist, skipping group change" >&2
fi

# fix up the node that is already present so we don't need a replug
for dev in /dev/ttyUSB*; do
    [[ -e "$dev" ]] || continue
    if udevadm info -q property -n "$dev" | grep -q "ID_VENDOR_ID=${VENDOR_ID}"; then
        run sudo chgrp vivarium "$dev"
        run sudo chmod 0660 "$dev"
        echo "updated $dev"
    fi
done

ls -l /dev/heatlamp-relay 2>/dev/null || echo "symlink appears after replug or trigger"
