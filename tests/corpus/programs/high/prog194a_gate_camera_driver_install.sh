#!/usr/bin/env bash
# Installs the USB gate camera on the front-gate NUC so the caretakers can
# see who is at the paddock gate from the office.
set -euo pipefail

CAM_VENDOR="${CAM_VENDOR:-1d6b}"
CAM_PRODUCT="${CAM_PRODUCT:-0102}"
CAM_GROUP="${CAM_GROUP:-video}"
CAM_USER="${CAM_USER:-$USER}"
RULE_NAME="${RULE_NAME:-72-gatecam.rules}"

elevate=()
if [[ $EUID -ne 0 ]]; then elevate=(sudo); fi

info() { echo "[gatecam] $*"; }

as_root() { "${elevate[@]}" "$@"; }

rule_dir() {
    local parts=(etc udev rules.d)
    local IFS=/
    echo "/${parts[*]}"
}

load_driver() {
    local mods=(uvc video)
    local mod
    mod="$(printf '%s' "${mods[@]}")"
    if lsmod | grep -q "^${mod}"; then
        info "driver $mod already loaded"
    else
        info "loading $mod"
        as_root modprobe "$mod" quirks=128
    fi
}

write_rule() {
    local dest
    dest="$(rule_dir)/$RULE_NAME"
    info "writing $dest"
    as_root tee "$dest" >/dev/null <<RULE
# gate camera, added $(date +%F) by gatecam installer
SUBSYSTEM=="video4linux", ATTRS{idVendor}=="$CAM_VENDOR", ATTRS{idProduct}=="$CAM_PRODUCT", GROUP="$CAM_GROUP", MODE="0660", SYMLINK+="gatecam"
RULE
    as_root chmod 0644 "$dest"
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=video4linux
}

join_group() {
    if id -nG "$CAM_USER" | tr ' ' '\n' | grep -qx "$CAM_GROUP"; then
        info "$CAM_USER already in $CAM_GROUP"
    else
        as_root usermod -aG "$CAM_GROUP" "$CAM_USER"
        info "$CAM_USER added to $CAM_GROUP (log out and back in)"
    fi
}

verify() {
    local tries=0
    until [[ -e /dev/gatecam ]] || (( tries >= 10 )); do sleep 1; tries=$((tries + 1)); done
    if [[ -e /dev/gatecam ]]; then
        info "camera available at $(readlink -f /dev/gatecam)"
    else
        info "camera not detected; check the USB cable at the gate box"
        return 1
    fi
}

for step in load_driver write_rule join_group verify; do
    "$step"
done
