#!/bin/sh
# Prepare the venue laptop as the guest check-in kiosk.
#
# - installs the browser, CUPS and mDNS bits the check-in page needs
# - points checkin.local at the RSVP server on the venue LAN
# - adds the Brother badge printer as the default CUPS queue
# - turns off screen blanking for this session
#
# usage: prog88e_checkin_kiosk_prep.sh [-s SERVER_IP] [-p PRINTER_URI] [-y]

set -e

SERVER_IP="192.168.50.10"
PRINTER_URI="usb://Brother/QL-820NWB"
PRINTER_NAME="badges"
ASSUME_YES=""
LOG="./kiosk_prep.log"

while getopts "s:p:yh" opt; do
    case "$opt" in
        s) SERVER_IP="$OPTARG" ;;
        p) PRINTER_URI="$OPTARG" ;;
        y) ASSUME_YES="-y" ;;
        h) sed -n '2,9p' "$0"; exit 0 ;;
        *) exit 2 ;;
    esac
done

log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$LOG"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    else
        sudo "$@"
    fi
}

detect_distro() {
    # shellcheck disable=SC1091
    . /etc/os-release
    case "$ID:$ID_LIKE" in
        *debian*|*ubuntu*) PKG="apt" ;;
        *fedora*|*rhel*)   PKG="dnf" ;;
        *) log "unsupported distribution: $PRETTY_NAME"; exit 1 ;;
    esac
    log "detected $PRETTY_NAME ($PKG)"
}

install_packages() {
    if [ "$PKG" = "apt" ]; then
        as_root apt-get update -q
        as_root apt-get install $ASSUME_YES -q chromium cups printer-driver-ptouch avahi-daemon
    else
        as_root dnf install $ASSUME_YES chromium cups avahi
    fi
}

point_hostname() {
    entry="$SERVER_IP checkin.local rsvp.local"
    if grep -q "checkin.local" /etc/hosts; then
        as_root sed -i "/checkin\.local/c\\$entry" /etc/hosts
        log "updated checkin.local -> $SERVER_IP"
    else
        printf '%s\n' "$entry" | as_root tee -a /etc/hosts >/dev/null
        log "added checkin.local -> $SERVER_IP"
    fi
}

add_printer() {
    as_root systemctl restart cups
    if lpstat -p "$PRINTER_NAME" >/dev/null 2>&1; then
        log "printer $PRINTER_NAME already configured"
    else
        as_root lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI" -m everywhere \
            || as_root lpadmin -p "$PRINTER_NAME" -E -v "$PRINTER_URI"
        log "added printer $PRINTER_NAME ($PRINTER_URI)"
    fi
    as_root lpadmin -d "$PRINTER_NAME"
    as_root systemctl restart avahi-daemon
}

session_tweaks() {
    if [ -n "${DISPLAY:-}" ] && command -v xset >/dev/null 2>&1; then
        xset s off -dpms && log "screen blanking off for this session"
    fi
}

check_server() {
    if curl -fsS --max-time 5 "http://checkin.local/health" >/dev/null 2>&1; then
        log "check-in server reachable"
    else
        log "WARNING: http://checkin.local/health not answering yet"
    fi
}

detect_distro
install_packages
point_hostname
add_printer
session_tweaks
check_server
log "kiosk ready: open http://checkin.local/ in chromium --kiosk"
