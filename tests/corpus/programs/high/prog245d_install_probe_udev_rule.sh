#!/usr/bin/env bash
# install_probe_udev_rule.sh - give the fridge monitor a stable device name.
#
# The USB temperature loggers fitted to the blood fridges enumerate as
# /dev/ttyUSB0, /dev/ttyUSB1 ... in whatever order the hub wakes up. This
# script installs a udev rule so each logger appears as
# /dev/fridge-<serial> and is readable by the 'fridgemon' group, then
# reloads udev so the change takes effect without a reboot.
#
# Usage: sudo-capable user runs ./install_probe_udev_rule.sh [-v VENDOR] [-p PRODUCT]

set -euo pipefail

VENDOR_ID="10c4"
PRODUCT_ID="ea60"
GROUP="fridgemon"
RULE_FILE="/etc/udev/rules.d/99-fridge-probes.rules"
DRY_RUN=0

log() { printf '%s install_probe_udev_rule: %s\n' "$(date '+%F %T')" "$*"; }

usage() {
    echo "usage: $0 [-v vendor_id] [-p product_id] [-g group] [-n]"
    exit 1
}

while getopts ":v:p:g:nh" opt; do
    case "$opt" in
        v) VENDOR_ID="$OPTARG" ;;
        p) PRODUCT_ID="$OPTARG" ;;
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h|*) usage ;;
    esac
done

if [[ ! "$VENDOR_ID" =~ ^[0-9a-f]{4}$ || ! "$PRODUCT_ID" =~ ^[0-9a-f]{4}$ ]]; then
    log "vendor and product ids must be 4 hex digits"
    exit 2
fi

if ! getent group "$GROUP" >/dev/null; then
    log "group '$GROUP' does not exist; ask the platform team to create it"
    exit 2
fi

render_rule() {
    cat <<EOF
# Managed by install_probe_udev_rule.sh - blood fridge USB temperature loggers
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR_ID}", ATTRS{idProduct}=="${PRODUCT_ID}", \\
  SYMLINK+="fridge-\$attr{serial}", GROUP="${GROUP}", MODE="0660"
EOF
}

list_probes() {
    local found=0
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        found=1
        serial="$(udevadm info --query=property --name="$dev" 2>/dev/null \
                  | sed -n 's/^ID_SERIAL_SHORT=//p')"
        log "  $dev serial=${serial:-unknown}"
    done
    (( found )) || log "  no /dev/ttyUSB* devices present"
}

log "probes currently attached:"
list_probes

new_rule="$(render_rule)"
if [[ -f "$RULE_FILE" ]] && [[ "$(cat "$RULE_FILE")" == "$new_rule" ]]; then
    log "$RULE_FILE already up to date"
    exit 0
fi

if (( DRY_RUN )); then
    log "dry run; would write to $RULE_FILE:"
    printf '%s\n' "$new_rule"
    exit 0
fi

if [[ -f "$RULE_FILE" ]]; then
    sudo cp -p "$RULE_FILE" "${RULE_FILE}.bak"
    log "backed up existing rule to ${RULE_FILE}.bak"
fi

printf '%s\n' "$new_rule" | sudo tee "$RULE_FILE" >/dev/null
sudo chmod 0644 "$RULE_FILE"
log "wrote $RULE_FILE"

sudo udevadm control --reload-rules
sudo udevadm trigger --subsystem-match=tty --action=add
sleep 1

log "symlinks after reload:"
ls -l /dev/fridge-* 2>/dev/null || log "  none yet - unplug and replug the loggers"
