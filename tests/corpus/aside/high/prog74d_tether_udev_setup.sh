#!/usr/bin/env bash
# tether_udev_setup.sh - prepare a studio workstation for tethered capture
# (gphoto2 / darktable tethering / Entangle).
#
#  * finds the connected camera's USB vendor:product via lsusb
#  * grants the "plugdev" group access to it with a udev rule
#  * stops GNOME's gvfs gphoto2 monitor from grabbing the camera first
#
# Run once per camera body; re-running is harmless.
set -Eeuo pipefail

RULES_FILE=/etc/udev/rules.d/52-studio-tether.rules
GROUP=plugdev
KNOWN_VENDORS="04a9:Canon 04b0:Nikon 054c:Sony 04cb:Fujifilm 07b4:Olympus 04da:Panasonic"

trap 'echo "failed at line $LINENO" >&2' ERR

info() { printf '\e[1m==>\e[0m %s\n' "$*"; }
warn() { printf '\e[33mwarning:\e[0m %s\n' "$*" >&2; }

detect_camera() {
    local entry vid name line
    for entry in $KNOWN_VENDORS; do
        vid=${entry%%:*}; name=${entry#*:}
        line=$(lsusb | grep -i " ID ${vid}:" | head -n1 || true)
        if [[ -n $line ]]; then
            # "Bus 001 Device 007: ID 04a9:32f4 Canon, Inc. EOS R6"
            local id=${line#* ID }; id=${id%% *}
            printf '%s %s %s\n' "${id%%:*}" "${id##*:}" "$name"
            return 0
        fi
    done
    return 1
}

rule_line() {
    local vid=$1 pid=$2 label=$3
    printf 'SUBSYSTEM=="usb", ATTR{idVendor}=="%s", ATTR{idProduct}=="%s", MODE="0664", GROUP="%s", ENV{ID_GPHOTO2}="1", TAG+="uaccess"  # %s\n' \
        "$vid" "$pid" "$GROUP" "$label"
}

write_rule() {
    local line=$1
    if [[ -f $RULES_FILE ]] && grep -qF -- "${line%%  #*}" "$RULES_FILE"; then
        info "rule already present in $RULES_FILE"
        return 1
    fi
    info "adding rule to $RULES_FILE"
    printf '%s\n' "$line" | sudo tee -a "$RULES_FILE" >/dev/null
    sudo chmod 0644 "$RULES_FILE"
}

ensure_group() {
    if ! getent group "$GROUP" >/dev/null; then
        sudo groupadd --system "$GROUP"
    fi
    if ! id -nG "$USER" | tr ' ' '\n' | grep -qx "$GROUP"; then
        sudo usermod -aG "$GROUP" "$USER"
        warn "added $USER to $GROUP; log out and back in for it to apply"
    fi
}

quiet_gvfs() {
    # The volume monitor claims PTP cameras as soon as they appear.
    local pid
    for pid in $(pgrep -u "$USER" -x gvfs-gphoto2-volume-monitor || true); do
        kill "$pid" 2>/dev/null || true
    done
    if command -v systemctl >/dev/null; then
        systemctl --user mask gvfs-gphoto2-volume-monitor.service 2>/dev/null || true
    fi
}

main() {
    command -v lsusb >/dev/null || { echo "install usbutils first" >&2; exit 1; }
    local vid pid name
    if ! read -r vid pid name < <(detect_camera); then
        echo "no supported camera found on USB - switch it on and set it to PTP/PC mode" >&2
        exit 2
    fi
    info "found $name camera $vid:$pid"

    ensure_group
    if write_rule "$(rule_line "$vid" "$pid" "$name")"; then
        sudo udevadm control --reload-rules
        sudo udevadm trigger --subsystem-match=usb --attr-match=idVendor="$vid"
    fi
    quiet_gvfs

    if command -v gphoto2 >/dev/null; then
        info "gphoto2 sees:"
        gphoto2 --auto-detect || warn "gphoto2 could not talk to the camera yet"
    fi
    info "done"
}

main "$@"
