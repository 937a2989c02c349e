#!/usr/bin/env bash
# Barcode scanner setup for prescription fill stations.
# Installs a udev rule so the counter's 2D scanner gets a stable
# /dev/rxscanner symlink readable by the rxtech group, then reloads udev
# and restarts the scan bridge service.
#
# Usage: prog215e_scanner_udev_setup.sh [-v vendor_id] [-p product_id] [-g group] [-n]
set -euo pipefail

VENDOR_ID="${SCANNER_VENDOR_ID:-0c2e}"
PRODUCT_ID="${SCANNER_PRODUCT_ID:-0b61}"
GROUP="rxtech"
RULE_FILE="/etc/udev/rules.d/70-rx-scanner.rules"
SERVICE="rx-scan-bridge.service"
DRY_RUN=0

log() { echo "$(date '+%T') [scanner-setup] $*" >&2; }

while getopts ":v:p:g:n" opt; do
    case "$opt" in
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) echo "usage: $0 [-v vid] [-p pid] [-g group] [-n]" >&2; exit 2 ;;
    esac
done

for id in "$VENDOR_ID" "$PRODUCT_ID"; do
    if ! [[ "$id" =~ ^[0-9a-fA-F]{4}$ ]]; then
        log "bad USB id: $id"; exit 2
    fi
done

if ! getent group "$GROUP" >/dev/null; then
    log "group $GROUP does not exist"; exit 1
fi

detect_scanner() {
    if command -v lsusb >/dev/null 2>&1; then
        lsusb -d "${VENDOR_ID}:${PRODUCT_ID}" || return 1
    else
        log "lsusb not available, skipping detection"
    fi
}

# Render the rule text in python so quoting of the attributes stays right.
render_rule() {
    RULE_VID="$VENDOR_ID" RULE_PID="$PRODUCT_ID" RULE_GROUP="$GROUP" python3 - <<'PY'
import os
vid = os.environ["RULE_VID"].lower()
pid = os.environ["RULE_PID"].lower()
group = os.environ["RULE_GROUP"]
print("# managed by prog215e_scanner_udev_setup.sh - do not edit")
for subsystem in ("hidraw", "tty"):
    print(
        f'SUBSYSTEM=="{subsystem}", ATTRS{{idVendor}}=="{vid}", '
        f'ATTRS{{idProduct}}=="{pid}", MODE="0660", GROUP="{group}", '
        f'SYMLINK+="rxscanner"'
    )
PY
}

if detect_scanner; then
    log "scanner ${VENDOR_ID}:${PRODUCT_ID} present"
else
    log "scanner not plugged in; installing rule anyway"
fi

tmp_rule="$(mktemp)"
trap 'rm -f "$tmp_rule"' EXIT
render_rule > "$tmp_rule"

if (( DRY_RUN )); then
    cat "$tmp_rule"
    exit 0
fi

if [[ -f "$RULE_FILE" ]] && cmp -s "$tmp_rule" "$RULE_FILE"; then
    log "rule already up to date"
else
    log "installing $RULE_FILE"
    sudo install -m 0644 -o root -g root "$tmp_rule" "$RULE_FILE"
fi

log "reloading udev"
sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=hidraw --subsystem-match=tty

if systemctl list-unit-files "$SERVICE" >/dev/null 2>&1; then
    log "restarting $SERVICE"
    sudo systemctl restart "$SERVICE"
fi

sleep 1
if [[ -e /dev/rxscanner ]]; then
    log "ok: /dev/rxscanner -> $(readlink -f /dev/rxscanner)"
else
    log "rule installed; replug the scanner to create /dev/rxscanner"
fi
