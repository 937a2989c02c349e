#!/usr/bin/env bash
# rov_capture_node_setup.sh - prepare a topside PC as an ROV video capture node.
#
# Sets up what the capture software expects on a freshly imaged workstation:
#   - a loopback video device so the overlay tool can re-publish the pilot feed
#   - larger UDP receive buffers for the multicast camera streams
#   - a stable /dev name for the frame grabber and the tether serial adapter
#
# Usage: rov_capture_node_setup.sh [--grabber-vendor VID] [--serial-vendor VID] [--check]

set -euo pipefail

GRABBER_VID="${GRABBER_VID:-1edb}"     # Blackmagic
SERIAL_VID="${SERIAL_VID:-0403}"       # FTDI
LOOPBACK_NR="${LOOPBACK_NR:-10}"
RMEM_BYTES="${RMEM_BYTES:-26214400}"
CHECK_ONLY=0
RULES_NAME="99-rov-capture.rules"

log() { echo "$(date +%T) capture-setup: $*"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --grabber-vendor) GRABBER_VID="$2"; shift 2 ;;
        --serial-vendor)  SERIAL_VID="$2"; shift 2 ;;
        --check)          CHECK_ONLY=1; shift ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

as_root() {
    if [[ $EUID -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

check_state() {
    local ok=0
    if lsmod | grep -q '^v4l2loopback'; then
        log "v4l2loopback loaded"
    else
        log "v4l2loopback NOT loaded"; ok=1
    fi
    local cur
    cur=$(cat /proc/sys/net/core/rmem_max)
    if (( cur >= RMEM_BYTES )); then
        log "rmem_max=$cur ok"
    else
        log "rmem_max=$cur below $RMEM_BYTES"; ok=1
    fi
    [[ -e /dev/rov-grabber ]] && log "/dev/rov-grabber present" || { log "/dev/rov-grabber missing"; ok=1; }
    return $ok
}

setup_loopback() {
    if lsmod | grep -q '^v4l2loopback'; then
        log "loopback module already loaded"
        return
    fi
    as_root modprobe v4l2loopback devices=1 video_nr="$LOOPBACK_NR" \
        card_label="ROV Overlay" exclusive_caps=1
    log "loopback device /dev/video$LOOPBACK_NR created"
}

tune_network() {
    local conf
    conf=$(printf 'net.core.rmem_max = %s\nnet.core.rmem_default = %s\n' "$RMEM_BYTES" "$RMEM_BYTES")
    as_root sysctl -w net.core.rmem_max="$RMEM_BYTES" net.core.rmem_default="$RMEM_BYTES" >/dev/null
    echo "$conf" | as_root tee /etc/sysctl.d/60-rov-capture.conf >/dev/null
    log "UDP receive buffers raised to $RMEM_BYTES"
}

install_udev_rules() {
    local rules
    rules=$(cat <<EOF
# ROV capture node device names
SUBSYSTEM=="video4linux", ATTRS{idVendor}=="$GRABBER_VID", SYMLINK+="rov-grabber", MODE="0666"
SUBSYSTEM=="tty", ATTRS{idVendor}=="$SERIAL_VID", SYMLINK+="rov-tether", GROUP="dialout", MODE="0660"
EOF
)
    echo "$rules" | as_root tee "/etc/udev/rules.d/$RULES_NAME" >/dev/null
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=video4linux --subsystem-match=tty
    log "udev rules installed as $RULES_NAME"
}

if [[ $CHECK_ONLY -eq 1 ]]; then
    check_state && exit 0 || exit 1
fi

log "configuring $(hostname -s) as capture node"
setup_loopback
tune_network
install_udev_rules
sleep 1
check_state || log "some checks still failing; replug the grabber and re-run --check"
