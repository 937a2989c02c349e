#!/usr/bin/env bash
# serial_adapter_setup.sh - set up the USB-RS485 adapters used to talk to
# pitch drives and yaw controllers: load the FTDI/CH341 drivers, install a
# udev rule giving stable names (/dev/pitch-rs485-N) and make the current
# devices usable by the "dialout" group.
#
# Usage: serial_adapter_setup.sh [-g group] [-n]
set -euo pipefail

GROUP="dialout"
DRY_RUN=0
RULE_FILE="/etc/udev/rules.d/72-turbine-rs485.rules"
MODULES=(ftdi_sio ch341 usbserial)

log() { echo "[rs485-setup] $*" >&2; }

while getopts ":g:n" opt; do
    case "$opt" in
        g) GROUP="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        *) log "usage: $0 [-g group] [-n]"; exit 1 ;;
    esac
done

as_root() {
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "would run as root: $*"
    elif [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

load_modules() {
    local m
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "module $m already loaded"
        else
            log "loading $m"
            as_root modprobe "$m" || log "could not load $m (not needed for all adapters)"
        fi
    done
}

# known adapter vendor/product ids -> rule lines, rendered by python from a
# small inline table so the technician can pass extra ids in RS485_EXTRA_IDS
render_rules() {
    RS485_GROUP="$GROUP" RS485_EXTRA_IDS="${RS485_EXTRA_IDS:-}" python3 - <<'PY'
import os
known = [("0403", "6001", "FTDI FT232R"), ("0403", "6015", "FTDI FT231X"),
         ("1a86", "7523", "CH340")]
for item in filter(None, os.environ["RS485_EXTRA_IDS"].split(",")):
    vid, pid = item.split(":")
    known.append((vid.lower(), pid.lower(), "site-specific"))
group = os.environ["RS485_GROUP"]
print("# managed by serial_adapter_setup.sh - turbine RS485 adapters")
for vid, pid, desc in known:
    print(f"# {desc}")
    print(f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
          f'GROUP="{group}", MODE="0660", SYMLINK+="pitch-rs485-%n"')
PY
}

install_rules() {
    local staged
    staged="$(render_rules)"
    if [[ -f "$RULE_FILE" ]] && [[ "$(cat "$RULE_FILE")" == "$staged" ]]; then
        log "udev rule unchanged"
        return
    fi
    log "installing $RULE_FILE"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        printf '%s\n' "$staged"
    else
        printf '%s\n' "$staged" | sudo tee "$RULE_FILE" >/dev/null
        sudo chmod 644 "$RULE_FILE"
    fi
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

fix_current_devices() {
    local dev n=0
    for dev in /dev/ttyUSB*; do
        [[ -e "$dev" ]] || continue
        as_root chgrp "$GROUP" "$dev"
        as_root chmod 660 "$dev"
        n=$((n + 1))
    done
    log "$n current adapter(s) adjusted"
}

check_membership() {
    if id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "$USER is in $GROUP"
    else
        log "note: $USER is not in $GROUP; ask IT to add you"
    fi
}

main() {
    load_modules
    install_rules
    fix_current_devices
    check_membership
    log "done"
}

main
