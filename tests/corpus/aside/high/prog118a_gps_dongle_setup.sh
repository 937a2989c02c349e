#!/usr/bin/env bash
# gps_dongle_setup.sh - prepare a van laptop for the u-blox USB GPS puck
#
# Gives the puck a stable /dev/vangps name, lets the crew account read it
# without root, points gpsd at it and checks that a fix comes through.
#
#   ./gps_dongle_setup.sh [--user crew] [--baud 9600] [--no-test]
set -euo pipefail

CREW_USER=${SUDO_USER:-$USER}
BAUD=9600
TEST=1
VENDOR=1546   # u-blox AG
PRODUCT=01a7  # u-blox 7
RULE=/etc/udev/rules.d/99-vangps.rules
GPSD_DEFAULTS=/etc/default/gpsd

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
warn() { printf 'warning: %s\n' "$*" >&2; }

while (( $# )); do
    case $1 in
        --user) CREW_USER=$2; shift 2 ;;
        --baud) BAUD=$2; shift 2 ;;
        --no-test) TEST=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

as_root() {
    if (( EUID == 0 )); then "$@"; else sudo "$@"; fi
}

detect_puck() {
    if lsusb -d "${VENDOR}:${PRODUCT}" >/dev/null 2>&1; then
        info "u-blox puck found on USB"
    else
        warn "puck not plugged in; rule will apply when it is"
    fi
}

install_rule() {
    info "writing $RULE"
    as_root tee "$RULE" >/dev/null <<EOF
# u-blox GPS puck in the van cab
SUBSYSTEM=="tty", ATTRS{idVendor}=="${VENDOR}", ATTRS{idProduct}=="${PRODUCT}", SYMLINK+="vangps", GROUP="dialout", MODE="0660"
EOF
    as_root udevadm control --reload-rules
    as_root udevadm trigger --subsystem-match=tty
}

grant_access() {
    if id -nG "$CREW_USER" | tr ' ' '\n' | grep -qx dialout; then
        info "$CREW_USER already in dialout"
    else
        info "adding $CREW_USER to dialout (log out and back in afterwards)"
        as_root usermod -aG dialout "$CREW_USER"
    fi
    # the puck sometimes enumerates before udev applies the rule
    for dev in /dev/ttyACM0 /dev/vangps; do
        [[ -e $dev ]] && as_root chgrp dialout "$dev" && as_root chmod 0660 "$dev"
    done
}

configure_gpsd() {
    if ! command -v gpsd >/dev/null 2>&1; then
        info "installing gpsd"
        as_root apt-get install -y gpsd gpsd-clients
    fi
    info "pointing gpsd at /dev/vangps"
    as_root tee "$GPSD_DEFAULTS" >/dev/null <<EOF
# managed by gps_dongle_setup.sh
START_DAEMON="true"
USBAUTO="false"
DEVICES="/dev/vangps"
GPSD_OPTIONS="-n -s ${BAUD}"
EOF
    as_root systemctl restart gpsd.socket gpsd.service
}

test_fix() {
    (( TEST )) || return 0
    info "waiting up to 60 s for a fix (needs sky view)"
    if timeout 60 gpspipe -w -n 30 2>/dev/null | grep -q '"mode":[23]'; then
        info "fix received"
    else
        warn "no fix yet - try again outside the workshop"
    fi
}

detect_puck
install_rule
grant_access
configure_gpsd
test_fix
info "done"
