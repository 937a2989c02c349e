#!/usr/bin/env bash
# Bring a freshly imaged Raspberry Pi up as the clubhouse bar till kiosk.
#
# Run once, as the 'till' user, from the till-kiosk checkout after flashing
# a new SD card:
#
#   ./clubhouse_kiosk_setup.sh                # everything
#   ./clubhouse_kiosk_setup.sh --skip-printer # no receipt printer attached
#
# Settings come from ./kiosk.env if present (TILL_SERVER_IP, TILL_SERVER_NAME,
# PRINTER_URI, TZ_NAME).

set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -f "$HERE/kiosk.env" ]] && source "$HERE/kiosk.env"

TILL_SERVER_IP="${TILL_SERVER_IP:-192.168.10.5}"
TILL_SERVER_NAME="${TILL_SERVER_NAME:-till-server.clubhouse.lan}"
PRINTER_NAME="${PRINTER_NAME:-BarReceipts}"
PRINTER_URI="${PRINTER_URI:-usb://EPSON/TM-T20II}"
TZ_NAME="${TZ_NAME:-Europe/London}"
PACKAGES=(cups printer-driver-escpos python3-venv python3-dev sqlite3 jq unclutter)
SKIP_PRINTER=0

log()  { printf '\e[1;34m[kiosk-setup]\e[0m %s\n' "$*"; }
warn() { printf '\e[1;33m[kiosk-setup]\e[0m %s\n' "$*" >&2; }

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

for arg in "$@"; do
    case "$arg" in
        --skip-printer) SKIP_PRINTER=1 ;;
        -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
        *) warn "unknown option $arg"; exit 2 ;;
    esac
done

install_packages() {
    log "installing packages: ${PACKAGES[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
}

pin_till_server() {
    if grep -qE "[[:space:]]${TILL_SERVER_NAME}([[:space:]]|$)" /etc/hosts; then
        log "$TILL_SERVER_NAME already in /etc/hosts"
        return
    fi
    log "pinning $TILL_SERVER_NAME -> $TILL_SERVER_IP"
    printf '%s\t%s\t# till kiosk\n' "$TILL_SERVER_IP" "$TILL_SERVER_NAME" | as_root tee -a /etc/hosts >/dev/null
}

set_clock() {
    log "timezone $TZ_NAME, NTP on"
    as_root timedatectl set-timezone "$TZ_NAME"
    as_root timedatectl set-ntp true
}

setup_printer() {
    [[ $SKIP_PRINTER -eq 1 ]] && { log "skipping printer"; return; }
    log "adding CUPS queue $PRINTER_NAME ($PRINTER_URI)"
    as_root usermod -aG lpadmin,lp "$USER"
    as_root systemctl restart cups
    sleep 2
    as_root lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m raw \
        -o printer-is-shared=false
    as_root lpadmin -d "$PRINTER_NAME"
}

setup_app() {
    log "creating virtualenv for the till app"
    python3 -m venv "$HERE/.venv"
    "$HERE/.venv/bin/pip" install -q --upgrade pip
    "$HERE/.venv/bin/pip" install -q -r "$HERE/requirements.txt"
    mkdir -p "$HERE/exports" "$HERE/logs"
}

check() {
    log "checking till server reachability"
    if curl -s --max-time 5 -o /dev/null -w '%{http_code}\n' "http://$TILL_SERVER_NAME/health" | grep -q 200; then
        log "till server OK"
    else
        warn "till server not answering yet - check the network cable behind the bar"
    fi
}

install_packages
pin_till_server
set_clock
setup_printer
setup_app
check
log "kiosk setup complete - reboot before opening the bar"
