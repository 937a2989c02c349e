#!/usr/bin/env bash
# Prepare this machine for the virtual gamepad bridge (phone -> uinput pad).
# Loads the uinput module, installs a udev rule so members of the "input"
# group can open /dev/uinput, and verifies the result.
set -euo pipefail

RULE_FILE=/etc/udev/rules.d/60-vpad-uinput.rules
GROUP=input
CHECK_ONLY=0

log()  { echo "[vpad-setup] $*"; }
fail() { echo "[vpad-setup] error: $*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --check) CHECK_ONLY=1 ;;
        --group) GROUP="$2"; shift ;;
        -h|--help)
            echo "usage: $0 [--check] [--group NAME]"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
    shift
done

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

module_loaded() {
    grep -q '^uinput ' /proc/modules 2>/dev/null || [[ -c /dev/uinput ]]
}

report() {
    if module_loaded; then log "uinput: loaded"; else log "uinput: missing"; fi
    if [[ -f "$RULE_FILE" ]]; then log "udev rule: present"; else log "udev rule: absent"; fi
    if [[ -c /dev/uinput ]]; then
        log "/dev/uinput: $(stat -c '%U:%G %a' /dev/uinput)"
    fi
    if id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        log "user $USER is in $GROUP"
    else
        log "user $USER is NOT in $GROUP (log out/in after adding)"
    fi
}

if (( CHECK_ONLY )); then
    report
    exit 0
fi

getent group "$GROUP" >/dev/null || fail "group $GROUP does not exist"

if ! module_loaded; then
    log "loading uinput kernel module"
    as_root modprobe uinput || fail "modprobe uinput failed"
fi

log "writing $RULE_FILE"
as_root tee "$RULE_FILE" >/dev/null <<RULE
# installed by vpad-setup: let $GROUP members create virtual input devices
KERNEL=="uinput", SUBSYSTEM=="misc", GROUP="$GROUP", MODE="0660", OPTIONS+="static_node=uinput"
RULE
as_root chmod 0644 "$RULE_FILE"

log "reloading udev"
as_root udevadm control --reload-rules
as_root udevadm trigger --subsystem-match=misc --sysname-match=uinput

# apply immediately for the current boot as well
as_root chgrp "$GROUP" /dev/uinput
as_root chmod 0660 /dev/uinput

report
log "done"
