#!/usr/bin/env bash
# Give the spindle VFD's USB-serial adapter a stable device name.
#
# The router's VFD is driven over RS485 through a cheap USB adapter that comes
# up as /dev/ttyUSB0 one day and /dev/ttyUSB1 the next. This finds the adapter,
# writes a udev rule that links it to /dev/cnc-spindle, reloads udev and puts
# the operator account in the dialout group so the controller can open it.
set -euo pipefail

LINK_NAME="cnc-spindle"
RULE_FILE="/etc/udev/rules.d/99-cnc-spindle.rules"
OPERATOR="${SUDO_USER:-$USER}"
VENDOR=""
PRODUCT=""
DRY_RUN=0

log() { printf '%s [udev-spindle] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    echo "usage: $0 [-n] [-l link_name] [-u operator] [-V vendor_id -P product_id]"
}

while getopts ":nl:u:V:P:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        l) LINK_NAME="$OPTARG" ;;
        u) OPERATOR="$OPTARG" ;;
        V) VENDOR="$OPTARG" ;;
        P) PRODUCT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ "$LINK_NAME" =~ ^[a-z0-9-]+$ ]] || die "link name must be lowercase letters, digits, dashes"

# Find USB-serial adapters by walking sysfs (read only) in Python; known
# adapter IDs are passed in through the environment.
find_adapter() {
    KNOWN_IDS="1a86:7523 0403:6001 10c4:ea60 067b:2303" python3 - <<'PY'
import os
from pathlib import Path

known = set(os.environ["KNOWN_IDS"].split())
for dev in sorted(Path("/sys/bus/usb/devices").glob("*")):
    try:
        vid = (dev / "idVendor").read_text().strip()
        pid = (dev / "idProduct").read_text().strip()
    except OSError:
        continue
    if f"{vid}:{pid}" in known:
        serial = ""
        try:
            serial = (dev / "serial").read_text().strip()
        except OSError:
            pass
        print(vid, pid, serial)
        break
PY
}

if [[ -z "$VENDOR" || -z "$PRODUCT" ]]; then
    read -r VENDOR PRODUCT SERIAL <<<"$(find_adapter)" || true
    [[ -n "${VENDOR:-}" ]] || die "no known USB-serial adapter plugged in"
    log "found adapter $VENDOR:$PRODUCT ${SERIAL:+serial $SERIAL}"
fi
SERIAL="${SERIAL:-}"

rule="SUBSYSTEM==\"tty\", ATTRS{idVendor}==\"$VENDOR\", ATTRS{idProduct}==\"$PRODUCT\""
[[ -n "$SERIAL" ]] && rule+=", ATTRS{serial}==\"$SERIAL\""
rule+=", SYMLINK+=\"$LINK_NAME\", GROUP=\"dialout\", MODE=\"0660\""

if (( DRY_RUN )); then
    log "would write to $RULE_FILE:"
    printf '%s\n' "$rule"
    exit 0
fi

log "writing $RULE_FILE"
printf '# written by %s on %s\n%s\n' "$(basename "$0")" "$(date +%F)" "$rule" \
    | sudo tee "$RULE_FILE" >/dev/null
sudo chmod 0644 "$RULE_FILE"

log "reloading udev rules"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty

if id -nG "$OPERATOR" | tr ' ' '\n' | grep -qx dialout; then
    log "$OPERATOR already in dialout"
else
    log "adding $OPERATOR to dialout (log out and back in to take effect)"
    sudo usermod -aG dialout "$OPERATOR"
fi

sleep 1
if [[ -e "/dev/$LINK_NAME" ]]; then
    log "/dev/$LINK_NAME -> $(readlink -f "/dev/$LINK_NAME")"
else
    log "/dev/$LINK_NAME not present yet; replug the adapter"
fi
