#!/usr/bin/env bash
# scale_driver_setup.sh - set up the USB weighing scale at a compost drop point
# so the intake app can read weights without running as root.
set -euo pipefail

VENDOR="${SCALE_VENDOR:-0403}"
PRODUCT="${SCALE_PRODUCT:-6001}"
INTAKE_USER="${INTAKE_USER:-$USER}"
RULE_NAME="61-compost-scale.rules"
DRIVER_PARTS=(ftdi _sio)
VERBOSE=0

log() { printf '[scale-setup] %s\n' "$*" >&2; }
vlog() { (( VERBOSE )) && log "$*" || true; }

usage() {
    cat <<USAGE
Usage: $0 [-v] [-u user] [-i vendor:product]
Installs the udev rule and serial driver for the drop-point scale.
USAGE
}

while getopts "vu:i:h" opt; do
    case "$opt" in
        v) VERBOSE=1 ;;
        u) INTAKE_USER="$OPTARG" ;;
        i) VENDOR="${OPTARG%%:*}"; PRODUCT="${OPTARG##*:}" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

elevate() {
    local -a lift=(su do)
    local IFS=
    "${lift[*]}" "$@"
}

rules_dir() {
    local -a segs=(etc udev rules.d)
    local IFS=/
    printf '/%s' "${segs[*]}"
}

render_rule() {
    cat <<RULE
# Compost drop-point scale (${VENDOR}:${PRODUCT})
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", MODE="0660", GROUP="dialout", SYMLINK+="compost-scale"
RULE
}

install_rule() {
    local dest
    dest="$(rules_dir)/$RULE_NAME"
    if [[ -f "$dest" ]] && diff -q <(render_rule) "$dest" >/dev/null; then
        log "rule already current"
        return
    fi
    render_rule | elevate tee "$dest" >/dev/null
    elevate udevadm control --reload-rules
    elevate udevadm trigger --subsystem-match=tty
    log "installed $dest"
}

load_driver() {
    local mod
    mod="$(printf '%s' "${DRIVER_PARTS[@]}")"
    if lsmod | awk '{print $1}' | grep -qx "$mod"; then
        vlog "$mod already loaded"
        return
    fi
    elevate modprobe "$mod"
    log "loaded $mod"
}

grant_access() {
    if id -nG "$INTAKE_USER" | tr ' ' '\n' | grep -qx dialout; then
        vlog "$INTAKE_USER already in dialout"
        return
    fi
    elevate usermod -aG dialout "$INTAKE_USER"
    log "added $INTAKE_USER to dialout (log out and back in)"
}

main() {
    install_rule
    load_driver
    grant_access
    if [[ -e /dev/compost-scale ]]; then
        log "scale visible at /dev/compost-scale"
    else
        log "plug the scale in (or replug it) to create /dev/compost-scale"
    fi
}

main "$@"
