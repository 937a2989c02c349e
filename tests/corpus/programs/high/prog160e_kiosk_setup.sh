#!/bin/bash
# Configures the clubhouse kiosk (booking screen in the foyer).
set -euo pipefail

BOOKING_HOST="${BOOKING_HOST:-booking.rowclub.example}"
BOOKING_IP="${BOOKING_IP:-192.0.2.40}"
KIOSK_URL="${KIOSK_URL:-https://$BOOKING_HOST/kiosk}"
POLICY_DIR="/etc/chromium/policies/managed"

step() { echo "--- $*"; }

install_packages() {
    step "installing packages"
    sudo apt-get update -qq
    sudo apt-get install -y -qq chromium unclutter
}

pin_booking_host() {
    step "pinning $BOOKING_HOST to $BOOKING_IP"
    if ! grep -q "$BOOKING_HOST" /etc/hosts; then
        echo "$BOOKING_IP $BOOKING_HOST" | sudo tee -a /etc/hosts >/dev/null
    fi
}

write_browser_policy() {
    step "writing browser policy"
    sudo mkdir -p "$POLICY_DIR"
    local tmp
    tmp="$(mktemp)"
    cat > "$tmp" <<JSON
{
  "HomepageLocation": "$KIOSK_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$KIOSK_URL"],
  "URLAllowlist": ["$BOOKING_HOST"],
  "URLBlocklist": ["*"],
  "IncognitoModeAvailability": 1,
  "DeveloperToolsAvailability": 2
}
JSON
    sudo install -m 0644 -o root -g root "$tmp" "$POLICY_DIR/kiosk.json"
    rm -f "$tmp"
}

set_timezone() {
    step "timezone"
    sudo timedatectl set-timezone Europe/London
}

restart_display() {
    step "restarting display manager"
    if systemctl list-units --type=service | grep -q lightdm; then
        sudo systemctl restart lightdm
    else
        echo "lightdm not present; reboot the kiosk to apply"
    fi
}

verify() {
    step "verifying"
    getent hosts "$BOOKING_HOST" || echo "warning: $BOOKING_HOST does not resolve"
    test -f "$POLICY_DIR/kiosk.json" && echo "policy in place"
}

usage() {
    echo "usage: $0 [all|hosts|policy|verify]"
}

case "${1:-all}" in
    all)
        install_packages
        pin_booking_host
        write_browser_policy
        set_timezone
        restart_display
        verify
        ;;
    hosts) pin_booking_host ;;
    policy) write_browser_policy ;;
    verify) verify ;;
    *) usage; exit 1 ;;
esac
