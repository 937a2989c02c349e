#!/bin/bash
# Prepare a fresh mini-PC as the taproom ordering kiosk.
# Installs the browser, points the kiosk at the ordering server and
# restarts the display manager so the change takes effect.
set -euo pipefail

ORDER_HOST="${ORDER_HOST:-orders.taproom.example}"
ORDER_IP="${ORDER_IP:-192.0.2.15}"
KIOSK_USER="${KIOSK_USER:-kiosk}"
KIOSK_URL="${KIOSK_URL:-http://$ORDER_HOST/menu}"
PACKAGES="chromium unclutter xdotool"

info() {
    echo "==> $*"
}

need_sudo() {
    if ! sudo -n true 2>/dev/null; then
        info "sudo password needed for setup"
        sudo -v
    fi
}

install_packages() {
    info "installing $PACKAGES"
    sudo apt-get update -q
    # shellcheck disable=SC2086
    sudo apt-get install -y -q $PACKAGES
}

pin_order_host() {
    if grep -q "$ORDER_HOST" /etc/hosts; then
        info "$ORDER_HOST already in /etc/hosts"
        sudo sed -i "s/^.*[[:space:]]$ORDER_HOST\$/$ORDER_IP $ORDER_HOST/" /etc/hosts
    else
        info "adding $ORDER_HOST to /etc/hosts"
        echo "$ORDER_IP $ORDER_HOST" | sudo tee -a /etc/hosts >/dev/null
    fi
}

configure_autologin() {
    local conf=/etc/lightdm/lightdm.conf.d/50-kiosk.conf
    info "writing $conf"
    sudo mkdir -p "$(dirname "$conf")"
    sudo tee "$conf" >/dev/null <<CONF
[Seat:*]
autologin-user=$KIOSK_USER
autologin-user-timeout=0
user-session=openbox
CONF
    sudo chmod 644 "$conf"
}

write_kiosk_prefs() {
    local prefs="/etc/chromium/policies/managed/kiosk.json"
    info "writing browser policy $prefs"
    sudo mkdir -p "$(dirname "$prefs")"
    sudo tee "$prefs" >/dev/null <<JSON
{
  "HomepageLocation": "$KIOSK_URL",
  "RestoreOnStartup": 4,
  "RestoreOnStartupURLs": ["$KIOSK_URL"],
  "PasswordManagerEnabled": false,
  "IncognitoModeAvailability": 1
}
JSON
}

restart_display() {
    info "restarting display manager"
    sudo systemctl restart lightdm
    systemctl --no-pager status lightdm | head -n 5 || true
}

main() {
    if ! id "$KIOSK_USER" >/dev/null 2>&1; then
        echo "kiosk user $KIOSK_USER does not exist; create it first" >&2
        exit 1
    fi
    need_sudo
    install_packages
    pin_order_host
    configure_autologin
    write_kiosk_prefs
    restart_display
    info "kiosk ready, showing $KIOSK_URL"
}

main "$@"
