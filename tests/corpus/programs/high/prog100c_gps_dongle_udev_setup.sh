#!/usr/bin/env bash
# gps_dongle_udev_setup.sh - set up a USB GPS puck on a crew van laptop
#
# The vans carry u-blox USB GPS pucks so the poller still has a fix when the
# telematics box is down.  This gives the puck a stable /dev/crewgps name,
# lets the crew user read it, and points gpsd at it.
#
#   ./gps_dongle_udev_setup.sh [--vendor 1546] [--product 01a7] [--user NAME]
set -euo pipefail

VENDOR=1546
PRODUCT=01a7
TARGET_USER="${SUDO_USER:-$USER}"
RULE_FILE=/etc/udev/rules.d/72-crew-gps.rules
GPSD_DEFAULTS=/etc/default/gpsd

info() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

while [[ $# -gt 0 ]]; do
    case $1 in
        --vendor)  VENDOR=$2; shift 2 ;;
        --product) PRODUCT=$2; shift 2 ;;
        --user)    TARGET_USER=$2; shift 2 ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

if ! lsusb -d "${VENDOR}:${PRODUCT}" >/dev/null 2>&1; then
    warn "no device ${VENDOR}:${PRODUCT} plugged in; writing rules anyway"
fi

write_rule() {
    info "writing $RULE_FILE"
    sudo tee "$RULE_FILE" >/dev/null <<EOF
# crew van GPS puck
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", \\
    SYMLINK+="crewgps", GROUP="dialout", MODE="0660", TAG+="systemd"
EOF
    sudo chmod 0644 "$RULE_FILE"
    sudo udevadm control --reload-rules
    sudo udevadm trigger --subsystem-match=tty --action=add
}

grant_access() {
    if id -nG "$TARGET_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$TARGET_USER already in dialout"
    else
        info "adding $TARGET_USER to dialout (log out and in again afterwards)"
        sudo usermod -aG dialout "$TARGET_USER"
    fi
}

configure_gpsd() {
    if ! command -v gpsd >/dev/null 2>&1; then
        info "installing gpsd"
        sudo apt-get install -y -qq gpsd gpsd-clients
    fi
    info "pointing gpsd at /dev/crewgps"
    [[ -f "$GPSD_DEFAULTS" ]] && sudo cp -p "$GPSD_DEFAULTS" "${GPSD_DEFAULTS}.bak"
    sudo tee "$GPSD_DEFAULTS" >/dev/null <<'EOF'
# managed by gps_dongle_udev_setup.sh
START_DAEMON="true"
USBAUTO="false"
DEVICES="/dev/crewgps"
GPSD_OPTIONS="-n -b"
EOF
    sudo systemctl restart gpsd.socket gpsd.service
}

verify() {
    sleep 2
    if [[ -e /dev/crewgps ]]; then
        info "/dev/crewgps -> $(readlink -f /dev/crewgps)"
        timeout 10 gpspipe -w -n 8 2>/dev/null | grep -m1 '"class":"TPV"' \
            && info "gpsd is reporting fixes" \
            || warn "gpsd running but no fix yet (needs sky view)"
    else
        warn "/dev/crewgps not present; replug the puck"
    fi
}

write_rule
grant_access
configure_gpsd
verify
